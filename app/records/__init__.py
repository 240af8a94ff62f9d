"""Game records (Tenhou's mjlog XML and the tenhou.net/6 JSON): two readers feeding one replay, and the
verification of a whole game by the service's own scoring and settlement."""

import json
from typing import Any, Literal

from app.records.mjlog import read_mjlog
from app.records.model import GameRecord, invalid
from app.records.tenhou6 import read_tenhou6

RecordFormat = Literal["tenhou6", "mjlog"]


def read_record(record: dict[str, Any] | str, given: RecordFormat | None = None) -> GameRecord:
    """The record in the format given, or the one its shape says: an object (or JSON text) with `log` is a
    tenhou.net/6 log, a string that starts with `<` an mjlog."""
    found = detect_format(record)
    if found is None:
        raise invalid((), "the record is neither a tenhou.net/6 log (an object with `log`) nor an mjlog (an XML string "
                          "<mjloggm ...>)")
    if given is not None and given != found:
        raise invalid((), f"format says {given}, but the record is a {found} record")
    if found == "mjlog":
        assert isinstance(record, str)
        return read_mjlog(record.strip())
    return read_tenhou6(record if isinstance(record, dict) else json.loads(record))


def detect_format(record: dict[str, Any] | str) -> RecordFormat | None:
    if isinstance(record, dict):
        return "tenhou6" if "log" in record else None
    text = record.lstrip()
    if text.startswith("<"):
        return "mjlog"
    if text.startswith("{"):
        try:
            parsed = json.loads(text)
        except (ValueError, RecursionError):
            return None
        return "tenhou6" if isinstance(parsed, dict) and "log" in parsed else None
    return None
