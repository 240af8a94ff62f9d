"""The served app plus a route that fails, served by test_logging with the service's own log configuration."""

from app.main import create_app

app = create_app()


@app.get("/_boom")
async def boom() -> None:
    raise RuntimeError("secret internals")


# `python tests/failing_app.py`: uvicorn as `python -m app` runs it (one worker), JSON logs.
SERVE = (
    "import uvicorn; from app.observability.logging import logging_config; from app.settings import Settings; "
    "uvicorn.run('tests.failing_app:app', host='127.0.0.1', port=Settings.from_env().port, access_log=False, "
    "log_config=logging_config('info', 'json'))"
)
