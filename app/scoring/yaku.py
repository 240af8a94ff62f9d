"""The yaku and yakuman tables: each row states an id, its names, its value and when it applies.

Hand yaku read only HandFacts (the tiles as a whole, the situation, a few rule options); reading yaku
read only ShapeFacts (how one reading groups the tiles). Both are values, so evaluate judges each table
once per distinct facts and reuses the answer.
"""

from collections.abc import Callable
from dataclasses import dataclass

from app.scoring.facts import HandFacts, ShapeFacts, is_pinfu_shape
from app.scoring.tiles import CHUN, HAKU, HATSU


@dataclass(frozen=True, slots=True)
class Yaku:
    id: str
    name: str
    japanese: str
    han_closed: int
    han_open: int  # 0: only a closed hand can have it
    applies: Callable[..., bool]  # given the facts of its table: Situation, HandFacts or ShapeFacts


@dataclass(frozen=True, slots=True)
class Yakuman:
    id: str
    name: str
    japanese: str
    double: bool  # worth two yakuman where the rules allow double yakuman
    closed_only: bool
    applies: Callable[..., bool]


def _triplet_of(tile: int) -> Callable[[HandFacts], bool]:
    return lambda h: tile in h.dragon_triplets


def _chanta(s: ShapeFacts) -> bool:
    return s.outer and s.has_honor and s.sequences > 0


def _junchan(s: ShapeFacts) -> bool:
    return s.outer and not s.has_honor and s.sequences > 0


SITUATION_YAKU: tuple[Yaku, ...] = (
    Yaku("riichi", "Riichi", "立直", 1, 0, lambda w: w.riichi and not w.double_riichi),
    Yaku("double_riichi", "Double riichi", "両立直", 2, 0, lambda w: w.double_riichi),
    Yaku("ippatsu", "Ippatsu", "一発", 1, 0, lambda w: w.ippatsu),
    Yaku("menzen_tsumo", "Menzen tsumo", "門前清自摸和", 1, 0, lambda w: w.tsumo),
    Yaku("haitei", "Haitei raoyue", "海底摸月", 1, 1, lambda w: w.haitei),
    Yaku("houtei", "Houtei raoyui", "河底撈魚", 1, 1, lambda w: w.houtei),
    Yaku("rinshan", "Rinshan kaihou", "嶺上開花", 1, 1, lambda w: w.rinshan),
    Yaku("chankan", "Chankan", "槍槓", 1, 1, lambda w: w.chankan),
)

HAND_YAKU: tuple[Yaku, ...] = (
    Yaku("tanyao", "Tanyao", "断幺九", 1, 1, lambda h: h.all_simple and (h.closed or h.open_tanyao)),
    Yaku("yakuhai_haku", "Yakuhai: haku", "役牌 白", 1, 1, _triplet_of(HAKU)),
    Yaku("yakuhai_hatsu", "Yakuhai: hatsu", "役牌 發", 1, 1, _triplet_of(HATSU)),
    Yaku("yakuhai_chun", "Yakuhai: chun", "役牌 中", 1, 1, _triplet_of(CHUN)),
    Yaku("yakuhai_seat_wind", "Yakuhai: seat wind", "自風牌", 1, 1, lambda h: h.seat_wind_triplet),
    Yaku("yakuhai_round_wind", "Yakuhai: round wind", "場風牌", 1, 1, lambda h: h.round_wind_triplet),
    Yaku("sankantsu", "Sankantsu", "三槓子", 2, 2, lambda h: h.kans == 3),
    Yaku("shousangen", "Shousangen", "小三元", 2, 2, lambda h: len(h.dragon_triplets) == 2 and h.dragon_pair),
    Yaku("honroutou", "Honroutou", "混老頭", 2, 2, lambda h: h.all_terminal_or_honor),
    Yaku("honitsu", "Honitsu", "混一色", 3, 2, lambda h: h.suit_count == 1 and h.has_honor),
    Yaku("chinitsu", "Chinitsu", "清一色", 6, 5, lambda h: h.suit_count == 1 and not h.has_honor),
)

READING_YAKU: tuple[Yaku, ...] = (
    Yaku("pinfu", "Pinfu", "平和", 1, 0, is_pinfu_shape),
    Yaku("iipeikou", "Iipeikou", "一盃口", 1, 0, lambda s: s.peikou == 1),
    Yaku("chiitoitsu", "Chiitoitsu", "七対子", 2, 0, lambda s: s.shape == "chiitoitsu"),
    Yaku("chanta", "Chanta", "混全帯幺九", 2, 1, _chanta),
    Yaku("ittsu", "Ittsu", "一気通貫", 2, 1, lambda s: s.straight),
    Yaku("sanshoku_doujun", "Sanshoku doujun", "三色同順", 2, 1, lambda s: s.three_colour_sequences),
    Yaku("sanshoku_doukou", "Sanshoku doukou", "三色同刻", 2, 2, lambda s: s.three_colour_triplets),
    Yaku("toitoi", "Toitoi", "対々和", 2, 2, lambda s: s.triplets == 4),
    Yaku("sanankou", "Sanankou", "三暗刻", 2, 2, lambda s: s.concealed_triplets == 3),
    Yaku("junchan", "Junchan", "純全帯幺九", 3, 2, _junchan),
    Yaku("ryanpeikou", "Ryanpeikou", "二盃口", 3, 0, lambda s: s.peikou == 2),
)

# Yaku outside the tables: their value comes from the rules or the situation, not from the hand's shape, and
# evaluate scores them itself.
def _scored_apart(_: object) -> bool:
    return False


RENHOU = Yaku("renhou", "Renhou", "人和", 5, 0, _scored_apart)
NAGASHI_MANGAN = Yaku("nagashi_mangan", "Nagashi mangan", "流し満貫", 5, 5, _scored_apart)
DORA = Yaku("dora", "Dora", "ドラ", 1, 1, _scored_apart)
AKA_DORA = Yaku("aka_dora", "Aka dora", "赤ドラ", 1, 1, _scored_apart)
URA_DORA = Yaku("ura_dora", "Ura dora", "裏ドラ", 1, 0, _scored_apart)
RENHOU_HAN = {"mangan": 5, "baiman": 8}


def _suuankou(s: ShapeFacts) -> bool:
    return s.concealed_triplets == 4


READING_YAKUMAN: tuple[Yakuman, ...] = (
    Yakuman("kokushi_musou", "Kokushi musou", "国士無双", False, True, lambda s: s.wait == "kokushi"),
    Yakuman("kokushi_musou_13", "Kokushi musou, 13-sided wait", "国士無双十三面待ち", True, True,
            lambda s: s.wait == "kokushi_13"),
    Yakuman("suuankou", "Suuankou", "四暗刻", False, True, lambda s: _suuankou(s) and s.wait != "tanki"),
    Yakuman("suuankou_tanki", "Suuankou, single wait", "四暗刻単騎", True, True,
            lambda s: _suuankou(s) and s.wait == "tanki"),
)

HAND_YAKUMAN: tuple[Yakuman, ...] = (
    Yakuman("daisangen", "Daisangen", "大三元", False, False, lambda h: len(h.dragon_triplets) == 3),
    Yakuman("shousuushii", "Shousuushii", "小四喜", False, False, lambda h: h.wind_triplets == 3 and h.wind_pair),
    Yakuman("daisuushii", "Daisuushii", "大四喜", True, False, lambda h: h.wind_triplets == 4),
    Yakuman("tsuuiisou", "Tsuuiisou", "字一色", False, False, lambda h: h.all_honor),
    Yakuman("chinroutou", "Chinroutou", "清老頭", False, False, lambda h: h.all_terminal_or_honor and not h.has_honor),
    Yakuman("ryuuiisou", "Ryuuiisou", "緑一色", False, False, lambda h: h.all_green),
    Yakuman("chuuren_poutou", "Chuuren poutou", "九蓮宝燈", False, True, lambda h: h.chuuren == 1),
    Yakuman("junsei_chuuren_poutou", "Junsei chuuren poutou", "純正九蓮宝燈", True, True,
            lambda h: h.chuuren == 2),
    Yakuman("suukantsu", "Suukantsu", "四槓子", False, False, lambda h: h.kans == 4),
    Yakuman("tenhou", "Tenhou", "天和", False, True, lambda h: h.tenhou),
    Yakuman("chiihou", "Chiihou", "地和", False, True, lambda h: h.chiihou),
    Yakuman("renhou", "Renhou", "人和", False, True, lambda h: h.renhou and h.renhou_value == "yakuman"),
)



def could_be_yakuman(h: HandFacts) -> bool:
    """A cheap test every hand yakuman passes (each needs honor triplets, one kind of tile, four kans or
    a first-turn win), so that ordinary hands skip their table."""
    return (
        len(h.dragon_triplets) + h.wind_triplets >= 3
        or h.all_terminal_or_honor
        or h.all_green
        or h.chuuren > 0
        or h.kans == 4
        or h.tenhou or h.chiihou or h.renhou
    )


YAKU = SITUATION_YAKU + HAND_YAKU + READING_YAKU
YAKUMAN = READING_YAKUMAN + HAND_YAKUMAN
PAO_YAKUMAN = frozenset({"daisangen", "daisuushii"})
