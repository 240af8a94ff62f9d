"""The fu items, each made once: (reason, fu, tile the item is about or -1, how many copies of it the group shows)."""

from app.scoring.tiles import TERMINALS_AND_HONORS

FuItem = tuple[str, int, int, int]
WAIT_FU: dict[str, FuItem] = {wait: (f"{wait}_wait", 2, -1, 0) for wait in ("kanchan", "penchan", "tanki")}
CHIITOITSU_FU: list[FuItem] = [("chiitoitsu", 25, -1, 0)]
BASE_FU: FuItem = ("base", 20, -1, 0)
MENZEN_RON_FU: FuItem = ("menzen_ron", 10, -1, 0)
TSUMO_FU: FuItem = ("tsumo", 2, -1, 0)
OPEN_PINFU_FU: FuItem = ("open_pinfu_ron", 10, -1, 0)


def _set_fu(tile: int, kan: bool, is_open: bool) -> FuItem:
    fu = (8 if kan else 2) * (2 if tile in TERMINALS_AND_HONORS else 1) * (1 if is_open else 2)
    name = f"{'open' if is_open else 'closed'}_{'kan' if kan else 'triplet'}"
    return (name, fu, tile, 4 if kan else 3)


# SET_FU[tile][kan][open]: every triplet and kan item.
SET_FU = tuple(tuple(tuple(_set_fu(t, kan, is_open) for is_open in (False, True)) for kan in (False, True)) for t in range(34))
