"""The yaku and yakuman tables, the single source of what the service scores: each row states an id, its
names, its value and when it applies.

A row's predicate reads the facts of its table (facts.py) and the rules: situation yaku read a Situation,
hand yaku a HandFacts, reading yaku a ShapeFacts, dora a DoraFacts, and nagashi mangan the WinContext. Its
han are fixed (closed and open; 0 open: only a closed hand has it) or worked out by `value` from the facts
and rules (renhou, the dora). A row whose `alone` holds under the rules is scored by itself, without the
other yaku and dora (renhou under EMA, nagashi mangan). Dora add han only beside a yaku.

`options` names the rule options a row reads, so that evaluate judges a table once per distinct facts for
all rules that agree on those options (tests/test_scoring_tables.py proves each row reads no other).
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.scoring.facts import HandFacts, ShapeFacts, is_pinfu_shape
from app.scoring.rules import HandRules
from app.scoring.tiles import CHUN, HAKU, HATSU

# The facts a row reads: its table's (Situation, HandFacts, ShapeFacts, DoraFacts or WinContext). Not a type
# parameter: mypyc cannot compile a generic dataclass (its class setup fails at import).
Facts = Any


def _never(_: HandRules) -> bool:
    return False


def _always(_: HandRules) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Yaku:
    id: str
    name: str
    japanese: str
    han_closed: int
    han_open: int  # 0: only a closed hand can have it
    applies: Callable[[Facts, HandRules], bool]
    value: Callable[[Facts, HandRules], int] | None = None  # the han, where the facts or rules decide them
    alone: Callable[[HandRules], bool] = _never  # scored by itself, without the other yaku and dora
    options: tuple[str, ...] = ()  # the rule options its predicate, value and alone read

    def han(self, facts: Facts, rules: HandRules, closed: bool) -> int:
        if self.value is not None:
            return self.value(facts, rules)
        return self.han_closed if closed else self.han_open


@dataclass(frozen=True, slots=True)
class Yakuman:
    id: str
    name: str
    japanese: str
    double: bool  # worth two yakuman where the rules allow double yakuman
    closed_only: bool
    applies: Callable[[Facts, HandRules], bool]
    pao: Callable[[HandRules], bool] = _never  # the player who fed its last set is liable (pao)
    options: tuple[str, ...] = ()  # the rule options its predicate reads (pao aside: read when paid)


def _dragon_triplet(tile: int) -> Callable[[HandFacts, HandRules], bool]:
    return lambda h, r: tile in h.dragon_triplets


def _chanta(s: ShapeFacts, r: HandRules) -> bool:
    return s.outer and s.has_honor and s.sequences > 0


def _junchan(s: ShapeFacts, r: HandRules) -> bool:
    return s.outer and not s.has_honor and s.sequences > 0


RENHOU_HAN = {"mangan": 5, "baiman": 8}  # renhou as an ordinary yaku, by rules.renhou

SITUATION_YAKU: tuple[Yaku, ...] = (
    Yaku("riichi", "Riichi", "立直", 1, 0, lambda w, r: w.riichi and not w.double_riichi),
    Yaku("double_riichi", "Double riichi", "両立直", 2, 0, lambda w, r: w.double_riichi),
    Yaku("ippatsu", "Ippatsu", "一発", 1, 0, lambda w, r: w.ippatsu),
    Yaku("menzen_tsumo", "Menzen tsumo", "門前清自摸和", 1, 0, lambda w, r: w.tsumo),
    Yaku("haitei", "Haitei raoyue", "海底摸月", 1, 1, lambda w, r: w.haitei),
    Yaku("houtei", "Houtei raoyui", "河底撈魚", 1, 1, lambda w, r: w.houtei),
    Yaku("rinshan", "Rinshan kaihou", "嶺上開花", 1, 1, lambda w, r: w.rinshan),
    Yaku("chankan", "Chankan", "槍槓", 1, 1, lambda w, r: w.chankan),
)

HAND_YAKU: tuple[Yaku, ...] = (
    Yaku("tanyao", "Tanyao", "断幺九", 1, 1, lambda h, r: h.all_simple and (h.closed or r.open_tanyao),
         options=("open_tanyao",)),
    Yaku("yakuhai_haku", "Yakuhai: haku", "役牌 白", 1, 1, _dragon_triplet(HAKU)),
    Yaku("yakuhai_hatsu", "Yakuhai: hatsu", "役牌 發", 1, 1, _dragon_triplet(HATSU)),
    Yaku("yakuhai_chun", "Yakuhai: chun", "役牌 中", 1, 1, _dragon_triplet(CHUN)),
    Yaku("yakuhai_seat_wind", "Yakuhai: seat wind", "自風牌", 1, 1, lambda h, r: h.seat_wind_triplet),
    Yaku("yakuhai_round_wind", "Yakuhai: round wind", "場風牌", 1, 1, lambda h, r: h.round_wind_triplet),
    Yaku("sankantsu", "Sankantsu", "三槓子", 2, 2, lambda h, r: h.kans == 3),
    Yaku("shousangen", "Shousangen", "小三元", 2, 2, lambda h, r: len(h.dragon_triplets) == 2 and h.dragon_pair),
    Yaku("honroutou", "Honroutou", "混老頭", 2, 2, lambda h, r: h.all_terminal_or_honor),
    Yaku("honitsu", "Honitsu", "混一色", 3, 2, lambda h, r: h.suit_count == 1 and h.has_honor),
    Yaku("chinitsu", "Chinitsu", "清一色", 6, 5, lambda h, r: h.suit_count == 1 and not h.has_honor),
    Yaku("renhou", "Renhou", "人和", 5, 0, lambda h, r: h.renhou and r.renhou in RENHOU_HAN,
         value=lambda h, r: RENHOU_HAN[r.renhou], alone=lambda r: r.renhou_alone, options=("renhou", "renhou_alone")),
)

READING_YAKU: tuple[Yaku, ...] = (
    Yaku("pinfu", "Pinfu", "平和", 1, 0, lambda s, r: is_pinfu_shape(s)),
    Yaku("iipeikou", "Iipeikou", "一盃口", 1, 0, lambda s, r: s.peikou == 1),
    Yaku("chiitoitsu", "Chiitoitsu", "七対子", 2, 0, lambda s, r: s.shape == "chiitoitsu"),
    Yaku("chanta", "Chanta", "混全帯幺九", 2, 1, _chanta),
    Yaku("ittsu", "Ittsu", "一気通貫", 2, 1, lambda s, r: s.straight),
    Yaku("sanshoku_doujun", "Sanshoku doujun", "三色同順", 2, 1, lambda s, r: s.three_colour_sequences),
    Yaku("sanshoku_doukou", "Sanshoku doukou", "三色同刻", 2, 2, lambda s, r: s.three_colour_triplets),
    Yaku("toitoi", "Toitoi", "対々和", 2, 2, lambda s, r: s.triplets == 4),
    Yaku("sanankou", "Sanankou", "三暗刻", 2, 2, lambda s, r: s.concealed_triplets == 3),
    Yaku("junchan", "Junchan", "純全帯幺九", 3, 2, _junchan),
    Yaku("ryanpeikou", "Ryanpeikou", "二盃口", 3, 0, lambda s, r: s.peikou == 2),
)

DORA_YAKU: tuple[Yaku, ...] = (
    Yaku("dora", "Dora", "ドラ", 1, 1, lambda d, r: d.dora > 0, value=lambda d, r: d.dora),
    Yaku("aka_dora", "Aka dora", "赤ドラ", 1, 1, lambda d, r: d.aka > 0 and r.aka_dora, value=lambda d, r: d.aka,
         options=("aka_dora",)),
    Yaku("ura_dora", "Ura dora", "裏ドラ", 1, 0, lambda d, r: d.ura > 0, value=lambda d, r: d.ura),
    Yaku("kita", "Kita", "抜きドラ", 1, 1, lambda d, r: d.kita > 0, value=lambda d, r: d.kita),
)

DRAW_YAKU: tuple[Yaku, ...] = (
    Yaku("nagashi_mangan", "Nagashi mangan", "流し満貫", 5, 5, lambda c, r: c.nagashi_mangan and r.nagashi_mangan,
         alone=_always, options=("nagashi_mangan",)),
)


def _suuankou(s: ShapeFacts) -> bool:
    return s.concealed_triplets == 4


READING_YAKUMAN: tuple[Yakuman, ...] = (
    Yakuman("kokushi_musou", "Kokushi musou", "国士無双", False, True, lambda s, r: s.wait == "kokushi"),
    Yakuman("kokushi_musou_13", "Kokushi musou, 13-sided wait", "国士無双十三面待ち", True, True,
            lambda s, r: s.wait == "kokushi_13"),
    Yakuman("suuankou", "Suuankou", "四暗刻", False, True, lambda s, r: _suuankou(s) and s.wait != "tanki"),
    Yakuman("suuankou_tanki", "Suuankou, single wait", "四暗刻単騎", True, True,
            lambda s, r: _suuankou(s) and s.wait == "tanki"),
)

HAND_YAKUMAN: tuple[Yakuman, ...] = (
    Yakuman("daisangen", "Daisangen", "大三元", False, False, lambda h, r: len(h.dragon_triplets) == 3, pao=_always),
    Yakuman("shousuushii", "Shousuushii", "小四喜", False, False, lambda h, r: h.wind_triplets == 3 and h.wind_pair),
    Yakuman("daisuushii", "Daisuushii", "大四喜", True, False, lambda h, r: h.wind_triplets == 4, pao=_always),
    Yakuman("tsuuiisou", "Tsuuiisou", "字一色", False, False, lambda h, r: h.all_honor),
    Yakuman("chinroutou", "Chinroutou", "清老頭", False, False,
            lambda h, r: h.all_terminal_or_honor and not h.has_honor),
    Yakuman("ryuuiisou", "Ryuuiisou", "緑一色", False, False, lambda h, r: h.all_green),
    Yakuman("chuuren_poutou", "Chuuren poutou", "九蓮宝燈", False, True, lambda h, r: h.chuuren == 1),
    Yakuman("junsei_chuuren_poutou", "Junsei chuuren poutou", "純正九蓮宝燈", True, True,
            lambda h, r: h.chuuren == 2),
    Yakuman("suukantsu", "Suukantsu", "四槓子", False, False, lambda h, r: h.kans == 4,
            pao=lambda r: r.pao_suukantsu),
    Yakuman("tenhou", "Tenhou", "天和", False, True, lambda h, r: h.tenhou),
    Yakuman("chiihou", "Chiihou", "地和", False, True, lambda h, r: h.chiihou),
    Yakuman("renhou", "Renhou", "人和", False, True, lambda h, r: h.renhou and r.renhou == "yakuman",
            options=("renhou",)),
)

def options_read(*tables: tuple[Yaku, ...] | tuple[Yakuman, ...]) -> tuple[str, ...]:
    """Every rule option some row of these tables reads."""
    return tuple(sorted({option for table in tables for row in table for option in row.options}))


YAKU_TABLES = (SITUATION_YAKU, HAND_YAKU, READING_YAKU, DRAW_YAKU, DORA_YAKU)
YAKUMAN_TABLES = (READING_YAKUMAN, HAND_YAKUMAN)
