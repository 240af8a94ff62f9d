"""POST /match/end-check as a client sees it: the response shape, the documented examples, OpenAPI."""

from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.api.example_requests import EXAMPLES as ALL_EXAMPLES
from app.main import app

client = TestClient(app)
EXAMPLES: dict[str, dict[str, Any]] = {name: body for name, (_, body) in ALL_EXAMPLES["check_match_end"].items()}

CONTRACT_REQUEST = {
    "rules": {"preset": "tenhou"},
    "state": {
        "round_wind": "south",
        "round_number": 4,
        "honba": 0,
        "riichi_sticks": 0,
        "scores": [31000, 24000, 20000, 25000],
    },
    "last_hand": {"result": "win", "winners": [3], "dealer_tenpai": False, "dealer_ends": None},
}


def test_the_contract_request_answers_in_the_contract_shape() -> None:
    """South 4's dealer is seat 3; second with 25,000 behind 31,000, Tenhou's top-only agariyame
    does not apply, so South 4 is repeated with one more honba."""
    response = client.post("/match/end-check", json=CONTRACT_REQUEST)
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"game_over", "reason", "next_round", "standings"}
    assert (body["game_over"], body["reason"]) == (False, "dealer_repeat")
    assert body["next_round"] == {
        "round_wind": "south",
        "round_number": 4,
        "dealer_seat": 3,
        "honba": 1,
        "riichi_sticks": 0,
        "lap": 0,
    }
    assert [(s["seat"], s["points"], s["rank"]) for s in body["standings"]] == [
        (0, 31000, 1),
        (3, 25000, 2),
        (1, 24000, 3),
        (2, 20000, 4),
    ]
    assert set(body["standings"][0]) == {"seat", "points", "rank", "leftover_riichi_points", "penalty", "oka", "uma", "score"}


def test_rules_may_be_left_out() -> None:
    request = {key: value for key, value in CONTRACT_REQUEST.items() if key != "rules"}
    assert client.post("/match/end-check", json=request).json()["reason"] == "dealer_repeat"


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_documented_example_is_accepted(name: str) -> None:
    assert client.post("/match/end-check", json=EXAMPLES[name]).status_code == 200


def test_openapi_documents_the_endpoint_with_examples() -> None:
    document = client.get("/openapi.json").json()
    operation = document["paths"]["/match/end-check"]["post"]
    assert operation["tags"] == ["match"]
    assert len(operation["requestBody"]["content"]["application/json"]["examples"]) >= 3
    reasons = document["components"]["schemas"]["Reason"]["enum"]
    assert set(reasons) == {
        "tobi",
        "all_last_complete",
        "agariyame",
        "tenpaiyame",
        "sudden_death_goal",
        "enchousen_cap",
        "dealer_repeat",
        "dealer_rotation",
        "enter_enchousen",
    }
