"""GET /health: the probe, with no work behind it."""

from typing import Literal

from fastapi import APIRouter

from app.schemas.common import StrictModel

router = APIRouter(tags=["service"])


class HealthResponse(StrictModel):
    status: Literal["ok"]


_OK = HealthResponse(status="ok")


@router.get("/health", response_model=HealthResponse, summary="The service is up")
async def health() -> HealthResponse:
    return _OK
