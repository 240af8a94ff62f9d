"""A route class (FastAPI's documented way to customize request handling) for an endpoint that takes one JSON body
model, then `lang` and `accept_language` (app/api/language.py), and returns a Response.

A request with a plain `application/json` body and no `lang` outside LANGUAGES has its body read once
(`Request.body()`) and validated by the model's TypeAdapter straight from the bytes; the endpoint is then called
with the model. Everything else (another content type, a body the model refuses, an unknown `lang`) goes to
FastAPI's standard handler, which reads the same body again from the request and answers exactly as it always
does. The OpenAPI document is FastAPI's, from the endpoint's signature.
"""

import inspect
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute
from pydantic import TypeAdapter, ValidationError
from starlette.requests import ClientDisconnect
from starlette.types import Scope

from app.scoring.vocabulary import LANGUAGES


def _json_headers(scope: Scope) -> tuple[bool, str | None]:
    """Whether the body is sent as plain `application/json`, and the Accept-Language header (each header's first
    occurrence, as Request.headers reads them), in one pass over the ASGI scope's headers."""
    content_type = accept_language = None
    for name, value in scope["headers"]:
        if name == b"content-type" and content_type is None:
            content_type = value
        elif name == b"accept-language" and accept_language is None:
            accept_language = value.decode("latin-1")
    plain_json = content_type is not None and content_type.split(b";", 1)[0].strip().lower() == b"application/json"
    return plain_json, accept_language


class JsonBodyRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        standard = super().get_route_handler()
        endpoint = self.endpoint
        body, *others = inspect.signature(endpoint).parameters.values()
        assert [other.name for other in others] == ["lang", "accept_language"], endpoint
        validate_json = TypeAdapter(body.annotation).validate_json

        async def handler(request: Request) -> Response:
            plain_json, accept_language = _json_headers(request.scope)
            lang = request.query_params.get("lang") if request.scope["query_string"] else None
            if plain_json and (lang is None or lang in LANGUAGES):
                try:
                    value = validate_json(await request.body())
                except (ValidationError, ClientDisconnect):
                    pass  # FastAPI's handler answers as always, from the body the request keeps (or a 400)
                else:
                    response: Response = await endpoint(value, lang, accept_language)
                    return response
            return await standard(request)

        return handler
