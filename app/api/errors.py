"""Every rejection in the contract's 422 shape: {"detail": [{"type", "loc", "msg"}]}."""

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from app.errors import InvalidInput


async def invalid_input_handler(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, InvalidInput)
    detail = [{"type": p.type, "loc": ["body", *p.loc], "msg": p.msg} for p in exc.problems]
    return JSONResponse(status_code=422, content={"detail": detail})


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(InvalidInput, invalid_input_handler)
