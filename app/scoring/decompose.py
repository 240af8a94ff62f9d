"""Every way to read a winning hand: standard shapes (four sets and a pair), seven pairs, thirteen orphans.

A standard reading takes one split of each suit's concealed tiles and one placement of the winning
tile: the group it completed decides the wait, and whether a triplet won on a discard counts as open.
"""

from dataclasses import dataclass
from itertools import product

from app.scoring.hand import ParsedHand
from app.scoring.suits import Placement, SuitSplit


@dataclass(slots=True)
class Reading:
    shape: str  # standard, chiitoitsu, kokushi
    splits: tuple[SuitSplit, ...]  # one per suit (m, p, s, honors); empty outside the standard shape
    wait: str  # ryanmen kanchan penchan shanpon tanki, or kokushi / kokushi_13
    win_in: Placement  # the group the winning tile completed
    ron_triplet: int = -1  # a concealed triplet completed on a discard: it counts as open


def readings(hand: ParsedHand, is_ron: bool) -> list[Reading]:
    found = standard_readings(hand, is_ron)
    if not hand.melds:
        m, p, s, z = hand.parts
        if m.seven_pairs + p.seven_pairs + s.seven_pairs + z.seven_pairs == 7:
            found.append(Reading("chiitoitsu", (), "tanki", ("pair", hand.win_tile, "tanki")))
        elif m.kokushi and p.kokushi and s.kokushi and z.kokushi:
            wait = "kokushi_13" if hand.concealed_count(hand.win_tile) == 2 else "kokushi"
            found.append(Reading("kokushi", (), wait, ("kokushi", hand.win_tile, wait)))
    return found


def standard_readings(hand: ParsedHand, is_ron: bool) -> list[Reading]:
    m, p, s, z = hand.parts
    if m.standard_pairs + p.standard_pairs + s.standard_pairs + z.standard_pairs != 1:
        return []
    win = hand.win_tile
    win_suit = win // 9
    out = []
    if len(m.splits) == len(p.splits) == len(s.splits) == 1:  # the usual case: one way to split each suit
        combinations: list[tuple[SuitSplit, ...]] | product = [(m.splits[0], p.splits[0], s.splits[0], z.splits[0])]
    else:
        combinations = product(m.splits, p.splits, s.splits, z.splits)
    for splits in combinations:
        for placement in splits[win_suit].placements.get(win, ()):
            ron_triplet = win if is_ron and placement[0] == "triplet" else -1
            out.append(Reading("standard", splits, placement[2], placement, ron_triplet))
    return out
