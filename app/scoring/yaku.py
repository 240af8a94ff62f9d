"""The yaku and yakuman tables, the single source of what the service scores: each row states an id, its
names (in every language: Names), its value, when it applies and its ids on Tenhou and Mahjong Soul (sources in
docs/names.md).

A row's predicate reads the facts of its table (facts.py) and the rules: situation yaku read a Situation,
hand yaku a HandFacts, reading yaku a ShapeFacts, dora a DoraFacts, and nagashi mangan the WinContext. Its
han are fixed (closed and open; 0 open: only a closed hand has it) or worked out by `value` from the facts
and rules (renhou, the dora). A row whose `alone` holds under the rules is scored by itself, without the
other yaku and dora (renhou under EMA, nagashi mangan). Dora add han only beside a yaku.

`options` names the rule options a row reads, so that evaluate judges a table once per distinct facts for
all rules that agree on those options (tests/test_scoring_design.py,
test_every_yaku_row_reads_only_the_rule_options_it_declares, proves each row reads no other).
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from app.scoring.facts import HandFacts, ShapeFacts, is_pinfu_shape
from app.scoring.names import Names
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
    names: Names
    han_closed: int
    han_open: int  # 0: only a closed hand can have it
    applies: Callable[[Facts, HandRules], bool]
    value: Callable[[Facts, HandRules], int] | None = None  # the han, where the facts or rules decide them
    alone: Callable[[HandRules], bool] = _never  # scored by itself, without the other yaku and dora
    options: tuple[str, ...] = ()  # the rule options its predicate, value and alone read
    tenhou: tuple[int, ...] = ()  # its ids in Tenhou's logs (the wind yakuhai: one per wind, East first); none: ()
    mahjong_soul: int | None = None  # its fan id in Mahjong Soul's game data
    mjai: str = ""  # its symbol in gimite's mjai logs (`hora.yakus`): several rows may share one (sangenpai); none: ""

    def han(self, facts: Facts, rules: HandRules, closed: bool) -> int:
        if self.value is not None:
            return self.value(facts, rules)
        return self.han_closed if closed else self.han_open


@dataclass(frozen=True, slots=True)
class Yakuman:
    id: str
    names: Names
    double: bool  # worth two yakuman where the rules allow double yakuman
    closed_only: bool
    applies: Callable[[Facts, HandRules], bool]
    pao: Callable[[HandRules], bool] = _never  # the player who fed its last set is liable (pao)
    options: tuple[str, ...] = ()  # the rule options its predicate reads (pao aside: read when paid)
    tenhou: tuple[int, ...] = ()  # its id in Tenhou's logs; none: ()
    mahjong_soul: int | None = None  # its fan id in Mahjong Soul's game data
    mjai: str = ""  # its symbol in gimite's mjai logs (`hora.yakus`): several rows may share one (suanko); none: ""


def _dragon_triplet(tile: int) -> Callable[[HandFacts, HandRules], bool]:
    return lambda h, r: tile in h.dragon_triplets


def _chanta(s: ShapeFacts, r: HandRules) -> bool:
    return s.outer and s.has_honor and s.sequences > 0


def _junchan(s: ShapeFacts, r: HandRules) -> bool:
    return s.outer and not s.has_honor and s.sequences > 0


RENHOU_HAN: Final = {"mangan": 5, "baiman": 8}  # renhou as an ordinary yaku, by rules.renhou

SITUATION_YAKU: Final[tuple[Yaku, ...]] = (
    Yaku("riichi", Names("Riichi", "立直", "Riichi", "立直", "리치"),
         1, 0, lambda w, r: w.riichi and not w.double_riichi, tenhou=(1,), mahjong_soul=2, mjai="reach"),
    Yaku("double_riichi", Names("Double riichi", "両立直", "Double Riichi", "两立直", "더블 리치"),
         2, 0, lambda w, r: w.double_riichi, tenhou=(21,), mahjong_soul=18, mjai="double_reach"),
    Yaku("ippatsu", Names("Ippatsu", "一発", "Ippatsu", "一发", "일발"),
         1, 0, lambda w, r: w.ippatsu, tenhou=(2,), mahjong_soul=30, mjai="ippatsu"),
    Yaku("menzen_tsumo", Names("Menzen tsumo", "門前清自摸和", "Menzenchin tsumohō", "门前清自摸和", "문전청자모화"),
         1, 0, lambda w, r: w.tsumo, tenhou=(0,), mahjong_soul=1, mjai="menzenchin_tsumoho"),
    Yaku("haitei", Names("Haitei raoyue", "海底摸月", "Haitei raoyue", "海底摸月", "해저로월"),
         1, 1, lambda w, r: w.haitei, tenhou=(5,), mahjong_soul=5, mjai="haiteiraoyue"),
    Yaku("houtei", Names("Houtei raoyui", "河底撈魚", "Houtei raoyui", "河底捞鱼", "하저로어"),
         1, 1, lambda w, r: w.houtei, tenhou=(6,), mahjong_soul=6, mjai="hoteiraoyui"),
    Yaku("rinshan", Names("Rinshan kaihou", "嶺上開花", "Rinshan kaihou", "岭上开花", "영상개화"),
         1, 1, lambda w, r: w.rinshan, tenhou=(4,), mahjong_soul=4, mjai="rinshankaiho"),
    Yaku("chankan", Names("Chankan", "槍槓", "Chankan", "枪杠", "창깡"),
         1, 1, lambda w, r: w.chankan, tenhou=(3,), mahjong_soul=3, mjai="chankan"),
)

HAND_YAKU: Final[tuple[Yaku, ...]] = (
    Yaku("tanyao", Names("Tanyao", "断幺九", "Tanyaochuu", "断幺九", "단요구"),
         1, 1, lambda h, r: h.all_simple and (h.closed or r.open_tanyao), options=("open_tanyao",),
         tenhou=(8,), mahjong_soul=12, mjai="tanyaochu"),
    Yaku("yakuhai_haku", Names("Yakuhai: haku", "役牌 白", "Yakuhai: Haku", "役牌 白", "역패: 백"),
         1, 1, _dragon_triplet(HAKU), tenhou=(18,), mahjong_soul=7, mjai="sangenpai"),
    Yaku("yakuhai_hatsu", Names("Yakuhai: hatsu", "役牌 發", "Yakuhai: Hatsu", "役牌 发", "역패: 발"),
         1, 1, _dragon_triplet(HATSU), tenhou=(19,), mahjong_soul=8, mjai="sangenpai"),
    Yaku("yakuhai_chun", Names("Yakuhai: chun", "役牌 中", "Yakuhai: Chun", "役牌 中", "역패: 중"),
         1, 1, _dragon_triplet(CHUN), tenhou=(20,), mahjong_soul=9, mjai="sangenpai"),
    Yaku("yakuhai_seat_wind", Names("Yakuhai: seat wind", "自風牌", "Yakuhai: gió nhà", "役牌:门风牌", "자풍패"),
         1, 1, lambda h, r: h.seat_wind_triplet, tenhou=(10, 11, 12, 13), mahjong_soul=10, mjai="jikaze"),
    Yaku("yakuhai_round_wind", Names("Yakuhai: round wind", "場風牌", "Yakuhai: gió vòng", "役牌:场风牌", "장풍패"),
         1, 1, lambda h, r: h.round_wind_triplet, tenhou=(14, 15, 16, 17), mahjong_soul=11, mjai="bakaze"),
    Yaku("sankantsu", Names("Sankantsu", "三槓子", "Sankantsu", "三杠子", "삼공자"),
         2, 2, lambda h, r: h.kans == 3, tenhou=(27,), mahjong_soul=20, mjai="sankantsu"),
    Yaku("shousangen", Names("Shousangen", "小三元", "Shousangen", "小三元", "소삼원"),
         2, 2, lambda h, r: len(h.dragon_triplets) == 2 and h.dragon_pair, tenhou=(30,), mahjong_soul=23, mjai="shosangen"),
    Yaku("honroutou", Names("Honroutou", "混老頭", "Honroutou", "混老头", "혼노두"),
         2, 2, lambda h, r: h.all_terminal_or_honor, tenhou=(31,), mahjong_soul=24, mjai="honroto"),
    Yaku("honitsu", Names("Honitsu", "混一色", "Honitsu", "混一色", "혼일색"),
         3, 2, lambda h, r: h.suit_count == 1 and h.has_honor, tenhou=(34,), mahjong_soul=27, mjai="honiso"),
    Yaku("chinitsu", Names("Chinitsu", "清一色", "Chinitsu", "清一色", "청일색"),
         6, 5, lambda h, r: h.suit_count == 1 and not h.has_honor, tenhou=(35,), mahjong_soul=29, mjai="chiniso"),
    Yaku("renhou", Names("Renhou", "人和", "Renhou (Nhân ù)", "人和", "인화"),
         5, 0, lambda h, r: h.renhou and r.renhou in RENHOU_HAN,
         value=lambda h, r: RENHOU_HAN[r.renhou], alone=lambda r: r.renhou_alone, options=("renhou", "renhou_alone"),
         tenhou=(36,), mahjong_soul=65, mjai="renho"),
)

READING_YAKU: Final[tuple[Yaku, ...]] = (
    Yaku("pinfu", Names("Pinfu", "平和", "Pinfu", "平和", "평화"),
         1, 0, lambda s, r: is_pinfu_shape(s), tenhou=(7,), mahjong_soul=14, mjai="pinfu"),
    Yaku("iipeikou", Names("Iipeikou", "一盃口", "Iipeikou", "一杯口", "일배구"),
         1, 0, lambda s, r: s.peikou == 1, tenhou=(9,), mahjong_soul=13, mjai="ipeko"),
    Yaku("chiitoitsu", Names("Chiitoitsu", "七対子", "Chiitoitsu", "七对子", "칠대자"),
         2, 0, lambda s, r: s.shape == "chiitoitsu", tenhou=(22,), mahjong_soul=25, mjai="chitoitsu"),
    Yaku("chanta", Names("Chanta", "混全帯幺九", "Honchantai yaochuu", "混全带幺九", "혼전대요구"),
         2, 1, _chanta, tenhou=(23,), mahjong_soul=15, mjai="honchantaiyao"),
    Yaku("ittsu", Names("Ittsu", "一気通貫", "Ikkitsukan", "一气通贯", "일기통관"),
         2, 1, lambda s, r: s.straight, tenhou=(24,), mahjong_soul=16, mjai="ikkitsukan"),
    Yaku("sanshoku_doujun", Names("Sanshoku doujun", "三色同順", "Sanshoku doujun", "三色同顺", "삼색동순"),
         2, 1, lambda s, r: s.three_colour_sequences, tenhou=(25,), mahjong_soul=17, mjai="sanshokudojun"),
    Yaku("sanshoku_doukou", Names("Sanshoku doukou", "三色同刻", "Sanshoku doukou", "三色同刻", "삼색동각"),
         2, 2, lambda s, r: s.three_colour_triplets, tenhou=(26,), mahjong_soul=19, mjai="sanshokudoko"),
    Yaku("toitoi", Names("Toitoi", "対々和", "Toitoihou", "对对和", "대대화"),
         2, 2, lambda s, r: s.triplets == 4, tenhou=(28,), mahjong_soul=21, mjai="toitoiho"),
    Yaku("sanankou", Names("Sanankou", "三暗刻", "Sanankou", "三暗刻", "삼암각"),
         2, 2, lambda s, r: s.concealed_triplets == 3, tenhou=(29,), mahjong_soul=22, mjai="sananko"),
    Yaku("junchan", Names("Junchan", "純全帯幺九", "Junchantai yaochuu", "纯全带幺九", "순전대요구"),
         3, 2, _junchan, tenhou=(33,), mahjong_soul=26, mjai="junchantaiyao"),
    Yaku("ryanpeikou", Names("Ryanpeikou", "二盃口", "Ryanpeikou", "二杯口", "이배구"),
         3, 0, lambda s, r: s.peikou == 2, tenhou=(32,), mahjong_soul=28, mjai="ryanpeko"),
)

DORA_YAKU: Final[tuple[Yaku, ...]] = (
    Yaku("dora", Names("Dora", "ドラ", "Dora", "宝牌", "도라"),
         1, 1, lambda d, r: d.dora > 0, value=lambda d, r: d.dora, tenhou=(52,), mahjong_soul=31, mjai="dora"),
    Yaku("aka_dora", Names("Aka dora", "赤ドラ", "Aka dora", "红宝牌", "아카도라"),
         1, 1, lambda d, r: d.aka > 0 and r.aka_dora, value=lambda d, r: d.aka, options=("aka_dora",),
         tenhou=(54,), mahjong_soul=32, mjai="akadora"),
    Yaku("ura_dora", Names("Ura dora", "裏ドラ", "Ura dora", "里宝牌", "우라도라"),
         1, 0, lambda d, r: d.ura > 0, value=lambda d, r: d.ura, tenhou=(53,), mahjong_soul=33, mjai="uradora"),
    Yaku("kita", Names("Kita", "抜きドラ", "Nuki dora (Kita)", "拔北宝牌", "북도라"),
         1, 1, lambda d, r: d.kita > 0, value=lambda d, r: d.kita, mahjong_soul=34),
)

DRAW_YAKU: Final[tuple[Yaku, ...]] = (
    Yaku("nagashi_mangan", Names("Nagashi mangan", "流し満貫", "Nagashi mangan", "流局满贯", "유국만관"),
         5, 5, lambda c, r: c.nagashi_mangan and r.nagashi_mangan, alone=_always, options=("nagashi_mangan",)),
)


def _suuankou(s: ShapeFacts) -> bool:
    return s.concealed_triplets == 4


READING_YAKUMAN: Final[tuple[Yakuman, ...]] = (
    Yakuman("kokushi_musou", Names("Kokushi musou", "国士無双", "Kokushi musou (Quốc sĩ vô song)", "国士无双", "국사무쌍"),
            False, True, lambda s, r: s.wait == "kokushi", tenhou=(47,), mahjong_soul=42, mjai="kokushimuso"),
    Yakuman("kokushi_musou_13", Names("Kokushi musou, 13-sided wait", "国士無双十三面待ち", "Kokushi musou juusanmen machi",
                                      "国士无双十三面", "국사무쌍 13면대기"),
            True, True, lambda s, r: s.wait == "kokushi_13", tenhou=(48,), mahjong_soul=49, mjai="kokushimuso"),
    Yakuman("suuankou", Names("Suuankou", "四暗刻", "Suuankou (Tứ ám khắc)", "四暗刻", "사암각"),
            False, True, lambda s, r: _suuankou(s) and s.wait != "tanki", tenhou=(40,), mahjong_soul=38, mjai="suanko"),
    Yakuman("suuankou_tanki", Names("Suuankou, single wait", "四暗刻単騎", "Suuankou tankimachi", "四暗刻单骑", "사암각단기"),
            True, True, lambda s, r: _suuankou(s) and s.wait == "tanki", tenhou=(41,), mahjong_soul=48, mjai="suanko"),
)

HAND_YAKUMAN: Final[tuple[Yakuman, ...]] = (
    Yakuman("daisangen", Names("Daisangen", "大三元", "Daisangen (Đại tam nguyên)", "大三元", "대삼원"),
            False, False, lambda h, r: len(h.dragon_triplets) == 3, pao=_always, tenhou=(39,), mahjong_soul=37, mjai="daisangen"),
    Yakuman("shousuushii", Names("Shousuushii", "小四喜", "Shousuushii (Tiểu tứ hỷ)", "小四喜", "소사희"),
            False, False, lambda h, r: h.wind_triplets == 3 and h.wind_pair, tenhou=(50,), mahjong_soul=43, mjai="shosushi"),
    Yakuman("daisuushii", Names("Daisuushii", "大四喜", "Daisuushii (Đại tứ hỷ)", "大四喜", "대사희"),
            True, False, lambda h, r: h.wind_triplets == 4, pao=_always, tenhou=(49,), mahjong_soul=50, mjai="daisushi"),
    Yakuman("tsuuiisou", Names("Tsuuiisou", "字一色", "Tsuuiisou (Tự nhất sắc)", "字一色", "자일색"),
            False, False, lambda h, r: h.all_honor, tenhou=(42,), mahjong_soul=39, mjai="tsuiso"),
    Yakuman("chinroutou", Names("Chinroutou", "清老頭", "Chinroutou (Sảnh lão đầu)", "清老头", "청노두"), False, False,
            lambda h, r: h.all_terminal_or_honor and not h.has_honor, tenhou=(44,), mahjong_soul=41, mjai="chinroto"),
    Yakuman("ryuuiisou", Names("Ryuuiisou", "緑一色", "Ryuuiisou (Lục nhất sắc)", "绿一色", "녹일색"),
            False, False, lambda h, r: h.all_green, tenhou=(43,), mahjong_soul=40, mjai="ryuiso"),
    Yakuman("chuuren_poutou", Names("Chuuren poutou", "九蓮宝燈", "Chuuren poutou (Cửu liên bảo đăng)", "九莲宝灯", "구련보등"),
            False, True, lambda h, r: h.chuuren == 1, tenhou=(45,), mahjong_soul=45, mjai="churenpoton"),
    Yakuman("junsei_chuuren_poutou", Names("Junsei chuuren poutou", "純正九蓮宝燈", "Junsei chuuren poutou", "纯正九莲宝灯",
                                           "순정구련보등"),
            True, True, lambda h, r: h.chuuren == 2, tenhou=(46,), mahjong_soul=47, mjai="churenpoton"),
    Yakuman("suukantsu", Names("Suukantsu", "四槓子", "Suukantsu (Tứ cống tử)", "四杠子", "사공자"),
            False, False, lambda h, r: h.kans == 4, pao=lambda r: r.pao_suukantsu, tenhou=(51,), mahjong_soul=44, mjai="sukantsu"),
    Yakuman("tenhou", Names("Tenhou", "天和", "Tenhou (Thiên ù)", "天和", "천화"),
            False, True, lambda h, r: h.tenhou, tenhou=(37,), mahjong_soul=35, mjai="tenho"),
    Yakuman("chiihou", Names("Chiihou", "地和", "Chiihou (Địa ù)", "地和", "지화"),
            False, True, lambda h, r: h.chiihou, tenhou=(38,), mahjong_soul=36, mjai="chiho"),
    Yakuman("renhou", Names("Renhou", "人和", "Renhou (Nhân ù)", "人和", "인화"),
            False, True, lambda h, r: h.renhou and r.renhou == "yakuman", options=("renhou",), tenhou=(36,), mahjong_soul=59, mjai="renho"),
)

def options_read(*tables: tuple[Yaku, ...] | tuple[Yakuman, ...]) -> tuple[str, ...]:
    """Every rule option some row of these tables reads."""
    return tuple(sorted({option for table in tables for row in table for option in row.options}))


YAKU_TABLES: Final = (SITUATION_YAKU, HAND_YAKU, READING_YAKU, DRAW_YAKU, DORA_YAKU)
YAKUMAN_TABLES: Final = (READING_YAKUMAN, HAND_YAKUMAN)
