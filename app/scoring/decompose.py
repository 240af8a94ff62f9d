"""Every way to read a winning hand: standard shapes (four sets and a pair), seven pairs, thirteen orphans.

Each reading also fixes the group the winning tile completed, since that decides the wait and whether a
triplet won on a discard counts as open. Splits of one suit are cached: they depend on nothing else.
"""

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from app.scoring.tiles import TERMINALS_AND_HONORS

Wait = Literal["ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi", "kokushi_13"]
Shape = Literal["standard", "chiitoitsu", "kokushi"]
KOKUSHI_TILES = tuple(sorted(TERMINALS_AND_HONORS))


@dataclass(slots=True)
class Split:
    """One way to read the concealed tiles of one suit: lowest tiles of its sequences, its triplets, its pair."""

    sequences: tuple[int, ...]
    triplets: tuple[int, ...]
    pair: int  # -1 when the suit holds no pair


@dataclass(slots=True)
class Reading:
    shape: Shape
    sequences: tuple[int, ...]  # concealed sequences (lowest tile)
    triplets: tuple[int, ...]  # concealed triplets, including one completed on a discard
    pair: int  # -1 outside the standard shape; the seven pairs of chiitoitsu are in `pairs`
    wait: Wait
    win_in: tuple[str, int]  # the group the winning tile completed: ("sequence", 3), ("pair", 27), ...
    ron_triplet: int = -1  # a triplet completed on a discard: it counts as open
    pairs: tuple[int, ...] = ()


def readings(counts: list[int], win: int, is_ron: bool, closed_shapes: bool) -> list[Reading]:
    """Every reading of the concealed tiles `counts` (melds excluded) around the winning tile."""
    found = standard_readings(counts, win, is_ron)
    if closed_shapes:
        found += chiitoitsu_readings(counts, win)
        found += kokushi_readings(counts, win)
    return found


def standard_readings(counts: list[int], win: int, is_ron: bool) -> list[Reading]:
    suits = [suit_splits(s, tuple(counts[s * 9:s * 9 + 9])) for s in range(3)]
    honors = honor_split(tuple(counts[27:]))
    if honors is None or not all(suits):
        return []
    out: list[Reading] = []
    for a in suits[0]:
        for b in suits[1]:
            for c in suits[2]:
                pairs = [s.pair for s in (a, b, c, honors) if s.pair >= 0]
                if len(pairs) == 1:
                    out += _win_readings(a.sequences + b.sequences + c.sequences,
                                         a.triplets + b.triplets + c.triplets + honors.triplets, pairs[0], win, is_ron)
    return out


def _win_readings(sequences: tuple[int, ...], triplets: tuple[int, ...], pair: int, win: int, is_ron: bool) -> list[Reading]:
    out = []
    if pair == win:
        out.append(Reading("standard", sequences, triplets, pair, "tanki", ("pair", pair)))
    if win in triplets:
        out.append(Reading("standard", sequences, triplets, pair, "shanpon", ("triplet", win), win if is_ron else -1))
    for start in set(sequences):
        if start <= win <= start + 2:
            out.append(Reading("standard", sequences, triplets, pair, _sequence_wait(start, win), ("sequence", start)))
    return out


def _sequence_wait(start: int, win: int) -> Wait:
    position = win - start
    if position == 1:
        return "kanchan"
    rank = start % 9
    if (position == 2 and rank == 0) or (position == 0 and rank == 6):
        return "penchan"
    return "ryanmen"


@lru_cache(maxsize=4096)
def suit_splits(suit: int, counts: tuple[int, ...]) -> tuple[Split, ...]:
    """Every way to split one suit's tiles into sequences, triplets and at most one pair."""
    base = suit * 9
    found = dict.fromkeys(_splits(list(counts), 0, -1))
    return tuple(
        Split(tuple(base + r for kind, r in sets if kind == "s"), tuple(base + r for kind, r in sets if kind == "t"),
              base + pair if pair >= 0 else -1)
        for pair, sets in found
    )


def _splits(c: list[int], start: int, pair: int) -> list[tuple[int, tuple[tuple[str, int], ...]]]:
    while start < 9 and c[start] == 0:
        start += 1
    if start == 9:
        return [(pair, ())]
    out = []
    if c[start] >= 3:
        c[start] -= 3
        out += [(p, (("t", start), *rest)) for p, rest in _splits(c, start, pair)]
        c[start] += 3
    if start <= 6 and c[start + 1] and c[start + 2]:
        c[start] -= 1; c[start + 1] -= 1; c[start + 2] -= 1  # noqa: E702
        out += [(p, (("s", start), *rest)) for p, rest in _splits(c, start, pair)]
        c[start] += 1; c[start + 1] += 1; c[start + 2] += 1  # noqa: E702
    if c[start] >= 2 and pair < 0:
        c[start] -= 2
        out += _splits(c, start, start)
        c[start] += 2
    return out


@lru_cache(maxsize=1024)
def honor_split(counts: tuple[int, ...]) -> Split | None:
    if any(n not in (0, 2, 3) for n in counts) or counts.count(2) > 1:
        return None
    pair = counts.index(2) + 27 if 2 in counts else -1
    return Split((), tuple(27 + i for i, n in enumerate(counts) if n == 3), pair)


def chiitoitsu_readings(counts: list[int], win: int) -> list[Reading]:
    pairs = tuple(t for t, n in enumerate(counts) if n)
    if len(pairs) != 7 or any(counts[t] != 2 for t in pairs):
        return []
    return [Reading("chiitoitsu", (), (), -1, "tanki", ("pair", win), pairs=pairs)]


def kokushi_readings(counts: list[int], win: int) -> list[Reading]:
    if any(counts[t] == 0 for t in KOKUSHI_TILES) or sum(counts[t] for t in KOKUSHI_TILES) != 14:
        return []
    wait: Wait = "kokushi_13" if counts[win] == 2 else "kokushi"
    return [Reading("kokushi", (), (), -1, wait, ("kokushi", win))]
