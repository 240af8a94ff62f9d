"""Swagger UI at /docs with no internet: Swagger UI 5 assets (shipped by `fastapi-offline`) served by the app; and `/`,
the front door: what the service does, every endpoint in one sentence, and links to the calculator, /docs, the OpenAPI
document and the README."""

from html import escape
from importlib.resources import files
from typing import Any

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from app.middleware import policy_for

DOCS_URL = "/docs"
ASSETS_URL = "/docs/assets"
ASSETS_DIR = files("fastapi_offline") / "static"


def install_docs(app: FastAPI) -> None:
    """Serve /docs and its assets from the app. Create the app with docs_url=None, redoc_url=None."""
    assert app.openapi_url and app.swagger_ui_oauth2_redirect_url
    openapi_url = app.openapi_url
    oauth2_redirect_url = app.swagger_ui_oauth2_redirect_url
    # validatorUrl: None keeps Swagger UI from calling its online validator.
    parameters = {"validatorUrl": None, **(app.swagger_ui_parameters or {})}

    app.mount(ASSETS_URL, StaticFiles(directory=str(ASSETS_DIR)), name="docs-assets")

    @app.get(DOCS_URL, include_in_schema=False)
    async def swagger_ui(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        return with_policy(get_swagger_ui_html(
            openapi_url=f"{root}{openapi_url}",
            title=f"{app.title} - Swagger UI",
            swagger_js_url=f"{root}{ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{root}{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{root}{ASSETS_URL}/favicon.png",
            oauth2_redirect_url=oauth2_redirect_url,
            swagger_ui_parameters=parameters,
        ))

    @app.get(oauth2_redirect_url, include_in_schema=False)
    async def swagger_ui_redirect() -> HTMLResponse:
        return with_policy(get_swagger_ui_oauth2_redirect_html())


def with_policy(page: HTMLResponse) -> HTMLResponse:
    """The page with its own Content-Security-Policy: its inline script (Swagger UI's start-up) allowed by hash."""
    page.headers.update(policy_for(bytes(page.body).decode()))
    return page


# The front door's own words for what the service does; each endpoint's sentence is its OpenAPI summary.
_INTRO = ("A stateless service for Japanese Riichi mahjong, four and three players, under any of its rule presets: it "
          "scores a winning hand (every yaku, the fu item by item, who pays what), analyses a hand before the win, "
          "settles each hand onto a match's scoreboard, decides when the match ends and replays whole matches. "
          "Nothing is stored between requests.")
_PAGES = [
    ("/calculator", "the calculator: tap the tiles of a hand on a phone and read its score, in five languages; it "
                    "also keeps a match's score"),
    (DOCS_URL, "Swagger UI: every endpoint with its schemas and examples, to try them out"),
    ("/openapi.json", "the OpenAPI document, to generate a client from"),
    ("/README.md", "the README: examples of every endpoint, the settings, the limits and the errors"),
]


def _sentence(operation: dict[str, Any]) -> str:
    """An operation's summary, with the first sentence of its description after a colon where it has one."""
    summary = operation.get("summary", "").rstrip(".")
    detail = " ".join(operation.get("description", "").split()).split(". ")[0].rstrip(".")
    return f"{summary}: {detail[:1].lower()}{detail[1:]}." if detail else f"{summary}."


def _endpoints(document: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(method, path, one sentence) for every operation of the OpenAPI document, in its order."""
    return [(method.upper(), path, _sentence(operation))
            for path, operations in document["paths"].items() for method, operation in operations.items()]


def _home_page(title: str, document: dict[str, Any], root: str) -> str:
    pages = "\n".join(f'<li><a href="{escape(root)}{url}">{url}</a>: {escape(what)}</li>' for url, what in _PAGES)
    endpoints = "\n".join(f"<li><code>{method} {escape(path)}</code>: {escape(sentence)}</li>"
                           for method, path, sentence in _endpoints(document))
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>body{{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:0 auto;padding:1rem}}
code{{font-size:.95em}}@media (prefers-color-scheme:dark){{body{{background:#111;color:#eee}}a{{color:#8cf}}}}</style></head>
<body>
<h1>{escape(title)}</h1>
<p>{escape(_INTRO)}</p>
<ul>
{pages}
</ul>
<h2>Endpoints</h2>
<ul>
{endpoints}
</ul>
</body>
</html>
"""


def install_home(app: FastAPI) -> None:
    """Serve `/`: the front door for a person who opens the service's address (not an API operation)."""

    @app.get("/", include_in_schema=False)
    async def home(request: Request) -> HTMLResponse:
        return with_policy(HTMLResponse(_home_page(app.title, app.openapi(), request.scope.get("root_path", ""))))
