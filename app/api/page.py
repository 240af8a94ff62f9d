"""GET /calculator: the page for people at the table (static files in app/web/, served as they are), its web-app
manifest and its service worker; and GET /README.md, the README the front door links to."""

import sys
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

PAGE_URL = "/calculator"
ASSETS_URL = "/calculator/static"
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
# The README of a source checkout, else the one an installed wheel ships under the environment's share/ (setup.py).
README_PLACES = (Path(__file__).resolve().parent.parent.parent / "README.md",
                 Path(sys.prefix) / "share" / "riichi-scoring" / "README.md")
# Every answer of the page names its media type and is revalidated by the browser (the service worker keeps the
# offline copy), so a new version of the service is seen on the next load.
_FRESH = {"Cache-Control": "no-cache"}

router = APIRouter(include_in_schema=False)


@router.get(PAGE_URL)
async def calculator() -> FileResponse:
    return FileResponse(WEB_DIR / "index.html", media_type="text/html; charset=utf-8", headers=_FRESH)


@router.get(f"{PAGE_URL}/manifest.webmanifest")
async def manifest() -> FileResponse:
    return FileResponse(WEB_DIR / "manifest.webmanifest", media_type="application/manifest+json", headers=_FRESH)


@router.get(f"{PAGE_URL}/sw.js")
async def service_worker() -> FileResponse:
    # Served under /calculator/ but controlling /calculator itself (a scope is a prefix of the URL); relative to the
    # script, so it holds under a root path too.
    headers = {**_FRESH, "Service-Worker-Allowed": "../calculator"}
    return FileResponse(WEB_DIR / "sw.js", media_type="text/javascript; charset=utf-8", headers=headers)


@router.get("/README.md")
async def readme() -> Response:
    readme = next((place for place in README_PLACES if place.is_file()), None)
    if readme is None:
        return PlainTextResponse("The README is not shipped with this installation.", status_code=404)
    return FileResponse(readme, media_type="text/markdown; charset=utf-8", headers=_FRESH)


def install_page(app: FastAPI) -> None:
    app.include_router(router)
    app.mount(ASSETS_URL, StaticFiles(directory=WEB_DIR), name="calculator-assets")
