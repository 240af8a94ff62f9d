"""The standard score table, cell by cell, as published (e.g. riichi.wiki "Scoring table"), and the limits."""

import pytest

from app.scoring.rules import HandRules
from app.scoring.settlement import limit_and_base
from app.scoring.settlement import standard_payments as payments
from tests.helpers import score

RULES = HandRules(kiriage_mangan=False)
M = None  # a mangan cell: checked by the limit test below

# fu: (1 han, 2 han, 3 han, 4 han); None where the cell is mangan. 20 fu ron and 25 fu at 1 han do not exist.
NON_DEALER_RON = {
    25: (None, 1600, 3200, 6400),
    30: (1000, 2000, 3900, 7700),
    40: (1300, 2600, 5200, M),
    50: (1600, 3200, 6400, M),
    60: (2000, 3900, 7700, M),
    70: (2300, 4500, M, M),
    80: (2600, 5200, M, M),
    90: (2900, 5800, M, M),
    100: (3200, 6400, M, M),
    110: (3600, 7100, M, M),
}
DEALER_RON = {
    25: (None, 2400, 4800, 9600),
    30: (1500, 2900, 5800, 11600),
    40: (2000, 3900, 7700, M),
    50: (2400, 4800, 9600, M),
    60: (2900, 5800, 11600, M),
    70: (3400, 6800, M, M),
    80: (3900, 7700, M, M),
    90: (4400, 8700, M, M),
    100: (4800, 9600, M, M),
    110: (5300, 10600, M, M),
}
# (paid by each non-dealer, paid by the dealer)
NON_DEALER_TSUMO = {
    20: (None, (400, 700), (700, 1300), (1300, 2600)),
    25: (None, (400, 800), (800, 1600), (1600, 3200)),
    30: ((300, 500), (500, 1000), (1000, 2000), (2000, 3900)),
    40: ((400, 700), (700, 1300), (1300, 2600), M),
    50: ((400, 800), (800, 1600), (1600, 3200), M),
    60: ((500, 1000), (1000, 2000), (2000, 3900), M),
    70: ((600, 1200), (1200, 2300), M, M),
    80: ((700, 1300), (1300, 2600), M, M),
    90: ((800, 1500), (1500, 2900), M, M),
    100: ((800, 1600), (1600, 3200), M, M),
    110: ((900, 1800), (1800, 3600), M, M),
}
DEALER_TSUMO = {  # paid by each of the three others
    20: (None, 700, 1300, 2600),
    25: (None, 800, 1600, 3200),
    30: (500, 1000, 2000, 3900),
    40: (700, 1300, 2600, M),
    50: (800, 1600, 3200, M),
    60: (1000, 2000, 3900, M),
    70: (1200, 2300, M, M),
    80: (1300, 2600, M, M),
    90: (1500, 2900, M, M),
    100: (1600, 3200, M, M),
    110: (1800, 3600, M, M),
}


def _cells(table: dict) -> list[tuple[int, int, object]]:
    return [(han, fu, v) for fu, row in table.items() for han, v in enumerate(row, start=1) if v is not None]


def _paid(han: int, fu: int, dealer: bool, tsumo: bool):
    limit, base = limit_and_base(han, fu, 0, RULES)
    return limit, payments(base, dealer, tsumo)


@pytest.mark.parametrize("han,fu,expected", _cells(NON_DEALER_RON))
def test_non_dealer_ron(han: int, fu: int, expected: int) -> None:
    assert _paid(han, fu, False, False)[1].ron == expected


@pytest.mark.parametrize("han,fu,expected", _cells(DEALER_RON))
def test_dealer_ron(han: int, fu: int, expected: int) -> None:
    assert _paid(han, fu, True, False)[1].ron == expected


@pytest.mark.parametrize("han,fu,expected", _cells(NON_DEALER_TSUMO))
def test_non_dealer_tsumo(han: int, fu: int, expected: tuple[int, int]) -> None:
    paid = _paid(han, fu, False, True)[1]
    assert (paid.tsumo_non_dealer, paid.tsumo_dealer) == expected


@pytest.mark.parametrize("han,fu,expected", _cells(DEALER_TSUMO))
def test_dealer_tsumo(han: int, fu: int, expected: int) -> None:
    paid = _paid(han, fu, True, True)[1]
    assert (paid.tsumo_non_dealer, paid.tsumo_dealer) == (expected, None)


MANGAN_CELLS = [(han, fu) for fu, row in NON_DEALER_RON.items() for han, v in enumerate(row, start=1) if v is None and fu > 25]


@pytest.mark.parametrize("han,fu", MANGAN_CELLS)
def test_mangan_cells(han: int, fu: int) -> None:
    limit, paid = _paid(han, fu, False, False)
    assert (limit, paid.ron) == ("mangan", 8000)
    assert _paid(han, fu, True, False)[1].ron == 12000
    tsumo = _paid(han, fu, False, True)[1]
    assert (tsumo.tsumo_non_dealer, tsumo.tsumo_dealer) == (2000, 4000)


@pytest.mark.parametrize("han,limit,non_dealer_ron,dealer_ron", [
    (5, "mangan", 8000, 12000), (6, "haneman", 12000, 18000), (7, "haneman", 12000, 18000),
    (8, "baiman", 16000, 24000), (10, "baiman", 16000, 24000), (11, "sanbaiman", 24000, 36000),
    (12, "sanbaiman", 24000, 36000), (13, "kazoe_yakuman", 32000, 48000),
])
def test_limits_by_han(han: int, limit: str, non_dealer_ron: int, dealer_ron: int) -> None:
    assert _paid(han, 30, False, False)[0] == limit
    assert _paid(han, 30, False, False)[1].ron == non_dealer_ron
    assert _paid(han, 30, True, False)[1].ron == dealer_ron


@pytest.mark.parametrize("han,fu", [(4, 30), (3, 60)])
def test_kiriage_mangan(han: int, fu: int) -> None:
    assert limit_and_base(han, fu, 0, HandRules(kiriage_mangan=True)) == ("mangan", 2000)
    assert limit_and_base(han, fu, 0, HandRules(kiriage_mangan=False)) == ("none", 1920)


def test_honba_and_riichi_sticks_on_ron_and_tsumo() -> None:
    ron = score("234567m456p22678s", "8s", riichi=True, honba=2, riichi_sticks=3)
    assert (ron.points.ron, ron.points.honba_bonus, ron.points.riichi_sticks_bonus, ron.points.total) == (3900, 600, 3000, 7500)
    tsumo = score("234567m456p22678s", "8s", riichi=True, win="tsumo", honba=2, riichi_sticks=1)
    # riichi tsumo pinfu tanyao: 4 han 20 fu = 1300/2600, plus 200 from each payer.
    assert [(p.payer, p.points) for p in tsumo.payments] == [("east", 2800), ("west", 1500), ("north", 1500)]
    assert tsumo.points.honba_bonus == 600 and tsumo.points.total == 2800 + 1500 + 1500 + 1000


def test_dealer_tsumo_each_pays_the_same() -> None:
    # tsumo, tanyao, pinfu: 3 han 20 fu = 1300 all, plus 100 from each for the honba.
    result = score("234567m456p22678s", "8s", seat_wind="east", win="tsumo", honba=1)
    assert [(p.payer, p.points) for p in result.payments] == [("south", 1400), ("west", 1400), ("north", 1400)]
    assert result.points.total == 4200


def test_pao_on_tsumo_liable_pays_everything() -> None:
    result = score("123m99p777z", "3m", (("pon", "555z"), ("pon", "666z")), win="tsumo", pao_seat_wind="west", honba=1)
    assert [(p.payer, p.points, p.liable) for p in result.payments] == [("west", 32300, True)]
    assert result.points.total == 32300


@pytest.mark.parametrize("honba_payer,expected", [
    ("liable", [("north", 16000, False), ("west", 16300, True)]),  # Tenhou, M-League: repeats go through pao
    ("discarder", [("north", 16300, False), ("west", 16000, True)]),  # EMA: the discarder pays the counters
])
def test_pao_on_ron_splits_with_the_discarder(honba_payer: str, expected: list) -> None:
    result = score("123m99p777z", "3m", (("pon", "555z"), ("pon", "666z")), pao_seat_wind="west",
                   discarder_seat_wind="north", honba=1, rules={"pao_honba": honba_payer})
    assert [(p.payer, p.points, p.liable) for p in result.payments] == expected
    assert result.points.total == 32300


def test_pao_covers_only_its_own_yakuman_when_they_stack() -> None:
    # Daisangen (pao) with tsuuiisou: on tsumo the liable player pays the daisangen in full,
    # and the tsuuiisou is split as an ordinary tsumo (Mahjong Soul, M-League).
    result = score("22z777z", "2z", (("pon", "555z"), ("pon", "666z"), ("pon", "111z")), win="tsumo",
                   pao_seat_wind="north", rules={"pao_covers": "yakuman"})
    paid = {p.payer: p.points for p in result.payments}
    assert paid == {"north": 32000 + 8000, "east": 16000, "west": 8000}
    assert result.points.total == 64000


def test_pao_covers_the_whole_hand_at_tenhou() -> None:
    result = score("22z777z", "2z", (("pon", "555z"), ("pon", "666z"), ("pon", "111z")), win="tsumo",
                   pao_seat_wind="north", preset="tenhou")
    assert [(p.payer, p.points, p.liable) for p in result.payments] == [("north", 64000, True)]


def test_pao_suukantsu_only_by_option() -> None:
    melds = (("kan", "1111m"), ("ankan", "2222p"), ("kan", "3333s"), ("shouminkan", "4444z"))
    result = score("55p", "5p", melds, win="tsumo", pao_seat_wind="west", rules={"pao_suukantsu": True})
    assert [(p.payer, p.points) for p in result.payments] == [("west", 32000)]


def test_an_option_beside_a_preset_overrides_the_preset() -> None:
    # mleague has kiriage on: 4 han 30 fu is a mangan there, 7700 when the request turns it off.
    hand = ("234567m456p22678s", "8s")
    assert score(*hand, preset="mleague", riichi=True, ippatsu=True).points.total == 8000
    assert score(*hand, preset="mleague", rules={"kiriage_mangan": False}, riichi=True, ippatsu=True).points.total == 7700


def test_honba_points_option() -> None:
    result = score("234567m456p22678s", "8s", rules={"honba_points": 1500}, riichi=True, honba=2)
    assert result.points.honba_bonus == 3000 and result.points.total == 3900 + 3000
