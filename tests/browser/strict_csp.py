"""The served app with the strictest Content-Security-Policy the page's offline engine allows, on every answer (the
page's HTML, and the worker's script, whose own answer sets the worker's policy): scripts and workers from the
service's origin only, WebAssembly compiled but no string evaluated. browser_offline.py serves the page with it."""

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from app.main import create_app

POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; "
          "img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; "
          "frame-ancestors 'none'")

Message = MutableMapping[str, Any]
_served = create_app()


async def app(scope: Message, receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]) -> None:
    async def with_policy(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), (b"content-security-policy", POLICY.encode())]
        await send(message)

    await _served(scope, receive, with_policy if scope["type"] == "http" else send)


# `python -c SERVE`: uvicorn on MAHJONG_PORT, as tests/served.py starts a server.
SERVE = ("import uvicorn; from app.settings import Settings; "
         "uvicorn.run('tests.browser.strict_csp:app', host='127.0.0.1', port=Settings.from_env().port, log_level='warning')")
