"""Fu, item by item, for one reading of a hand."""

from app.scoring.facts import DRAGON_SET, HandFacts, ShapeFacts, is_pinfu_shape
from app.scoring.fu_items import (
    BASE_FU, CHIITOITSU_FU, MENZEN_RON_FU, OPEN_PINFU_FU, TSUMO_FU, WAIT_FU, FuScore, pair_fu,
)


def count_fu(h: HandFacts, s: ShapeFacts) -> tuple[int, list[FuScore]]:
    """The rounded fu and the items it is made of (a new list)."""
    r = s.reading
    if r.shape != "standard":
        return (25, [CHIITOITSU_FU]) if r.shape == "chiitoitsu" else (0, [])
    tsumo = h.ctx.win == "tsumo"
    items = [BASE_FU]
    if h.closed and not tsumo:
        items.append(MENZEN_RON_FU)
    if tsumo and not is_pinfu_shape(h, s):
        items.append(TSUMO_FU)
    for split in r.splits:
        if split.triplet_fu:
            items += split.ron_triplet_fu.get(r.ron_triplet, split.triplet_fu)
    for meld in h.hand.melds:
        if meld.fu:
            items.append(meld.fu)
    if s.pair >= 27:
        pair = _pair_fu(h, s.pair)
        if pair:
            items.append(pair)
    if r.wait in WAIT_FU:
        items.append(WAIT_FU[r.wait])
    raw = 0
    for item in items:
        raw += item.fu
    if raw == 20 and not h.closed:
        items.append(OPEN_PINFU_FU)
        raw = 30
    return -(-raw // 10) * 10, items


def _pair_fu(h: HandFacts, tile: int) -> FuScore | None:
    if tile in DRAGON_SET:
        return pair_fu("dragon_pair", 2, tile)
    seat, round_ = tile == h.seat_wind, tile == h.round_wind
    if seat and round_:
        return pair_fu("double_wind_pair", h.rules.double_wind_pair_fu, tile)
    if seat:
        return pair_fu("seat_wind_pair", 2, tile)
    if round_:
        return pair_fu("round_wind_pair", 2, tile)
    return None
