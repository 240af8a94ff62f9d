"""Real game records (tests/fixtures/records, see SOURCES.md there) and small ways to send and change them."""

import copy
import json
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).parent / "fixtures" / "records"
TENHOU6 = sorted((FIXTURES / "tenhou6").glob("*.json"))
MJLOG = sorted((FIXTURES / "mjlog").glob("*.xml"))
MJAI = sorted((FIXTURES / "mjai").glob("*.json*")) + sorted((FIXTURES / "mjai").glob("*.mjson"))
MAJSOUL = sorted((FIXTURES / "majsoul").glob("*.json"))
# Both formats of the same game: the official Tenhou pairs and the pairs converted from one another.
PAIRS = sorted({p.stem for p in TENHOU6} & {p.stem for p in MJLOG})
# Records whose own figures disagree with Tenhou's way of writing them (each difference named; make verify-real
# shows them apart): confusing_nakis_1 is a test case of mjai-reviewer's interleaving: its win's score change leaves
# out the riichi stick that seat 2's accepted riichi put on the table (Tenhou's own logs count it, as every other
# record here does).
KNOWN = {"mjai-reviewer_confusing_nakis_1": {(0, 0, "deltas")}}


def load(path: Path) -> Any:
    """A JSON record as its object; an XML document or a JSON-lines log as its text."""
    return json.loads(path.read_text()) if path.suffix == ".json" else path.read_text()


def body(path: Path, **extra: Any) -> dict[str, Any]:
    return {"record": load(path), **extra}


def tenhou6(name: str) -> dict[str, Any]:
    return copy.deepcopy(json.loads((FIXTURES / "tenhou6" / f"{name}.json").read_text()))


def mismatch_places(answer: dict[str, Any]) -> set[tuple[Any, Any, str]]:
    return {(m["hand"], m["seat"], m["field"]) for m in answer["mismatches"]}
