"""What a scoring answers: immutable values all the way down, so that no caller's change to an answer can
reach another answer (the small pieces, a yaku at a han, a fu item, a group, are shared between answers)."""

from dataclasses import dataclass

from app.scoring.fu import FuScore
from app.scoring.groups import Group
from app.scoring.settlement import Payment, Points
from app.scoring.vocabulary import Limit, Wait

__all__ = ["FuScore", "Group", "Payment", "Points", "ScoreResult", "YakuScore", "YakumanScore"]


@dataclass(frozen=True, slots=True)
class YakuScore:
    id: str
    name: str
    han: int


@dataclass(frozen=True, slots=True)
class YakumanScore:
    id: str
    name: str
    multiplier: int


@dataclass(frozen=True, slots=True)
class ScoreResult:
    han: int
    fu: int
    yaku: tuple[YakuScore, ...]
    yakuman: tuple[YakumanScore, ...]
    limit: Limit
    base_points: int
    points: Points
    fu_breakdown: tuple[FuScore, ...]
    decomposition: tuple[Group, ...]
    wait: Wait | None
    payments: tuple[Payment, ...]
