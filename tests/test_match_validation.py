"""POST /match/end-check rejects impossible states with a 422 and a plain message, never a guess."""

from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import app

client = TestClient(app)


def body(rules: dict[str, Any] | None = None, state: dict[str, Any] | None = None, **last_hand: Any) -> dict[str, Any]:
    base_state = {"round_wind": "east", "round_number": 2, "scores": [25000, 25000, 25000, 25000]}
    return {
        "rules": rules or {"preset": "tenhou"},
        "state": base_state | (state or {}),
        "last_hand": {"result": "win", "winners": [0]} | last_hand,
    }


def problems(request: dict[str, Any]) -> list[dict[str, Any]]:
    response = client.post("/match/end-check", json=request)
    assert response.status_code == 422, response.json()
    detail: list[dict[str, Any]] = response.json()["detail"]
    return detail


# (id, request, type, loc, words the message must contain)
CASES = [
    ("seat-out-of-range", body(winners=[4]), "less_than_equal", ["body", "last_hand", "winners", 0], "3"),
    (
        "negative-seat",
        body(state={"starting_dealer_seat": -1}),
        "greater_than_equal",
        ["body", "state", "starting_dealer_seat"],
        "0",
    ),
    ("two-scores", body(state={"scores": [25000, 75000]}), "too_short", ["body", "state", "scores"], "3"),
    ("three-scores-in-a-four-player-game", body(state={"scores": [25000, 25000, 50000]}), "inconsistent_state",
     ["body", "state", "scores"], "4-player game has 4 scores"),
    ("four-scores-in-a-three-player-game", body(rules={"preset": "tenhou_sanma"}), "inconsistent_state",
     ["body", "state", "scores"], "3-player game has 3 scores"),
    ("five-scores", body(state={"scores": [20000] * 5}), "too_long", ["body", "state", "scores"], "4"),
    ("round-4-of-three-players", body(rules={"preset": "tenhou_sanma"}, state={"round_number": 4, "scores": [35000] * 3}),
     "inconsistent_state", ["body", "state", "round_number"], "3 hands, so there is no East 4"),
    ("seat-3-of-three-players", body(rules={"preset": "tenhou_sanma"}, state={"scores": [35000] * 3}, winners=[3]),
     "inconsistent_state", ["body", "last_hand", "winners", 0], "seats are 0-2"),
    ("starting-dealer-3-of-three-players",
     body(rules={"preset": "tenhou_sanma"}, state={"scores": [35000] * 3, "starting_dealer_seat": 3}),
     "inconsistent_state", ["body", "state", "starting_dealer_seat"], "seats are 0-2"),
    ("penalties-of-the-wrong-length", body(state={"penalties": [0, 0, 20000]}), "inconsistent_state",
     ["body", "state", "penalties"], "one value per seat"),
    ("round-number-0", body(state={"round_number": 0}), "greater_than_equal", ["body", "state", "round_number"], "1"),
    ("round-number-5", body(state={"round_number": 5}), "less_than_equal", ["body", "state", "round_number"], "4"),
    ("honba-100", body(state={"honba": 100}), "less_than_equal", ["body", "state", "honba"], "99"),
    ("unknown-wind", body(state={"round_wind": "center"}), "literal_error", ["body", "state", "round_wind"], "north"),
    ("unknown-result", body(result="tsumo"), "enum", ["body", "last_hand", "result"], "abortive_draw"),
    ("unknown-preset", body(rules={"preset": "house"}), "literal_error", ["body", "rules", "preset"], "wrc"),
    (
        "unknown-option",
        body(rules={"preset": "tenhou", "kuitan": True}),
        "extra_forbidden",
        ["body", "rules", "kuitan"],
        "not permitted",
    ),
    ("bad-option-value", body(rules={"enchousen": "forever"}), "enum", ["body", "rules", "enchousen"], "unlimited"),
    ("null-option", body(rules={"tobi": None}), "value_error", ["body", "rules", "tobi"], "leave it out"),
    ("uma-of-three-for-four-players", body(rules={"uma": [20, 0, -20]}), "invalid_option", ["body", "rules", "uma"],
     "4 for 4 players"),
    ("uma-of-two", body(rules={"uma": [20, -20]}), "too_short", ["body", "rules", "uma"], "3"),
    ("players-5", body(rules={"players": 5}), "literal_error", ["body", "rules", "players"], "3 or 4"),
    ("floating-uma-rows", body(rules={"floating_uma": [[8, 4, -4, -8], [8, 4, -4, -8]]}), "invalid_option",
     ["body", "rules", "floating_uma"], "3 rows"),
    ("noten-payment-that-does-not-split", body(rules={"noten_payment": 1000}), "invalid_option",
     ["body", "rules", "noten_payment"], "multiple of 12"),
    ("extra-state-field", body(state={"kyoku": 3}), "extra_forbidden", ["body", "state", "kyoku"], "not permitted"),
    (
        "win-without-winner",
        body(winners=[]),
        "inconsistent_state",
        ["body", "last_hand", "winners"],
        "at least one seat",
    ),
    (
        "draw-with-winners",
        body(result="draw", winners=[2]),
        "inconsistent_state",
        ["body", "last_hand", "winners"],
        "no winners",
    ),
    (
        "abortive-draw-with-winners",
        body(result="abortive_draw", winners=[1]),
        "inconsistent_state",
        ["body", "last_hand", "winners"],
        "no winners",
    ),
    ("winner-twice", body(winners=[2, 2]), "inconsistent_state", ["body", "last_hand", "winners"], "more than once"),
    (
        "nagashi-at-a-win",
        body(nagashi_winners=[1]),
        "inconsistent_state",
        ["body", "last_hand", "nagashi_winners"],
        "exhaustive draw",
    ),
    (
        "dealer-seat-disagrees",
        body(state={"dealer_seat": 0}),
        "inconsistent_state",
        ["body", "state", "dealer_seat"],
        "dealt by seat 1",
    ),
    (
        "dealer-seat-disagrees-with-starting-dealer",
        body(state={"starting_dealer_seat": 2, "dealer_seat": 1}),
        "inconsistent_state",
        ["body", "state", "dealer_seat"],
        "dealt by seat 3",
    ),
    (
        "sticks-left-after-a-win",
        body(state={"riichi_sticks": 1}),
        "inconsistent_state",
        ["body", "state", "riichi_sticks"],
        "none are left",
    ),
    (
        "lap-without-unlimited-enchousen",
        body(state={"lap": 1}),
        "inconsistent_state",
        ["body", "state", "lap"],
        "unlimited",
    ),
    (
        "west-round-without-enchousen",
        body(rules={"preset": "wrc"}, state={"round_wind": "west"}),
        "inconsistent_state",
        ["body", "state", "round_wind"],
        "West 2 is never played",
    ),
    (
        "north-round-with-one-wind-round",
        body(state={"round_wind": "north"}),
        "inconsistent_state",
        ["body", "state", "round_wind"],
        "North 2 is never played",
    ),
    (
        "west-round-in-tonpuusen-one-wind-round",
        body(rules={"length": "tonpuusen"}, state={"round_wind": "west"}),
        "inconsistent_state",
        ["body", "state", "round_wind"],
        "tonpuusen",
    ),
    (
        "enchousen-without-goal",
        body(rules={"goal_score": None}, state={"round_wind": "west"}),
        "inconsistent_state",
        ["body", "state", "round_wind"],
        "without a goal_score",
    ),
]


@pytest.mark.parametrize(("request_body", "type_", "loc", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_rejected_with_type_loc_and_a_plain_message(
    request_body: dict[str, Any], type_: str, loc: list[Any], words: str
) -> None:
    detail = problems(request_body)
    matching = [p for p in detail if p["loc"] == loc]
    assert matching, detail
    assert matching[0]["type"] == type_
    assert words in matching[0]["msg"]


def test_every_problem_is_reported_at_once() -> None:
    request = body(result="draw", winners=[1, 1], nagashi_winners=[], state={"dealer_seat": 3, "lap": 2})
    locs = {tuple(p["loc"]) for p in problems(request)}
    assert locs == {
        ("body", "state", "dealer_seat"),
        ("body", "state", "lap"),
        ("body", "last_hand", "winners"),
    }


def test_goal_score_may_be_null_meaning_no_goal() -> None:
    ok = client.post("/match/end-check", json=body(rules={"goal_score": None}))
    assert ok.status_code == 200
