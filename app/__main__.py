"""`python -m app`: serve `app.main:app` with uvicorn as the MAHJONG_* environment says."""

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from app.observability.logging import logging_config
from app.settings import Settings, SettingsError


@contextmanager
def multiprocess_metrics(enabled: bool) -> Iterator[None]:
    """PROMETHEUS_MULTIPROC_DIR set to a fresh directory under TMPDIR (/tmp), for every worker started inside,
    and removed at the end: a new server never adds up a previous one's counts."""
    if not enabled:
        yield
        return
    directory = tempfile.mkdtemp(prefix="mahjong-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = directory
    try:
        yield
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def main() -> None:
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        sys.exit(f"configuration error: {exc}")
    with multiprocess_metrics(settings.metrics):
        uvicorn.run(
            "app.main:app",
            host=settings.host,
            port=settings.port,
            workers=settings.workers,
            log_level=settings.log_level,
            log_config=logging_config("debug" if settings.log_level == "trace" else settings.log_level,
                                      settings.log_format),
            access_log=False,  # the app writes its own access line (MAHJONG_ACCESS_LOG), with the request id
            timeout_graceful_shutdown=settings.shutdown_timeout,
            loop="uvloop",
            http="httptools",
            proxy_headers=False,
            server_header=False,
        )


if __name__ == "__main__":
    main()
