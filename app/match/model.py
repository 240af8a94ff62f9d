"""Plain data in and out of the match end check."""

from dataclasses import dataclass
from enum import StrEnum

SEATS = 4
Scores = tuple[int, ...]  # one per seat, seat 0 first


class Wind(StrEnum):
    EAST = "east"
    SOUTH = "south"
    WEST = "west"
    NORTH = "north"


WIND_ORDER: tuple[Wind, ...] = tuple(Wind)


class HandResult(StrEnum):
    WIN = "win"
    DRAW = "draw"
    ABORTIVE_DRAW = "abortive_draw"


class Reason(StrEnum):
    TOBI = "tobi"
    ALL_LAST_COMPLETE = "all_last_complete"
    AGARIYAME = "agariyame"
    TENPAIYAME = "tenpaiyame"
    SUDDEN_DEATH_GOAL = "sudden_death_goal"
    ENCHOUSEN_CAP = "enchousen_cap"
    DEALER_REPEAT = "dealer_repeat"
    DEALER_ROTATION = "dealer_rotation"
    ENTER_ENCHOUSEN = "enter_enchousen"


ENDING_REASONS = frozenset(
    {
        Reason.TOBI,
        Reason.ALL_LAST_COMPLETE,
        Reason.AGARIYAME,
        Reason.TENPAIYAME,
        Reason.SUDDEN_DEATH_GOAL,
        Reason.ENCHOUSEN_CAP,
    }
)


@dataclass(frozen=True, slots=True)
class MatchState:
    """The scoreboard after the hand just played: its round and honba, scores after its payments."""

    round_wind: Wind
    round_number: int
    honba: int
    riichi_sticks: int
    scores: Scores
    starting_dealer_seat: int = 0
    dealer_seat: int | None = None
    lap: int = 0

    @property
    def dealer(self) -> int:
        return (self.starting_dealer_seat + self.round_number - 1) % SEATS


@dataclass(frozen=True, slots=True)
class LastHand:
    result: HandResult
    winners: tuple[int, ...] = ()
    dealer_tenpai: bool = False
    dealer_ends: bool | None = None
    nagashi_winners: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class NextRound:
    round_wind: Wind
    round_number: int
    dealer_seat: int
    honba: int
    riichi_sticks: int
    lap: int


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's place; the match result (oka, uma, score, in thousands) only once it is over."""

    seat: int
    points: int
    rank: int
    leftover_riichi_points: int = 0
    oka: float | None = None
    uma: float | None = None
    score: float | None = None


@dataclass(frozen=True, slots=True)
class EndCheck:
    game_over: bool
    reason: Reason
    next_round: NextRound | None
    standings: tuple[Standing, ...]
