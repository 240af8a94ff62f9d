"""Three-player mahjong (sanma) on /hand/score, hand-checked against CONTRACT.md "Three-player mahjong" and the
rules of Tenhou's and Mahjong Soul's three-player rooms.

Worked values: a non-dealer mangan tsumo (base 2000) is 4000 from the dealer and 2000 from the other non-dealer;
with tsumo loss the absent North's 2000 is lost (6000 in all), without it each payer adds half of it (1000):
5000 + 3000 = 8000, the ron value. Honba are 200 each in all (100 from each payer on a tsumo).
"""

import pytest
from fastapi.testclient import TestClient

from app.errors import InvalidInput
from app.scoring import WinContext, resolve_hand_rules, score_hand
from tests.helpers import score, yaku_ids

TENHOU3 = "tenhou_sanma"
MS3 = "mahjong_soul_sanma"
# Mahjong Soul's three-player rooms charge tsumo loss by default; north bisection is a room option.
BISECTION = {"tsumo_loss": False}


def payments(result) -> dict[str, int]:
    return {p.payer: p.points for p in result.payments}


def problems(tiles: str, win_tile: str, melds=(), preset: str = TENHOU3, **ctx) -> list[tuple[str, tuple]]:
    with pytest.raises(InvalidInput) as caught:
        score(tiles, win_tile, melds, preset, **ctx)
    return [(p.type, p.loc) for p in caught.value.problems]


# The hand of most cases: 234p 567p 345s 678s 99p, won on 6s (ryanmen): riichi and pinfu, no tanyao (99p).
HAND = ("234p567p345s678s99p", "6s")


def test_a_mangan_tsumo_with_tsumo_loss_pays_the_two_seats_at_the_table() -> None:
    result = score(*HAND, preset=TENHOU3, win="tsumo", riichi=True, dora_indicators=["8p"], seat_wind="south")
    assert yaku_ids(result) == {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "dora": 2}
    assert (result.limit, result.base_points) == ("mangan", 2000)
    assert payments(result) == {"east": 4000, "west": 2000}  # North's 2000 is lost
    assert result.points.total == 6000


def test_without_tsumo_loss_each_payer_adds_half_the_absent_share() -> None:
    result = score(*HAND, preset=MS3, rules=BISECTION, win="tsumo", riichi=True, seat_wind="south")
    assert (result.han, result.fu, result.base_points) == (3, 20, 640)
    # Four-player shares: dealer 1300, non-dealer 700; half of the absent North's 700 is 350, rounded up to 400.
    assert payments(result) == {"east": 1700, "west": 1100}
    assert result.points.total == 2800


def test_a_dealer_tsumo_without_tsumo_loss() -> None:
    result = score(*HAND, preset=MS3, rules=BISECTION, win="tsumo", riichi=True, seat_wind="east",
                   dora_indicators=["1p"])
    assert (result.han, result.fu, result.base_points) == (4, 20, 1280)
    assert payments(result) == {"south": 2600 + 1300, "west": 2600 + 1300}  # and half of North's 2600 each


def test_honba_are_200_each_with_100_from_each_payer_on_a_tsumo() -> None:
    result = score(*HAND, preset=TENHOU3, win="tsumo", riichi=True, seat_wind="south", honba=2)
    assert result.points.honba_bonus == 400
    assert payments(result) == {"east": 1300 + 200, "west": 700 + 200}
    ron = score(*HAND, preset=TENHOU3, riichi=True, seat_wind="south", honba=2, discarder_seat_wind="west")
    assert payments(ron) == {"west": 2000 + 400} and ron.points.honba_bonus == 400


def test_kita_are_one_han_each_and_norths_for_the_dora_indicators() -> None:
    plain = score(*HAND, preset=TENHOU3, riichi=True, seat_wind="south", kita=2)
    assert yaku_ids(plain) == {"riichi": 1, "pinfu": 1, "kita": 2} and plain.points.ron == 7700
    west_indicator = score(*HAND, preset=TENHOU3, riichi=True, seat_wind="south", kita=2, dora_indicators=["3z"],
                           ura_dora_indicators=["3z"])
    assert yaku_ids(west_indicator) == {"riichi": 1, "pinfu": 1, "kita": 2, "dora": 2, "ura_dora": 2}
    assert (west_indicator.limit, west_indicator.points.ron) == ("baiman", 16000)


def test_kita_never_stand_beside_a_yakuman_and_do_not_open_the_hand() -> None:
    kokushi = score("19m19p19s11234567z", "1z", preset=TENHOU3, kita=1, seat_wind="south")
    assert kokushi.yaku == () and [y.id for y in kokushi.yakuman] == ["kokushi_musou_13"]
    closed = score("234p567p345s678s99p", "6s", preset=TENHOU3, riichi=True, seat_wind="west", kita=4,
                   win="tsumo")
    assert "menzen_tsumo" in yaku_ids(closed) and "pinfu" in yaku_ids(closed)


def test_a_win_on_the_replacement_tile_after_a_kita_is_rinshan() -> None:
    result = score(*HAND, preset=TENHOU3, win="tsumo", seat_wind="south", kita=1, rinshan=True)
    assert yaku_ids(result) == {"menzen_tsumo": 1, "rinshan": 1, "pinfu": 1, "kita": 1}
    assert problems("234p567p345s678s99p", "6s", win="tsumo", seat_wind="south", rinshan=True) == [
        ("inconsistent_context", ("context", "rinshan"))]


def test_the_dora_after_a_1m_indicator_is_9m_and_after_9m_it_is_1m() -> None:
    result = score("111999m345s678s99p", "9p", preset=TENHOU3, seat_wind="south", riichi=True,
                   dora_indicators=["1m", "9m"])
    assert yaku_ids(result) == {"riichi": 1, "dora": 6} and result.points.ron == 12000  # three 9m and three 1m


def test_three_player_tiles_melds_and_seats_are_checked() -> None:
    assert problems("234m567p345s678s99p", "6s", seat_wind="south") == [("invalid_tile", ("hand", "tiles"))]
    assert problems("567p345s678s99p", "6s", (("chi", "234p"),), seat_wind="south") == [
        ("invalid_meld", ("hand", "melds", 0, "type"))]
    assert problems("234p567p345s678s99p", "6s", seat_wind="north") == [("inconsistent_context", ("context", "seat_wind"))]
    assert problems("234p567p345s678s99p", "6s", seat_wind="south", discarder_seat_wind="north") == [
        ("inconsistent_context", ("context", "discarder_seat_wind"))]
    assert problems("234p567p345s678s99p", "6s", seat_wind="south", dora_indicators=["5m"]) == [
        ("invalid_tile", ("context", "dora_indicators"))]
    assert problems("234p567p345s678s99p", "6s", seat_wind="south", riichi=True, dora_indicators=["1p"],
                    ura_dora_indicators=["0m"]) == [("invalid_tile", ("context", "ura_dora_indicators"))]
    assert problems("234p567p345s678s99p", "6s", seat_wind="east", win="tsumo", tenhou=True, kita=1) == [
        ("inconsistent_context", ("context", "kita"))]
    assert problems("234p567p345s678s44z", "6s", seat_wind="south", kita=3) == [
        ("too_many_copies", ("hand", "tiles"))]
    assert problems("234p567p345s678s99p", "6s", preset="tenhou", seat_wind="south", kita=1) == [
        ("inconsistent_context", ("context", "kita"))]


def test_mahjong_soul_sanma_counts_the_double_yakuman_patterns_double_and_tenhou_does_not() -> None:
    assert score("19m19p19s11234567z", "1z", preset=MS3, seat_wind="south").limit == "double_yakuman"
    assert score("19m19p19s11234567z", "1z", preset=TENHOU3, seat_wind="south").limit == "yakuman"


@pytest.mark.parametrize(("preset", "rules", "paid"), [(TENHOU3, {}, {"east": 4000, "south": 2000}),
                                                       (MS3, {}, {"east": 4000, "south": 2000}),
                                                       (MS3, BISECTION, {"east": 5000, "south": 3000})])
def test_nagashi_mangan_is_paid_as_a_mangan_tsumo_by_the_seats_at_the_table(preset: str, rules: dict,
                                                                              paid: dict) -> None:
    result = score_hand(None, WinContext(seat_wind="west", nagashi_mangan=True), resolve_hand_rules(preset, rules))
    assert payments(result) == paid and result.limit == "mangan"


def test_the_http_api_takes_three_player_rules(client: TestClient) -> None:
    body = {"hand": {"tiles": "234p567p345s678s99p", "win_tile": "6s"},
            "context": {"win": "tsumo", "seat_wind": "south", "riichi": True, "kita": 1},
            "rules": {"preset": "tenhou_sanma"}}
    answer = client.post("/hand/score", json=body).json()
    assert [p["payer"] for p in answer["payments"]] == ["east", "west"]
    assert {y["id"]: y["han"] for y in answer["yaku"]}["kita"] == 1
    odd = client.post("/hand/score", json={**body, "rules": {"preset": "tenhou", "honba_points": 200}})
    assert odd.status_code == 422 and odd.json()["detail"][0]["type"] == "invalid_option"


DAISANGEN = (("pon", "555z"), ("pon", "666z"), ("pon", "777z"))


@pytest.mark.parametrize("preset", [TENHOU3, MS3])
def test_pao_with_three_seats_on_tsumo_the_liable_player_pays_the_whole_yakuman(preset: str) -> None:
    result = score("11p234s", "1p", DAISANGEN, preset, win="tsumo", seat_wind="south", pao_seat_wind="west")
    assert [(p.payer, p.points, p.liable) for p in result.payments] == [("west", 32000, True)]


def test_pao_with_three_seats_on_ron_the_discarder_and_the_liable_player_pay_half_each() -> None:
    result = score("11p234s", "1p", DAISANGEN, TENHOU3, seat_wind="south", pao_seat_wind="west",
                   discarder_seat_wind="east")
    assert [(p.payer, p.points, p.liable) for p in result.payments] == [("east", 16000, False), ("west", 16000, True)]
