"""A route class that validates a plain JSON body once, straight from the raw bytes.

FastAPI's own handler parses the content type through the email package, runs json.loads, validates the
parsed objects and solves dependencies on every request. For a route whose endpoint takes exactly one
JSON body model and returns a ready-made Response, a well-formed `application/json` body can instead be
validated by pydantic-core from the bytes and handed to the endpoint. Anything else (another content
type, a body that does not validate) goes through FastAPI's standard handler, which answers exactly as it
always has; the OpenAPI document is FastAPI's, from the endpoint's signature.
"""

import inspect
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from fastapi import Request, Response
from fastapi.routing import APIRoute
from pydantic import TypeAdapter, ValidationError
from starlette.requests import ClientDisconnect

from app.api.language import of_scope

T = TypeVar("T")


def _is_plain_json(request: Request) -> bool:
    for name, value in request.scope["headers"]:
        if name == b"content-type":
            return value.split(b";", 1)[0].strip().lower() == b"application/json"
    return False


async def _read_body(request: Request) -> bytes:
    """The whole body, read as Request.body() reads it but without its stream generator, and kept where Request.body()
    keeps it (so FastAPI's handler reads it again from there): each request message up to the one without
    `more_body`; a disconnect before it raises ClientDisconnect, with the request marked as Starlette marks it."""
    chunks: list[bytes] = []
    while True:
        message = await request.receive()
        if message["type"] == "http.request":
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        elif message["type"] == "http.disconnect":
            request._is_disconnected = True
            raise ClientDisconnect()
    request._stream_consumed = True
    request._body = body = b"".join(chunks)
    return body


class SinglePassJsonRoute(APIRoute):
    """A route whose endpoint takes a JSON body model, then `lang` and `accept_language` (app/api/language.py), and
    returns a Response.

    An endpoint may list stricter `(model, coroutine function)` pairs in a `single_pass_first` attribute:
    the first whose model validates the body answers instead of the endpoint itself. Each is called with the
    validated body and the answer's language.
    """

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        standard = super().get_route_handler()
        param, *others = inspect.signature(self.endpoint).parameters.values()
        assert [other.name for other in others] == ["lang", "accept_language"], self.endpoint
        attempts = [(TypeAdapter(model).validator.validate_json, call)
                    for model, call in [*getattr(self.endpoint, "single_pass_first", ()), (param.annotation, self.endpoint)]]

        async def handler(request: Request) -> Response:
            language = of_scope(request.scope)
            if language is None or not _is_plain_json(request):
                return await standard(request)  # an unknown lang: FastAPI's validation refuses it
            try:
                body = await _read_body(request)
            except Exception:
                return await standard(request)  # FastAPI turns a failed read into its usual answer
            for validate_json, call in attempts:
                try:
                    value = validate_json(body)
                except ValidationError:
                    continue
                return await call(value, language)
            return await standard(request)  # the body is cached: FastAPI reports the problems as always

        return handler


def single_pass_first(model: type, call: Callable[[Any], Coroutine[Any, Any, Response]]) -> Callable[[T], T]:
    """Mark an endpoint: SinglePassJsonRoute tries `model` on the body first and, when it validates, answers with `call`."""
    def mark(endpoint: T) -> T:
        endpoint.single_pass_first = [*getattr(endpoint, "single_pass_first", ()), (model, call)]  # type: ignore[attr-defined]
        return endpoint
    return mark
