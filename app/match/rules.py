"""Match and settlement options of POST /match/end-check, /match/settle and /match/replay, the presets that
fix them, and what each one means."""

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum, StrEnum
from typing import Any, get_type_hints

from app.errors import InvalidInput, Problem
from app.scoring.names import Names
from app.scoring.vocabulary import DEFAULT_PRESET


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
MAX_WINNERS = {MultiRon.ATAMAHANE: 1, MultiRon.DOUBLE: 2, MultiRon.TRIPLE: 3}


@dataclass(frozen=True, slots=True)
class MatchRules:
    """Every match option; the defaults are those of DEFAULT_PRESET (Tenhou)."""

    players: int = 4
    length: Length = Length.HANCHAN
    goal_score: int | None = 30000
    tobi: bool = True
    tobi_at_zero: bool = False
    agariyame: Agariyame = Agariyame.TOP_MUST_END
    tenpai_renchan: bool = True
    tenpaiyame: bool = True
    enchousen: Enchousen = Enchousen.ONE_WIND_ROUND
    enchousen_renchan_priority: bool = True
    enchousen_draw_can_end: bool = True
    abortive_draw_renchan: bool = True
    nagashi_renchan: NagashiRenchan = NagashiRenchan.DEALER_TENPAI
    tie_break: TieBreak = TieBreak.SEAT_ORDER
    leftover_riichi: LeftoverRiichi = LeftoverRiichi.TO_FIRST
    start_points: int = 25000
    return_points: int = 30000
    uma: Uma = (20, 10, -10, -20)
    floating_uma: tuple[Uma, ...] | None = None
    final_rounding: FinalRounding = FinalRounding.TENTHS
    multi_ron: MultiRon = MultiRon.DOUBLE
    multi_ron_honba: MultiRonHonba = MultiRonHonba.FIRST_WINNER
    noten_payment: int = 3000
    abortive_draws: tuple[AbortiveDraw, ...] = tuple(AbortiveDraw)
    chombo: Chombo = Chombo.MANGAN_PAYMENT
    chombo_penalty: int = 20000
    riichi_needs_points: bool = True


MATCH_OPTION_DOCS: dict[str, str] = {
    "players": "Players at the table: 4, or 3 (sanma: seats 0-2, three hands per wind round).",
    "length": "The regular all last is East 4 (tonpuusen) or South 4 (hanchan); East 3 or South 3 with three players.",
    "goal_score": (
        "The top player must reach it for the match to end at all last, else enchousen follows "
        "(null: no goal; no effect when enchousen is none)."
    ),
    "tobi": "A player below 0 points ends the match at once.",
    "tobi_at_zero": "With tobi, a player at exactly 0 points already ends the match.",
    "agariyame": (
        "An all-last dealer who wins must go on (forced_renchan), may choose to stop (optional, "
        "with last_hand.dealer_ends), or ends the match when first (top_must_end)."
    ),
    "tenpai_renchan": "A dealer who is tenpai at an exhaustive draw keeps the seat.",
    "tenpaiyame": "The agariyame setting also applies to an all-last dealer kept by tenpai at a draw.",
    "enchousen": (
        "Extra sudden-death rounds while the top player is below the goal: none, at most one wind "
        "round (West in a hanchan, South in a tonpuusen), or unlimited."
    ),
    "enchousen_renchan_priority": (
        "In enchousen a dealer who keeps the seat goes on although someone has reached the goal."
    ),
    "enchousen_draw_can_end": "An exhaustive draw (its tenpai payments) can end enchousen.",
    "abortive_draw_renchan": "An abortive draw repeats the hand with the same dealer (else the seat passes).",
    "nagashi_renchan": (
        "After a nagashi mangan the dealer keeps the seat if tenpai (dealer_tenpai), or only if the "
        "dealer made the nagashi (dealer_nagashi)."
    ),
    "tie_break": (
        "Equal points: the seat nearer the starting dealer ranks higher (seat_order), or the places "
        "are shared (shared)."
    ),
    "leftover_riichi": "Riichi sticks still on the table when the match ends go to first place, or are lost.",
    "start_points": "Points each player starts the match with.",
    "return_points": (
        "Points each player pays back at the end; the difference to start_points, times the number of "
        "players, is the oka that first place collects."
    ),
    "uma": (
        "Placement bonus for each place, first place first, in thousands of points, one per player "
        "(+20/+10/-10/-20 is '10-20')."
    ),
    "floating_uma": (
        "Uma that depends on how many players finish at or above start_points (JPML style): one uma row "
        "for each count from 1 to players - 1, in that order; with none or all of them at or above it, "
        "uma applies (null: always uma)."
    ),
    "final_rounding": (
        "The final score to one decimal (tenths), or every place but first rounded to the thousand, halves "
        "away from zero, with first place taking minus the sum of the others (thousands_first_balances; "
        "Tenhou until 2020)."
    ),
    "multi_ron": (
        "Several players ron the same discard: only the first in turn order from the discarder wins "
        "(atamahane); up to two win, three rons being the abortive draw sanchahou (double); all of them win "
        "(triple)."
    ),
    "multi_ron_honba": (
        "With several winners, who is paid the honba: the first winner in turn order from the discarder, or "
        "each winner (the riichi sticks always go to the first winner)."
    ),
    "noten_payment": (
        "Points the noten players pay in all to the tenpai players at an exhaustive draw (0: none)."
    ),
    "abortive_draws": "The abortive draws these rules play; another kind is an impossible hand.",
    "chombo": (
        "A chombo is paid at once as a mangan the offender lost by tsumo, and the hand is replayed "
        "(mangan_payment), or taken from the offender's final result (penalty, chombo_penalty points)."
    ),
    "chombo_penalty": "Points taken from the offender's final result per chombo, where chombo is penalty.",
    "riichi_needs_points": "A player with less than 1000 points cannot declare riichi.",
}

# Each option's name in every language, for a menu (GET /rules); players is HandRules' too, and named there.
MATCH_OPTION_LABELS: dict[str, Names] = {
    "length": Names("Match length", "対局の長さ", "Độ dài trận đấu", "对局长度", "대국 길이"),
    "goal_score": Names("Goal score", "目標点", "Điểm mục tiêu", "目标点数", "목표 점수"),
    "tobi": Names("Bust (tobi)", "トビ", "Tobi (cháy điểm)", "击飞", "토비"),
    "tobi_at_zero": Names("Bust at exactly 0", "0点でトビ", "Tobi khi đúng 0 điểm", "0点击飞", "0점 토비"),
    "agariyame": Names("Agari-yame", "アガリやめ", "Agari-yame", "和了止", "아가리야메"),
    "tenpai_renchan": Names("Tenpai renchan", "聴牌連荘", "Renchan khi tenpai", "听牌连庄", "텐파이 연장"),
    "tenpaiyame": Names("Tenpai-yame", "テンパイやめ", "Tenpai-yame", "听牌止", "텐파이야메"),
    "enchousen": Names("Extra rounds (enchousen)", "延長戦", "Hiệp phụ (enchousen)", "延长战", "연장전"),
    "enchousen_renchan_priority": Names("Renchan first in enchousen", "延長戦の連荘優先",
                                        "Ưu tiên renchan trong hiệp phụ", "延长战连庄优先", "연장전 연장 우선"),
    "enchousen_draw_can_end": Names("A draw can end enchousen", "流局による延長戦の終了",
                                    "Ván hòa có thể kết thúc hiệp phụ", "流局可结束延长战", "유국으로 연장전 종료"),
    "abortive_draw_renchan": Names("Renchan after an abortive draw", "途中流局の連荘",
                                   "Renchan sau ván hòa giữa chừng", "途中流局连庄", "도중유국 후 연장"),
    "nagashi_renchan": Names("Renchan after nagashi mangan", "流し満貫の後の連荘",
                             "Renchan sau Nagashi mangan", "流局满贯后的连庄", "유국만관 후 연장"),
    "tie_break": Names("Tie-break", "同点の順位", "Xếp hạng khi bằng điểm", "同分时的顺位", "동점 시 순위"),
    "leftover_riichi": Names("Leftover riichi sticks", "供託の行方", "Que riichi còn lại", "剩余立直棒", "남은 리치봉"),
    "start_points": Names("Starting points", "配給原点", "Điểm khởi đầu", "起始点数", "시작 점수"),
    "return_points": Names("Return points", "返し点", "Điểm hoàn trả (kaeshi-ten)", "返点", "반환점"),
    "uma": Names("Uma", "ウマ", "Uma", "顺位马", "우마"),
    "floating_uma": Names("Floating uma", "浮きウマ", "Uma thay đổi theo điểm", "浮动顺位马", "변동 우마"),
    "final_rounding": Names("Final rounding", "最終得点の端数処理", "Làm tròn điểm cuối trận", "终局点数的取整", "최종 점수의 끝수 처리"),
    "multi_ron": Names("Multiple ron", "ダブロン・トリロン", "Nhiều người cùng Ron", "一炮多响", "복수 론"),
    "multi_ron_honba": Names("Honba on a multiple ron", "複数ロンの積み棒",
                             "Honba khi nhiều người cùng Ron", "一炮多响时的本场", "복수 론 시 본장"),
    "noten_payment": Names("Noten payment", "ノーテン罰符", "Tiền phạt noten", "未听罚符", "노텐 벌부"),
    "abortive_draws": Names("Abortive draws", "途中流局", "Các kiểu hòa giữa chừng", "途中流局", "도중유국"),
    "chombo": Names("Chombo", "チョンボ", "Chombo (phạm lỗi)", "错和", "촌보"),
    "chombo_penalty": Names("Chombo penalty", "チョンボの罰点", "Điểm phạt chombo", "错和罚点", "촌보 벌점"),
    "riichi_needs_points": Names("Riichi needs 1000 points", "立直には千点が必要",
                                 "Riichi cần 1000 điểm", "立直需要1000点", "리치에는 1000점 필요"),
}


# Each preset states what differs from MatchRules' defaults (Tenhou's), beside the published rule it
# comes from; docs/presets.md has every value with its source and confidence.
# The tournament rule sets share one ending: South 4 and done, no goal, no extra round, no tobi, no
# agari-yame or tenpai-yame, equal places sharing their uma.
_PLAYED_TO_THE_END: dict[str, object] = {
    "goal_score": None,
    "tobi": False,
    "agariyame": Agariyame.FORCED_RENCHAN,
    "tenpaiyame": False,
    "enchousen": Enchousen.NONE,
    "enchousen_renchan_priority": False,
    "enchousen_draw_can_end": False,
    "tie_break": TieBreak.SHARED,
}

# The tournament rule sets settle alike: no abortive draws, riichi allowed below 1,000 points, chombo a
# penalty taken from the final result (20,000 unless the preset says otherwise).
_TOURNAMENT_SETTLEMENT: dict[str, object] = {
    "abortive_draws": (),
    "riichi_needs_points": False,
    "chombo": Chombo.PENALTY,
}
_NO_SANCHAHOU = tuple(kind for kind in AbortiveDraw if kind is not AbortiveDraw.SANCHAHOU)
_THREE_PLAYER_ABORTIVE_DRAWS = (AbortiveDraw.KYUUSHU_KYUUHAI, AbortiveDraw.SUUKAIKAN)

MATCH_PRESETS: dict[str, dict[str, object]] = {
    # Tenhou.net manual (tenhou.net/man), ranked lobbies: 25,000 start and 30,000 return, uma 10-20;
    # "west entry" sudden death when nobody has 30,000 after South 4 (South after East 4), over at the
    # latest after West 4 (South 4); it ends as soon as someone has 30,000 after any hand, tenpai
    # payments included, but a dealer renchan comes first; automatic agari-yame and tenpai-yame for
    # a first-place dealer at 30,000 or more; below 0 ends the match; every abortive draw and a
    # nagashi mangan with the dealer tenpai are renchan; ties go to the earlier seat; leftover
    # deposits go to first place. Settlement (riichi.wiki "Tenhou.net rules"): double ron, the honba
    # and the sticks to the winner nearest the discarder, triple ron the abortive draw sanchahou; all
    # five abortive draws; 3,000 noten payments; riichi only with 1,000 points. Tenhou's client leaves
    # no room for a chombo, so the table rule of a mangan paid at once is assumed (unconfirmed).
    "tenhou": {},
    # Mahjong Soul (Jantama) ranked rooms, the client's default room rule: init_point 25,000, fandian
    # (goal) 30,000, jingsuanyuandian (settlement base) 25,000 so no oka, shunweima +15/+5/-5/-15;
    # can_jifei (bust below 0), have_helezhongju (agari-yame) and have_tingpaizhongju (tenpai-yame)
    # for the top dealer, have_nanruxiru (one extra wind round), abortive draws renchan, nagashi
    # mangan as a draw; the end of sudden death follows Tenhou (renchan first, draws can end it);
    # ties to the earlier seat, leftover deposits to first. Settlement (riichi.wiki "Majsoul", Rules):
    # multiple rons all paid, no sanchahou; suufon renda, suukaikan, kyuushu kyuuhai and suucha riichi;
    # honba paid to each winner of a multiple ron (unconfirmed); chombo as Tenhou (unconfirmed).
    "mahjong_soul": {"return_points": 25000, "uma": (15, 5, -5, -15), "multi_ron": MultiRon.TRIPLE,
                     "multi_ron_honba": MultiRonHonba.EACH_WINNER, "abortive_draws": _NO_SANCHAHOU},
    # M.League official rules (m-league.jp): hanchan, 25,000 start and 30,000 return, placement
    # points +30/+10/-10/-30 shared on equal points; no tobi, no west round, no agari-yame or
    # tenpai-yame (the South 4 dealer plays on even when first), tenpai renchan; no abortive draws;
    # nagashi mangan settles at the draw, so the dealer's tenpai decides; leftover deposits to first.
    # Settlement: atamahane, no abortive draws, riichi allowed below 1,000 points ("持ち点1000点以下でも
    # リーチ可"), chombo -20 after uma (a 20,000-point penalty).
    "mleague": {**_PLAYED_TO_THE_END, **_TOURNAMENT_SETTLEMENT, "uma": (30, 10, -10, -30), "multi_ron": MultiRon.ATAMAHANE},
    # World Riichi Championship Rules (2015, kept in 2022): 30,000 start and return, uma
    # +15/+5/-5/-15 shared on ties (5.9.2); the game ends after South 4 with no goal and no extra
    # round, points may go negative (5.9), no agari-yame (5.9.1), tenpai renchan (5.7.8); there are
    # no abortive draws (5.7) nor nagashi mangan, so those two values only serve a table that adds
    # them (EMA's treatment); leftover riichi bets go to first place, split when first is shared.
    # Settlement: atamahane (5.7.6, "each hand can have only one winner"), no abortive draws (5.7.3),
    # chombo a 30,000-point penalty (2022 summary), riichi below 1,000 points allowed (unconfirmed).
    "wrc": {**_PLAYED_TO_THE_END, **_TOURNAMENT_SETTLEMENT, "nagashi_renchan": NagashiRenchan.DEALER_NAGASHI,
            "start_points": 30000, "uma": (15, 5, -5, -15), "multi_ron": MultiRon.ATAMAHANE, "chombo_penalty": 30000},
    # EMA Riichi Competition Rules 2025 (in force since 1 January 2026; unchanged from 2016 here):
    # 30,000 start, no oka, uma +15/+5/-5/-15 split between equal places (3.7.1); hanchan ending after
    # South 4 with no extension round, scores may go negative, no agari-yame (3.7, 4.1.4); tenpai renchan;
    # no abortive draws and no nagashi mangan (the two values only serve a table that adds them);
    # leftover riichi bets to first place, split between tied leaders (3.7). Settlement: double and triple
    # ron, the discarder paying each winner (3.4.9), the counters to each winner (unconfirmed); chombo
    # -20,000 after uma; riichi below 1,000 points allowed (unconfirmed).
    "ema": {**_PLAYED_TO_THE_END, "nagashi_renchan": NagashiRenchan.DEALER_NAGASHI, "start_points": 30000,
            "uma": (15, 5, -5, -15), **_TOURNAMENT_SETTLEMENT, "multi_ron": MultiRon.TRIPLE,
            "multi_ron_honba": MultiRonHonba.EACH_WINNER},
    # Tenhou.net three-player ranked (riichi.wiki "Sanma"; mjstars.net "Rules for 3-player Ranking Match",
    # the same rule list as the four-player one otherwise): 35,000 start, 40,000 return (oka 15 to
    # first), uma +20/0/-20; the end after South 3 once the top player has 40,000, else West sudden
    # death; 2,000 noten payments in all; double ron; suufon renda and suucha riichi need four players
    # and sanchahou three ronners, so kyuushu kyuuhai and suukaikan remain.
    "tenhou_sanma": {"players": 3, "start_points": 35000, "return_points": 40000, "goal_score": 40000,
                     "uma": (20, 0, -20), "noten_payment": 2000, "abortive_draws": _THREE_PLAYER_ABORTIVE_DRAWS},
    # Mahjong Soul three-player ranked (riichi.wiki "Majsoul", 3P-Mahjong: "basically refers to Tenhou ...
    # most of the rules are identical to Tenhou Sanma", no suufon renda nor suucha riichi): 35,000 start
    # with no oka, uma +15/0/-15, West entry below 40,000 (unconfirmed), 2,000 noten payments; honba as
    # its four-player rooms (unconfirmed).
    "mahjong_soul_sanma": {"players": 3, "start_points": 35000, "return_points": 35000, "goal_score": 40000,
                           "uma": (15, 0, -15), "noten_payment": 2000, "multi_ron_honba": MultiRonHonba.EACH_WINNER,
                           "abortive_draws": _THREE_PLAYER_ABORTIVE_DRAWS},
}

MATCH_OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(MatchRules))
_OPTION_TYPES = get_type_hints(MatchRules)


def resolve_match_rules(preset: str | None, overrides: Mapping[str, object]) -> MatchRules:
    """The preset's options (DEFAULT_PRESET when None) with `overrides` laid over them."""
    name = DEFAULT_PRESET if preset is None else preset
    if name not in MATCH_PRESETS:
        known = ", ".join(MATCH_PRESETS)
        raise InvalidInput.single("unknown_preset", ("rules", "preset"), f"unknown preset {name!r}; known: {known}")
    unknown = [option for option in overrides if option not in MATCH_OPTION_NAMES]
    if unknown:
        raise InvalidInput([_unknown_option(option) for option in unknown])
    values: dict[str, Any] = {**MATCH_PRESETS[name], **overrides}
    rules = MatchRules(**{option: _typed(option, value) for option, value in values.items()})
    problems = _rule_problems(rules)
    if problems:
        raise InvalidInput(problems)
    return rules


def _unknown_option(option: str) -> Problem:
    known = ", ".join(MATCH_OPTION_NAMES)
    return Problem("unknown_option", ("rules", option), f"unknown match option {option!r}; known: {known}")


def _typed(option: str, value: object) -> Any:
    """Enum options given as plain strings become their enum, lists become tuples (of enums, of tuples)."""
    option_type = _OPTION_TYPES[option]
    if isinstance(option_type, type) and issubclass(option_type, Enum):
        return _member(option_type, option, value)
    if option == "abortive_draws" and isinstance(value, list | tuple):
        return tuple(_member(AbortiveDraw, option, kind) for kind in value)
    if option == "floating_uma" and isinstance(value, list | tuple):
        return tuple(tuple(row) for row in value)
    if option == "uma" and isinstance(value, list | tuple):
        return tuple(value)
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
