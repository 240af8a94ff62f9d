"""Standings: order and ranks while the match goes on; leftover sticks, oka and uma once it is over."""

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from app.main import app
from app.match.rules import resolve_match_rules
from app.match.standings import final_standings
from app.scoring.rules import PRESETS

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


def test_tenhou_sanma_oka_15_and_uma_20() -> None:
    """Tenhou three-player: 35,000 start, 40,000 return (oka 15 to first), uma +20/0/-20."""
    table = standings({"preset": "tenhou_sanma"}, [50000, 35000, 20000], round_number=3)
    assert rows(table, "seat", "rank", "oka", "uma", "score") == [
        (0, 1, 15.0, 20.0, 45.0),
        (1, 2, 0.0, 0.0, -5.0),
        (2, 3, 0.0, -20.0, -40.0),
    ]


def test_mahjong_soul_sanma_has_no_oka_and_uma_15() -> None:
    table = standings({"preset": "mahjong_soul_sanma"}, [50000, 35000, 20000], round_number=3)
    assert rows(table, "seat", "score") == [(0, 30.0), (1, 0.0), (2, -30.0)]


JPML_UMA = [[12, -1, -3, -8], [8, 4, -4, -8], [8, 3, 1, -12]]


@pytest.mark.parametrize("scores,uma", [
    ([45000, 29000, 26000, 20000], [12.0, -1.0, -3.0, -8.0]),  # one player at or above 30,000
    ([40000, 30000, 28000, 22000], [8.0, 4.0, -4.0, -8.0]),  # two: 30,000 itself floats
    ([36000, 33000, 31000, 20000], [8.0, 3.0, 1.0, -12.0]),  # three
    ([30000, 30000, 30000, 30000], [15.0, 5.0, -5.0, -15.0]),  # all four: plain uma
])
def test_floating_uma_by_how_many_finish_at_or_above_the_start(scores: list[int], uma: list[float]) -> None:
    """JPML-style floating uma (riichi.wiki "Oka and uma", Floating uma): the row for the number of
    players at or above the start; WRC's start 30,000 and plain uma +15/+5/-5/-15 otherwise."""
    table = standings({"preset": "wrc", "floating_uma": JPML_UMA, "tie_break": "seat_order"}, scores)
    assert [row["uma"] for row in table] == uma
    assert sum(row["score"] for row in table) == pytest.approx(0)


def test_tenhou_until_2020_rounds_to_the_thousand_and_first_balances() -> None:
    """Wikipedia, Japanese Mahjong scoring rules (Final points and place): A 43,600, B 14,500, C 15,400,
    D 26,500 -> B 15, C 15, D 27 and A takes the rest: +33 before uma, here +53 with 10-20."""
    table = standings({"preset": "tenhou", "final_rounding": "thousands_first_balances"},
                      [43600, 14500, 15400, 26500])
    assert rows(table, "seat", "score") == [(0, 53.0), (3, 7.0), (2, -25.0), (1, -35.0)]


def test_rounding_halves_go_away_from_zero() -> None:
    """24,500 -> 25 and -1,500 -> -2."""
    table = standings({"preset": "tenhou", "final_rounding": "thousands_first_balances"},
                      [56500, 24500, 20500, -1500])
    assert rows(table, "seat", "score") == [(0, 66.0), (1, 5.0), (2, -19.0), (3, -52.0)]


def test_penalties_are_taken_from_the_final_score() -> None:
    """M.League: a chombo costs 20 points after uma (state.penalties carries 20,000)."""
    table = standings({"preset": "mleague"}, [40000, 30000, 20000, 10000], penalties=[0, 20000, 0, 0])
    assert rows(table, "seat", "penalty", "score") == [(0, 0, 60.0), (1, 20000, -10.0), (2, 0, -20.0), (3, 0, -50.0)]


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=60, deadline=None)
@given(cut=st.lists(st.integers(0, 1000), min_size=3, max_size=3), sticks=st.integers(0, 8))
def test_scores_add_up_to_zero_on_a_whole_table(preset: str, cut: list[int], sticks: int) -> None:
    """Points that add up to a starting stack per player (sticks included) give scores that add up to zero,
    give or take the rounding of shares to a tenth and what a split of the sticks rounds away."""
    rules = resolve_match_rules(preset, {})
    total = rules.players * rules.start_points - 1000 * sticks
    bounds = sorted(c * total // 1000 // 100 * 100 for c in cut[: rules.players - 1])
    scores = tuple(high - low for low, high in zip([0, *bounds], [*bounds, total], strict=True))
    table = final_standings(scores, sticks, 0, rules)
    lost = total + 1000 * sticks - sum(standing.points for standing in table)  # split shares round down to 100
    assert 0 <= lost <= 200
    assert sum(standing.score or 0 for standing in table) == pytest.approx(-lost / 1000, abs=0.2)
