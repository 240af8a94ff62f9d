"""The OpenAPI document's examples: every example request is answered today exactly as its committed answer shows
(app/api/example_responses.json, written by `make openapi`), so the examples in /docs cannot drift; each request and
each answer is valid against the schema the document names for it; the picker covers the cases it should."""

from typing import Any

import jsonschema
import pytest
from fastapi.testclient import TestClient

from app.api.example_requests import EXAMPLES
from app.api.examples import RESPONSES_PATH, load_answers
from app.main import app
from app.match.model import Reason
from scripts.examples import answers, render

JSON = "application/json"
CASES = [(operation_id, name) for operation_id, examples in EXAMPLES.items() for name in examples]
STALE = "app/api/example_responses.json is out of date: run `make openapi` and commit it"


@pytest.fixture(scope="module")
def live() -> dict[str, dict[str, dict[str, Any]]]:
    return answers()


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return TestClient(app).get("/openapi.json").json()


def operations(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {operation["operationId"]: operation for path in document["paths"].values() for operation in path.values()}


@pytest.mark.parametrize(("operation_id", "name"), CASES, ids=[f"{o}-{n}" for o, n in CASES])
def test_every_committed_answer_is_the_live_one(live: dict[str, Any], operation_id: str, name: str) -> None:
    committed = load_answers()
    assert committed.get(operation_id, {}).get(name) == live[operation_id][name], STALE


def test_the_committed_answers_are_exactly_what_make_openapi_writes(live: dict[str, Any]) -> None:
    """No answer left over from a removed example, and the format that regenerating gives back unchanged."""
    assert RESPONSES_PATH.read_text(encoding="utf-8") == render(live), STALE


def test_every_operation_that_takes_a_body_offers_examples_with_their_answers(document: dict[str, Any]) -> None:
    for operation_id, operation in operations(document).items():
        if "requestBody" not in operation:
            continue
        examples = operation["requestBody"]["content"][JSON].get("examples", {})
        assert examples, f"{operation_id} has no example request"
        assert examples == {name: {"summary": summary, "value": body} for name, (summary, body) in EXAMPLES[operation_id].items()}
        for name, answer in load_answers()[operation_id].items():
            shown = operation["responses"][str(answer["status"])]["content"][JSON]["examples"][name]
            assert shown == {"summary": examples[name]["summary"], "value": answer["body"]}


def test_every_example_and_answer_is_valid_against_its_schema(document: dict[str, Any]) -> None:
    components = document["components"]
    for operation_id, operation in operations(document).items():
        for status, response in operation["responses"].items():
            media = response.get("content", {}).get(JSON, {})
            for name, example in media.get("examples", {}).items():
                jsonschema.validate(example["value"], {**media["schema"], "components": components})
                assert load_answers()[operation_id][name]["status"] == int(status)
        if "requestBody" in operation:
            media = operation["requestBody"]["content"][JSON]
            for example in media["examples"].values():
                jsonschema.validate(example["value"], {**media["schema"], "components": components})


def test_answers_are_200_but_the_one_rejected_hand(live: dict[str, Any]) -> None:
    statuses = {(operation_id, name): answer["status"] for operation_id, found in live.items() for name, answer in found.items()}
    assert {case for case, status in statuses.items() if status != 200} == {("score_hand", "invalid_hand")}
    assert live["score_hand"]["invalid_hand"]["body"]["detail"][0]["type"] == "too_many_copies"


def test_the_score_examples_are_a_closed_an_open_a_yakuman_and_a_three_player_hand(live: dict[str, Any]) -> None:
    requests = {name: body for name, (_, body) in EXAMPLES["score_hand"].items()}
    results = {name: answer["body"] for name, answer in live["score_hand"].items()}
    assert requests["closed_riichi"]["context"]["riichi"] and not requests["closed_riichi"]["hand"]["melds"]
    assert {meld["type"] for meld in requests["open_hand"]["hand"]["melds"]} == {"pon", "chi"}
    assert results["yakuman"]["yakuman"] and results["yakuman"]["limit"].endswith("yakuman")
    assert requests["three_player"]["rules"]["preset"].endswith("_sanma")
    assert any(item["id"] == "kita" for item in results["three_player"]["yaku"])


def test_the_analysis_examples_have_13_tiles_tenpai_and_14_tiles(live: dict[str, Any]) -> None:
    results = {name: answer["body"] for name, answer in live["analyze_hand"].items()}
    assert results["tenpai_13_tiles"]["shanten"] == 0 and results["tenpai_13_tiles"]["waits"]
    assert results["iishanten_13_tiles"]["shanten"] == 1 and results["iishanten_13_tiles"]["improving_tiles"]
    assert results["fourteen_tiles"]["discards_analysis"]


def test_there_is_an_end_check_example_for_every_reason(live: dict[str, Any]) -> None:
    reasons = [answer["body"]["reason"] for answer in live["check_match_end"].values()]
    assert set(reasons) == {reason.value for reason in Reason}
    # and the example's name says which: each reason's own, but the tenpai renchan (a dealer_repeat)
    named = {name: answer["body"]["reason"] for name, answer in live["check_match_end"].items()}
    assert all(reason == name for name, reason in named.items() if name != "tenpai_renchan")
    assert named["tenpai_renchan"] == "dealer_repeat"
