"""From han and fu to the limit, the base points and what each player pays."""

from dataclasses import dataclass

from app.scoring.memo import Memo
from app.scoring.rules import HandRules
from app.scoring.suits import CACHE_LIMIT

YAKUMAN_LIMITS = ("yakuman", "double_yakuman", "triple_yakuman", "quadruple_yakuman",
                  "quintuple_yakuman", "sextuple_yakuman")
# (lowest han, limit, base points) for the limits reached by han alone.
HAN_LIMITS = ((11, "sanbaiman", 6000), (8, "baiman", 4000), (6, "haneman", 3000), (5, "mangan", 2000))
MANGAN_BASE = 2000
YAKUMAN_BASE = 8000


@dataclass(frozen=True, slots=True)
class Payments:
    ron: int | None
    tsumo_dealer: int | None
    tsumo_non_dealer: int | None

    @property
    def hand_total(self) -> int:
        """What the winner collects for the hand itself, honba and sticks aside."""
        if self.ron is not None:
            return self.ron
        assert self.tsumo_non_dealer is not None
        if self.tsumo_dealer is None:
            return 3 * self.tsumo_non_dealer
        return self.tsumo_dealer + 2 * self.tsumo_non_dealer


def limit_and_base(han: int, fu: int, yakuman_multiplier: int, rules: HandRules) -> tuple[str, int]:
    if yakuman_multiplier:
        return YAKUMAN_LIMITS[min(yakuman_multiplier, 6) - 1], YAKUMAN_BASE * yakuman_multiplier
    if han >= 13 and rules.kazoe_yakuman:
        return "kazoe_yakuman", YAKUMAN_BASE
    for lowest, limit, base in HAN_LIMITS:
        if han >= lowest:
            return limit, base
    base = fu * 2 ** (han + 2)
    if base > MANGAN_BASE or (rules.kiriage_mangan and base == 1920):
        return "mangan", MANGAN_BASE
    return "none", base


def round_up_100(points: int) -> int:
    return -(-points // 100) * 100


def payments(base: int, dealer: bool, tsumo: bool) -> Payments:
    """What each player pays for a hand worth `base` (shared: do not change it)."""
    return _PAYMENTS[base, dealer, tsumo]


def _payments(key: tuple[int, bool, bool]) -> Payments:
    base, dealer, tsumo = key
    if not tsumo:
        return Payments(round_up_100(base * (6 if dealer else 4)), None, None)
    if dealer:
        return Payments(None, None, round_up_100(base * 2))
    return Payments(None, round_up_100(base * 2), round_up_100(base))


_PAYMENTS = Memo(_payments, CACHE_LIMIT)
