"""Every fu item, and the choice of the reading worth the most when the wait is ambiguous."""

import pytest

from tests.helpers import score, yaku_ids


def breakdown(result) -> list[tuple[str, int, str | None]]:
    return [(item.reason, item.fu, item.tiles) for item in result.fu_breakdown]


CASES = [
    # id, tiles, win, melds, context, rules, expected breakdown, rounded fu
    ("pinfu_ron_30", "234567m456p22678s", "8s", (), {"riichi": True}, {}, [("base", 20, None), ("menzen_ron", 10, None)], 30),
    ("pinfu_tsumo_20", "234567m456p22678s", "8s", (), {"win": "tsumo"}, {}, [("base", 20, None)], 20),
    ("closed_tsumo_kanchan", "234567m456p22678s", "7s", (), {"win": "tsumo"}, {},
     [("base", 20, None), ("tsumo", 2, None), ("kanchan_wait", 2, None)], 30),
    ("open_pinfu_shape_ron_is_30", "567m456p22678s", "8s", (("chi", "234m"),), {}, {},
     [("base", 20, None), ("open_pinfu_ron", 10, None)], 30),
    ("open_tsumo_rounds_22_to_30", "567m456p22678s", "8s", (("chi", "234m"),), {"win": "tsumo"}, {},
     [("base", 20, None), ("tsumo", 2, None)], 30),
    ("chiitoitsu_25", "1122m3344p5566s77z", "7z", (), {"win": "tsumo"}, {}, [("chiitoitsu", 25, None)], 25),
    ("penchan", "123789m789p999s11z", "3m", (), {"riichi": True}, {},
     [("base", 20, None), ("menzen_ron", 10, None), ("closed_triplet", 8, "999s"), ("round_wind_pair", 2, "11z"),
      ("penchan_wait", 2, None)], 50),
    ("open_and_closed_triplets_simple_and_terminal", "222m111p55s", "5s", (("pon", "333s"), ("pon", "999m")), {}, {},
     [("base", 20, None), ("closed_triplet", 4, "222m"), ("closed_triplet", 8, "111p"), ("open_triplet", 2, "333s"),
      ("open_triplet", 4, "999m"), ("tanki_wait", 2, None)], 40),
    ("kans_open_and_closed", "456s77z", "7z", (("ankan", "1111m"), ("kan", "2222p"), ("ankan", "3333s")), {}, {},
     [("base", 20, None), ("closed_kan", 32, "1111m"), ("open_kan", 8, "2222p"), ("closed_kan", 16, "3333s"),
      ("dragon_pair", 2, "77z"), ("tanki_wait", 2, None)], 80),
    ("open_kan_terminal", "456s77z", "7z", (("kan", "9999m"), ("pon", "222p"), ("pon", "555z")), {}, {},
     [("base", 20, None), ("open_kan", 16, "9999m"), ("open_triplet", 2, "222p"), ("open_triplet", 4, "555z"),
      ("dragon_pair", 2, "77z"), ("tanki_wait", 2, None)], 50),
    ("triplet_won_on_a_discard_counts_open", "11199m333p555s777z", "7z", (), {"riichi": True}, {},
     [("base", 20, None), ("menzen_ron", 10, None), ("closed_triplet", 8, "111m"), ("closed_triplet", 4, "333p"),
      ("closed_triplet", 4, "555s"), ("open_triplet", 4, "777z")], 50),
    ("seat_wind_pair", "234567m456p678s22z", "8s", (), {"seat_wind": "south", "riichi": True}, {},
     [("base", 20, None), ("menzen_ron", 10, None), ("seat_wind_pair", 2, "22z")], 40),
    ("double_wind_pair_4", "234567m456p678s11z", "8s", (), {"seat_wind": "east", "riichi": True}, {"double_wind_pair_fu": 4},
     [("base", 20, None), ("menzen_ron", 10, None), ("double_wind_pair", 4, "11z")], 40),
    ("double_wind_pair_2", "234567m456p678s11z", "8s", (), {"seat_wind": "east", "riichi": True}, {"double_wind_pair_fu": 2},
     [("base", 20, None), ("menzen_ron", 10, None), ("double_wind_pair", 2, "11z")], 40),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_fu_items(case: tuple) -> None:
    _, tiles, win, melds, context, rules, expected, fu = case
    result = score(tiles, win, melds, rules=rules, **context)
    assert breakdown(result) == expected
    assert result.fu == fu


def test_ambiguous_wait_takes_the_ryanmen_that_makes_pinfu() -> None:
    # 3m completes 12m (penchan, no yaku at all) or 45m (ryanmen: pinfu).
    result = score("123345m678p56799s", "3m")
    assert result.wait == "ryanmen" and yaku_ids(result) == {"pinfu": 1} and result.fu == 30


def test_ambiguous_wait_takes_the_tanki_worth_more_fu() -> None:
    # 4m completes 56m (ryanmen: 30 fu) or the 4m pair (tanki: 40 fu); neither reading is pinfu.
    result = score("44456m234p789s111z", "4m", win="tsumo")
    assert result.wait == "tanki" and result.fu == 40
    assert result.points.tsumo_dealer == 1300 and result.points.tsumo_non_dealer == 700


def test_triplets_or_sequences_whichever_scores_more() -> None:
    # 111222333m: as three concealed triplets on a tsumo (sanankou) beats three identical sequences.
    tsumo = score("111222333m789p55s", "3m", win="tsumo")
    assert "sanankou" in yaku_ids(tsumo)
    # On a ron the 333m triplet would be open (no sanankou), so the sequences with iipeikou score more.
    ron = score("111222333m789p55s", "3m", riichi=True)
    assert yaku_ids(ron) == {"riichi": 1, "iipeikou": 1} and ron.fu == 40 and ron.wait == "penchan"


def test_equal_readings_prefer_more_fu_before_rounding() -> None:
    # 666m 666s(ron) 789s 99s + ankan 6666p: sanshoku doukou, raw 52 fu; 666m 66s 678s 999s + ankan:
    # sanankou, raw 58 fu. Both 6 han 60 fu: the larger raw fu decides, as the mahjong library does.
    result = score("666m66678999s", "6s", (("ankan", "6666p"),), seat_wind="south", round_wind="south",
                   dora_indicators=["5p"], rules={"aka_dora": False})
    assert "sanankou" in yaku_ids(result) and result.fu == 60
