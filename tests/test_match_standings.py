"""Standings: order and ranks while the match goes on; leftover sticks, oka and uma once it is over."""

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from app.main import app
from app.match.rules import MATCH_PRESETS, resolve_match_rules
from app.match.standings import final_standings

client = TestClient(app)


def standings(rules: dict[str, Any], scores: list[int], sticks: int = 0, **state: Any) -> list[dict[str, Any]]:
    """Standings after South 4 ended in a draw with the dealer noten: the match is over (no goal)."""
    request = {
        "rules": rules | {"goal_score": None},
        "state": {"round_wind": "south", "round_number": 4, "riichi_sticks": sticks, "scores": scores} | state,
        "last_hand": {"result": "draw", "dealer_tenpai": False},
    }
    response = client.post("/match/end-check", json=request)
    assert response.status_code == 200, response.json()
    assert response.json()["game_over"]
    result: list[dict[str, Any]] = response.json()["standings"]
    return result


def rows(table: list[dict[str, Any]], *keys: str) -> list[tuple[Any, ...]]:
    return [tuple(row[key] for key in keys) for row in table]


def test_tenhou_oka_and_uma_10_20() -> None:
    """Tenhou: 25,000 start, 30,000 return (oka 20 to first), uma +20/+10/-10/-20."""
    table = standings({"preset": "tenhou"}, [38700, 26300, 21000, 14000])
    assert rows(table, "seat", "rank", "oka", "uma", "score") == [
        (0, 1, 20.0, 20.0, 48.7),
        (1, 2, 0.0, 10.0, 6.3),
        (2, 3, 0.0, -10.0, -19.0),
        (3, 4, 0.0, -20.0, -36.0),
    ]


def test_mahjong_soul_counts_from_25000_without_oka() -> None:
    """Mahjong Soul default room rule: settlement base 25,000, uma +15/+5/-5/-15."""
    table = standings({"preset": "mahjong_soul"}, [42000, 30000, 18000, 10000])
    assert rows(table, "seat", "score") == [(0, 32.0), (1, 10.0), (2, -12.0), (3, -30.0)]


def test_mleague_shared_second_place_splits_uma_and_keeps_ranks_equal() -> None:
    """M.League: placement points +30/+10/-10/-30, shared on equal points."""
    table = standings({"preset": "mleague"}, [40000, 25000, 25000, 10000])
    assert rows(table, "seat", "rank", "uma", "score") == [
        (0, 1, 30.0, 60.0),
        (1, 2, 0.0, -5.0),
        (2, 2, 0.0, -5.0),
        (3, 4, -30.0, -50.0),
    ]


def test_mleague_shared_first_splits_oka_uma_and_sticks() -> None:
    table = standings({"preset": "mleague"}, [34000, 34000, 20000, 10000], sticks=2)
    assert rows(table, "seat", "points", "rank", "leftover_riichi_points", "oka", "uma", "score") == [
        (0, 35000, 1, 1000, 10.0, 20.0, 35.0),
        (1, 35000, 1, 1000, 10.0, 20.0, 35.0),
        (2, 20000, 3, 0, 0.0, -10.0, -20.0),
        (3, 10000, 4, 0, 0.0, -30.0, -50.0),
    ]


def test_wrc_has_no_oka() -> None:
    """WRC: session score = (points - 30,000) / 1,000 + uma (+15/+5/-5/-15)."""
    table = standings({"preset": "wrc"}, [40000, 30000, 30000, 20000])
    assert rows(table, "seat", "rank", "oka", "uma", "score") == [
        (0, 1, 0.0, 15.0, 25.0),
        (1, 2, 0.0, 0.0, 0.0),
        (2, 2, 0.0, 0.0, 0.0),
        (3, 4, 0.0, -15.0, -25.0),
    ]


def test_three_way_shared_first_rounds_each_share_to_a_tenth() -> None:
    table = standings({"preset": "tenhou", "tie_break": "shared"}, [30000, 30000, 30000, 10000])
    assert rows(table, "rank", "oka", "uma", "score") == [
        (1, 6.7, 6.7, 13.3),
        (1, 6.7, 6.7, 13.3),
        (1, 6.7, 6.7, 13.3),
        (4, 0.0, -20.0, -40.0),
    ]


def test_seat_order_ties_follow_the_starting_dealer() -> None:
    """Tenhou: equal points go to the seat that dealt earlier (here seat 2 dealt East 1)."""
    table = standings({"preset": "tenhou"}, [30000, 20000, 30000, 20000], starting_dealer_seat=2)
    assert rows(table, "seat", "rank", "uma") == [(2, 1, 20.0), (0, 2, 10.0), (3, 3, -10.0), (1, 4, -20.0)]


def test_while_the_match_goes_on_there_is_no_result_yet() -> None:
    request = {
        "rules": {"preset": "wrc"},
        "state": {"round_wind": "east", "round_number": 1, "scores": [30000, 36000, 30000, 24000]},
        "last_hand": {"result": "win", "winners": [1]},
    }
    table = client.post("/match/end-check", json=request).json()["standings"]
    assert rows(table, "seat", "points", "rank", "leftover_riichi_points", "oka", "uma", "score") == [
        (1, 36000, 1, 0, None, None, None),
        (0, 30000, 2, 0, None, None, None),
        (2, 30000, 2, 0, None, None, None),
        (3, 24000, 4, 0, None, None, None),
    ]


@pytest.mark.parametrize("preset", MATCH_PRESETS)
@settings(max_examples=60, deadline=None)
@given(cut=st.lists(st.integers(0, 1000), min_size=3, max_size=3), sticks=st.integers(0, 8))
def test_scores_add_up_to_zero_on_a_whole_table(preset: str, cut: list[int], sticks: int) -> None:
    """Points that add up to four starting stacks (sticks included) give scores that add up to zero,
    give or take the rounding of shares to a tenth and what a split of the sticks rounds away."""
    rules = resolve_match_rules(preset, {})
    total = 4 * rules.start_points - 1000 * sticks
    bounds = sorted(c * total // 1000 // 100 * 100 for c in cut)
    scores = tuple(high - low for low, high in zip([0, *bounds], [*bounds, total], strict=True))
    table = final_standings(scores, sticks, 0, rules)
    lost = total + 1000 * sticks - sum(standing.points for standing in table)  # split shares round down to 100
    assert 0 <= lost <= 200
    assert sum(standing.score or 0 for standing in table) == pytest.approx(-lost / 1000, abs=0.2)
