"""Fu, item by item, for one reading of a hand."""

from app.scoring.facts import HandFacts, ShapeFacts, is_pinfu_shape
from app.scoring.tiles import DRAGONS, TERMINALS_AND_HONORS

# An item: (reason, fu, tile the item is about or -1, how many copies of it the group shows).
FuItem = tuple[str, int, int, int]
WAIT_FU = {"kanchan": 2, "penchan": 2, "tanki": 2}
CHIITOITSU_FU: list[FuItem] = [("chiitoitsu", 25, -1, 0)]


def count_fu(h: HandFacts, s: ShapeFacts) -> tuple[int, list[FuItem]]:
    """The rounded fu and the items it is made of."""
    r = s.reading
    if r.shape != "standard":
        return (25, CHIITOITSU_FU) if r.shape == "chiitoitsu" else (0, [])
    tsumo = h.ctx.is_tsumo
    items: list[FuItem] = [("base", 20, -1, 0)]
    if h.closed and not tsumo:
        items.append(("menzen_ron", 10, -1, 0))
    if tsumo and not is_pinfu_shape(h, s):
        items.append(("tsumo", 2, -1, 0))
    for split in r.splits:
        for tile in split.triplets:
            items.append(_set_fu(tile, kan=False, is_open=tile == r.ron_triplet))
    for meld in h.hand.melds:
        if not meld.is_sequence:
            items.append(_set_fu(meld.tile, kan=meld.is_kan, is_open=meld.is_open))
    pair = _pair_fu(h, s.pair)
    if pair:
        items.append(pair)
    if r.wait in WAIT_FU:
        items.append((f"{r.wait}_wait", WAIT_FU[r.wait], -1, 0))
    raw = sum(item[1] for item in items)
    if raw == 20 and not h.closed:
        items.append(("open_pinfu_ron", 10, -1, 0))
        raw = 30
    return -(-raw // 10) * 10, items


def _set_fu(tile: int, kan: bool, is_open: bool) -> FuItem:
    fu = (8 if kan else 2) * (2 if tile in TERMINALS_AND_HONORS else 1) * (1 if is_open else 2)
    name = f"{'open' if is_open else 'closed'}_{'kan' if kan else 'triplet'}"
    return (name, fu, tile, 4 if kan else 3)


def _pair_fu(h: HandFacts, tile: int) -> FuItem | None:
    if tile in DRAGONS:
        return ("dragon_pair", 2, tile, 2)
    seat, round_ = tile == h.seat_wind, tile == h.round_wind
    if seat and round_:
        return ("double_wind_pair", h.rules.double_wind_pair_fu, tile, 2)
    if seat:
        return ("seat_wind_pair", 2, tile, 2)
    if round_:
        return ("round_wind_pair", 2, tile, 2)
    return None
