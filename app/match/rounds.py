"""Where a hand stands in the match (before all last, all last, enchousen) and which hand follows it."""

from enum import Enum
from typing import Final

from app.match.model import WIND_ORDER, MatchState, NextRound
from app.match.rules import Enchousen, Length, MatchRules

REGULAR_WIND_ROUNDS: Final = {Length.TONPUUSEN: 1, Length.HANCHAN: 2}


class Phase(Enum):
    BEFORE_ALL_LAST = "before_all_last"
    ALL_LAST = "all_last"
    ENCHOUSEN = "enchousen"


def wind_rounds_before(state: MatchState) -> int:
    """How many whole wind rounds were played before this hand's (East 1 of lap 0 counts 0)."""
    return state.lap * len(WIND_ORDER) + WIND_ORDER.index(state.round_wind)


def regular_wind_rounds(rules: MatchRules) -> int:
    return REGULAR_WIND_ROUNDS[rules.length]


def phase_of(state: MatchState, rules: MatchRules) -> Phase:
    played = wind_rounds_before(state)
    regular = regular_wind_rounds(rules)
    if played >= regular:
        return Phase.ENCHOUSEN
    if played == regular - 1 and state.round_number == state.players:
        return Phase.ALL_LAST
    return Phase.BEFORE_ALL_LAST


def last_playable_wind_round(rules: MatchRules) -> int | None:
    """Index (as wind_rounds_before counts) of the last wind round the rules can reach; None: no end."""
    regular = regular_wind_rounds(rules)
    match rules.enchousen:
        case Enchousen.NONE:
            return regular - 1
        case Enchousen.ONE_WIND_ROUND:
            return regular
        case Enchousen.UNLIMITED:
            return None


def is_last_enchousen_hand(state: MatchState, rules: MatchRules) -> bool:
    """The last hand of the one extra wind round (West 4 in a hanchan, South 4 in a tonpuusen; 3 with three
    players)."""
    return (
        rules.enchousen is Enchousen.ONE_WIND_ROUND
        and wind_rounds_before(state) == regular_wind_rounds(rules)
        and state.round_number == state.players
    )


def round_name(state: MatchState) -> str:
    return f"{state.round_wind.capitalize()} {state.round_number}"


def repeated_round(state: MatchState, honba: int) -> NextRound:
    return NextRound(state.round_wind, state.round_number, state.dealer, honba, state.riichi_sticks, state.lap)


def following_round(state: MatchState, honba: int) -> NextRound:
    """The next hand with the seat passed on: a wind round has a hand per player, and after North's last
    hand comes East 1 of the next lap."""
    wind_index = WIND_ORDER.index(state.round_wind) + state.round_number // state.players
    return NextRound(
        round_wind=WIND_ORDER[wind_index % len(WIND_ORDER)],
        round_number=state.round_number % state.players + 1,
        dealer_seat=(state.dealer + 1) % state.players,
        honba=honba,
        riichi_sticks=state.riichi_sticks,
        lap=state.lap + wind_index // len(WIND_ORDER),
    )
