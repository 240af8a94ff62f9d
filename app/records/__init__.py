"""Game records (Tenhou's mjlog XML and the tenhou.net/6 JSON, mjai event logs, Mahjong Soul's own records): four
readers feeding one replay, and the verification of a whole game by the service's own scoring and settlement."""

import json
from typing import Any, Literal

from app.records.majsoul import is_majsoul, read_majsoul
from app.records.mjai import read_mjai
from app.records.mjlog import read_mjlog
from app.records.model import GameRecord, invalid
from app.records.tenhou6 import read_tenhou6

RecordFormat = Literal["tenhou6", "mjlog", "mjai", "majsoul"]
Record = dict[str, Any] | list[Any] | str


def read_record(record: Record, given: RecordFormat | None = None) -> GameRecord:
    """The record in the format given, or the one its shape says: an object (or JSON text) with `log` is a
    tenhou.net/6 log, one with `head` and `data` a Mahjong Soul record, a list of events (or JSON lines) an mjai
    log, a string that starts with `<` an mjlog."""
    found, parsed = detect_format(record)
    if found is None:
        raise invalid((), "the record is none of the formats read: a tenhou.net/6 log (an object with `log`), an mjlog "
                          "(an XML string <mjloggm ...>), an mjai log (a list of events, or JSON lines) or a Mahjong Soul "
                          "record (an object with `head` and `data`)")
    if given is not None and given != found:
        raise invalid((), f"format says {given}, but the record is a {found} record")
    if found == "mjlog":
        assert isinstance(record, str)
        return read_mjlog(record.lstrip("\ufeff").strip())
    if found == "mjai":
        assert not isinstance(record, dict)
        return read_mjai(parsed if isinstance(parsed, list) else record)
    if found == "majsoul":
        return read_majsoul(parsed)
    return read_tenhou6(parsed)


def detect_format(record: Record) -> tuple[RecordFormat | None, Any]:
    """The record's format, and the record parsed where it came as JSON text."""
    if isinstance(record, list):
        return "mjai", record
    if isinstance(record, dict):
        return _object_format(record), record
    text = record.lstrip("\ufeff \t\r\n")  # a byte order mark, as some editors save JSON lines
    if text.startswith("<"):
        return "mjlog", record
    if text.startswith("["):
        parsed = _json(text)
        return ("mjai", parsed) if isinstance(parsed, list) else (None, None)
    if text.startswith("{"):
        parsed = _json(text)
        if isinstance(parsed, dict) and _object_format(parsed) is not None:
            return _object_format(parsed), parsed
        first = text.split("\n", 1)[0]
        event = _json(first)
        return ("mjai", record) if isinstance(event, dict) and "type" in event else (None, None)
    return None, None


def _object_format(record: dict[str, Any]) -> RecordFormat | None:
    if "log" in record:
        return "tenhou6"
    return "majsoul" if is_majsoul(record) else None


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None
