"""The ASGI application: `app.main:app`."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.routing import APIRoute
from starlette.types import ASGIApp

from app.api import analyze, catalog, hand, health, match, points, records
from app.api.docs import install_docs, install_home
from app.api.errors import document_errors, install_error_handlers
from app.api.examples import document_examples
from app.api.guide import SUMMARY, description
from app.api.page import install_page
from app.heavy import HeavyAdmission, HeavyPool, Overloaded, overloaded_handler
from app.middleware import BodySizeLimit, SecurityHeaders
from app.observability.metrics import METRICS_ROUTE, exposition_registry, metrics_endpoint
from app.observability.middleware import Observe
from app.settings import Settings


class ObservedApp(FastAPI):
    """FastAPI with `Observe` outside Starlette's own error middleware: a 500 answer is counted, carries the
    request id, and the error's log lines have it too; the security headers outside all, on every answer."""

    def __init__(self, settings: Settings, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.observed_settings = settings

    def build_middleware_stack(self) -> ASGIApp:
        settings = self.observed_settings
        observed = Observe(super().build_middleware_stack(), metrics=settings.metrics, access_log=settings.access_log)
        return SecurityHeaders(observed)

    def openapi(self) -> dict[str, Any]:
        """FastAPI's document, once: every 4xx as the one ErrorResponse, the examples with their answers, and
        `security: []` (no operation needs credentials)."""
        if not self.openapi_schema:
            document = document_examples(document_errors(_without_mypyc_filler(super().openapi())))
            self.openapi_schema = {**document, "security": []}
        return self.openapi_schema


# mypyc gives each class it compiles without a docstring this one (app.match's enums), which pydantic would write as
# the schema's description: the document is the same in both builds without it.
MYPYC_FILLER_DOCSTRING = "mypyc filler docstring"


def _without_mypyc_filler(document: dict[str, Any]) -> dict[str, Any]:
    for schema in document["components"]["schemas"].values():
        if schema.get("description") == MYPYC_FILLER_DOCSTRING:
            del schema["description"]
    return document


def operation_id(route: APIRoute) -> str:
    """What a generated client calls the operation (and the prefix of any schema FastAPI names after it): the route's
    name, its endpoint's own unless given. A route's explicit operation_id is used instead, by FastAPI itself."""
    return route.name


# Where the document says the API is: relative, so /docs tries requests out on the server that served it.
SERVERS = [{"url": "/", "description": "the server that serves this document"}]
# The repository has no licence file, so none is granted: the document says so rather than name one.
LICENSE = {"name": "All rights reserved"}
TAGS = [
    {"name": "hand", "description": "One hand: its score from tiles or from han and fu, and its analysis before the win"},
    {"name": "match", "description": "The scoreboard: settle a hand, replay a match, decide whether the match ends"},
    {"name": "records", "description": "Whole game records: replay, score, settle and verify Tenhou games"},
    {"name": "catalog", "description": "What the service knows: the yaku, the rule presets and every option"},
    {"name": "service", "description": "The service itself: the health probe"},
]

# CORS (MAHJONG_CORS_ORIGINS): what a browser app on an allowed origin may send and read. No credentials: the API
# has none.
CORS_METHODS = ["GET", "POST"]
CORS_HEADERS = ["Content-Type", "Accept-Language", "X-Request-ID"]
CORS_EXPOSED = ["X-Request-ID", "Content-Language"]
CORS_MAX_AGE = 600


def heavy_lifespan(pool: HeavyPool) -> Any:
    """The app's lifespan: the heavy-work processes started with it, stopped once every request has its answer."""

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        pool.start()
        try:
            yield
        finally:
            pool.close()

    return lifespan


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    pool = HeavyPool(settings.heavy_pool_size(), settings.heavy_queue)
    app = ObservedApp(
        settings,
        title="Riichi Mahjong Scoring API",
        version="0.1.0",
        summary=SUMMARY,
        description=description(),
        servers=SERVERS,
        license_info=LICENSE,
        openapi_tags=TAGS,
        docs_url=None,  # served offline by install_docs
        redoc_url=None,
        generate_unique_id_function=operation_id,
        lifespan=heavy_lifespan(pool),
    )
    install_error_handlers(app)
    app.add_exception_handler(Overloaded, overloaded_handler)
    app.add_middleware(BodySizeLimit, max_body_bytes=settings.max_body_bytes, max_json_depth=settings.max_json_depth,
                       path_caps={hand.BATCH_PATH: settings.max_batch_body_bytes, records.PATH: settings.max_record_body_bytes,
                                  records.CONVERT_PATH: settings.max_record_body_bytes,
                                  records.STATS_PATH: settings.max_stats_body_bytes})
    app.add_middleware(HeavyAdmission, pool=pool)  # outside the body caps: a full pool refuses before the body is read
    if settings.cors_origins:  # outside the body caps: their 413 and 415 answers carry the CORS headers too
        app.add_middleware(CORSMiddleware, allow_origins=list(settings.cors_origins), allow_methods=CORS_METHODS,
                           allow_headers=CORS_HEADERS, expose_headers=CORS_EXPOSED, max_age=CORS_MAX_AGE)
    install_docs(app)
    # A request tries the routes in this order, and each route passed over costs: scoring before the reference data.
    for module in (health, hand, analyze, points, catalog, match, records):
        app.include_router(module.router)
    install_page(app)
    install_home(app)
    if settings.metrics:  # last: only a scrape passes over the others
        app.add_route(METRICS_ROUTE, metrics_endpoint(exposition_registry()), methods=["GET"], include_in_schema=False)
    return app


app = create_app()
