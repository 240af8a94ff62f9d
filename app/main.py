"""The ASGI application: `app.main:app`."""

from fastapi import FastAPI

from app.api import catalog, hand, health, match
from app.api.errors import install_error_handlers


def create_app() -> FastAPI:
    app = FastAPI(
        title="Riichi Mahjong Scoring API",
        version="0.1.0",
        description="Score a winning Riichi mahjong hand and decide when a match ends.",
    )
    install_error_handlers(app)
    for module in (health, catalog, hand, match):
        app.include_router(module.router)
    return app


app = create_app()
