"""Fu, item by item, for one reading of a hand."""

from dataclasses import dataclass

from app.scoring.decompose import KAN, PAIR, SEQUENCE
from app.scoring.facts import HandFacts, ShapeFacts, is_pinfu_shape
from app.scoring.tiles import DRAGONS, TERMINALS_AND_HONORS, format_tiles


@dataclass(frozen=True, slots=True)
class FuItem:
    reason: str
    fu: int
    tiles: str | None = None


WAIT_FU = {"kanchan": 2, "penchan": 2, "tanki": 2}


def count_fu(h: HandFacts, s: ShapeFacts) -> tuple[int, list[FuItem]]:
    """The rounded fu and the items it is made of."""
    shape = s.reading.shape
    if shape == "chiitoitsu":
        return 25, [FuItem("chiitoitsu", 25)]
    if shape == "kokushi":
        return 0, []
    items = [FuItem("base", 20)]
    pinfu = is_pinfu_shape(h, s)
    if h.closed and not h.ctx.is_tsumo:
        items.append(FuItem("menzen_ron", 10))
    if h.ctx.is_tsumo and not pinfu:
        items.append(FuItem("tsumo", 2))
    for kind, tile, is_open, _ in s.reading.groups:
        if kind == SEQUENCE:
            continue
        if kind == PAIR:
            items += _pair_fu(h, tile)
        else:
            items.append(_set_fu(kind, tile, is_open))
    if s.reading.wait in WAIT_FU:
        items.append(FuItem(f"{s.reading.wait}_wait", WAIT_FU[s.reading.wait]))
    raw = sum(item.fu for item in items)
    if raw == 20 and not h.closed:
        items.append(FuItem("open_pinfu_ron", 10))
        raw = 30
    return -(-raw // 10) * 10, items


def _set_fu(kind: int, tile: int, is_open: bool) -> FuItem:
    fu = 8 if kind == KAN else 2
    if tile in TERMINALS_AND_HONORS:
        fu *= 2
    if not is_open:
        fu *= 2
    name = "kan" if kind == KAN else "triplet"
    size = 4 if kind == KAN else 3
    return FuItem(f"{'open' if is_open else 'closed'}_{name}", fu, format_tiles([tile] * size))


def _pair_fu(h: HandFacts, tile: int) -> list[FuItem]:
    tiles = format_tiles([tile, tile])
    if tile in DRAGONS:
        return [FuItem("dragon_pair", 2, tiles)]
    seat, round_ = tile == h.seat_wind, tile == h.round_wind
    if seat and round_:
        return [FuItem("double_wind_pair", h.rules.double_wind_pair_fu, tiles)]
    if seat:
        return [FuItem("seat_wind_pair", 2, tiles)]
    if round_:
        return [FuItem("round_wind_pair", 2, tiles)]
    return []
