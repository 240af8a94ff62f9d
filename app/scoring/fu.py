"""Fu, item by item, for one reading of a hand."""

from app.scoring.decompose import Reading
from app.scoring.facts import DRAGON_SET, WIND_TILES, ShapeFacts, is_pinfu_shape
from app.scoring.fu_items import (
    BASE_FU, CHIITOITSU_FU, MENZEN_RON_FU, OPEN_PINFU_FU, TSUMO_FU, WAIT_FU, FuScore, pair_fu,
)
from app.scoring.hand import ParsedHand, WinContext


def count_fu(s: ShapeFacts, r: Reading, hand: ParsedHand, ctx: WinContext, double_wind_pair_fu: int) -> tuple[int, list[FuScore]]:
    """The rounded fu and the items it is made of (a new list)."""
    if not r.splits:
        return (25, [CHIITOITSU_FU]) if r.shape == "chiitoitsu" else (0, [])
    items = [BASE_FU]
    if ctx.win == "tsumo":
        if not is_pinfu_shape(s):
            items.append(TSUMO_FU)
    elif s.closed:
        items.append(MENZEN_RON_FU)
    for split in r.splits:
        if split.triplet_fu:
            items += split.ron_triplet_fu.get(r.ron_triplet, split.triplet_fu)
    items += hand.called.fu
    if s.value_pair:
        items.append(_pair_fu(ctx, r.splits[3].pair, double_wind_pair_fu))
    if r.wait in WAIT_FU:
        items.append(WAIT_FU[r.wait])
    raw = 0
    for item in items:
        raw += item.fu
    if raw == 20 and not s.closed:
        items.append(OPEN_PINFU_FU)
        raw = 30
    return -(-raw // 10) * 10, items


def _pair_fu(ctx: WinContext, tile: int, double_wind_pair_fu: int) -> FuScore:
    """The item for a pair of a dragon, the seat wind or the round wind."""
    if tile in DRAGON_SET:
        return pair_fu("dragon_pair", 2, tile)
    seat, round_ = tile == WIND_TILES[ctx.seat_wind], tile == WIND_TILES[ctx.round_wind]
    if seat and round_:
        return pair_fu("double_wind_pair", double_wind_pair_fu, tile)
    return pair_fu("seat_wind_pair" if seat else "round_wind_pair", 2, tile)
