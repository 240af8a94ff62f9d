"""`Observe`: the outermost pure-ASGI layer. Every answer gets its X-Request-ID, errors included; the request
id is set for the request's log lines; when enabled, each answer is counted and timed, a rejection's error
types are counted, and one access log line is written per request."""

import logging
from time import perf_counter

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.observability import request_id
from app.observability.metrics import MAX_REJECTION_BODY, METRICS_ROUTE, OTHER_ROUTE, RequestMetrics, count_rejection

access_logger = logging.getLogger("app.access")


def route_label(scope: Scope) -> str:
    """The matched route's path template (set in the scope by FastAPI's router), else `other`."""
    return getattr(scope.get("route"), "path", OTHER_ROUTE)


class Observe:
    def __init__(self, app: ASGIApp, *, metrics: bool, access_log: bool) -> None:
        self.app = app
        self.metrics = RequestMetrics() if metrics else None
        self.access_log = access_log

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = perf_counter()
        rid = request_id.request_id_from(scope["headers"])
        request_id.current.set(rid)
        id_header = (request_id.HEADER, rid.encode("ascii"))
        status = 0
        counting_rejection = False
        rejection = bytearray()

        async def send_with_id(message: Message) -> None:
            nonlocal status, counting_rejection
            if message["type"] == "http.response.start":
                status = message["status"]
                counting_rejection = self.metrics is not None and 400 <= status < 500
                message["headers"] = [*message.get("headers", ()), id_header]
            elif counting_rejection:
                rejection.extend(message.get("body", b""))
                counting_rejection = len(rejection) <= MAX_REJECTION_BODY
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            if status:
                self._record(scope, status, perf_counter() - started, rejection)

    def _record(self, scope: Scope, status: int, seconds: float, rejection: bytearray) -> None:
        route = route_label(scope)
        if self.metrics is not None and scope["path"] != METRICS_ROUTE:  # a scrape is not traffic
            self.metrics.record(route, scope["method"], status, seconds)
            if rejection:
                count_rejection(bytes(rejection))
        if self.access_log:
            access_logger.info(
                "%s %s %d %.1fms", scope["method"], scope["path"], status, seconds * 1000,
                extra={"method": scope["method"], "path": scope["path"], "route": route, "status": status,
                       "duration_ms": round(seconds * 1000, 3), "client": (scope.get("client") or ("", 0))[0]},
            )
