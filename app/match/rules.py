"""The match options (how a match ends and how its hands settle: POST /match/end-check, /match/settle and
/match/replay), the one option table of both scopes, and the resolution of a preset with a client's options.

A match option is one field of MatchRules, declared with `option(...)` as app.scoring.rules describes; MatchRules
holds the HandRules, so `players` is declared once (a hand option the match reads too).
"""

import math
import types
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any, Final, Union, get_args, get_origin

from app.errors import InvalidInput, Problem
from app.scoring.names import Names
from app.scoring.rules import (
    HAND_OPTIONS,
    HandRules,
    Option,
    hand_rule_problems,
    option,
    options_of,
    preset_options,
    resolve_hand_rules,
    unknown_option,
)


class Length(StrEnum):
    TONPUUSEN = "tonpuusen"
    HANCHAN = "hanchan"


class Agariyame(StrEnum):
    FORCED_RENCHAN = "forced_renchan"
    OPTIONAL = "optional"
    TOP_MUST_END = "top_must_end"


class Enchousen(StrEnum):
    NONE = "none"
    ONE_WIND_ROUND = "one_wind_round"
    UNLIMITED = "unlimited"


class NagashiRenchan(StrEnum):
    DEALER_TENPAI = "dealer_tenpai"
    DEALER_NAGASHI = "dealer_nagashi"


class TieBreak(StrEnum):
    SEAT_ORDER = "seat_order"
    SHARED = "shared"


class LeftoverRiichi(StrEnum):
    TO_FIRST = "to_first"
    LOST = "lost"


class MultiRon(StrEnum):
    ATAMAHANE = "atamahane"
    DOUBLE = "double"
    TRIPLE = "triple"


class MultiRonHonba(StrEnum):
    FIRST_WINNER = "first_winner"
    EACH_WINNER = "each_winner"


class AbortiveDraw(StrEnum):
    KYUUSHU_KYUUHAI = "kyuushu_kyuuhai"
    SUUFON_RENDA = "suufon_renda"
    SUUCHA_RIICHI = "suucha_riichi"
    SUUKAIKAN = "suukaikan"
    SANCHAHOU = "sanchahou"


class Chombo(StrEnum):
    MANGAN_PAYMENT = "mangan_payment"
    PENALTY = "penalty"


class FinalRounding(StrEnum):
    TENTHS = "tenths"
    THOUSANDS_FIRST_BALANCES = "thousands_first_balances"


Uma = tuple[int, ...]  # one per place, first place first, in thousands
MAX_WINNERS: Final = {MultiRon.ATAMAHANE: 1, MultiRon.DOUBLE: 2, MultiRon.TRIPLE: 3}


@dataclass(frozen=True, slots=True)
class MatchRules:
    """Every option of a match: the hand rules it is played under, then how it ends and how its hands settle; the
    defaults are DEFAULT_PRESET's (Tenhou's)."""

    hand: HandRules = HandRules()
    length: Length = option(
        Length.HANCHAN, "The regular all last is East 4 (tonpuusen) or South 4 (hanchan); East 3 or South 3 with three "
        "players.", Names("Match length", "対局の長さ", "Độ dài trận đấu", "对局长度", "대국 길이"), ("TH-WIKI", "ENDGAME"))
    goal_score: int | None = option(
        30000, "The top player must reach it for the match to end at all last, else enchousen follows (null: no goal; "
        "no effect when enchousen is none).", Names("Goal score", "目標点", "Điểm mục tiêu", "目标点数", "목표 점수"),
        ("ENDGAME", "TH-WIKI"), ge=0, le=1_000_000)
    tobi: bool = option(True, "A player below 0 points ends the match at once.",
        Names("Bust (tobi)", "トビ", "Tobi (cháy điểm)", "击飞", "토비"), ("ENDGAME", "TH-MJS"))
    tobi_at_zero: bool = option(False, "With tobi, a player at exactly 0 points already ends the match.",
        Names("Bust at exactly 0", "0点でトビ", "Tobi khi đúng 0 điểm", "0点击飞", "0점 토비"), ("ENDGAME", "TH-MJS"))
    agariyame: Agariyame = option(
        Agariyame.TOP_MUST_END, "An all-last dealer who wins must go on (forced_renchan), may choose to stop (optional, "
        "with last_hand.dealer_ends), or ends the match when first (top_must_end).",
        Names("Agari-yame", "アガリやめ", "Agari-yame", "和了止", "아가리야메"), ("ENDGAME", "TH-WIKI"))
    tenpai_renchan: bool = option(True, "A dealer who is tenpai at an exhaustive draw keeps the seat.",
        Names("Tenpai renchan", "聴牌連荘", "Renchan khi tenpai", "听牌连庄", "텐파이 연장"), ("TH-MJS", "ENDGAME"))
    tenpaiyame: bool = option(True, "The agariyame setting also applies to an all-last dealer kept by tenpai at a draw.",
        Names("Tenpai-yame", "テンパイやめ", "Tenpai-yame", "听牌止", "텐파이야메"), ("TH-WIKI", "ENDGAME"))
    enchousen: Enchousen = option(
        Enchousen.ONE_WIND_ROUND, "Extra sudden-death rounds while the top player is below the goal: none, at most one "
        "wind round (West in a hanchan, South in a tonpuusen), or unlimited.",
        Names("Extra rounds (enchousen)", "延長戦", "Hiệp phụ (enchousen)", "延长战", "연장전"), ("ENDGAME", "TH-WIKI"))
    enchousen_renchan_priority: bool = option(
        True, "In enchousen a dealer who keeps the seat goes on although someone has reached the goal.",
        Names("Renchan first in enchousen", "延長戦の連荘優先", "Ưu tiên renchan trong hiệp phụ", "延长战连庄优先",
              "연장전 연장 우선"), ("TH-WIKI",))
    enchousen_draw_can_end: bool = option(True, "An exhaustive draw (its tenpai payments) can end enchousen.",
        Names("A draw can end enchousen", "流局による延長戦の終了", "Ván hòa có thể kết thúc hiệp phụ", "流局可结束延长战",
              "유국으로 연장전 종료"), ("TH-WIKI", "ENDGAME"))
    abortive_draw_renchan: bool = option(
        True, "An abortive draw repeats the hand with the same dealer (else the seat passes).",
        Names("Renchan after an abortive draw", "途中流局の連荘", "Renchan sau ván hòa giữa chừng", "途中流局连庄",
              "도중유국 후 연장"), ("TH-WIKI",))
    nagashi_renchan: NagashiRenchan = option(
        NagashiRenchan.DEALER_TENPAI, "After a nagashi mangan the dealer keeps the seat if tenpai (dealer_tenpai), or "
        "only if the dealer made the nagashi (dealer_nagashi).",
        Names("Renchan after nagashi mangan", "流し満貫の後の連荘", "Renchan sau Nagashi mangan", "流局满贯后的连庄",
              "유국만관 후 연장"), ("TH-WIKI", "RENV", "EMA16-WIKI"))
    tie_break: TieBreak = option(
        TieBreak.SEAT_ORDER, "Equal points: the seat nearer the starting dealer ranks higher (seat_order), or the "
        "places are shared (shared).",
        Names("Tie-break", "同点の順位", "Xếp hạng khi bằng điểm", "同分时的顺位", "동점 시 순위"),
        ("TH-WIKI", "ML-WIKI", "WRC-WIKI"))
    leftover_riichi: LeftoverRiichi = option(
        LeftoverRiichi.TO_FIRST, "Riichi sticks still on the table when the match ends go to first place, or are lost.",
        Names("Leftover riichi sticks", "供託の行方", "Que riichi còn lại", "剩余立直棒", "남은 리치봉"), ("TH-WIKI", "WRC-WIKI"))
    start_points: int = option(25000, "Points each player starts the match with.",
        Names("Starting points", "配給原点", "Điểm khởi đầu", "起始点数", "시작 점수"), ("TH-WIKI", "WRC15", "TH3-MJS"),
        gt=0, le=1_000_000)
    return_points: int = option(
        30000, "Points each player pays back at the end; the difference to start_points, times the number of players, "
        "is the oka that first place collects.",
        Names("Return points", "返し点", "Điểm hoàn trả (kaeshi-ten)", "返点", "반환점"), ("TH-WIKI", "TH3-MJS"),
        gt=0, le=1_000_000)
    uma: Uma = option(
        (20, 10, -10, -20), "Placement bonus for each place, first place first, in thousands of points, one per player "
        "(+20/+10/-10/-20 is '10-20').", Names("Uma", "ウマ", "Uma", "顺位马", "우마"), ("TH-WIKI", "ML-WIKI", "WRC15"),
        ge=-100, le=100, items=(3, 4))
    floating_uma: tuple[Uma, ...] | None = option(
        None, "Uma that depends on how many players finish at or above start_points (JPML style): one uma row for each "
        "count from 1 to players - 1, in that order; with none or all of them at or above it, uma applies (null: "
        "always uma).", Names("Floating uma", "浮きウマ", "Uma thay đổi theo điểm", "浮动顺位马", "변동 우마"), ("FLOAT",),
        items=(2, 3))
    final_rounding: FinalRounding = option(
        FinalRounding.TENTHS, "The final score to one decimal (tenths), or every place but first rounded to the "
        "thousand, halves away from zero, with first place taking minus the sum of the others "
        "(thousands_first_balances; Tenhou until 2020).",
        Names("Final rounding", "最終得点の端数処理", "Làm tròn điểm cuối trận", "终局点数的取整", "최종 점수의 끝수 처리"),
        ("WIKIPEDIA-FINAL", "TH-WIKI"))
    multi_ron: MultiRon = option(
        MultiRon.DOUBLE, "Several players ron the same discard: only the first in turn order from the discarder wins "
        "(atamahane); up to two win, three rons being the abortive draw sanchahou (double); all of them win (triple).",
        Names("Multiple ron", "ダブロン・トリロン", "Nhiều người cùng Ron", "一炮多响", "복수 론"),
        ("TH-WIKI", "MS-WIKI", "WRC15"))
    multi_ron_honba: MultiRonHonba = option(
        MultiRonHonba.FIRST_WINNER, "With several winners, who is paid the honba: the first winner in turn order from "
        "the discarder, or each winner (the riichi sticks always go to the first winner).",
        Names("Honba on a multiple ron", "複数ロンの積み棒", "Honba khi nhiều người cùng Ron", "一炮多响时的本场",
              "복수 론 시 본장"), ("TH-WIKI",))
    noten_payment: int = option(
        3000, "Points the noten players pay in all to the tenpai players at an exhaustive draw (0: none).",
        Names("Noten payment", "ノーテン罰符", "Tiền phạt noten", "未听罚符", "노텐 벌부"), ("TH-WIKI", "TH3-MJS"),
        ge=0, le=100_000)
    abortive_draws: tuple[AbortiveDraw, ...] = option(
        tuple(AbortiveDraw), "The abortive draws these rules play; another kind is an impossible hand.",
        Names("Abortive draws", "途中流局", "Các kiểu hòa giữa chừng", "途中流局", "도중유국"), ("TH-WIKI", "MS-WIKI", "WRC15"))
    chombo: Chombo = option(
        Chombo.MANGAN_PAYMENT, "A chombo is paid at once as a mangan the offender lost by tsumo, and the hand is "
        "replayed (mangan_payment), or taken from the offender's final result (penalty, chombo_penalty points).",
        Names("Chombo", "チョンボ", "Chombo (phạm lỗi)", "错和", "촌보"), ("EMA16-CHOMBO", "EMA16-ANN", "ML-JP"))
    chombo_penalty: int = option(
        20000, "Points taken from the offender's final result per chombo, where chombo is penalty.",
        Names("Chombo penalty", "チョンボの罰点", "Điểm phạt chombo", "错和罚点", "촌보 벌점"),
        ("EMA16-ANN", "ML-JP", "WRC22-CH"), ge=0, le=1_000_000)
    riichi_needs_points: bool = option(True, "A player with less than 1000 points cannot declare riichi.",
        Names("Riichi needs 1000 points", "立直には千点が必要", "Riichi cần 1000 điểm", "立直需要1000点", "리치에는 1000점 필요"),
        ("TH-MJS", "ML-JP"))

    @property
    def players(self) -> int:
        return self.hand.players


# The one option table: every option of either scope, in the order GET /rules lists them.
MATCH_OPTIONS: Final[dict[str, Option]] = options_of(MatchRules, "match")
OPTIONS: Final[dict[str, Option]] = {**HAND_OPTIONS, **MATCH_OPTIONS}


def client_value(value: object) -> object:
    """An option's value as a client sends it: an enum as its word, a tuple as a list (GET /rules, the docs)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [client_value(item) for item in value]
    return value


def value_in(rules: MatchRules, option: Option) -> object:
    """`option`'s value in `rules` (a hand option's in rules.hand), as a client sends it."""
    return client_value(getattr(rules.hand if option.name in HAND_OPTIONS else rules, option.name))


def resolve_match_rules(preset: str | None, overrides: Mapping[str, object]) -> MatchRules:
    """The rules of a preset (DEFAULT_PRESET when None) with `overrides`, options of either scope, laid over them."""
    unknown = [unknown_option(name, OPTIONS) for name in overrides if name not in OPTIONS]
    if unknown:
        raise InvalidInput(unknown)
    hand = resolve_hand_rules(preset, {name: value for name, value in overrides.items() if name in HAND_OPTIONS})
    values = {**preset_options(preset), **overrides}
    rules = MatchRules(hand, **{name: _typed(MATCH_OPTIONS[name].type, name, value)
                                for name, value in values.items() if name in MATCH_OPTIONS})
    problems = [*hand_rule_problems(hand), *_rule_problems(rules)]
    if problems:
        raise InvalidInput(problems)
    return rules


def _typed(annotation: Any, option: str, value: object) -> Any:
    """A value as a client sends it, as MatchRules holds it: a word as its enum member, a list as a tuple."""
    if get_origin(annotation) in (Union, types.UnionType) and value is not None:
        (annotation,) = (arg for arg in get_args(annotation) if arg is not type(None))
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return _member(annotation, option, value)
    if get_origin(annotation) is tuple and isinstance(value, list | tuple):
        item = get_args(annotation)[0]
        return tuple(_typed(item, option, v) for v in value)
    return value


def _member(enum: type[Enum], option: str, value: object) -> Enum:
    try:
        return enum(value)
    except ValueError:
        allowed = ", ".join(member.value for member in enum)
        raise InvalidInput.single(
            "invalid_option", ("rules", option), f"{option} cannot be {value!r}; one of: {allowed}"
        ) from None


def _rule_problems(rules: MatchRules) -> list[Problem]:
    """Options that do not fit together: an uma per player, a noten payment that splits into whole points."""
    problems = []
    if len(rules.uma) != rules.players:
        problems.append(Problem("invalid_option", ("rules", "uma"),
                                f"uma needs one value per place: {rules.players} for {rules.players} players, "
                                f"not {len(rules.uma)}"))
    rows = rules.floating_uma
    if rows is not None and (len(rows) != rules.players - 1 or any(len(row) != rules.players for row in rows)):
        problems.append(Problem("invalid_option", ("rules", "floating_uma"),
                                f"floating_uma needs {rules.players - 1} rows (1 to {rules.players - 1} players at "
                                f"or above start_points) of {rules.players} values each"))
    splits = [tenpai * (rules.players - tenpai) for tenpai in range(1, rules.players)]
    if any(rules.noten_payment % split for split in splits):
        problems.append(Problem("invalid_option", ("rules", "noten_payment"),
                                f"noten_payment {rules.noten_payment} does not split into whole points between "
                                f"every number of tenpai and noten players: make it a multiple of "
                                f"{math.lcm(*splits)}"))
    return problems
