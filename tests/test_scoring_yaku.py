"""One hand-checked hand for every yaku (present, and absent where the boundary matters).

Each expectation was worked out by hand from the rule text: han per yaku, fu item by item, then the
standard score table. The seat is south (a non-dealer) unless a case says otherwise.
"""

import pytest

from tests.helpers import error_types, score, yaku_ids

CASES = [
    # id, tiles, win, melds, context, rules, expected yaku {id: han}, fu, total points
    ("riichi_tanyao_pinfu", "234567m456p22678s", "8s", (), {"riichi": True}, {},
     {"riichi": 1, "tanyao": 1, "pinfu": 1}, 30, 3900),
    ("ura_dora_with_riichi", "234567m456p22678s", "8s", (), {"riichi": True, "dora_indicators": ["9p"], "ura_dora_indicators": ["1s"]}, {},
     {"riichi": 1, "tanyao": 1, "pinfu": 1, "ura_dora": 2}, 30, 8000),
    ("ura_dora_ignored_without_riichi", "234567m456p22678s", "8s", (), {"dora_indicators": ["9p"], "ura_dora_indicators": ["1s"]}, {},
     {"tanyao": 1, "pinfu": 1}, 30, 2000),
    ("double_riichi_alone", "234567m456p22678s", "8s", (), {"riichi": True, "double_riichi": True}, {},
     {"double_riichi": 2, "tanyao": 1, "pinfu": 1}, 30, 7700),
    ("ippatsu", "234567m456p22678s", "8s", (), {"riichi": True, "ippatsu": True}, {},
     {"riichi": 1, "ippatsu": 1, "tanyao": 1, "pinfu": 1}, 30, 7700),
    ("menzen_tsumo_pinfu_20fu", "234567m456p22678s", "8s", (), {"win": "tsumo"}, {},
     {"menzen_tsumo": 1, "tanyao": 1, "pinfu": 1}, 20, 700 + 700 + 1300),
    ("no_pinfu_on_kanchan", "234567m456p22678s", "7s", (), {"riichi": True}, {},
     {"riichi": 1, "tanyao": 1}, 40, 2600),
    ("open_tanyao_kuitan", "567m456p22678s", "8s", (("chi", "234m"),), {}, {},
     {"tanyao": 1}, 30, 1000),
    ("iipeikou_pinfu", "112233m456p55789s", "1m", (), {"riichi": True}, {},
     {"riichi": 1, "pinfu": 1, "iipeikou": 1}, 30, 3900),
    ("haitei", "234567m456p22678s", "7s", (), {"win": "tsumo", "haitei": True}, {},
     {"menzen_tsumo": 1, "tanyao": 1, "haitei": 1}, 30, 1000 + 1000 + 2000),
    ("houtei_open", "567m456p22678s", "7s", (("chi", "234m"),), {"houtei": True}, {},
     {"tanyao": 1, "houtei": 1}, 30, 2000),
    ("rinshan", "567m456p22678s", "8s", (("ankan", "2222m"),), {"win": "tsumo", "rinshan": True}, {},
     {"menzen_tsumo": 1, "tanyao": 1, "rinshan": 1}, 40, 1300 + 1300 + 2600),
    ("chankan", "234567m456p22678s", "8s", (), {"chankan": True}, {},
     {"tanyao": 1, "pinfu": 1, "chankan": 1}, 30, 3900),
    ("yakuhai_dragons", "123m456p55s555666z", "3m", (), {}, {},
     {"yakuhai_haku": 1, "yakuhai_hatsu": 1}, 50, 3200),
    ("double_east_dealer", "123m456p55s789s111z", "3m", (), {"seat_wind": "east"}, {},
     {"yakuhai_seat_wind": 1, "yakuhai_round_wind": 1}, 40, 3900),
    ("round_wind_only", "123m456p55s789s111z", "3m", (), {"seat_wind": "south"}, {},
     {"yakuhai_round_wind": 1}, 40, 1300),
    ("chiitoitsu", "1122m3344p5566s77z", "7z", (), {}, {},
     {"chiitoitsu": 2}, 25, 1600),
    ("chanta", "123789m789p999s11z", "3m", (), {}, {},
     {"chanta": 2}, 50, 3200),
    ("chanta_open", "123789m789p11z", "3m", (("pon", "999s"),), {}, {},
     {"chanta": 1}, 30, 1000),
    ("ittsu_pinfu", "123456789m234p55s", "4p", (), {}, {},
     {"ittsu": 2, "pinfu": 1}, 30, 3900),
    ("sanshoku_doujun_tanyao_pinfu", "234678m234p23455s", "2p", (), {}, {},
     {"sanshoku_doujun": 2, "tanyao": 1, "pinfu": 1}, 30, 7700),
    ("sanshoku_doukou_sanankou", "222456m222p22288s", "4m", (), {}, {},
     {"sanshoku_doukou": 2, "sanankou": 2, "tanyao": 1}, 50, 8000),
    ("toitoi_open_tanki", "222m44488s", "8s", (("pon", "999p"), ("pon", "777z")), {}, {},
     {"toitoi": 2, "yakuhai_chun": 1}, 40, 5200),
    ("sankantsu", "456s77z", "7z", (("ankan", "1111m"), ("kan", "2222p"), ("ankan", "3333s")), {}, {},
     {"sankantsu": 2}, 80, 5200),
    ("shousangen", "123m456p55566677z", "4p", (), {}, {},
     {"shousangen": 2, "yakuhai_haku": 1, "yakuhai_hatsu": 1}, 50, 8000),
    ("honroutou_toitoi", "111m999p111s22z", "1s", (("pon", "999s"),), {}, {},
     {"toitoi": 2, "honroutou": 2}, 50, 8000),
    ("honitsu", "12345556m222777z", "6m", (), {}, {},
     {"yakuhai_seat_wind": 1, "yakuhai_chun": 1, "honitsu": 3}, 50, 8000),
    ("junchan", "123789m123789p99s", "3m", (), {}, {},
     {"junchan": 3}, 40, 5200),
    ("ryanpeikou_beats_chiitoitsu", "112233m556677p44s", "1m", (), {}, {},
     {"pinfu": 1, "ryanpeikou": 3}, 30, 7700),
    ("chinitsu_open", "45677788p", "4p", (("chi", "123p"), ("pon", "999p")), {}, {},
     {"chinitsu": 5}, 30, 8000),
    ("renhou_as_mangan_adds", "234567m456p22678s", "8s", (), {"renhou": True}, {"renhou": "mangan"},
     {"tanyao": 1, "pinfu": 1, "renhou": 5}, 30, 12000),
    ("renhou_as_baiman", "234567m456p22678s", "8s", (), {"renhou": True}, {"renhou": "baiman"},
     {"tanyao": 1, "pinfu": 1, "renhou": 8}, 30, 16000),
    ("renhou_not_played_adds_nothing", "234567m456p22678s", "8s", (), {"renhou": True}, {"renhou": "none"},
     {"tanyao": 1, "pinfu": 1}, 30, 2000),
    ("dora_aka_dora", "234067m456p22678s", "8s", (), {"riichi": True, "dora_indicators": ["1s"]}, {},
     {"riichi": 1, "tanyao": 1, "pinfu": 1, "dora": 2, "aka_dora": 1}, 30, 12000),
    ("aka_dora_off", "234067m456p22678s", "8s", (), {"riichi": True}, {"aka_dora": False},
     {"riichi": 1, "tanyao": 1, "pinfu": 1}, 30, 3900),
]


def _case_id(case: tuple) -> str:
    return case[0]


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_yaku_han_fu_points(case: tuple) -> None:
    _, tiles, win, melds, context, rules, expected, fu, total = case
    result = score(tiles, win, melds, rules=rules, **context)
    assert yaku_ids(result) == expected
    assert result.han == sum(expected.values())
    assert result.fu == fu
    assert result.points.total == total


def test_dora_alone_is_not_a_yaku() -> None:
    assert error_types("123m456p789s11z", "7s", (("pon", "999m"),), dora_indicators=["9m"], round_wind="south") == ["no_yaku"]


def test_open_tanyao_off_leaves_no_yaku() -> None:
    assert error_types("567m456p22678s", "8s", (("chi", "234m"),), rules={"open_tanyao": False}) == ["no_yaku"]


def test_dora_indicators_wrap_honors() -> None:
    # North points at East, Red at White: the East triplet (round wind) and the White pair.
    result = score("123m456p789s55z", "7s", (("pon", "111z"),), dora_indicators=["4z", "7z"])
    assert yaku_ids(result) == {"yakuhai_round_wind": 1, "dora": 5}


def test_sanankou_needs_the_third_triplet_concealed_on_ron() -> None:
    ron = score("111m333p555s777z99m", "7z")
    assert "suuankou" not in [y.id for y in ron.yakuman]
    assert yaku_ids(ron) == {"sanankou": 2, "toitoi": 2, "yakuhai_chun": 1}
    assert ron.limit == "mangan"


def test_renhou_alone_drops_the_other_yaku_and_dora() -> None:
    # EMA 2025 (4.2.4): renhou is a mangan that stands alone.
    result = score("234567m456p22678s", "8s", renhou=True, dora_indicators=["1s"], preset="ema")
    assert yaku_ids(result) == {"renhou": 5} and result.points.total == 8000
