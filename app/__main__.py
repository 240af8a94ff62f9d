"""`python -m app`: serve `app.main:app` with uvicorn as the MAHJONG_* environment says."""

import copy
import sys

import uvicorn
from uvicorn.config import LOGGING_CONFIG

from app.settings import Settings, SettingsError


def log_config(level: str) -> dict:
    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["app"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    return config


def main() -> None:
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        sys.exit(f"configuration error: {exc}")
    uvicorn.run(
        "app.main:app",
        host=settings.host,
        port=settings.port,
        workers=settings.workers,
        log_level=settings.log_level,
        log_config=log_config("debug" if settings.log_level == "trace" else settings.log_level),
        access_log=settings.access_log,
        loop="uvloop",
        http="httptools",
        proxy_headers=False,
        server_header=False,
    )


if __name__ == "__main__":
    main()
