"""What happened in a hand, as /match/settle takes it, and what settling it answers."""

from dataclasses import dataclass
from enum import StrEnum

from app.match.model import EndCheck, MatchState, Scores
from app.match.rules import AbortiveDraw
from app.match.win_value import ScoreResult, TileHand, TypedHand


class Outcome(StrEnum):
    RON = "ron"
    TSUMO = "tsumo"
    DRAW = "draw"
    ABORTIVE_DRAW = "abortive_draw"
    CHOMBO = "chombo"


@dataclass(frozen=True, slots=True)
class HanFu:
    han: int
    fu: int | None = None  # may be left out from 5 han on


@dataclass(frozen=True, slots=True)
class YakumanValue:
    """A win's value given as a number of yakuman."""

    count: int  # 1 single, 2 double, ...


@dataclass(frozen=True, slots=True)
class Tiles:
    """The win as /hand/score takes it: the hand (None for none sent) and the context fields sent. The hand is in
    MPSZ notation, or by tile codes where the caller holds them (the record replay)."""

    hand: TileHand | TypedHand | None
    context: tuple[tuple[str, object], ...] = ()


WinValueIn = HanFu | YakumanValue | Tiles


@dataclass(frozen=True, slots=True)
class Win:
    winner: int
    values: tuple[WinValueIn, ...]  # the ways its value was given: exactly one is valid
    from_seat: int | None = None
    pao_seat: int | None = None
    pao_yakuman: int | None = None  # default: every yakuman of the hand


@dataclass(frozen=True, slots=True)
class PlayedHand:
    result: Outcome
    riichi: tuple[int, ...] = ()
    wins: tuple[Win, ...] = ()
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    abortive: AbortiveDraw | None = None
    chombo: int | None = None
    dealer_ends: bool | None = None


class TransferKind(StrEnum):
    RIICHI_DEPOSIT = "riichi_deposit"
    WIN = "win"
    HONBA = "honba"
    RIICHI_STICKS = "riichi_sticks"
    PAO = "pao"
    TENPAI_PAYMENT = "tenpai_payment"
    NAGASHI_MANGAN = "nagashi_mangan"
    CHOMBO = "chombo"


@dataclass(frozen=True, slots=True)
class Transfer:
    from_seat: int | None  # None: the table
    to_seat: int | None
    points: int
    kind: TransferKind


@dataclass(frozen=True, slots=True)
class ScoredWin:
    winner: int
    han: int
    fu: int | None
    limit: str
    points: int  # the table value: the ron payment or the tsumo payments, without honba or sticks
    honba_bonus: int
    riichi_sticks_bonus: int
    score: ScoreResult | None = None


@dataclass(frozen=True, slots=True)
class Settlement:
    deltas: Scores
    payments: tuple[Transfer, ...]
    wins: tuple[ScoredWin, ...]
    scores: Scores
    riichi_sticks: int
    penalties: Scores
    end_check: EndCheck
    next_state: MatchState | None
