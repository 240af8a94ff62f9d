"""Structured logs: JSON lines (MAHJONG_LOG_FORMAT=json) or text, each with its request's id; one access line
per request when MAHJONG_ACCESS_LOG is on; a 5xx logged with its request id and the exception."""

import json
import logging
import os
import re
from pathlib import Path

from app.observability.logging import JsonFormatter, TextFormatter
from tests.failing_app import SERVE
from tests.served import served, stop

TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00")


def record(**extra: object) -> logging.LogRecord:
    entry = logging.LogRecord("app.access", logging.INFO, __file__, 1, "GET %s %d", ("/health", 200), None)
    entry.__dict__.update(extra)
    return entry


def test_json_line_fields() -> None:
    line = json.loads(JsonFormatter().format(record(request_id="r-1", method="GET", path="/health", status=200)))
    assert TIME.fullmatch(line.pop("time"))
    assert line == {"level": "info", "logger": "app.access", "message": "GET /health 200", "pid": os.getpid(),
                    "request_id": "r-1", "method": "GET", "path": "/health", "status": 200}


def test_json_line_outside_a_request_has_no_request_id() -> None:
    line = json.loads(JsonFormatter().format(record(request_id=None)))
    assert "request_id" not in line and line["message"] == "GET /health 200"


def test_text_line() -> None:
    text = TextFormatter().format(record(request_id="r-2"))
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO app\.access \[r-2\] GET /health 200", text)
    assert TextFormatter().format(record(request_id=None)).endswith("INFO app.access [-] GET /health 200")


def test_json_access_lines_follow_a_request_by_its_id(tmp_path: Path) -> None:
    with served(tmp_path, LOG_FORMAT="json", ACCESS_LOG="true") as server:
        assert server.get("/health", {"X-Request-ID": "follow-me-1"})[0] == 200
        assert server.get("/no-such-page", {"X-Request-ID": "follow-me-2"})[0] == 404
        stop(server.process)
        lines = [json.loads(line) for line in server.log_lines()]  # every line is one JSON object
    access = {line["request_id"]: line for line in lines if line["logger"] == "app.access"}
    first = access["follow-me-1"]
    assert TIME.fullmatch(first.pop("time")) and first.pop("duration_ms") > 0
    assert first == {"level": "info", "logger": "app.access", "message": first["message"], "pid": server.process.pid,
                     "request_id": "follow-me-1", "method": "GET", "path": "/health", "route": "/health",
                     "status": 200, "client": "127.0.0.1"}
    assert re.fullmatch(r"GET /health 200 \d+\.\dms", first["message"])
    assert (access["follow-me-2"]["status"], access["follow-me-2"]["route"]) == (404, "other")
    assert {"Started server process", "Shutting down"} <= {line["message"].split(" [")[0] for line in lines}


def test_text_logs_and_no_access_line_by_default(tmp_path: Path) -> None:
    with served(tmp_path) as server:
        assert server.get("/health", {"X-Request-ID": "quiet-1"})[0] == 200
        stop(server.process)
        text = server.log.read_text()
    assert "quiet-1" not in text  # the access log is off
    assert re.search(r"^\S+ \S+ INFO uvicorn\.error \[-\] Started server process \[\d+\]$", text, re.MULTILINE)


def test_a_5xx_is_logged_with_its_request_id_and_the_exception(tmp_path: Path) -> None:
    with served(tmp_path, command=("-c", SERVE)) as server:
        status, headers, body = server.get("/_boom", {"X-Request-ID": "broken-1"})
        stop(server.process)
        lines = [json.loads(line) for line in server.log_lines()]
    assert status == 500 and headers["x-request-id"] == "broken-1"
    assert json.loads(body) == {"detail": [{"type": "internal_error", "loc": [],
                                            "msg": "Internal server error; it has been logged."}]}
    errors = [line for line in lines if line["level"] == "error"]
    assert [line["request_id"] for line in errors] == ["broken-1", "broken-1"]
    assert errors[0]["message"] == "unhandled RuntimeError on GET /_boom: secret internals"
    assert errors[1]["message"].startswith("Exception in ASGI application")
    assert errors[1]["exception"].startswith("Traceback") and "RuntimeError: secret internals" in errors[1]["exception"]
