"""app/answers.py, the routes' part the page's offline engine runs under Pyodide: it answers as the service does, to the
last field (status and JSON), for generated hands, refused requests and whole recorded games; and what
`make offline-engine` packages is that module and what it imports, with no web framework and the service's own
versions of the packages it needs."""

import ast
import importlib.metadata
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.answers import ROUTES, answer_json
from app.main import create_app
from tests.offline_cases import analyze_requests, end_check_requests, hand_requests, replay_requests, settle_requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import offline_engine  # noqa: E402

WEB_IMPORTS = {"fastapi", "starlette", "msgspec", "uvicorn", "prometheus_client"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def served(client: TestClient, path: str, body: object, lang: str | None = None) -> tuple[int, Any]:
    response = client.post(path, json=body, params={} if lang is None else {"lang": lang})
    return response.status_code, response.json()


def offline(path: str, body: object, lang: str | None) -> tuple[int, Any]:
    answer = json.loads(answer_json(path.lstrip("/"), json.dumps(body), lang))
    return answer["status"], answer["body"]


def test_hands_are_answered_as_the_service_answers(client: TestClient) -> None:
    requests = hand_requests(400)
    statuses = set()
    for body, lang in requests:
        expected = served(client, "/hand/score", body, lang)
        assert offline("/hand/score", body, lang) == expected, body
        statuses.add(expected[0])
    assert statuses == {200, 422}


def test_analyses_are_the_services(client: TestClient) -> None:
    kinds = set()
    for body, lang in analyze_requests(60):
        expected = served(client, "/hand/analyze", body, lang)
        assert offline("/hand/analyze", body, lang) == expected, body
        kinds.add((expected[0], "waits" in expected[1], "discards_analysis" in expected[1]))
    assert {(200, True, False), (200, False, True)} <= kinds


def test_recorded_games_are_settled_as_the_service_settles_them(client: TestClient) -> None:
    requests = settle_requests(lambda path, body: served(client, path, body))
    assert len(requests) >= 50
    for body, lang in requests:
        assert offline("/match/settle", body, lang) == served(client, "/match/settle", body, lang), body


def test_whole_games_are_replayed_as_the_service_replays_them(client: TestClient) -> None:
    requests = replay_requests(lambda path, body: served(client, path, body))
    over = set()
    for body, lang in requests:
        expected = served(client, "/match/replay", body, lang)
        assert expected[0] == 200, expected
        assert offline("/match/replay", body, lang) == expected, body
        over.add(expected[1]["game_over"])
    assert len({lang for _, lang in requests}) == 5 and over == {True}


def test_the_end_of_a_match_is_checked_as_the_service_checks_it(client: TestClient) -> None:
    requests = end_check_requests(lambda path, body: served(client, path, body))
    assert len(requests) >= 50
    reasons = set()
    for body in requests:
        expected = served(client, "/match/end-check", body)
        assert expected[0] == 200, expected
        assert offline("/match/end-check", body, "xx") == expected, body  # no names: the language is left unread
        reasons.add(expected[1]["reason"])
        assert [row["rank"] for row in expected[1]["standings"]] == sorted(row["rank"] for row in expected[1]["standings"])
    assert len(reasons) >= 2, reasons


@pytest.mark.parametrize(("path", "body", "lang"), [
    ("/hand/score", {"hand": {"tiles": "123m", "win_tile": "1m"}}, "en"),  # the core's problem
    ("/hand/score", {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}}, "xx"),  # a language it does not speak
    ("/hand/analyze", {"hand": {"tiles": "234567m456p2267s"}, "context": {"visible": 7}}, "xx"),  # lang unread there
    ("/match/settle", {"state": {"round_wind": "east", "round_number": 1, "scores": [25000] * 4}}, "ja"),  # no hand
    ("/match/settle", {"state": {"round_wind": "east", "round_number": 1, "scores": [25000] * 4},
                       "hand": {"result": "tsumo", "wins": [{"winner": 0, "fu": 30}]}}, "en"),  # fu without han
    ("/match/replay", {"hands": []}, "ko"),  # no hand
    ("/match/replay", {"hands": [{"result": "ron", "wins": [{"winner": 0, "from_seat": 0, "han": 1, "fu": 30}]}]},
     "vi"),  # a winner who dealt in their own tile
    ("/match/end-check", {"state": {"round_wind": "north", "round_number": 5, "scores": [25000] * 4},
                          "last_hand": {"result": "draw"}}, "en"),  # no such hand
    ("/match/end-check", {"state": {"round_wind": "south", "round_number": 4, "scores": [25000] * 4}}, "ja"),  # no hand
])
def test_refusals_are_the_services(client: TestClient, path: str, body: object, lang: str) -> None:
    status, answer = offline(path, body, lang)
    assert status == 422 and answer["detail"] and all(set(entry) == {"type", "loc", "msg"} for entry in answer["detail"])
    assert (status, answer) == served(client, path, body, lang)


def test_a_body_that_is_not_json_is_json_invalid() -> None:
    answer = json.loads(answer_json("hand/score", "{", "en"))
    assert answer["status"] == 422
    assert [(e["type"], e["loc"]) for e in answer["body"]["detail"]] == [("json_invalid", ["body"])]


def test_the_routes_are_the_pages() -> None:
    """offline.js's OFFLINE_PATHS are ROUTES' paths, and dom.js posts to them."""
    script = (ROOT / "app" / "web" / "offline.js").read_text()
    paths = re.search(r"OFFLINE_PATHS = new Set\(\[([^\]]*)\]\)", script)
    assert paths and sorted(json.loads(f"[{paths.group(1)}]")) == sorted(ROUTES)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    return {name.split(".")[0] for name in names}


def test_the_engine_is_the_core_and_the_answers_with_no_web_framework() -> None:
    sources = offline_engine.engine_sources()
    names = {path.relative_to(ROOT).as_posix() for path in sources}
    assert {"app/answers.py", "app/scoring/__init__.py", "app/match/settle.py", "app/schemas/settle.py"} <= names
    assert not any(name.startswith(("app/api/hand", "app/main", "app/records")) for name in names)
    for path in sources:
        assert not _imports(path) & WEB_IMPORTS, path


def test_the_engines_packages_are_the_services_versions() -> None:
    pinned = dict(requirement.split("==") for requirement in offline_engine.WHEELS)
    assert set(pinned) == {"pydantic", "pydantic-core", "typing-extensions", "typing-inspection", "annotated-types"}
    for name, version in pinned.items():
        assert importlib.metadata.version(name) == version, name
