"""Fu, item by item, for one reading of a hand: the one place fu are counted.

The items are few and immutable (a reason, its fu, its tiles), so each is made once and shared by every
answer that holds it.
"""

from dataclasses import dataclass
from typing import Final

from app.scoring.decompose import Reading
from app.scoring.facts import DRAGON_SET, WIND_TILES, ShapeFacts, is_pinfu_shape
from app.scoring.hand import MeldFacts, ParsedHand, WinContext
from app.scoring.memo import Memo
from app.scoring.suits import SuitSplit
from app.scoring.tiles import KAN_NAMES, PAIR_NAMES, TERMINALS_AND_HONORS, TRIPLET_NAMES


@dataclass(frozen=True, slots=True, init=False)
class FuScore:
    reason: str
    fu: int
    tiles: str | None = None

    def __init__(self, reason: str, fu: int, tiles: str | None = None) -> None:
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "fu", fu)
        object.__setattr__(self, "tiles", tiles)


BASE_FU: Final = FuScore("base", 20)
CHIITOITSU_FU: Final = FuScore("chiitoitsu", 25)
MENZEN_RON_FU: Final = FuScore("menzen_ron", 10)
TSUMO_FU: Final = FuScore("tsumo", 2)
OPEN_PINFU_FU: Final = FuScore("open_pinfu_ron", 10)
WAIT_FU: Final[dict[str, FuScore]] = {wait: FuScore(f"{wait}_wait", 2) for wait in ("kanchan", "penchan", "tanki")}
CHIITOITSU_FU_TOTAL: Final = 25


def _set_fu(tile: int, kan: bool, is_open: bool) -> FuScore:
    fu = (8 if kan else 2) * (2 if tile in TERMINALS_AND_HONORS else 1) * (1 if is_open else 2)
    name = f"{'open' if is_open else 'closed'}_{'kan' if kan else 'triplet'}"
    return FuScore(name, fu, (KAN_NAMES if kan else TRIPLET_NAMES)[tile])


# SET_FU[tile][kan][open]: every triplet and kan item.
SET_FU: Final = tuple(tuple(tuple(_set_fu(t, kan, is_open) for is_open in (False, True)) for kan in (False, True))
               for t in range(34))


# The item of each pair of honors worth fu: PAIR_FU[reason, fu, tile] (fu: 2, or rules.double_wind_pair_fu).
PAIR_FU: Final = {(reason, fu, tile): FuScore(reason, fu, PAIR_NAMES[tile])
           for reason in ("dragon_pair", "seat_wind_pair", "round_wind_pair", "double_wind_pair")
           for fu in (2, 4) for tile in range(27, 34)}


def group_fu(s: ShapeFacts, r: Reading, hand: ParsedHand, ctx: WinContext, double_wind_pair_fu: int) -> list[FuScore]:
    """The items of a standard reading's triplets and kans, of a pair worth fu and of the wait: the same whether
    the hand is won by ron or by tsumo, for the same reading (`r.ron_triplet` set or not). Empty outside the
    standard shape."""
    items: list[FuScore] = []
    if not r.splits:
        return items
    for split in r.splits:
        if split.triplets:
            items += TRIPLET_FU[split, r.ron_triplet]
    if hand.melds:
        items += meld_fu(hand.melds)
    if s.value_pair:
        items.append(pair_fu(ctx, r.splits[3].pair, double_wind_pair_fu))
    if r.wait in WAIT_FU:
        items.append(WAIT_FU[r.wait])
    return items


def fu_of_win(s: ShapeFacts, r: Reading, tsumo: bool, groups: list[FuScore]) -> tuple[int, tuple[FuScore, ...]]:
    """The rounded fu and its items: the base, the win's own item (a tsumo but pinfu's, a closed hand's ron), the
    items of the groups (group_fu), and an open hand's 20 made 30."""
    if not r.splits:
        return (CHIITOITSU_FU_TOTAL, (CHIITOITSU_FU,)) if r.shape == "chiitoitsu" else (0, ())
    if tsumo:
        items = [BASE_FU] if is_pinfu_shape(s) else [BASE_FU, TSUMO_FU]
    else:
        items = [BASE_FU, MENZEN_RON_FU] if s.closed else [BASE_FU]
    items += groups
    raw = 0
    for item in items:
        raw += item.fu
    if raw == 20 and not s.closed:
        items.append(OPEN_PINFU_FU)
        raw = 30
    return -(-raw // 10) * 10, tuple(items)


def triplet_fu(key: tuple[SuitSplit, int]) -> tuple[FuScore, ...]:
    """The items of a split's concealed triplets; the one of tile `ron_triplet` was won on a discard (open)."""
    split, ron_triplet = key
    return tuple(SET_FU[t][False][t == ron_triplet] for t in split.triplets)


# Per split (and the tile of a triplet won on a discard, or NO_TILE): its triplets' items, worked out once.
TRIPLET_FU: Final = Memo(triplet_fu, 100_000, "triplet_fu")


def meld_fu(melds: tuple[MeldFacts, ...]) -> tuple[FuScore, ...]:
    return tuple(SET_FU[m.tile][m.is_kan][m.is_open] for m in melds if not m.is_sequence)



def pair_fu(ctx: WinContext, tile: int, double_wind_pair_fu: int) -> FuScore:
    """The item for a pair of a dragon, the seat wind or the round wind."""
    if tile in DRAGON_SET:
        return PAIR_FU["dragon_pair", 2, tile]
    seat, round_ = tile == WIND_TILES[ctx.seat_wind], tile == WIND_TILES[ctx.round_wind]
    if seat and round_:
        return PAIR_FU["double_wind_pair", double_wind_pair_fu, tile]
    return PAIR_FU["seat_wind_pair" if seat else "round_wind_pair", 2, tile]
