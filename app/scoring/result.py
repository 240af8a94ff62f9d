"""What a scoring answers. Every piece an answer may share with other answers (a yaku at a han, a fu item, a
group, the points and payments) is frozen, and every list is a tuple, so no caller's change to an answer can
reach another one. The answer object itself is made anew for each hand and belongs to its caller; it is a plain
slotted dataclass because freezing it costs about 1 µs a hand (see docs/performance.md)."""

from dataclasses import dataclass

from app.scoring.fu import FuScore
from app.scoring.groups import Group
from app.scoring.settlement import Payment, Points
from app.scoring.vocabulary import Limit, Wait

__all__ = ["FuScore", "Group", "Payment", "Points", "ScoreResult", "YakuScore", "YakumanScore"]


@dataclass(frozen=True, slots=True, init=False)
class YakuScore:
    id: str
    name: str
    han: int

    def __init__(self, id: str, name: str, han: int) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "han", han)


@dataclass(frozen=True, slots=True, init=False)
class YakumanScore:
    id: str
    name: str
    multiplier: int

    def __init__(self, id: str, name: str, multiplier: int) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "multiplier", multiplier)


@dataclass(slots=True, init=False)
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
    limit_name: str | None  # the limit's English name (LIMIT_NAMES); None for "none"

    def __init__(
        self, han: int, fu: int, yaku: tuple[YakuScore, ...], yakuman: tuple[YakumanScore, ...], limit: Limit,
        base_points: int, points: Points, fu_breakdown: tuple[FuScore, ...], decomposition: tuple[Group, ...],
        wait: Wait | None, payments: tuple[Payment, ...], limit_name: str | None
    ) -> None:
        self.han = han
        self.fu = fu
        self.yaku = yaku
        self.yakuman = yakuman
        self.limit = limit
        self.base_points = base_points
        self.points = points
        self.fu_breakdown = fu_breakdown
        self.decomposition = decomposition
        self.wait = wait
        self.payments = payments
        self.limit_name = limit_name
