"""Han and fu that no hand can have, in words a person can act on."""

from collections.abc import Iterator
from typing import Final

from app.errors import Problem

FU_VALUES: Final = (20, 25, *range(30, 120, 10))
MANGAN_HAN: Final = 5
MAX_YAKUMAN: Final = 6


def han_fu_problems(han: int, fu: int | None, loc: tuple[str | int, ...], kind: str) -> Iterator[Problem]:
    """`kind` is the error type to report (inconsistent_state on a settlement)."""
    if fu is None and han < MANGAN_HAN:
        yield Problem(kind, (*loc, "fu"), f"{han} han needs its fu; fu may be left out only from {MANGAN_HAN} han on")
    elif fu is not None and fu not in FU_VALUES:
        yield Problem(kind, (*loc, "fu"), f"no hand has {fu} fu: fu is 20, 25, or 30 to 110 in steps of 10")
    elif han == 1 and fu in (20, 25):
        yield Problem(kind, (*loc, "fu"), f"no 1-han hand has {fu} fu (20 fu is pinfu tsumo and 25 fu chiitoitsu, "
                                          "both at least 2 han)")
