"""The yaku and yakuman tables: each row states an id, its names, its value and when it applies."""

from collections.abc import Callable
from dataclasses import dataclass

from app.scoring.facts import (
    HandFacts,
    ShapeFacts,
    all_groups_outer,
    dragon_triplets,
    has_straight,
    has_three_colours,
    is_pinfu_shape,
    peikou_count,
    wind_triplets,
)
from app.scoring.tiles import DRAGONS, HAKU, HATSU, CHUN, WINDS

Predicate = Callable[[HandFacts, ShapeFacts], bool]


@dataclass(frozen=True, slots=True)
class Yaku:
    id: str
    name: str
    japanese: str
    han_closed: int
    han_open: int  # 0: only a closed hand can have it
    applies: Predicate


@dataclass(frozen=True, slots=True)
class Yakuman:
    id: str
    name: str
    japanese: str
    double: bool  # worth two yakuman where the rules allow double yakuman
    closed_only: bool
    applies: Predicate


def _is_standard(s: ShapeFacts) -> bool:
    return s.reading.shape == "standard"


def _honitsu(h: HandFacts, s: ShapeFacts) -> bool:
    return len(h.suits) == 1 and h.has_honor


def _chinitsu(h: HandFacts, s: ShapeFacts) -> bool:
    return len(h.suits) == 1 and not h.has_honor


def _chanta(h: HandFacts, s: ShapeFacts) -> bool:
    return bool(s.sequences) and h.has_honor and all_groups_outer(s)


def _junchan(h: HandFacts, s: ShapeFacts) -> bool:
    return bool(s.sequences) and not h.has_honor and all_groups_outer(s)


def _tanyao(h: HandFacts, s: ShapeFacts) -> bool:
    return h.all_simple and (h.closed or h.rules.open_tanyao)


def _shousangen(h: HandFacts, s: ShapeFacts) -> bool:
    return dragon_triplets(s) == 2 and s.pair in DRAGONS


def _sanshoku_doujun(h: HandFacts, s: ShapeFacts) -> bool:
    return len(s.sequences) >= 3 and has_three_colours(s.sequences)


def _sanshoku_doukou(h: HandFacts, s: ShapeFacts) -> bool:
    return len(s.triplets) >= 3 and has_three_colours(s.triplets)


def _triplet_of(tile: int) -> Predicate:
    return lambda h, s: tile in s.triplets


YAKU: tuple[Yaku, ...] = (
    Yaku("riichi", "Riichi", "立直", 1, 0, lambda h, s: h.ctx.riichi and not h.ctx.double_riichi),
    Yaku("double_riichi", "Double riichi", "両立直", 2, 0, lambda h, s: h.ctx.double_riichi),
    Yaku("ippatsu", "Ippatsu", "一発", 1, 0, lambda h, s: h.ctx.ippatsu),
    Yaku("menzen_tsumo", "Menzen tsumo", "門前清自摸和", 1, 0, lambda h, s: h.ctx.is_tsumo),
    Yaku("tanyao", "Tanyao", "断幺九", 1, 1, _tanyao),
    Yaku("pinfu", "Pinfu", "平和", 1, 0, is_pinfu_shape),
    Yaku("iipeikou", "Iipeikou", "一盃口", 1, 0, lambda h, s: peikou_count(s) == 1),
    Yaku("haitei", "Haitei raoyue", "海底摸月", 1, 1, lambda h, s: h.ctx.haitei),
    Yaku("houtei", "Houtei raoyui", "河底撈魚", 1, 1, lambda h, s: h.ctx.houtei),
    Yaku("rinshan", "Rinshan kaihou", "嶺上開花", 1, 1, lambda h, s: h.ctx.rinshan),
    Yaku("chankan", "Chankan", "槍槓", 1, 1, lambda h, s: h.ctx.chankan),
    Yaku("yakuhai_haku", "Yakuhai: haku", "役牌 白", 1, 1, _triplet_of(HAKU)),
    Yaku("yakuhai_hatsu", "Yakuhai: hatsu", "役牌 發", 1, 1, _triplet_of(HATSU)),
    Yaku("yakuhai_chun", "Yakuhai: chun", "役牌 中", 1, 1, _triplet_of(CHUN)),
    Yaku("yakuhai_seat_wind", "Yakuhai: seat wind", "自風牌", 1, 1, lambda h, s: h.seat_wind in s.triplets),
    Yaku("yakuhai_round_wind", "Yakuhai: round wind", "場風牌", 1, 1, lambda h, s: h.round_wind in s.triplets),
    Yaku("chiitoitsu", "Chiitoitsu", "七対子", 2, 0, lambda h, s: s.reading.shape == "chiitoitsu"),
    Yaku("chanta", "Chanta", "混全帯幺九", 2, 1, _chanta),
    Yaku("ittsu", "Ittsu", "一気通貫", 2, 1, lambda h, s: has_straight(s)),
    Yaku("sanshoku_doujun", "Sanshoku doujun", "三色同順", 2, 1, _sanshoku_doujun),
    Yaku("sanshoku_doukou", "Sanshoku doukou", "三色同刻", 2, 2, _sanshoku_doukou),
    Yaku("toitoi", "Toitoi", "対々和", 2, 2, lambda h, s: _is_standard(s) and not s.sequences),
    Yaku("sanankou", "Sanankou", "三暗刻", 2, 2, lambda h, s: s.concealed_triplets == 3),
    Yaku("sankantsu", "Sankantsu", "三槓子", 2, 2, lambda h, s: s.kans == 3),
    Yaku("shousangen", "Shousangen", "小三元", 2, 2, _shousangen),
    Yaku("honroutou", "Honroutou", "混老頭", 2, 2, lambda h, s: h.all_terminal_or_honor),
    Yaku("honitsu", "Honitsu", "混一色", 3, 2, _honitsu),
    Yaku("junchan", "Junchan", "純全帯幺九", 3, 2, _junchan),
    Yaku("ryanpeikou", "Ryanpeikou", "二盃口", 3, 0, lambda h, s: peikou_count(s) == 2),
    Yaku("chinitsu", "Chinitsu", "清一色", 6, 5, _chinitsu),
)

# Yaku outside the table: their value comes from the rules or the situation, not from the hand's shape.
RENHOU = Yaku("renhou", "Renhou", "人和", 5, 0, lambda h, s: h.ctx.renhou)
NAGASHI_MANGAN = Yaku("nagashi_mangan", "Nagashi mangan", "流し満貫", 5, 5, lambda h, s: h.ctx.nagashi_mangan)
DORA = Yaku("dora", "Dora", "ドラ", 1, 1, lambda h, s: True)
AKA_DORA = Yaku("aka_dora", "Aka dora", "赤ドラ", 1, 1, lambda h, s: True)
URA_DORA = Yaku("ura_dora", "Ura dora", "裏ドラ", 1, 0, lambda h, s: True)
RENHOU_HAN = {"mangan": 5, "baiman": 8}


def _pattern_chuuren(h: HandFacts, s: ShapeFacts) -> bool:
    c = h.hand.all_tiles
    if not h.closed or h.hand.melds or len(h.suits) != 1 or h.has_honor:
        return False
    base = next(iter(h.suits)) * 9
    return c[base] >= 3 and c[base + 8] >= 3 and all(c[base + r] for r in range(1, 8))


def _junsei_shape(h: HandFacts) -> bool:
    c = h.hand.all_tiles
    base = h.hand.win_tile // 9 * 9
    before = [c[base + r] - (base + r == h.hand.win_tile) for r in range(9)]
    return before == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def _suuankou(h: HandFacts, s: ShapeFacts) -> bool:
    return s.concealed_triplets == 4


YAKUMAN: tuple[Yakuman, ...] = (
    Yakuman("kokushi_musou", "Kokushi musou", "国士無双", False, True, lambda h, s: s.reading.wait == "kokushi"),
    Yakuman("kokushi_musou_13", "Kokushi musou, 13-sided wait", "国士無双十三面待ち", True, True,
            lambda h, s: s.reading.wait == "kokushi_13"),
    Yakuman("suuankou", "Suuankou", "四暗刻", False, True, lambda h, s: _suuankou(h, s) and s.reading.wait != "tanki"),
    Yakuman("suuankou_tanki", "Suuankou, single wait", "四暗刻単騎", True, True,
            lambda h, s: _suuankou(h, s) and s.reading.wait == "tanki"),
    Yakuman("daisangen", "Daisangen", "大三元", False, False, lambda h, s: dragon_triplets(s) == 3),
    Yakuman("shousuushii", "Shousuushii", "小四喜", False, False, lambda h, s: wind_triplets(s) == 3 and s.pair in WINDS),
    Yakuman("daisuushii", "Daisuushii", "大四喜", True, False, lambda h, s: wind_triplets(s) == 4),
    Yakuman("tsuuiisou", "Tsuuiisou", "字一色", False, False, lambda h, s: h.all_honor),
    Yakuman("chinroutou", "Chinroutou", "清老頭", False, False, lambda h, s: h.all_terminal_or_honor and not h.has_honor),
    Yakuman("ryuuiisou", "Ryuuiisou", "緑一色", False, False, lambda h, s: h.all_green),
    Yakuman("chuuren_poutou", "Chuuren poutou", "九蓮宝燈", False, True,
            lambda h, s: _pattern_chuuren(h, s) and not _junsei_shape(h)),
    Yakuman("junsei_chuuren_poutou", "Junsei chuuren poutou", "純正九蓮宝燈", True, True,
            lambda h, s: _pattern_chuuren(h, s) and _junsei_shape(h)),
    Yakuman("suukantsu", "Suukantsu", "四槓子", False, False, lambda h, s: s.kans == 4),
    Yakuman("tenhou", "Tenhou", "天和", False, True, lambda h, s: h.ctx.tenhou),
    Yakuman("chiihou", "Chiihou", "地和", False, True, lambda h, s: h.ctx.chiihou),
    Yakuman("renhou", "Renhou", "人和", False, True, lambda h, s: h.ctx.renhou and h.rules.renhou == "yakuman"),
)

PAO_YAKUMAN = frozenset({"daisangen", "daisuushii"})
