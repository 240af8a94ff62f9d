"""Fu, item by item, for one reading of a hand."""

from app.scoring.facts import HandFacts, ShapeFacts, is_pinfu_shape
from app.scoring.tiles import DRAGONS, TERMINALS_AND_HONORS

# An item: (reason, fu, tile the item is about or -1, how many copies of it the group shows).
FuItem = tuple[str, int, int, int]
WAIT_FU: dict[str, FuItem] = {wait: (f"{wait}_wait", 2, -1, 0) for wait in ("kanchan", "penchan", "tanki")}
CHIITOITSU_FU: list[FuItem] = [("chiitoitsu", 25, -1, 0)]
BASE_FU: FuItem = ("base", 20, -1, 0)
MENZEN_RON_FU: FuItem = ("menzen_ron", 10, -1, 0)
TSUMO_FU: FuItem = ("tsumo", 2, -1, 0)
OPEN_PINFU_FU: FuItem = ("open_pinfu_ron", 10, -1, 0)


def count_fu(h: HandFacts, s: ShapeFacts) -> tuple[int, list[FuItem]]:
    """The rounded fu and the items it is made of."""
    r = s.reading
    if r.shape != "standard":
        return (25, CHIITOITSU_FU) if r.shape == "chiitoitsu" else (0, [])
    tsumo = h.ctx.win == "tsumo"
    items: list[FuItem] = [BASE_FU]
    if h.closed and not tsumo:
        items.append(MENZEN_RON_FU)
    if tsumo and not is_pinfu_shape(h, s):
        items.append(TSUMO_FU)
    for split in r.splits:
        for tile in split.triplets:
            items.append(SET_FU[tile][False][tile == r.ron_triplet])
    for meld in h.hand.melds:
        if not meld.is_sequence:
            items.append(SET_FU[meld.tile][meld.is_kan][meld.is_open])
    pair = s.pair
    if pair >= 27:
        items += _pair_fu(h, pair)
    if r.wait in WAIT_FU:
        items.append(WAIT_FU[r.wait])
    raw = 0
    for item in items:
        raw += item[1]
    if raw == 20 and not h.closed:
        items.append(OPEN_PINFU_FU)
        raw = 30
    return -(-raw // 10) * 10, items


def _set_fu(tile: int, kan: bool, is_open: bool) -> FuItem:
    fu = (8 if kan else 2) * (2 if tile in TERMINALS_AND_HONORS else 1) * (1 if is_open else 2)
    name = f"{'open' if is_open else 'closed'}_{'kan' if kan else 'triplet'}"
    return (name, fu, tile, 4 if kan else 3)


# SET_FU[tile][kan][open]: every triplet and kan item, made once.
SET_FU = tuple(tuple(tuple(_set_fu(t, kan, is_open) for is_open in (False, True)) for kan in (False, True)) for t in range(34))


def _pair_fu(h: HandFacts, tile: int) -> list[FuItem]:
    if tile in DRAGONS:
        return [("dragon_pair", 2, tile, 2)]
    seat, round_ = tile == h.seat_wind, tile == h.round_wind
    if seat and round_:
        return [("double_wind_pair", h.rules.double_wind_pair_fu, tile, 2)]
    if seat:
        return [("seat_wind_pair", 2, tile, 2)]
    if round_:
        return [("round_wind_pair", 2, tile, 2)]
    return []
