"""How the records name yaku and values: Tenhou's yaku ids (mjlog) and names (tenhou.net/6), the spellings the
Mahjong Soul converters write, and the value strings ("40符2飜2600点", "満貫2000-4000点", "30符4飜3900点∀")."""

import re
from dataclasses import dataclass

from app.scoring.yaku import YAKU_TABLES, YAKUMAN_TABLES

# Tenhou's names of its yaku, in the order of its ids (mjlog AGARI `yaku` and `yakuman`): the tenhou.net/6 viewer
# writes them. Which of ours each id is comes from the yaku table itself (each row's `tenhou` ids).
TENHOU_NAMES = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北", "役牌 白", "役牌 發", "役牌 中",
    "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭",
    "二盃口", "純全帯幺九", "混一色", "清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色",
    "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子",
    "ドラ", "裏ドラ", "赤ドラ",
)
YAKU_BY_TENHOU_ID: dict[int, str] = {
    tenhou_id: row.id for table in (*YAKU_TABLES, *YAKUMAN_TABLES) for row in table for tenhou_id in row.tenhou
}
# Other spellings: kita as its own entry, and what the Mahjong Soul converters write.
YAKU_BY_NAME: dict[str, str] = {name: YAKU_BY_TENHOU_ID[i] for i, name in enumerate(TENHOU_NAMES)} | {
    "抜きドラ": "kita", "役牌:場風牌": "yakuhai_round_wind", "役牌:自風牌": "yakuhai_seat_wind",
    "ダブル立直": "double_riichi", "国士無双十三面": "kokushi_musou_13", "国士無双13面": "kokushi_musou_13",
    "役牌:白": "yakuhai_haku", "役牌:發": "yakuhai_hatsu", "役牌:中": "yakuhai_chun",
} | {row.names.en.lower(): row.id for table in (*YAKU_TABLES, *YAKUMAN_TABLES) for row in table}  # English viewers
YAKUMAN_IDS = frozenset(row.id for table in YAKUMAN_TABLES for row in table)
# gimite's mjai symbols (the yaku table's `mjai` column): a symbol several of our rows share (sangenpai: the three
# dragons; suanko, kokushimuso, churenpoton: the yakuman and their double forms) is kept as the symbol itself, and a
# win's yaku are compared at that grain (verify: MJAI_GRAIN).
_MJAI_ROWS: dict[str, list[str]] = {}
for _table in (*YAKU_TABLES, *YAKUMAN_TABLES):
    for _row in _table:
        if _row.mjai and _row.id not in _MJAI_ROWS.setdefault(_row.mjai, []):
            _MJAI_ROWS[_row.mjai].append(_row.id)
MJAI_SYMBOLS: dict[str, str] = {symbol: ids[0] if len(ids) == 1 else symbol for symbol, ids in _MJAI_ROWS.items()}
MJAI_SYMBOLS["rinshan"] = MJAI_SYMBOLS["rinshankaiho"]  # what one version of gimite's scorer writes
NUKIDORA = "nukidora"  # gimite has no three-player yaku: kita is written under the name of its event
MJAI_SYMBOLS[NUKIDORA] = "kita"
# Our id -> the id a gimite log can tell it by (itself, or the symbol it shares with other rows).
MJAI_GRAIN: dict[str, str] = {row_id: symbol for symbol, ids in _MJAI_ROWS.items() if len(ids) > 1 for row_id in ids}
# Mahjong Soul's fan ids (the yaku table's `mahjong_soul` column), and which of them are yakuman.
YAKU_BY_MAHJONG_SOUL: dict[int, str] = {
    row.mahjong_soul: row.id for table in (*YAKU_TABLES, *YAKUMAN_TABLES) for row in table if row.mahjong_soul is not None
}
MAHJONG_SOUL_YAKUMAN = frozenset(row.mahjong_soul for table in YAKUMAN_TABLES for row in table if row.mahjong_soul is not None)
GIMITE_YAKUMAN_FAN = 100  # gimite writes a yakuman as 100 fan per yakuman
_YAKU_ENTRY = re.compile(r"^(.+)\((?:(\d+)飜|(役満)|(ダブル役満))\)$")
# "40符2飜2600点", "30符3飜1000-2000点", "30符4飜3900点∀", "満貫2000-4000点", "役満32000点", "数え役満48000点"
_VALUE = re.compile(r"^(?:(\d+)符)?(?:(\d+)飜)?(満貫|跳満|倍満|三倍満|数え役満|役満|\d*倍役満)?(\d+)(?:-(\d+))?点(∀)?$")


class NameError_(ValueError):
    """A yaku name or value string the reader does not know."""


@dataclass(frozen=True, slots=True)
class Value:
    fu: int | None
    han: int | None
    points: int  # ron payment, or every payment of a tsumo


def yaku_entry(text: str) -> tuple[str, int]:
    """'立直(1飜)' -> ('riichi', 1); a yakuman has no han but a count: '国士無双(役満)' -> ('kokushi_musou', -1),
    'ダブル役満' -> -2 (what the converters write for a double yakuman)."""
    match = _YAKU_ENTRY.match(text)
    if match is None:
        raise NameError_(f"{text!r} is not a yaku entry like 立直(1飜) or 国士無双(役満)")
    ours = yaku_named(match.group(1))
    han, single, _ = match.group(2, 3, 4)
    return ours, int(han) if han is not None else -1 if single else -2


def value_of(text: str, tsumo: bool, dealer: bool, players: int) -> Value:
    """A value string's fu, han (where written) and points: a tsumo's payments added up over the payers (with
    three players one seat fewer pays)."""
    match = _VALUE.match(text)
    if match is None:
        raise NameError_(f"{text!r} is not a value string like 40符2飜2600点 or 満貫2000-4000点")
    fu, han, _, first, second, all_pay = match.groups()
    points = int(first)
    if second is not None:  # a non-dealer's tsumo: the others' share, then the dealer's
        points = int(second) + int(first) * (players - 2)
    elif all_pay or (tsumo and dealer):  # the dealer's tsumo: each other seat pays the same
        points *= players - 1
    return Value(None if fu is None else int(fu), None if han is None else int(han), points)


def yaku_named(name: str) -> str:
    """Our id of a yaku as Tenhou, the Mahjong Soul converters or the English viewers name it."""
    ours = YAKU_BY_NAME.get(name.strip()) or YAKU_BY_NAME.get(name.strip().lower())
    if ours is None:
        raise NameError_(f"unknown yaku name {name!r}")
    return ours


def mjai_yaku(symbol: str, fan: int) -> tuple[str, int]:
    """A gimite entry [symbol, fan] as (our id or shared symbol, han); a yakuman as minus its count (100 fan each)."""
    ours = MJAI_SYMBOLS.get(symbol)
    if ours is None:
        raise NameError_(f"unknown mjai yaku {symbol!r}")
    if fan >= GIMITE_YAKUMAN_FAN:
        return ours, -(fan // GIMITE_YAKUMAN_FAN)
    return ours, fan
