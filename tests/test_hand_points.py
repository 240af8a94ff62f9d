"""POST /hand/points gives the numbers /hand/score gives a hand of the same han and fu (or yakuman)."""

from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.errors import InvalidInput
from app.main import app
from app.match.win_value import hand_points
from app.scoring import score_hand
from tests.handgen import generate

client = TestClient(app)


def points(**body: Any) -> dict[str, Any]:
    response = client.post("/hand/points", json=body)
    assert response.status_code == 200, response.json()
    answer: dict[str, Any] = response.json()
    return answer


def test_the_contract_hand_from_han_and_fu() -> None:
    """The contract's /hand/score example: the dealer's 4 han 30 fu ron is 11,600."""
    assert points(han=4, fu=30, dealer=True) == {
        "han": 4, "fu": 30, "limit": "none", "limit_name": None, "base_points": 1920,
        "points": {"ron": 11600, "tsumo_dealer": None, "tsumo_non_dealer": None, "honba_bonus": 0,
                   "riichi_sticks_bonus": 0, "total": 11600}}


@pytest.mark.parametrize("body,limit,total", [
    ({"han": 3, "fu": 30, "win": "tsumo", "honba": 2, "riichi_sticks": 1}, "none", 5600),  # 1000/2000 +600 +1000
    ({"han": 4, "fu": 30, "rules": {"preset": "mleague"}}, "mangan", 8000),  # kiriage
    ({"han": 13, "rules": {"preset": "wrc"}}, "sanbaiman", 24000),  # no kazoe yakuman
    ({"han": 13}, "kazoe_yakuman", 32000),
    ({"yakuman": 2, "dealer": True, "win": "tsumo"}, "double_yakuman", 96000),
    ({"han": 1, "fu": 30, "win": "tsumo", "dealer": True}, "none", 1500),
])
def test_limits_and_totals(body: dict[str, Any], limit: str, total: int) -> None:
    answer = points(**body)
    assert (answer["limit"], answer["points"]["total"]) == (limit, total)


@pytest.mark.parametrize("body,words", [
    ({"han": 2}, "2 han needs its fu"),
    ({"han": 1, "fu": 25}, "no 1-han hand has 25 fu"),
    ({"han": 2, "yakuman": 1}, "one way"),
    ({}, "one way"),
])
def test_impossible_values_are_422(body: dict[str, Any], words: str) -> None:
    response = client.post("/hand/points", json=body)
    assert response.status_code == 422
    assert words in response.json()["detail"][0]["msg"]


def test_the_same_points_as_scoring_the_tiles() -> None:
    """For 400 generated hands (tests/handgen.py), without pao or nagashi: /hand/score's han and fu (or yakuman)
    give the same limit, base points and payments through /hand/points' adapter."""
    checked = 0
    for case in generate(seed=13, n=400):
        if case.hand is None or case.ctx.pao_seat_wind is not None:
            continue
        try:
            scored = score_hand(case.hand, case.ctx, case.rules)
        except InvalidInput:  # a generated hand the scorer refuses is not this test's subject
            continue
        yakuman = sum(y.multiplier for y in scored.yakuman)
        han = 0 if yakuman else scored.han
        limit, base, paid = hand_points(han, scored.fu, yakuman, case.ctx.is_dealer, case.ctx.is_tsumo,
                                        case.ctx.honba, case.ctx.riichi_sticks, case.rules)
        assert (limit, base, paid) == (scored.limit, scored.base_points, scored.points), case.describe()
        checked += 1
    assert checked > 300
