"""POST /match/settle, hand-checked: every result kind and every settlement option, each expectation worked
out from the standard table (riichi.wiki "Japanese mahjong scoring rules") and the contract's rules.

Seats are 0-3 with seat 0 the starting dealer, so the dealer of hand N of a wind is seat N-1.
"""

from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import app

client = TestClient(app)
Row = tuple[int | None, int | None, int, str]  # from_seat, to_seat, points, kind


def state(wind: str = "east", number: int = 1, honba: int = 0, sticks: int = 0,
          scores: list[int] | None = None, **more: Any) -> dict[str, Any]:
    return {"round_wind": wind, "round_number": number, "honba": honba, "riichi_sticks": sticks,
            "scores": scores or [25000] * 4} | more


def settle(hand: dict[str, Any], scoreboard: dict[str, Any] | None = None,
           rules: dict[str, Any] | None = None) -> dict[str, Any]:
    response = client.post("/match/settle", json={"rules": rules or {"preset": "tenhou"},
                                                   "state": scoreboard or state(), "hand": hand})
    assert response.status_code == 200, response.json()
    body: dict[str, Any] = response.json()
    return body


def rows(body: dict[str, Any]) -> list[Row]:
    return [(p["from_seat"], p["to_seat"], p["points"], p["kind"]) for p in body["payments"]]


def ron(*wins: tuple[int, int, dict[str, Any]], **more: Any) -> dict[str, Any]:
    """(winner, discarder, value) per win."""
    return {"result": "ron", "wins": [{"winner": w, "from_seat": d} | value for w, d, value in wins]} | more


def tsumo(winner: int, value: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"result": "tsumo", "wins": [{"winner": winner} | value]} | more


def han(h: int, fu: int | None = None) -> dict[str, Any]:
    return {"han": h} if fu is None else {"han": h, "fu": fu}


def next_round(body: dict[str, Any]) -> tuple[str, int, int, int, int]:
    n = body["end_check"]["next_round"]
    return n["round_wind"], n["round_number"], n["dealer_seat"], n["honba"], n["riichi_sticks"]


def test_the_contract_example() -> None:
    body = settle(ron((2, 0, han(3, 40)), riichi=[2]))
    assert body["deltas"] == [-5200, 0, 5200, 0]
    assert rows(body) == [(2, None, 1000, "riichi_deposit"), (0, 2, 5200, "win"), (None, 2, 1000, "riichi_sticks")]
    assert [{k: w[k] for k in ("winner", "han", "fu", "limit", "points")} for w in body["wins"]] == [
        {"winner": 2, "han": 3, "fu": 40, "limit": "none", "points": 5200}]
    assert (body["scores"], body["riichi_sticks"]) == ([19800, 25000, 30200, 25000], 0)
    assert body["end_check"]["reason"] == "dealer_rotation"
    assert body["next_state"] == {"round_wind": "east", "round_number": 2, "dealer_seat": 1, "honba": 0,
                                  "riichi_sticks": 0, "lap": 0, "starting_dealer_seat": 0,
                                  "scores": [19800, 25000, 30200, 25000], "penalties": [0, 0, 0, 0]}


def test_ron_with_honba_and_sticks_on_the_table() -> None:
    """2 han 40 fu non-dealer ron 2,600; 2 honba 600 from the discarder; the stick on the table and the
    winner's own deposit come back: 2,000."""
    body = settle(ron((1, 3, han(2, 40)), riichi=[1]), state(honba=2, sticks=1))
    assert rows(body) == [(1, None, 1000, "riichi_deposit"), (3, 1, 2600, "win"), (3, 1, 600, "honba"),
                          (None, 1, 2000, "riichi_sticks")]
    assert body["deltas"] == [0, 4200, 0, -3200]
    assert body["wins"][0] | {"score": None} == {"winner": 1, "han": 2, "fu": 40, "limit": "none", "points": 2600,
                                                 "honba_bonus": 600, "riichi_sticks_bonus": 2000, "score": None}
    assert next_round(body) == ("east", 2, 1, 0, 0)


def test_dealer_tsumo_with_a_honba() -> None:
    """Dealer 3 han 30 fu tsumo: 2,000 all, and 100 a honba from each."""
    body = settle(tsumo(0, han(3, 30)), state(honba=1))
    assert rows(body) == [(1, 0, 2000, "win"), (2, 0, 2000, "win"), (3, 0, 2000, "win"),
                          (1, 0, 100, "honba"), (2, 0, 100, "honba"), (3, 0, 100, "honba")]
    assert body["deltas"] == [6300, -2100, -2100, -2100]
    assert next_round(body) == ("east", 1, 0, 2, 0)


def test_non_dealer_mangan_tsumo() -> None:
    """East 2 (seat 1 deals): a non-dealer mangan tsumo is 4,000 from the dealer and 2,000 from the others."""
    body = settle(tsumo(3, han(5)), state(number=2))
    assert sorted(rows(body)) == [(0, 3, 2000, "win"), (1, 3, 4000, "win"), (2, 3, 2000, "win")]
    assert body["wins"][0]["limit"] == "mangan" and body["wins"][0]["fu"] is None


def test_double_ron_with_the_dealer_among_the_winners() -> None:
    """East 3 (seat 2 deals), seat 1 deals in to the dealer (3 han 30 fu: 5,800) and to seat 0 (2 han 30 fu:
    2,000). Seat 2 is first in turn order after seat 1: under Tenhou's rules it takes the honba and the sticks
    (one on the table and seat 0's deposit). The dealer won, so it keeps the seat."""
    body = settle(ron((0, 1, han(2, 30)), (2, 1, han(3, 30)), riichi=[0]), state(number=3, honba=1, sticks=1))
    assert rows(body) == [(0, None, 1000, "riichi_deposit"), (1, 2, 5800, "win"), (1, 2, 300, "honba"),
                          (None, 2, 2000, "riichi_sticks"), (1, 0, 2000, "win")]
    assert body["deltas"] == [1000, -8100, 8100, 0]
    assert [w["winner"] for w in body["wins"]] == [2, 0]
    assert (body["end_check"]["reason"], next_round(body)) == ("dealer_repeat", ("east", 3, 2, 2, 0))


def test_double_ron_with_honba_to_each_winner() -> None:
    """multi_ron_honba each_winner: both winners are paid the honba; the sticks still go to the first."""
    body = settle(ron((0, 1, han(2, 30)), (2, 1, han(3, 30)), riichi=[0]), state(number=3, honba=1, sticks=1),
                  {"preset": "tenhou", "multi_ron_honba": "each_winner"})
    assert rows(body)[-2:] == [(1, 0, 2000, "win"), (1, 0, 300, "honba")]
    assert body["deltas"] == [1300, -8400, 8100, 0]


def test_triple_ron_under_triple() -> None:
    """Mahjong Soul pays every ron: the dealer (seat 0) deals in to seats 1, 2 and 3, 1 han 30 fu each (1,000);
    honba to each winner, the sticks to seat 1, first after the discarder."""
    body = settle(ron((3, 0, han(1, 30)), (1, 0, han(1, 30)), (2, 0, han(1, 30))), state(honba=1, sticks=2),
                  {"preset": "mahjong_soul"})
    assert rows(body) == [(0, 1, 1000, "win"), (0, 1, 300, "honba"), (None, 1, 2000, "riichi_sticks"),
                          (0, 2, 1000, "win"), (0, 2, 300, "honba"), (0, 3, 1000, "win"), (0, 3, 300, "honba")]
    assert body["deltas"] == [-3900, 3300, 1300, 1300]
    assert next_round(body) == ("east", 2, 1, 0, 0)


def test_triple_ron_is_sanchahou_under_double() -> None:
    request = {"rules": {"preset": "tenhou"}, "state": state(),
               "hand": ron((3, 0, han(1, 30)), (1, 0, han(1, 30)), (2, 0, han(1, 30)))}
    (problem,) = client.post("/match/settle", json=request).json()["detail"]
    assert problem["type"] == "inconsistent_state" and "sanchahou" in problem["msg"]
    body = settle({"result": "abortive_draw", "abortive": "sanchahou", "riichi": [1]}, state(honba=1))
    assert rows(body) == [(1, None, 1000, "riichi_deposit")]
    assert (body["riichi_sticks"], next_round(body)) == (1, ("east", 1, 0, 2, 1))


def test_atamahane_takes_one_winner() -> None:
    request = {"rules": {"preset": "mleague"}, "state": state(),
               "hand": ron((1, 0, han(1, 30)), (2, 0, han(1, 30)))}
    (problem,) = client.post("/match/settle", json=request).json()["detail"]
    assert problem["loc"] == ["body", "hand", "wins"] and "atamahane" in problem["msg"]
    assert settle(ron((1, 0, han(1, 30))), rules={"preset": "mleague"})["deltas"] == [-1000, 1000, 0, 0]


@pytest.mark.parametrize("tenpai,deltas", [
    ([2], [-1000, -1000, 3000, -1000]),
    ([1, 2], [-1500, 1500, 1500, -1500]),
    ([0, 1, 3], [1000, 1000, -3000, 1000]),
    ([], [0, 0, 0, 0]),
    ([0, 1, 2, 3], [0, 0, 0, 0]),
])
def test_noten_payments_3000_in_all(tenpai: list[int], deltas: list[int]) -> None:
    body = settle({"result": "draw", "tenpai": tenpai})
    assert body["deltas"] == deltas
    assert all(kind == "tenpai_payment" for *_, kind in rows(body))
    keeps = 0 in tenpai
    assert body["end_check"]["reason"] == ("dealer_repeat" if keeps else "dealer_rotation")
    assert next_round(body) == ("east", 1 if keeps else 2, 0 if keeps else 1, 1, 0)


def test_riichi_deposits_stay_on_the_table_at_a_draw() -> None:
    body = settle({"result": "draw", "riichi": [1, 3], "tenpai": [1, 3]}, state(number=2, honba=1, sticks=1))
    assert body["deltas"] == [-1500, 500, -1500, 500]
    assert body["riichi_sticks"] == 3
    assert next_round(body) == ("east", 2, 1, 2, 3)  # seat 1, the dealer, is tenpai


def test_nagashi_mangan_by_two_seats() -> None:
    """Each nagashi is paid as a mangan tsumo, without honba and instead of the tenpai payments; the sticks
    stay; the dealer's tenpai keeps the seat (Tenhou: nagashi_renchan dealer_tenpai)."""
    body = settle({"result": "draw", "tenpai": [0], "nagashi": [2, 1], "riichi": [3]}, state(honba=1, sticks=1))
    assert rows(body) == [(3, None, 1000, "riichi_deposit"),
                          (0, 1, 4000, "nagashi_mangan"), (2, 1, 2000, "nagashi_mangan"), (3, 1, 2000, "nagashi_mangan"),
                          (0, 2, 4000, "nagashi_mangan"), (1, 2, 2000, "nagashi_mangan"), (3, 2, 2000, "nagashi_mangan")]
    assert body["deltas"] == [-8000, 6000, 6000, -5000]
    assert (body["riichi_sticks"], next_round(body)) == (2, ("east", 1, 0, 2, 2))


def test_dealer_nagashi_is_4000_all() -> None:
    body = settle({"result": "draw", "nagashi": [0]})
    assert body["deltas"] == [12000, -4000, -4000, -4000]


def test_pao_on_tsumo_the_liable_player_pays_all() -> None:
    """Tenhou: on tsumo the liable player pays the whole yakuman and the honba."""
    body = settle(tsumo(1, {"yakuman": 1, "pao_seat": 3}), state(honba=1))
    assert rows(body) == [(3, 1, 32000, "pao"), (3, 1, 300, "honba")]


def test_pao_on_ron_split_with_the_honba_to_the_liable_player() -> None:
    """Tenhou: on ron the discarder and the liable player pay half each, the liable player the honba."""
    body = settle(ron((1, 0, {"yakuman": 1, "pao_seat": 3})), state(honba=1))
    assert rows(body) == [(0, 1, 16000, "win"), (3, 1, 16000, "pao"), (3, 1, 300, "honba")]


def test_pao_on_ron_with_the_honba_to_the_discarder() -> None:
    """EMA: "only the discarder pays for any counters"."""
    body = settle(ron((1, 0, {"yakuman": 1, "pao_seat": 3})), state(honba=1, scores=[30000] * 4), {"preset": "ema"})
    assert rows(body) == [(0, 1, 16000, "win"), (3, 1, 16000, "pao"), (0, 1, 300, "honba")]


def test_pao_for_one_yakuman_of_a_double() -> None:
    """Mahjong Soul: the liable player answers for the pao yakuman (32,000 on a non-dealer tsumo) and pays
    its share of the rest as usual (8,000); the dealer pays 16,000 and the other 8,000."""
    body = settle(tsumo(1, {"yakuman": 2, "pao_seat": 3, "pao_yakuman": 1}), rules={"preset": "mahjong_soul"})
    assert sorted(rows(body)) == [(0, 1, 16000, "win"), (2, 1, 8000, "win"), (3, 1, 40000, "pao")]


def test_pao_from_tiles() -> None:
    """Daisangen with the third dragon pon called from seat 3, won by ron on seat 0's discard."""
    hand = {"tiles": "12399m", "win_tile": "3m",
            "melds": [{"type": "pon", "tiles": "555z"}, {"type": "pon", "tiles": "666z"}, {"type": "pon", "tiles": "777z"}]}
    body = settle(ron((1, 0, {"hand": hand, "pao_seat": 3})))
    assert rows(body) == [(0, 1, 16000, "win"), (3, 1, 16000, "pao")]
    assert body["wins"][0]["score"]["yakuman"][0]["id"] == "daisangen"


def test_chombo_paid_as_a_mangan() -> None:
    """A non-dealer pays 4,000 to the dealer and 2,000 to the others; the hand's riichi deposit is returned and
    the hand replayed with the same honba."""
    body = settle({"result": "chombo", "chombo": 2, "riichi": [1]}, state(honba=1, sticks=1))
    assert rows(body) == [(2, 0, 4000, "chombo"), (2, 1, 2000, "chombo"), (2, 3, 2000, "chombo")]
    assert body["deltas"] == [4000, 2000, -8000, 2000]
    assert (body["riichi_sticks"], next_round(body)) == (1, ("east", 1, 0, 1, 1))


def test_dealer_chombo_pays_4000_to_each() -> None:
    body = settle({"result": "chombo", "chombo": 1}, state(number=2))
    assert body["deltas"] == [4000, -12000, 4000, 4000]
    assert next_round(body) == ("east", 2, 1, 0, 0)


def test_chombo_as_a_penalty_is_carried_to_the_end() -> None:
    """EMA: -20,000 after uma, nothing paid now."""
    body = settle({"result": "chombo", "chombo": 2}, state(scores=[30000] * 4, penalties=[0, 20000, 0, 0]),
                  {"preset": "ema"})
    assert (body["deltas"], body["payments"]) == ([0, 0, 0, 0], [])
    assert body["penalties"] == body["next_state"]["penalties"] == [0, 20000, 20000, 0]


@pytest.mark.parametrize("kind", ["kyuushu_kyuuhai", "suufon_renda", "suukaikan"])
def test_abortive_draws_repeat_the_hand(kind: str) -> None:
    body = settle({"result": "abortive_draw", "abortive": kind}, state(wind="south", number=2, honba=3))
    assert body["deltas"] == [0, 0, 0, 0]
    assert (body["end_check"]["reason"], next_round(body)) == ("dealer_repeat", ("south", 2, 1, 4, 0))


def test_suucha_riichi_leaves_four_sticks() -> None:
    body = settle({"result": "abortive_draw", "abortive": "suucha_riichi", "riichi": [0, 1, 2, 3]})
    assert (body["deltas"], body["riichi_sticks"]) == ([-1000] * 4, 4)


def test_abortive_draw_passes_the_seat_without_renchan() -> None:
    body = settle({"result": "abortive_draw", "abortive": "kyuushu_kyuuhai"},
                  rules={"preset": "tenhou", "abortive_draw_renchan": False})
    assert next_round(body) == ("east", 2, 1, 1, 0)


def test_riichi_below_1000_where_allowed() -> None:
    """M.League: riichi with less than 1,000 points is allowed (no tobi either)."""
    body = settle({"result": "draw", "riichi": [3], "tenpai": [3]}, state(scores=[35000, 30000, 35000, 500]),
                  {"preset": "mleague"})
    assert body["scores"] == [34000, 29000, 34000, 2500]


def test_noten_payment_off() -> None:
    assert settle({"result": "draw", "tenpai": [1]}, rules={"preset": "tenhou", "noten_payment": 0})["payments"] == []


def test_a_win_from_tiles_scores_as_hand_score_with_the_seats_filled_in() -> None:
    """The contract's /hand/score hand won by the dealer on seat 2's discard after riichi: the context's seat
    winds, win and riichi come from the scoreboard; the score shows the honba and sticks it collected."""
    win = {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"dora_indicators": ["3m"]}}
    body = settle(ron((0, 2, win), riichi=[0]), state(honba=1, sticks=1))
    assert rows(body) == [(0, None, 1000, "riichi_deposit"), (2, 0, 11600, "win"), (2, 0, 300, "honba"),
                          (None, 0, 2000, "riichi_sticks")]
    score = body["wins"][0]["score"]
    direct = client.post("/hand/score", json={
        "hand": win["hand"], "context": {"win": "ron", "seat_wind": "east", "discarder_seat_wind": "west",
                                         "riichi": True, "dora_indicators": ["3m"], "honba": 1, "riichi_sticks": 2}})
    assert score == direct.json()
    assert (score["han"], score["points"]["total"]) == (4, 13900)


def test_context_fields_sent_must_agree() -> None:
    win = {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"},
           "context": {"seat_wind": "east", "discarder_seat_wind": "west", "win": "ron", "round_wind": "east",
                       "riichi": True, "honba": 1, "riichi_sticks": 2}}
    assert settle(ron((0, 2, win), riichi=[0]), state(honba=1, sticks=1))["deltas"][0] == 7100  # 5,800 + 300 + 2,000 - 1,000


def test_three_player_ron_with_tenhous_200_point_honba() -> None:
    """Tenhou three-player: a ron is paid as in four-player (3 han 30 fu non-dealer: 3,900), a honba 200."""
    body = settle(ron((2, 1, han(3, 30))), state(honba=1, scores=[35000] * 3), {"preset": "tenhou_sanma"})
    assert rows(body) == [(1, 2, 3900, "win"), (1, 2, 200, "honba")]
    assert next_round(body) == ("east", 2, 1, 0, 0)


def test_three_player_double_ron() -> None:
    body = settle(ron((1, 0, han(1, 30)), (2, 0, han(2, 30))), state(scores=[35000] * 3), {"preset": "tenhou_sanma"})
    assert body["deltas"] == [-3000, 1000, 2000]


@pytest.mark.parametrize("tenpai,deltas", [([1], [-1000, 2000, -1000]), ([0, 2], [1000, -2000, 1000])])
def test_three_player_noten_payments_2000_in_all(tenpai: list[int], deltas: list[int]) -> None:
    assert settle({"result": "draw", "tenpai": tenpai}, state(scores=[35000] * 3),
                  {"preset": "tenhou_sanma"})["deltas"] == deltas


def test_three_player_chombo() -> None:
    """The offender pays a mangan as if it had lost a tsumo: 4,000 to the dealer, 2,000 to the other."""
    body = settle({"result": "chombo", "chombo": 1}, state(scores=[35000] * 3), {"preset": "tenhou_sanma"})
    assert body["deltas"] == [4000, -6000, 2000]


def test_three_player_abortive_draws() -> None:
    body = settle({"result": "abortive_draw", "abortive": "kyuushu_kyuuhai"}, state(scores=[35000] * 3),
                  {"preset": "tenhou_sanma"})
    assert next_round(body) == ("east", 1, 0, 1, 0)


def test_three_player_tsumo_with_tsumo_loss() -> None:
    """CONTRACT.md, sanma: with tsumo_loss a non-dealer mangan tsumo is 4,000 from the dealer and 2,000 from the
    other; the absent seat's 2,000 is lost."""
    body = settle(tsumo(1, han(5)), state(scores=[35000] * 3), {"preset": "tenhou_sanma", "tsumo_loss": True})
    assert sorted(rows(body)) == [(0, 1, 4000, "win"), (2, 1, 2000, "win")]


def test_three_player_tsumo_without_tsumo_loss() -> None:
    """Without tsumo_loss each payer also pays half the absent seat's share, rounded up to 100: 5,000 and 3,000."""
    body = settle(tsumo(1, han(5)), state(scores=[35000] * 3), {"preset": "tenhou_sanma", "tsumo_loss": False})
    assert sorted(rows(body)) == [(0, 1, 5000, "win"), (2, 1, 3000, "win")]


def test_three_player_nagashi_mangan() -> None:
    body = settle({"result": "draw", "nagashi": [2]}, state(scores=[35000] * 3),
                  {"preset": "tenhou_sanma", "tsumo_loss": True})
    assert body["deltas"] == [-4000, -2000, 6000]
