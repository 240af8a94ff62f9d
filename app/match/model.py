"""Plain data in and out of the match end check."""

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from app.scoring.vocabulary import WIND_NAMES, Wind

Scores = tuple[int, ...]  # one per seat, seat 0 first; as many as players
WIND_ORDER: Final[tuple[Wind, ...]] = WIND_NAMES  # the winds of the rounds and of the seats, from the dealer


class HandResult(StrEnum):
    WIN = "win"
    DRAW = "draw"
    ABORTIVE_DRAW = "abortive_draw"
    CHOMBO = "chombo"  # the hand is replayed: same dealer, same honba


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


ENDING_REASONS: Final = frozenset(
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
    """A scoreboard: its round and honba, the scores, the sticks on the table and the penalties carried
    to the end (none: `penalties` empty). For the end check it is the scoreboard after the hand just
    played; for a settlement, the one the hand began with."""

    round_wind: Wind
    round_number: int
    honba: int
    riichi_sticks: int
    scores: Scores
    starting_dealer_seat: int = 0
    dealer_seat: int | None = None
    lap: int = 0
    penalties: Scores = ()

    @property
    def players(self) -> int:
        return len(self.scores)

    @property
    def dealer(self) -> int:
        return (self.starting_dealer_seat + self.round_number - 1) % self.players

    @property
    def penalty_points(self) -> Scores:
        """Each seat's penalty, 0 where none was sent."""
        return self.penalties or (0,) * self.players


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
    penalty: int = 0
    oka: float | None = None
    uma: float | None = None
    score: float | None = None


@dataclass(frozen=True, slots=True)
class EndCheck:
    game_over: bool
    reason: Reason
    next_round: NextRound | None
    standings: tuple[Standing, ...]
