"""The fu items, as the answer shows them: each made once and shared by every answer that holds it."""

from dataclasses import dataclass

from app.scoring.tiles import KAN_NAMES, PAIR_NAMES, TERMINALS_AND_HONORS, TRIPLET_NAMES


@dataclass(frozen=True, slots=True)
class FuScore:
    reason: str
    fu: int
    tiles: str | None = None


WAIT_FU: dict[str, FuScore] = {wait: FuScore(f"{wait}_wait", 2) for wait in ("kanchan", "penchan", "tanki")}
CHIITOITSU_FU = FuScore("chiitoitsu", 25)
BASE_FU = FuScore("base", 20)
MENZEN_RON_FU = FuScore("menzen_ron", 10)
TSUMO_FU = FuScore("tsumo", 2)
OPEN_PINFU_FU = FuScore("open_pinfu_ron", 10)


def _set_fu(tile: int, kan: bool, is_open: bool) -> FuScore:
    fu = (8 if kan else 2) * (2 if tile in TERMINALS_AND_HONORS else 1) * (1 if is_open else 2)
    name = f"{'open' if is_open else 'closed'}_{'kan' if kan else 'triplet'}"
    return FuScore(name, fu, (KAN_NAMES if kan else TRIPLET_NAMES)[tile])


# SET_FU[tile][kan][open]: every triplet and kan item.
SET_FU = tuple(tuple(tuple(_set_fu(t, kan, is_open) for is_open in (False, True)) for kan in (False, True)) for t in range(34))

_PAIR_FU: dict[tuple[str, int, int], FuScore] = {}


def pair_fu(reason: str, fu: int, tile: int) -> FuScore:
    """The item for a pair of honors worth fu (dragon_pair, seat_wind_pair...)."""
    key = (reason, fu, tile)
    item = _PAIR_FU.get(key)
    if item is None:
        item = _PAIR_FU[key] = FuScore(reason, fu, PAIR_NAMES[tile])
    return item
