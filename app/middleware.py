"""A pure-ASGI cap on the request body: larger bodies answer 413 before the app sees them."""

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api.errors import problem_response


class BodySizeLimit:
    """Reject a request whose body is over `max_body_bytes`.

    A declared Content-Length over the cap is refused before a byte of the body is read; otherwise
    the streamed body is counted as it arrives (chunked uploads included) and replayed to the app.
    """

    def __init__(self, app: ASGIApp, max_body_bytes: int) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if _content_length(scope) > self.max_body_bytes:
            await self._reject(scope, receive, send)
            return

        buffered: list[Message] = []
        size = 0
        while True:
            message = await receive()
            buffered.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > self.max_body_bytes:
                await self._reject(scope, receive, send)
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return buffered.pop(0) if buffered else await receive()

        await self.app(scope, replay, send)

    async def _reject(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = problem_response(
            413,
            "request_too_large",
            ["body"],
            f"The request body is larger than the limit of {self.max_body_bytes} bytes.",
        )
        await response(scope, receive, send)


def _content_length(scope: Scope) -> int:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return 0
    return 0
