"""X-Request-ID: the client's own when it is a sane token, else a fresh one; kept for the request's log lines.

A request id from the client is used as sent when it is 1-128 characters of letters, digits and `-_.:+/=`
(UUIDs, ULIDs, trace ids, base64); anything else (too long, spaces, control characters, non-ASCII) is
not an error: it is replaced by a generated id, 32 hexadecimal digits.
"""

import os
import re
from collections.abc import Iterable
from contextvars import ContextVar

HEADER = b"x-request-id"
MAX_LENGTH = 128
_VALID = re.compile(rb"[A-Za-z0-9._:+/=-]{1,%d}" % MAX_LENGTH)

# Set once per request by the middleware and never reset: each request runs in its own task (uvicorn's and the
# test client's), whose context is a copy, so the id cannot leak to another request, and the server's own
# log lines written after the app returned (uvicorn's traceback of an unhandled error) still carry it.
current: ContextVar[str | None] = ContextVar("request_id", default=None)


def new_request_id() -> str:
    return os.urandom(16).hex()


def request_id_from(headers: Iterable[tuple[bytes, bytes]]) -> str:
    """The first X-Request-ID header's value when it is valid, else a new id."""
    for name, value in headers:
        if name == HEADER:
            return value.decode("ascii") if _VALID.fullmatch(value) else new_request_id()
    return new_request_id()
