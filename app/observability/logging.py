"""Log lines as JSON objects (MAHJONG_LOG_FORMAT=json) or plain text, each with its request's id.

`logging_config` is the dictConfig uvicorn applies in every worker: the uvicorn loggers and the app's write
through one handler to stderr, whose filter adds the current request id to each record.
"""

import json
import logging
from datetime import UTC, datetime
from typing import Any

from app.observability import request_id

# Attributes an access log line carries (app/observability/middleware.py), written as JSON fields of their own.
ACCESS_FIELDS = ("method", "path", "route", "status", "duration_ms", "client")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"
# Control characters (C0, DEL, C1) and the Unicode line and paragraph separators, as escapes: a message (a request's
# path, decoded from %0a) never writes a line break or a terminal control into a text log.
_CONTROLS = {code: f"\\x{code:02x}" for code in (*range(0x20), *range(0x7f, 0xa0))} | {0x2028: "\\u2028", 0x2029: "\\u2029"}


def escape_controls(text: str) -> str:
    return text.translate(_CONTROLS)


class RequestIdFilter(logging.Filter):
    """Adds `request_id` (the current request's, or None outside a request) to every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.current.get()
        return True


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__(TEXT_FORMAT)

    def format(self, record: logging.LogRecord) -> str:
        if getattr(record, "request_id", None) is None:
            record.request_id = "-"
        return super().format(record)

    def formatMessage(self, record: logging.LogRecord) -> str:  # logging's name
        """The line, its message's control characters escaped (a traceback, added after, keeps its lines)."""
        record.message = escape_controls(record.message)
        return super().formatMessage(record)


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC), level, logger, message, pid, request_id, the access fields, exception."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "pid": record.process,  # which worker
        }
        if getattr(record, "request_id", None) is not None:
            entry["request_id"] = record.request_id
        entry.update((field, getattr(record, field)) for field in ACCESS_FIELDS if hasattr(record, field))
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


def logging_config(level: str, log_format: str) -> dict[str, Any]:
    """dictConfig for uvicorn's `log_config`: every logger of the server and the app at `level`, in `log_format`."""
    level = level.upper()
    logger = {"handlers": ["default"], "level": level, "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": RequestIdFilter}},
        "formatters": {"text": {"()": TextFormatter}, "json": {"()": JsonFormatter}},
        "handlers": {
            "default": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr",
                        "formatter": log_format, "filters": ["request_id"]},
        },
        "loggers": {"uvicorn": logger, "uvicorn.error": {"level": level}, "uvicorn.access": {"level": level},
                    "app": logger},
    }
