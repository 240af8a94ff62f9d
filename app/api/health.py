"""GET /health: the probe, with no work behind it. GET /version: which build of the service answers."""

import importlib
import pkgutil
import platform
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Literal

from fastapi import APIRouter, Request
from pydantic import Field

from app.schemas.common import StrictModel
from app.schemas.enums import named

router = APIRouter(tags=["service"])

BuildName = Literal["compiled", "pure", "partial"]
Build = named(BuildName, "Build", "compiled: every module of the core (scoring and match) is a C extension built with mypyc; "
              "pure: they run as Python source; partial: some of each.")
# The modules setup.py compiles with mypyc where a C compiler is present.
CORE_PACKAGES = ("app.scoring", "app.match")
CORE_MODULES = ("app.errors",)


class HealthResponse(StrictModel):
    status: Literal["ok"]


class VersionResponse(StrictModel):
    version: str = Field(description="the service's version")
    build: Build = Field(description="which build of the core answers")
    python: str = Field(description="the Python version that runs the service")


def core_modules() -> list[str]:
    names = list(CORE_MODULES)
    for package_name in CORE_PACKAGES:
        package = importlib.import_module(package_name)
        names.append(package_name)
        names += [f"{package_name}.{info.name}" for info in pkgutil.iter_modules(package.__path__)]
    return names


def is_compiled(module_name: str) -> bool:
    origin = importlib.import_module(module_name).__spec__.origin or ""
    return origin.endswith(tuple(EXTENSION_SUFFIXES))


def core_build() -> BuildName:
    compiled = [is_compiled(name) for name in core_modules()]
    return "compiled" if all(compiled) else "pure" if not any(compiled) else "partial"


_OK = HealthResponse(status="ok")
_BUILD = core_build()


@router.get("/health", response_model=HealthResponse, summary="The service is up")
async def health() -> HealthResponse:
    return _OK


@router.get("/version", response_model=VersionResponse, summary="The version and build that answer")
async def version(request: Request) -> VersionResponse:
    return VersionResponse(version=request.app.version, build=_BUILD, python=platform.python_version())

