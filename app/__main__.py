"""`python -m app`: serve `app.main:app` with uvicorn as the MAHJONG_* environment says (`--help` lists them)."""

import argparse
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from app.settings import Settings, SettingsError

HELP = """Serve the Riichi mahjong scoring API (app.main:app) with uvicorn, one or more workers.

Every setting comes from the environment, MAHJONG_<NAME> (the README's Configuration table says what each means):
{settings}
"""


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


def parse_arguments(argv: list[str] | None) -> None:
    """--help (and nothing else): answered before anything starts."""
    defaults = Settings()
    listed = "\n".join(f"  MAHJONG_{name.upper():<24} default {getattr(defaults, name)!r}"
                        for name in Settings.__dataclass_fields__)
    parser = argparse.ArgumentParser(prog="python -m app", description=HELP.format(settings=listed),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.parse_args(argv)


def exit_cleanly(_signum: int, _frame: object) -> None:
    """SIGTERM once uvicorn has drained and handed it back: exit 0, through the `finally` blocks (the metrics
    directory is removed)."""
    sys.exit(0)


def main(argv: list[str] | None = None) -> None:
    parse_arguments(argv)
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        sys.exit(f"configuration error: {exc}")
    import uvicorn

    from app.observability.logging import logging_config

    # uvicorn (one worker) catches SIGTERM while it serves, drains, then raises it again for the handler it found:
    # this one, so the process exits 0 and cleans up rather than being killed by the default action.
    signal.signal(signal.SIGTERM, exit_cleanly)
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
            timeout_keep_alive=settings.keep_alive_timeout,
            loop="uvloop",
            http="app.edge:EdgeProtocol",  # uvicorn's httptools protocol with the limits it lacks (app/edge.py)
            proxy_headers=False,
            server_header=False,
        )


if __name__ == "__main__":
    main()
