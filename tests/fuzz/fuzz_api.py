"""Fuzz every operation of the app's own OpenAPI schema with Schemathesis: `make fuzz`.

Not collected by `make test` (the file name does not start with `test_`); run it by path:

    make fuzz                      # FUZZ_EXAMPLES=1000 random requests per operation (about a minute)
    make fuzz FUZZ_EXAMPLES=200    # the short run .ci/run does (about 20 s)
    FUZZ_SEED=1234 make fuzz       # a fixed seed, to replay a run's generation

Each operation gets Schemathesis' phases: the schema's examples, the coverage phase (boundary values,
each constraint broken in turn, missing and extra fields), then FUZZ_EXAMPLES random requests, valid and
invalid. Every response must pass:

- not_a_server_error: never a 5xx;
- status_code_conformance: only documented statuses (200, 413, 422);
- content_type_conformance, response_schema_conformance, response_headers_conformance: the body and
  headers are what the schema documents, for 200 and for every error.

FUZZ_STRICT_SCHEMA=1 adds negative_data_rejection (a schema-violating request must not be accepted);
it is off by default because POST /hand/score/batch answers a bad item inside its 200 by design.
"""

import os

import schemathesis
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.types import Receive, Scope, Send

from app.main import app

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "1000"))
SEED = os.environ.get("FUZZ_SEED")

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]
if os.environ.get("FUZZ_STRICT_SCHEMA") == "1":
    CHECKS.append(negative_data_rejection)


async def served(scope: Scope, receive: Receive, send: Send) -> None:
    """The app as uvicorn serves it: an unhandled error has already been answered 500 (and logged)
    when Starlette re-raises it, so the server swallows it; here the 500 reaches not_a_server_error."""
    try:
        await app(scope, receive, send)
    except Exception:
        if scope["type"] != "http":
            raise


config = SchemathesisConfig.from_dict({
    **({"seed": int(SEED)} if SEED else {}),
    "generation": {"mode": "all", "max-examples": EXAMPLES},
    # The contract's rejections are 422, or 413 past the body cap (a long generated batch reaches it).
    "checks": {"negative_data_rejection": {"expected-statuses": [413, 422]}},
})
schema = schemathesis.openapi.from_asgi("/openapi.json", served, config=config)


@schema.parametrize()
def test_every_operation(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=CHECKS)
