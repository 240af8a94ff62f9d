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

from app.scoring.vocabulary import LANGUAGES


def _is_plain_json(content_type: str | None) -> bool:
    return content_type is not None and content_type.split(";", 1)[0].strip().lower() == "application/json"


class JsonBodyRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        standard = super().get_route_handler()
        endpoint = self.endpoint
        body, *others = inspect.signature(endpoint).parameters.values()
        assert [other.name for other in others] == ["lang", "accept_language"], endpoint
        validate_json = TypeAdapter(body.annotation).validate_json

        async def handler(request: Request) -> Response:
            headers = request.headers
            lang = request.query_params.get("lang")
            if (lang is None or lang in LANGUAGES) and _is_plain_json(headers.get("content-type")):
                try:
                    value = validate_json(await request.body())
                except (ValidationError, ClientDisconnect):
                    pass  # FastAPI's handler answers as always, from the body the request keeps (or a 400)
                else:
                    response: Response = await endpoint(value, lang, headers.get("accept-language"))
                    return response
            return await standard(request)

        return handler
