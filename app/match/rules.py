"""Match options of POST /match/end-check, the presets that fix them, and what each one means."""

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum, StrEnum
from typing import Any, Literal, get_type_hints

from app.errors import InvalidInput, Problem


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


Uma = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class MatchRules:
    """Every match option; the defaults are those of DEFAULT_PRESET (Tenhou)."""

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


MATCH_OPTION_DOCS: dict[str, str] = {
    "length": "The regular all last is East 4 (tonpuusen) or South 4 (hanchan).",
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
        "Points each player pays back at the end; the difference to start_points, times four, is the "
        "oka that first place collects."
    ),
    "uma": "Placement bonus for first to fourth place, in thousands of points (+20/+10/-10/-20 is '10-20').",
}

PresetName = Literal["tenhou", "mahjong_soul", "mleague", "wrc", "ema"]

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

MATCH_PRESETS: dict[str, dict[str, object]] = {
    # Tenhou.net manual (tenhou.net/man), ranked lobbies: 25,000 start and 30,000 return, uma 10-20;
    # "west entry" sudden death when nobody has 30,000 after South 4 (South after East 4), over at the
    # latest after West 4 (South 4); it ends as soon as someone has 30,000 after any hand, tenpai
    # payments included, but a dealer renchan comes first; automatic agari-yame and tenpai-yame for
    # a first-place dealer at 30,000 or more; below 0 ends the match; every abortive draw and a
    # nagashi mangan with the dealer tenpai are renchan; ties go to the earlier seat; leftover
    # deposits go to first place.
    "tenhou": {},
    # Mahjong Soul (Jantama) ranked rooms, the client's default room rule: init_point 25,000, fandian
    # (goal) 30,000, jingsuanyuandian (settlement base) 25,000 so no oka, shunweima +15/+5/-5/-15;
    # can_jifei (bust below 0), have_helezhongju (agari-yame) and have_tingpaizhongju (tenpai-yame)
    # for the top dealer, have_nanruxiru (one extra wind round), abortive draws renchan, nagashi
    # mangan as a draw; the end of sudden death follows Tenhou (renchan first, draws can end it);
    # ties to the earlier seat, leftover deposits to first.
    "mahjong_soul": {"return_points": 25000, "uma": (15, 5, -5, -15)},
    # M.League official rules (m-league.jp): hanchan, 25,000 start and 30,000 return, placement
    # points +30/+10/-10/-30 shared on equal points; no tobi, no west round, no agari-yame or
    # tenpai-yame (the South 4 dealer plays on even when first), tenpai renchan; no abortive draws;
    # nagashi mangan settles at the draw, so the dealer's tenpai decides; leftover deposits to first.
    "mleague": {**_PLAYED_TO_THE_END, "uma": (30, 10, -10, -30)},
    # World Riichi Championship Rules (2015, kept in 2022): 30,000 start and return, uma
    # +15/+5/-5/-15 shared on ties (5.9.2); the game ends after South 4 with no goal and no extra
    # round, points may go negative (5.9), no agari-yame (5.9.1), tenpai renchan (5.7.8); there are
    # no abortive draws (5.7) nor nagashi mangan, so those two values only serve a table that adds
    # them (EMA's treatment); leftover riichi bets go to first place, split when first is shared.
    "wrc": {**_PLAYED_TO_THE_END, "nagashi_renchan": NagashiRenchan.DEALER_NAGASHI, "start_points": 30000,
            "uma": (15, 5, -5, -15)},
    # EMA Riichi Competition Rules 2025 (in force since 1 January 2026; unchanged from 2016 here):
    # 30,000 start, no oka, uma +15/+5/-5/-15 split between equal places (3.7.1); hanchan ending after
    # South 4 with no extension round, scores may go negative, no agari-yame (3.7, 4.1.4); tenpai renchan;
    # no abortive draws and no nagashi mangan (the two values only serve a table that adds them);
    # leftover riichi bets to first place, split between tied leaders (3.7).
    "ema": {**_PLAYED_TO_THE_END, "nagashi_renchan": NagashiRenchan.DEALER_NAGASHI, "start_points": 30000,
            "uma": (15, 5, -5, -15)},
}

DEFAULT_PRESET: PresetName = "tenhou"
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
    return MatchRules(**{option: _typed(option, value) for option, value in values.items()})


def _unknown_option(option: str) -> Problem:
    known = ", ".join(MATCH_OPTION_NAMES)
    return Problem("unknown_option", ("rules", option), f"unknown match option {option!r}; known: {known}")


def _typed(option: str, value: object) -> Any:
    """Enum options given as plain strings become their enum; uma given as a list becomes a tuple."""
    option_type = _OPTION_TYPES[option]
    if isinstance(option_type, type) and issubclass(option_type, Enum):
        try:
            return option_type(value)
        except ValueError:
            allowed = ", ".join(member.value for member in option_type)
            raise InvalidInput.single(
                "invalid_option", ("rules", option), f"{option} cannot be {value!r}; one of: {allowed}"
            ) from None
    if option == "uma" and isinstance(value, list | tuple):
        return tuple(value)
    return value
