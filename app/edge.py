"""The limits at the edge that uvicorn's own settings do not reach (the contract's "Under load, slow clients and
shutdown"): `python -m app` serves with `EdgeProtocol`, uvicorn's httptools protocol with

- a deadline for the request line and headers (MAHJONG_HEADER_TIMEOUT, 10 s from the connection or the request's first
  byte): past it, 408 and the connection closed;
- a size limit for them (MAHJONG_MAX_HEADER_BYTES, 32 KiB): over it, 431 and closed, counted as the bytes arrive, so
  a client sending headers without end holds no more than the limit and one read;
- a deadline for the body once the headers are in (MAHJONG_BODY_TIMEOUT, 30 s): past it, 408 and closed (the app sees
  the client gone);
- at SIGTERM, a request still in hand shortly before the grace period (MAHJONG_SHUTDOWN_TIMEOUT) ends is answered
  503 `overloaded` and its work let go, so the worker exits on time, with no traceback.

uvicorn's own settings do the rest: `timeout_keep_alive` (MAHJONG_KEEP_ALIVE_TIMEOUT, 5 s) closes an idle keep-alive
connection, `timeout_graceful_shutdown` is the grace period. Each answer here carries the security headers.
"""

import asyncio
import json
import logging
from asyncio import TimerHandle
from collections.abc import Callable
from functools import cache
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol, RequestResponseCycle
from uvicorn.server import ServerState

from app.heavy import OVERLOADED_MSG, RETRY_AFTER_SECONDS
from app.middleware import SECURITY_HEADERS
from app.observability.metrics import EDGE_CUT
from app.settings import Settings

logger = logging.getLogger("app.edge")
SHUTDOWN_MARGIN = 0.5  # seconds before the grace period ends that what is left is answered 503
# After a cut, the connection is half-closed and what the client still sends is read and dropped for this long, so
# that its system does not reset the connection (and lose the answer) for data left unread; then it is closed.
LINGER_SECONDS = 2.0
HEAD_TIMEOUT_MSG = "The request's headers did not arrive within {} s."
HEAD_TOO_LARGE_MSG = "The request's line and headers are larger than the limit of {} bytes."
BODY_TIMEOUT_MSG = "The request's body did not arrive within {} s of its headers."
SHUTDOWN_MSG = "The service is restarting; try again in a moment (see Retry-After)."


@cache
def edge_settings() -> Settings:
    return Settings.from_env()


def raw_answer(status: int, type_: str, msg: str, extra: tuple[tuple[bytes, bytes], ...] = ()) -> bytes:
    """A whole HTTP answer with the contract's error shape, written before (or instead of) the app's, closing."""
    body = json.dumps({"detail": [{"type": type_, "loc": [], "msg": msg}]}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               (b"connection", b"close"), *SECURITY_HEADERS, *extra]
    return STATUS_LINE[status] + b"".join(name + b": " + value + b"\r\n" for name, value in headers) + b"\r\n" + body


class EdgeProtocol(HttpToolsProtocol):
    def __init__(self, config: Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.limits = edge_settings()
        self.deadline: TimerHandle | None = None
        self.reading_head = True
        self.head_bytes = 0  # of the request being read, counted as they arrive
        self.refusal: bytes | None = None  # the answer to write once the parser has returned
        self.lingering = False  # cut: the answer written, what still arrives dropped until the connection closes
        self.task: asyncio.Task[None] | None = None  # the app's task of the current request
        self.shutdown_deadline: TimerHandle | None = None  # set at SIGTERM, beside the request's own deadline

    # The deadlines: one timer at a time, for the head, then the body.
    def arm(self, seconds: float, expired: Callable[[], None]) -> None:
        self.disarm()
        self.deadline = self.loop.call_later(seconds, expired)

    def disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.arm(self.limits.header_timeout, self.head_too_slow)

    def connection_lost(self, exc: Exception | None) -> None:
        self.disarm()
        if self.shutdown_deadline is not None:
            self.shutdown_deadline.cancel()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.refusal is not None or self.lingering:
            return
        if self.reading_head:
            self.head_bytes += len(data)
        super().data_received(data)
        if self.refusal is None and self.reading_head and self.head_bytes > self.limits.max_header_bytes:
            self.refuse_head_too_large()
        if self.refusal is not None and not self.transport.is_closing():
            self.cut(self.refusal)

    # Parser callbacks.
    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.reading_head = True  # its bytes are counted from the next read on (the first request's from the first)
        if self.deadline is None:  # a request after another on the connection: its deadline starts now
            self.arm(self.limits.header_timeout, self.head_too_slow)

    def on_url(self, url: bytes) -> None:
        if self.refusal is None:
            super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        if self.refusal is None:
            super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self.reading_head = False
        self.head_bytes = 0
        if len(self.url) + sum(len(name) + len(value) + 4 for name, value in self.headers) > self.limits.max_header_bytes:
            self.refuse_head_too_large()
            return
        self.arm(self.limits.body_timeout, self.body_too_slow)
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        if self.refusal is None:
            super().on_body(body)

    def on_message_complete(self) -> None:
        if self.refusal is None:
            self.disarm()
            super().on_message_complete()

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to a request it cannot parse, in the contract's shape and with the security headers."""
        self.cut(raw_answer(400, "invalid_http_request", msg))

    # Cutting a request off.
    def refuse_head_too_large(self) -> None:
        EDGE_CUT.labels("header_too_large").inc()
        self.refusal = raw_answer(431, "request_header_fields_too_large",
                                  HEAD_TOO_LARGE_MSG.format(self.limits.max_header_bytes))

    def head_too_slow(self) -> None:
        EDGE_CUT.labels("header_timeout").inc()
        self.cut(raw_answer(408, "request_timeout", HEAD_TIMEOUT_MSG.format(self.limits.header_timeout)))

    def body_too_slow(self) -> None:
        EDGE_CUT.labels("body_timeout").inc()
        self.cut(raw_answer(408, "request_timeout", BODY_TIMEOUT_MSG.format(self.limits.body_timeout)))

    def cut(self, answer: bytes, linger: bool = True) -> None:
        """Answer `answer` unless the app has begun its own, close the connection (lingering, unless the server is
        going: its grace period counts open connections), and let the app's work go."""
        self.disarm()
        cycle = self.cycle
        if not self.transport.is_closing() and (cycle is None or not cycle.response_started):
            self.transport.write(answer)
        if cycle is not None and not cycle.response_complete:
            cycle.disconnected = True  # the app's answer, if any, is dropped; its receive() says the client left
            cycle.message_event.set()
        if linger:
            self.linger()
        else:
            self.transport.close()

    def linger(self) -> None:
        """Half-close (the answer, then end of file), drop what still arrives, and close LINGER_SECONDS later."""
        self.lingering = True
        if self.transport.is_closing() or not self.transport.can_write_eof():
            self.transport.close()
            return
        self.transport.write_eof()
        self.arm(LINGER_SECONDS, self.transport.close)

    # Shutdown: uvicorn calls this on every connection at SIGTERM.
    def shutdown(self) -> None:
        super().shutdown()
        if self.cycle is not None and not self.cycle.response_complete:
            grace = self.config.timeout_graceful_shutdown or self.limits.shutdown_timeout
            self.shutdown_deadline = self.loop.call_later(max(grace - SHUTDOWN_MARGIN, grace / 2), self.out_of_time)

    def out_of_time(self) -> None:
        EDGE_CUT.labels("shutdown").inc()
        self.cut(raw_answer(503, "overloaded", SHUTDOWN_MSG, ((b"retry-after", str(RETRY_AFTER_SECONDS).encode()),)),
                 linger=False)
        if self.task is not None:
            self.task.cancel()

    def _start_asgi_task(self, cycle: RequestResponseCycle, app: Any) -> None:
        super()._start_asgi_task(cycle, self.guarded(cycle, app))

    def guarded(self, cycle: RequestResponseCycle, app: Any) -> Any:
        """The app for one request, its task known to the protocol, ending quietly when the edge cut it off (the
        answer is written; a cancelled or disconnected request is no error)."""

        async def run(scope: Any, receive: Any, send: Any) -> None:
            self.task = asyncio.current_task()
            try:
                await app(scope, receive, send)
            except (asyncio.CancelledError, Exception):
                if not cycle.disconnected:
                    raise
                logger.info("%s %s: the client left or was cut off; its work let go", scope.get("method"),
                            scope.get("path"))
            finally:
                if self.task is asyncio.current_task():
                    self.task = None

        return run


__all__ = ["OVERLOADED_MSG", "EdgeProtocol", "edge_settings", "raw_answer"]
