"""Every way to read a winning hand: standard shapes (four sets and a pair), seven pairs, thirteen orphans.

Each reading also fixes the group the winning tile completed, since that decides the wait and whether a
triplet won on a discard counts as open.
"""

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Literal

from app.scoring.hand import ParsedHand
from app.scoring.tiles import TERMINALS_AND_HONORS

SEQUENCE, TRIPLET, KAN, PAIR = 0, 1, 2, 3
Wait = Literal["ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi", "kokushi_13"]
Shape = Literal["standard", "chiitoitsu", "kokushi"]

# A group: (kind, lowest tile, counts as open for fu and concealed triplets, was called).
Group = tuple[int, int, bool, bool]
SuitSplit = tuple[int, tuple[tuple[int, int], ...]]  # (pair rank or -1, ((kind, rank), ...))
KOKUSHI_TILES = tuple(sorted(TERMINALS_AND_HONORS))


@dataclass(frozen=True, slots=True)
class Reading:
    shape: Shape
    groups: tuple[Group, ...]  # sets (melds included), then the pair; seven pairs for chiitoitsu
    wait: Wait
    win_group: int  # index into groups; -1 for kokushi


def readings(hand: ParsedHand, is_ron: bool) -> list[Reading]:
    found = standard_readings(hand, is_ron)
    if not hand.melds:
        found += chiitoitsu_readings(hand.concealed, hand.win_tile)
        found += kokushi_readings(hand.concealed, hand.win_tile)
    return found


def standard_readings(hand: ParsedHand, is_ron: bool) -> list[Reading]:
    c = hand.concealed
    per_suit = [suit_splits(tuple(c[s * 9:s * 9 + 9])) for s in range(3)]
    honors = honor_split(tuple(c[27:]))
    if honors is None or not all(per_suit):
        return []
    meld_groups = [_meld_group(m.type, m.tile) for m in hand.melds]
    out: list[Reading] = []
    for combo in product(*per_suit, (honors,)):
        pairs = [(suit, split[0]) for suit, split in enumerate(combo) if split[0] >= 0]
        if len(pairs) != 1:
            continue
        suit, pair_rank = pairs[0]
        pair_tile = suit * 9 + pair_rank
        sets = [(kind, suit * 9 + rank) for suit, split in enumerate(combo) for kind, rank in split[1]]
        out += _readings_for(sets, pair_tile, meld_groups, hand.win_tile, is_ron)
    return out


def _meld_group(meld_type: str, tile: int) -> Group:
    if meld_type == "chi":
        return (SEQUENCE, tile, True, True)
    if meld_type == "pon":
        return (TRIPLET, tile, True, True)
    called = meld_type != "ankan"
    return (KAN, tile, called, called)


def _readings_for(sets: list[tuple[int, int]], pair_tile: int, meld_groups: list[Group], win: int, is_ron: bool) -> list[Reading]:
    out: list[Reading] = []
    seen: set[tuple[int, int]] = set()
    if pair_tile == win:
        groups = tuple((k, t, False, False) for k, t in sets) + tuple(meld_groups) + ((PAIR, pair_tile, False, False),)
        out.append(Reading("standard", groups, "tanki", len(groups) - 1))
    for i, (kind, tile) in enumerate(sets):
        if (kind, tile) in seen or not tile <= win <= tile + 2 * (kind == SEQUENCE):
            continue
        seen.add((kind, tile))
        wait = "shanpon" if kind == TRIPLET else _sequence_wait(tile, win)
        groups = tuple(
            (k, t, j == i and k == TRIPLET and is_ron, False) for j, (k, t) in enumerate(sets)
        ) + tuple(meld_groups) + ((PAIR, pair_tile, False, False),)
        out.append(Reading("standard", groups, wait, i))
    return out


def _sequence_wait(start: int, win: int) -> Wait:
    position = win - start
    if position == 1:
        return "kanchan"
    rank = start % 9
    if (position == 2 and rank == 0) or (position == 0 and rank == 6):
        return "penchan"
    return "ryanmen"


@lru_cache(maxsize=None)
def suit_splits(counts: tuple[int, ...]) -> tuple[SuitSplit, ...]:
    """Every way to split one suit's counts into sequences, triplets and at most one pair."""
    return tuple(dict.fromkeys(_splits(list(counts), 0, -1)))


def _splits(c: list[int], start: int, pair: int) -> list[SuitSplit]:
    while start < 9 and c[start] == 0:
        start += 1
    if start == 9:
        return [(pair, ())]
    out: list[SuitSplit] = []
    if c[start] >= 3:
        c[start] -= 3
        out += [(p, ((TRIPLET, start), *rest)) for p, rest in _splits(c, start, pair)]
        c[start] += 3
    if start <= 6 and c[start + 1] and c[start + 2]:
        for r in (start, start + 1, start + 2):
            c[r] -= 1
        out += [(p, ((SEQUENCE, start), *rest)) for p, rest in _splits(c, start, pair)]
        for r in (start, start + 1, start + 2):
            c[r] += 1
    if c[start] >= 2 and pair < 0:
        c[start] -= 2
        out += _splits(c, start, start)
        c[start] += 2
    return out


@lru_cache(maxsize=None)
def honor_split(counts: tuple[int, ...]) -> SuitSplit | None:
    if any(n not in (0, 2, 3) for n in counts) or sum(n == 2 for n in counts) > 1:
        return None
    pair = next((i for i, n in enumerate(counts) if n == 2), -1)
    return pair, tuple((TRIPLET, i) for i, n in enumerate(counts) if n == 3)


def chiitoitsu_readings(counts: list[int], win: int) -> list[Reading]:
    pairs = [t for t, n in enumerate(counts) if n]
    if len(pairs) != 7 or any(counts[t] != 2 for t in pairs):
        return []
    return [Reading("chiitoitsu", tuple((PAIR, t, False, False) for t in pairs), "tanki", pairs.index(win))]


def kokushi_readings(counts: list[int], win: int) -> list[Reading]:
    if any(counts[t] == 0 for t in KOKUSHI_TILES) or sum(counts[t] for t in KOKUSHI_TILES) != 14:
        return []
    wait: Wait = "kokushi_13" if counts[win] == 2 else "kokushi"
    return [Reading("kokushi", (), wait, -1)]
