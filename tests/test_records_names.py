"""The spellings the readers know: Tenhou's value strings and yaku names, and what the Mahjong Soul converters write."""

import pytest

from app.records.names import YAKU_BY_TENHOU_ID, NameError_, Value, value_of, yaku_entry


@pytest.mark.parametrize(("text", "tsumo", "dealer", "players", "value"), [
    ("40符2飜2600点", False, False, 4, Value(40, 2, 2600)),
    ("30符3飜1000-2000点", True, False, 4, Value(30, 3, 4000)),
    ("30符3飜1000-2000点", True, False, 3, Value(30, 3, 3000)),  # the absent seat's share is lost
    ("30符4飜3900点∀", True, True, 4, Value(30, 4, 11700)),
    ("満貫2000-4000点", True, False, 4, Value(None, None, 8000)),
    ("満貫4000点∀", True, True, 3, Value(None, None, 8000)),
    ("跳満18000点", False, True, 4, Value(None, None, 18000)),
    ("役満32000点", False, False, 4, Value(None, None, 32000)),
    ("役満16000-32000点", True, False, 4, Value(None, None, 64000)),
    ("数え役満48000点", False, True, 4, Value(None, None, 48000)),
])
def test_value_strings(text: str, tsumo: bool, dealer: bool, players: int, value: Value) -> None:
    assert value_of(text, tsumo, dealer, players) == value


@pytest.mark.parametrize(("text", "entry"), [
    ("立直(1飜)", ("riichi", 1)), ("場風 東(1飜)", ("yakuhai_round_wind", 1)), ("自風 西(1飜)", ("yakuhai_seat_wind", 1)),
    ("役牌 發(1飜)", ("yakuhai_hatsu", 1)), ("裏ドラ(0飜)", ("ura_dora", 0)), ("国士無双(役満)", ("kokushi_musou", -1)),
    ("国士無双１３面(役満)", ("kokushi_musou_13", -1)), ("純正九蓮宝燈(役満)", ("junsei_chuuren_poutou", -1)),
    # the Mahjong Soul converters
    ("役牌:場風牌(1飜)", ("yakuhai_round_wind", 1)), ("役牌:自風牌(2飜)", ("yakuhai_seat_wind", 2)),
    ("国士無双十三面(役満)", ("kokushi_musou_13", -1)), ("大四喜(ダブル役満)", ("daisuushii", -2)),
    ("抜きドラ(2飜)", ("kita", 2)), ("ダブル立直(2飜)", ("double_riichi", 2)),
    # an English viewer
    ("Riichi(1飜)", ("riichi", 1)), ("Ura Dora(0飜)", ("ura_dora", 0)),
])
def test_yaku_names(text: str, entry: tuple[str, int]) -> None:
    assert yaku_entry(text) == entry


@pytest.mark.parametrize("text", ["立直", "立直(一飜)", "なにか(1飜)"])
def test_unknown_yaku_entries_are_refused(text: str) -> None:
    with pytest.raises(NameError_):
        yaku_entry(text)


@pytest.mark.parametrize("text", ["40符2飜", "2600", "満貫点"])
def test_unknown_value_strings_are_refused(text: str) -> None:
    with pytest.raises(NameError_):
        value_of(text, False, False, 4)


def test_every_tenhou_yaku_id_is_one_of_ours() -> None:
    """Ids 0-54 of Tenhou's logs, each mapped by the yaku table's own `tenhou` ids (10-13 and 14-17: the winds)."""
    assert sorted(YAKU_BY_TENHOU_ID) == list(range(55))
    assert {YAKU_BY_TENHOU_ID[i] for i in range(10, 14)} == {"yakuhai_seat_wind"}
    assert YAKU_BY_TENHOU_ID[48] == "kokushi_musou_13" and YAKU_BY_TENHOU_ID[54] == "aka_dora"
