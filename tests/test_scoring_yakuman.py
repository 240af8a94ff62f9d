"""Every yakuman, its double-yakuman variants under each setting, stacking and kazoe."""

import pytest

from tests.helpers import score

TENHOU = {"double_yakuman": False}
DOUBLES = {"double_yakuman": True}

CASES = [
    # id, tiles, win, melds, context, rules, expected {yakuman id: multiplier}, limit
    ("kokushi_single_wait", "119m19p19s1234567z", "9m", (), {}, DOUBLES, {"kokushi_musou": 1}, "yakuman"),
    ("kokushi_13_sided_double", "119m19p19s1234567z", "1m", (), {}, DOUBLES, {"kokushi_musou_13": 2}, "double_yakuman"),
    ("kokushi_13_sided_single_at_tenhou", "119m19p19s1234567z", "1m", (), {}, TENHOU, {"kokushi_musou_13": 1}, "yakuman"),
    ("suuankou_tsumo_shanpon", "11199m333p555s777z", "7z", (), {"win": "tsumo"}, DOUBLES, {"suuankou": 1}, "yakuman"),
    ("suuankou_tanki_ron_double", "11199m333p555s777z", "9m", (), {}, DOUBLES, {"suuankou_tanki": 2}, "double_yakuman"),
    ("suuankou_with_ankan", "99m333p555s", "9m", (("ankan", "1111m"), ("ankan", "7777z")), {}, TENHOU, {"suuankou_tanki": 1}, "yakuman"),
    ("daisangen_open", "123m99p777z", "3m", (("pon", "555z"), ("pon", "666z")), {}, TENHOU, {"daisangen": 1}, "yakuman"),
    ("shousuushii", "123m111222333z44z", "3m", (), {}, TENHOU, {"shousuushii": 1}, "yakuman"),
    ("daisuushii_double", "11m222333444z", "1m", (("pon", "111z"),), {}, DOUBLES, {"daisuushii": 2}, "double_yakuman"),
    ("daisuushii_tsuuiisou_stack", "55z222333444z", "5z", (("pon", "111z"),), {}, DOUBLES,
     {"daisuushii": 2, "tsuuiisou": 1}, "triple_yakuman"),
    ("tsuuiisou_chiitoitsu", "11223344556677z", "7z", (), {}, TENHOU, {"tsuuiisou": 1}, "yakuman"),
    ("chinroutou", "111999m111p99s", "9s", (("pon", "999p"),), {}, TENHOU, {"chinroutou": 1}, "yakuman"),
    ("ryuuiisou", "22334466888s666z", "6z", (), {}, TENHOU, {"ryuuiisou": 1}, "yakuman"),
    ("ryuuiisou_without_hatsu", "22334444666888s", "2s", (), {}, TENHOU, {"ryuuiisou": 1}, "yakuman"),
    ("chuuren_one_sided", "11123455678999m", "4m", (), {}, DOUBLES, {"chuuren_poutou": 1}, "yakuman"),
    ("junsei_chuuren_nine_sided", "11123455678999m", "5m", (), {}, DOUBLES, {"junsei_chuuren_poutou": 2}, "double_yakuman"),
    ("suukantsu", "55p", "5p", (("kan", "1111m"), ("ankan", "2222p"), ("kan", "3333s"), ("shouminkan", "4444z")), {},
     TENHOU, {"suukantsu": 1}, "yakuman"),
    ("tenhou", "234567m456p22678s", "8s", (), {"seat_wind": "east", "win": "tsumo", "tenhou": True}, TENHOU, {"tenhou": 1}, "yakuman"),
    ("chiihou", "234567m456p22678s", "8s", (), {"win": "tsumo", "chiihou": True}, TENHOU, {"chiihou": 1}, "yakuman"),
    ("renhou_yakuman", "234567m456p22678s", "8s", (), {"renhou": True}, {"renhou": "yakuman"}, {"renhou": 1}, "yakuman"),
    ("tsuuiisou_daisangen_stack", "11z555666777z222z", "1z", (), {"win": "tsumo"}, TENHOU,
     {"suuankou_tanki": 1, "daisangen": 1, "tsuuiisou": 1}, "triple_yakuman"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_yakuman(case: tuple) -> None:
    _, tiles, win, melds, context, rules, expected, limit = case
    result = score(tiles, win, melds, rules=rules, **context)
    assert {y.id: y.multiplier for y in result.yakuman} == expected
    assert result.yaku == ()
    assert result.limit == limit
    assert result.han == 13 * sum(expected.values())


def test_without_stacking_only_the_largest_counts() -> None:
    result = score("55z222333444z", "5z", (("pon", "111z"),), rules={"double_yakuman": True, "yakuman_stacking": False})
    assert [(y.id, y.multiplier) for y in result.yakuman] == [("daisuushii", 2)]
    assert result.points.ron == 64000


def test_yakuman_points_non_dealer_and_dealer() -> None:
    assert score("119m19p19s1234567z", "9m").points.ron == 32000
    assert score("119m19p19s1234567z", "9m", seat_wind="east").points.ron == 48000
    tsumo = score("119m19p19s1234567z", "9m", win="tsumo")
    assert (tsumo.points.tsumo_dealer, tsumo.points.tsumo_non_dealer, tsumo.points.total) == (16000, 8000, 32000)


def test_kazoe_yakuman_and_its_cap() -> None:
    # riichi, tsumo, pinfu, chinitsu, iipeikou, ittsu... well over 13 han with dora.
    hand = ("11223345678999m", "1m")
    context = {"win": "tsumo", "riichi": True, "dora_indicators": ["9m", "8m"]}
    counted = score(*hand, rules={"kazoe_yakuman": True}, **context)
    capped = score(*hand, rules={"kazoe_yakuman": False}, **context)
    assert counted.han >= 13 and counted.limit == "kazoe_yakuman" and counted.points.total == 32000
    assert capped.han == counted.han and capped.limit == "sanbaiman" and capped.points.total == 24000
    assert counted.yakuman == ()


def test_suuankou_ron_on_shanpon_is_not_a_yakuman() -> None:
    result = score("11199m333p555s777z", "7z")
    assert result.yakuman == ()
    assert {y.id for y in result.yaku} == {"sanankou", "toitoi", "yakuhai_chun"}


def test_chuuren_needs_a_closed_hand() -> None:
    result = score("11145678999m", "4m", (("chi", "123m"),))
    assert result.yakuman == () and {y.id for y in result.yaku} == {"chinitsu", "ittsu"}


def test_a_real_yakuman_beats_a_kazoe_reading_of_the_same_value() -> None:
    # 222 33 777 888 999s tsumo is suuankou; read as 222 33 789 789 789 it is 15 han of kazoe yakuman.
    # Both are worth 8000 base; han are not counted for a real yakuman (riichi.wiki "Kazoe yakuman").
    result = score("22233777888999s", "7s", win="tsumo", seat_wind="north", round_wind="north", riichi=True,
                   dora_indicators=["6s"], ura_dora_indicators=["8s"])
    assert [y.id for y in result.yakuman] == ["suuankou"] and result.limit == "yakuman" and result.han == 13
