"""Every rejection in the contract's shape: {"detail": [{"type", "loc", "msg"}]}.

422 for core problems (InvalidInput) and schema problems (Pydantic's own `type`, malformed JSON as
`json_invalid`); the same shape for 404, 405, 413 and for the generic 500, which never carries a
stack trace (the error is logged server-side instead).
"""

import logging
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.answers import invalid_input_detail as invalid_input_detail
from app.answers import problem
from app.answers import validation_detail as validation_detail
from app.errors import InvalidInput
from app.schemas.common import ErrorResponse

logger = logging.getLogger("app.errors")

# HTTP errors raised by routing (or by anyone raising HTTPException) -> (type, loc).
_HTTP_ERRORS: dict[int, tuple[str, list[str | int]]] = {
    400: ("bad_request", []),
    404: ("not_found", ["path"]),
    405: ("method_not_allowed", ["method"]),
    413: ("request_too_large", ["body"]),
}


# The OpenAPI document: every 4xx of every operation is one ErrorResponse, under the descriptions below; FastAPI's
# own validation-error schemas (with `input`, `ctx` and `url`, which no answer carries) are left out.
ERROR_SCHEMA = "ErrorResponse"
_ERROR_CONTENT = {"application/json": {"schema": {"$ref": f"#/components/schemas/{ERROR_SCHEMA}"}}}
_FASTAPI_ERROR_SCHEMAS = ("HTTPValidationError", "ValidationError")
_DESCRIPTIONS = {
    "404": "Nothing answers at this path",
    "413": "The request body is larger than the cap: MAHJONG_MAX_BATCH_BODY_BYTES (512 KiB by default) for a batch, "
           "MAHJONG_MAX_RECORD_BODY_BYTES (4 MiB by default) for a game record, MAHJONG_MAX_STATS_BODY_BYTES (16 MiB by "
           "default) for records' statistics, MAHJONG_MAX_BODY_BYTES (64 KiB by default) "
           "for anything else",
    "415": "The body is not sent as JSON: send the header `Content-Type: application/json`",
    "422": "The request is not valid; `detail` says what and where, one entry per problem",
}


def _error_statuses(operation: dict[str, Any]) -> list[str]:
    """The 4xx an operation can answer: 413, 415 and 422 with a body, 422 with parameters, 404 with path parameters,
    and any other 4xx it declares itself."""
    parameters = operation.get("parameters", [])
    statuses = {status for status in operation["responses"] if status.startswith("4")}
    if "requestBody" in operation:
        statuses |= {"413", "415", "422"}
    if parameters:
        statuses.add("422")
    if any(parameter["in"] == "path" for parameter in parameters):
        statuses.add("404")
    return sorted(statuses)


def document_errors(openapi: dict[str, Any]) -> dict[str, Any]:
    """`openapi` (FastAPI's document, changed in place) with every operation's 4xx answers as the one ErrorResponse."""
    for operations in openapi["paths"].values():
        for operation in operations.values():
            responses = operation["responses"]
            for status in _error_statuses(operation):
                description = _DESCRIPTIONS.get(status) or responses[status]["description"]
                responses[status] = {"description": description, "content": _ERROR_CONTENT}
            operation["responses"] = dict(sorted(responses.items()))
    schemas = openapi.setdefault("components", {}).setdefault("schemas", {})
    for name in _FASTAPI_ERROR_SCHEMAS:
        schemas.pop(name, None)
    schema = ErrorResponse.model_json_schema(ref_template="#/components/schemas/{model}")
    schemas.update(schema.pop("$defs"), **{ERROR_SCHEMA: schema})
    openapi["components"]["schemas"] = dict(sorted(schemas.items()))
    return openapi


def problem_response(
    status: int, type_: str, loc: Sequence[str | int], msg: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    return JSONResponse(status_code=status, content={"detail": [problem(type_, loc, msg)]}, headers=headers)


def invalid_input_response(exc: InvalidInput) -> JSONResponse:
    """422 with the problems of input the core refused (also written by a heavy-work process: app/heavy.py)."""
    return JSONResponse(status_code=422, content={"detail": invalid_input_detail(exc)})


async def invalid_input_handler(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, InvalidInput)
    return invalid_input_response(exc)


async def request_validation_handler(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    return JSONResponse(status_code=422, content={"detail": validation_detail(exc.errors())})


async def http_exception_handler(_: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code in (204, 304):
        return Response(status_code=exc.status_code, headers=exc.headers)
    if isinstance(exc.detail, list):  # already in the contract's shape
        return JSONResponse(status_code=exc.status_code, content={"detail": exc.detail}, headers=exc.headers)
    unreadable = _unreadable_json(exc)
    if unreadable:
        return problem_response(422, "json_invalid", ["body"], unreadable)
    type_, loc = _HTTP_ERRORS.get(exc.status_code, (f"http_{exc.status_code}", []))
    return problem_response(exc.status_code, type_, loc, str(exc.detail), headers=exc.headers)


def _unreadable_json(exc: StarletteHTTPException) -> str | None:
    """FastAPI answers 400 when the body cannot be decoded at all (it is not UTF-8, or Python's JSON parser
    runs out of recursion on deep nesting); the contract makes every rejected body a 422 `json_invalid`."""
    cause = exc.__cause__
    if exc.status_code != 400:
        return None
    if isinstance(cause, UnicodeDecodeError):
        return f"JSON decode error: the body is not valid UTF-8 ({cause.reason} at byte {cause.start})"
    if isinstance(cause, RecursionError):
        return "JSON decode error: arrays and objects are nested too deeply to read"
    return None


async def unhandled_error_handler(request: Request, exc: Exception) -> JSONResponse:
    # One line here; Starlette re-raises after this response is sent, so the ASGI server (uvicorn)
    # logs the full traceback server-side.
    logger.error("unhandled %s on %s %s: %s", type(exc).__name__, request.method, request.url.path, exc)
    return problem_response(500, "internal_error", [], "Internal server error; it has been logged.")


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(InvalidInput, invalid_input_handler)
    app.add_exception_handler(RequestValidationError, request_validation_handler)
    app.add_exception_handler(StarletteHTTPException, http_exception_handler)
    app.add_exception_handler(Exception, unhandled_error_handler)
