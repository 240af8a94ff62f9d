"""Whole matches replayed from their hands to their final standings, one per preset, every hand worked out by
hand (the running scores in the comments, by seat; seat 0 deals East 1)."""

from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import app

client = TestClient(app)


def ron(winner: int, discarder: int, han: int, fu: int | None = None, **more: Any) -> dict[str, Any]:
    value = {"han": han} if fu is None else {"han": han, "fu": fu}
    return {"result": "ron", "wins": [{"winner": winner, "from_seat": discarder} | value]} | more


def tsumo(winner: int, han: int, fu: int | None = None, **more: Any) -> dict[str, Any]:
    value = {"han": han} if fu is None else {"han": han, "fu": fu}
    return {"result": "tsumo", "wins": [{"winner": winner} | value]} | more


def draw(*tenpai: int, **more: Any) -> dict[str, Any]:
    return {"result": "draw", "tenpai": list(tenpai)} | more


# A Tenhou-style hanchan that ends by agariyame in South 4.
HANCHAN = [
    ron(2, 0, 3, 40, riichi=[2]),  # E1: 5,200 and the stick to seat 2        19800 25000 30200 25000
    draw(1, 3),  # E2: 1,500 from each noten seat; the dealer (1) is tenpai     18300 26500 28700 26500
    tsumo(3, 4, 30),  # E2-1: 2,000/3,900 and 100 a honba                        16200 22500 26600 34700
    ron(0, 1, 2, 30, riichi=[0, 2]),  # E3: 2,000 and two sticks                 19200 20500 25600 34700
    {"result": "abortive_draw", "abortive": "kyuushu_kyuuhai"},  # E4: repeated, honba 1
    ron(3, 2, 2, 30),  # E4-1: the dealer's 2,900 and 300                        19200 20500 22400 37900
    {"result": "ron", "wins": [{"winner": 0, "from_seat": 1, "han": 1, "fu": 30},  # E4-2: double ron; seat 2
                               {"winner": 2, "from_seat": 1, "han": 5}]},  # is first after seat 1
    draw(),  # S1: everyone noten, the seat passes, honba 1
    tsumo(3, 5, riichi=[3]),  # S2-1: mangan 4,000/2,000, 100 a honba, the stick back
    ron(1, 3, 3, 30),  # S3: 3,900
    tsumo(3, 1, 30),  # S4: the dealer, first above 30,000, wins 500 all: agariyame
]
# An M.League-style hanchan: a chombo carried as a penalty, no agariyame in South 4.
TOURNAMENT = [
    ron(1, 0, 2, 30),  # E1: 2,000                                               23000 27000 25000 25000
    {"result": "chombo", "chombo": 2},  # E2: a penalty for seat 2; the hand is replayed
    draw(2),  # E2: seat 2 alone tenpai: 3,000                                   22000 26000 28000 24000
    ron(3, 2, 5),  # E3-1: mangan 8,000 and 300                                  22000 26000 19700 32300
    tsumo(0, 2, 40),  # E4: 700/1,300                                            24700 25300 19000 31000
    ron(3, 1, 1, 30),  # S1: 1,000                                               24700 24300 19000 32000
    draw(),  # S2: everyone noten, honba 1
    ron(0, 2, 3, 30, riichi=[0]),  # S3-1: 3,900, 300 and the stick back         28900 24300 14800 32000
    ron(3, 1, 2, 30),  # S4: the dealer's 2,900; no agariyame, so it goes on      28900 21400 14800 34900
    ron(2, 3, 1, 30),  # S4-1: 1,000 and 300; the dealer lost: the end            28900 21400 16100 33600
]
# An EMA hanchan: a double ron with the honba to each winner, a chombo penalty.
EMA_HANCHAN = [
    {"result": "ron", "riichi": [1], "wins": [{"winner": 0, "from_seat": 3, "han": 2, "fu": 30},  # E1: 2,900 and the
                                              {"winner": 1, "from_seat": 3, "han": 1, "fu": 30}]},  # stick to seat 0
    draw(0, 2),  # E1-1: 1,500 from seats 1 and 3                                35400 28500 31500 24600
    ron(2, 0, 5),  # E1-2: mangan 8,000 and 600                                  26800 28500 40100 24600
    {"result": "chombo", "chombo": 3},  # E2: a 20,000 penalty for seat 3; replayed
    tsumo(1, 2, 30),  # E2: the dealer's 1,000 all                               25800 31500 39100 23600
    ron(3, 2, 3, 40),  # E2-1: 5,200 and 300                                     25800 31500 33600 29100
    ron(0, 1, 1, 30),  # E3: 1,000                                               26800 30500 33600 29100
    draw(),  # E4: everyone noten, honba 1
    tsumo(2, 1, 30),  # S1-1: 300/500 and 100 a honba                            26200 30100 35000 28700
    ron(3, 0, 2, 30),  # S2: 2,000                                               24200 30100 35000 30700
    ron(1, 2, 1, 40),  # S3: 1,300                                               24200 31400 33700 30700
    ron(0, 3, 2, 40),  # S4: 2,600; the dealer lost: the end                     26800 31400 33700 28100
]
# A three-player hanchan (rons, draws and an abortive draw: three-player tsumo waits for the core).
SANMA = [
    ron(1, 2, 5),  # E1: mangan 8,000                                            35000 43000 27000
    draw(0),  # E2: 1,000 from each noten seat                                   37000 42000 26000
    ron(2, 0, 3, 30),  # E3-1: the dealer's 5,800 and 200 (a honba is 200)       31000 42000 32000
    {"result": "abortive_draw", "abortive": "kyuushu_kyuuhai"},  # E3-2: repeated, honba 3
    ron(0, 1, 2, 30),  # E3-3: 2,000 and 600                                     33600 39400 32000
    draw(1, riichi=[1]),  # S1: seat 1's 2,000; its stick stays on the table      32600 40400 31000
    ron(2, 0, 1, 30),  # S2-1: 1,000, 200 and the stick                          31400 40400 33200
    ron(1, 0, 2, 30),  # S3: 2,000; the top has 40,000: the end                  29400 42400 33200
]


@dataclass(frozen=True)
class Match:
    preset: str
    hands: list[dict[str, Any]]
    reason: str
    points: list[int]  # final, by seat
    scores: list[float]  # final, by seat
    penalties: list[int] | None = None


MATCHES = [
    Match("tenhou", HANCHAN, "agariyame", [17600, 10200, 28400, 43800], [-22.4, -39.8, 8.4, 53.8]),
    # Mahjong Soul pays the double ron's honba to both winners: seat 0 +600, seat 1 -600 from E4-2 on.
    Match("mahjong_soul", HANCHAN, "agariyame", [18200, 9600, 28400, 43800], [-11.8, -30.4, 8.4, 33.8]),
    Match("mleague", TOURNAMENT, "all_last_complete", [28900, 21400, 16100, 33600], [8.9, -18.6, -63.9, 53.6],
          [0, 0, 20000, 0]),
    # WRC starts at 30,000 (the same hands, 5,000 more each) and its chombo costs 30,000.
    Match("wrc", TOURNAMENT, "all_last_complete", [33900, 26400, 21100, 38600], [8.9, -8.6, -53.9, 23.6],
          [0, 0, 30000, 0]),
    Match("ema", EMA_HANCHAN, "all_last_complete", [26800, 31400, 33700, 28100], [-18.2, 6.4, 18.7, -26.9],
          [0, 0, 0, 20000]),
    Match("tenhou_sanma", SANMA, "all_last_complete", [29400, 42400, 33200], [-30.6, 37.4, -6.8]),
    Match("mahjong_soul_sanma", SANMA, "all_last_complete", [29400, 42400, 33200], [-20.6, 22.4, -1.8]),
]


def replay(preset: str, hands: list[dict[str, Any]]) -> dict[str, Any]:
    response = client.post("/match/replay", json={"rules": {"preset": preset}, "hands": hands})
    assert response.status_code == 200, response.json()
    body: dict[str, Any] = response.json()
    return body


@pytest.mark.parametrize("match", MATCHES, ids=[m.preset for m in MATCHES])
def test_a_whole_match_to_its_final_standings(match: Match) -> None:
    body = replay(match.preset, match.hands)
    assert body["game_over"]
    assert body["hands"][-1]["end_check"]["reason"] == match.reason
    assert all(hand["next_state"] is not None for hand in body["hands"][:-1])
    by_seat = {standing["seat"]: standing for standing in body["standings"]}
    assert [by_seat[seat]["points"] for seat in range(len(match.points))] == match.points
    assert [by_seat[seat]["score"] for seat in range(len(match.points))] == match.scores
    if match.penalties:
        assert [by_seat[seat]["penalty"] for seat in range(len(match.points))] == match.penalties


def test_replay_equals_settling_hand_by_hand() -> None:
    state = None
    for hand, replayed in zip(HANCHAN, replay("tenhou", HANCHAN)["hands"], strict=True):
        request = {"rules": {"preset": "tenhou"}, "hand": hand,
                   "state": state or {"round_wind": "east", "round_number": 1, "scores": [25000] * 4}}
        settled = client.post("/match/settle", json=request).json()
        assert settled == replayed
        state = settled["next_state"]


def test_replay_from_a_given_state_and_while_the_match_goes_on() -> None:
    """From South 3 with sticks on the table: standings are the current order, sticks not given out."""
    body = client.post("/match/replay", json={
        "rules": {"preset": "tenhou"},
        "state": {"round_wind": "south", "round_number": 3, "honba": 1, "riichi_sticks": 2,
                  "scores": [30000, 25000, 23000, 20000]},
        "hands": [draw(2)]}).json()
    assert body["game_over"] is False
    assert [(s["seat"], s["points"], s["score"]) for s in body["standings"]] == [
        (0, 29000, None), (2, 26000, None), (1, 24000, None), (3, 19000, None)]
    assert body["hands"][0]["next_state"]["riichi_sticks"] == 2
