"""Swagger UI at /docs with no internet: Swagger UI 5 assets (shipped by `fastapi-offline`) served by the app; and `/`,
a page that points to it, to the OpenAPI document and to the README."""

from html import escape
from importlib.resources import files

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

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
        return get_swagger_ui_html(
            openapi_url=f"{root}{openapi_url}",
            title=f"{app.title} - Swagger UI",
            swagger_js_url=f"{root}{ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{root}{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{root}{ASSETS_URL}/favicon.png",
            oauth2_redirect_url=oauth2_redirect_url,
            swagger_ui_parameters=parameters,
        )

    @app.get(oauth2_redirect_url, include_in_schema=False)
    async def swagger_ui_redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()


def _home_page(title: str, description: str, root: str) -> str:
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{escape(title)}</title></head>
<body>
<h1>{escape(title)}</h1>
<p>{escape(description)}</p>
<ul>
<li><a href="{escape(root)}{DOCS_URL}">{DOCS_URL}</a>: Swagger UI, every endpoint with its schemas, to try them out</li>
<li><a href="{escape(root)}/openapi.json">/openapi.json</a>: the OpenAPI document, to generate a client from</li>
<li>README.md, beside the source: examples of every endpoint, the settings, the limits and the errors</li>
</ul>
</body>
</html>
"""


def install_home(app: FastAPI) -> None:
    """Serve `/`: a small page for a person who opens the service's address (not an API operation)."""

    @app.get("/", include_in_schema=False)
    async def home(request: Request) -> HTMLResponse:
        return HTMLResponse(_home_page(app.title, app.summary or app.description, request.scope.get("root_path", "")))
