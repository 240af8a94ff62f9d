"""Every way to read a winning hand: standard shapes (four sets and a pair), seven pairs, thirteen orphans.

A standard reading takes one split of each suit's concealed tiles and one placement of the winning
tile: the group it completed decides the wait, and whether a triplet won on a discard counts as open.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product
from typing import Final

from app.scoring.hand import ParsedHand
from app.scoring.suits import NO_TILE, PAIR_WON, Placement, SuitSplit
from app.scoring.vocabulary import Shape, Wait


@dataclass(slots=True, init=False)
class Reading:
    shape: Shape
    splits: tuple[SuitSplit, ...]  # one per suit (m, p, s, honors); empty outside the standard shape
    wait: Wait
    win_in: Placement  # the group the winning tile completed
    ron_triplet: int = NO_TILE  # a concealed triplet completed on a discard: it counts as open

    def __init__(
        self, shape: Shape, splits: tuple[SuitSplit, ...], wait: Wait, win_in: Placement,
        ron_triplet: int = NO_TILE
    ) -> None:
        self.shape = shape
        self.splits = splits
        self.wait = wait
        self.win_in = win_in
        self.ron_triplet = ron_triplet


# The group the winning tile completes in seven pairs (its pair) and in thirteen orphans, per tile.
SEVEN_PAIRS_WON: Final = PAIR_WON
ORPHANS_WON: Final[dict[Wait, tuple[Placement, ...]]] = {
    wait: tuple(Placement("kokushi", t, wait) for t in range(34)) for wait in ("kokushi", "kokushi_13")}


def readings(hand: ParsedHand, is_ron: bool) -> list[Reading]:
    found = standard_readings(hand, is_ron)
    if not hand.melds:
        m, p, s, z = hand.parts
        if m.seven_pairs + p.seven_pairs + s.seven_pairs + z.seven_pairs == 7:
            found.append(Reading("chiitoitsu", (), "tanki", SEVEN_PAIRS_WON[hand.win_tile]))
        elif m.kokushi and p.kokushi and s.kokushi and z.kokushi:
            wait: Wait = "kokushi_13" if hand.concealed_count(hand.win_tile) == 2 else "kokushi"
            found.append(Reading("kokushi", (), wait, ORPHANS_WON[wait][hand.win_tile]))
    return found


def standard_readings(hand: ParsedHand, is_ron: bool) -> list[Reading]:
    m, p, s, z = hand.parts
    if m.standard_pairs + p.standard_pairs + s.standard_pairs + z.standard_pairs != 1:
        return []
    win = hand.win_tile
    win_suit, win_rank = divmod(win, 9)
    combinations: Iterable[tuple[SuitSplit, ...]] = product(m.splits, p.splits, s.splits, z.splits)
    out = []
    for splits in combinations:
        for placement in splits[win_suit].placements[win_rank]:
            ron_triplet = win if is_ron and placement.kind == "triplet" else NO_TILE
            out.append(Reading("standard", splits, placement.wait, placement, ron_triplet))
    return out


def won_on_a_discard(found: list[Reading], win: int) -> list[Reading]:
    """`readings(hand, False)` as `readings(hand, True)` reads them: a triplet the winning tile completed is open."""
    return [read_as_ron(r, win) for r in found]


def read_as_ron(r: Reading, win: int) -> Reading:
    """One reading of `readings(hand, False)` as `readings(hand, True)` reads it."""
    return Reading(r.shape, r.splits, r.wait, r.win_in, win) if r.win_in.kind == "triplet" else r
