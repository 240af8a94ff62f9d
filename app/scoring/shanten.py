"""Shanten: how many tile exchanges a hand is from tenpai (0 tenpai, -1 complete), by form.

Standard form: the usual block count, 8 - 2 * sets - partial sets - head, at most 4 sets and partial sets
together (melds count as sets). Each suit's concealed tiles are split once per pattern, memoized, into every
Pareto-best (head, sets, partial sets) it can give (`suit_blocks`); a hand combines its four suits' options.
Chiitoitsu and kokushi by formula: 6 - pairs (+ the kinds missing below 7), 13 - orphans held (- 1 for an
orphan pair). These formulas count a wait on a fifth copy as a wait; app.scoring.analysis corrects that.
"""

from dataclasses import dataclass
from typing import Final

from app.scoring.memo import Memo

Block = tuple[int, int, int]  # (head 0 or 1, sets, partial sets)
Blocks = tuple[Block, ...]
CACHE_LIMIT: Final = 200_000
ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _pareto(found: set[Block]) -> Blocks:
    """The options no other option beats or equals on all of head, sets and partial sets."""
    return tuple(sorted(b for b in found if not any(o != b and o[0] >= b[0] and o[1] >= b[1] and o[2] >= b[2]
                                                    for o in found)))


def _suit_blocks(key: tuple[tuple[int, ...], bool]) -> Blocks:
    """Every best (head, sets, partial sets) of one suit's counts; honors make no sequences or partial runs."""
    counts, honors = key
    return _blocks(counts, honors, {})


def _blocks(counts: tuple[int, ...], honors: bool, known: dict[tuple[int, ...], Blocks]) -> Blocks:
    """_suit_blocks by its recursion on the tiles after the lowest one's use, each rest worked out once
    (`known`: the rests worked out so far)."""
    found_before = known.get(counts)
    if found_before is not None:
        return found_before
    first = next((r for r, n in enumerate(counts) if n), -1)
    if first < 0:
        return ((0, 0, 0),)
    found: set[Block] = set()
    for taken, gained in _first_tile_uses(counts, first, honors):
        rest = list(counts)
        for rank in taken:
            rest[rank] -= 1
        for head, sets, partial in _blocks(tuple(rest), honors, known):
            if head + gained[0] <= 1:
                found.add((head + gained[0], sets + gained[1], partial + gained[2]))
    blocks = known[counts] = _pareto(found)
    return blocks


def _first_tile_uses(c: tuple[int, ...], i: int, honors: bool) -> list[tuple[tuple[int, ...], Block]]:
    """The ways to use the lowest tile held: the ranks taken and the (head, set, partial set) they make."""
    uses: list[tuple[tuple[int, ...], Block]] = [((i,), (0, 0, 0))]  # left isolated
    if c[i] >= 2:
        uses += [((i, i), (1, 0, 0)), ((i, i), (0, 0, 1))]
    if c[i] >= 3:
        uses.append(((i, i, i), (0, 1, 0)))
    if not honors:
        if i <= 6 and c[i + 1] and c[i + 2]:
            uses.append(((i, i + 1, i + 2), (0, 1, 0)))
        if i <= 7 and c[i + 1]:
            uses.append(((i, i + 1), (0, 0, 1)))
        if i <= 6 and c[i + 2]:
            uses.append(((i, i + 2), (0, 0, 1)))
    return uses


SUIT_BLOCKS: Final[Memo[tuple[tuple[int, ...], bool], Blocks]] = Memo(_suit_blocks, CACHE_LIMIT, "suit_blocks")


def suit_blocks(counts: tuple[int, ...]) -> Blocks:
    """The options of one suit's counts: 9 counts for m, p, s; 7 for honors."""
    return SUIT_BLOCKS[counts, len(counts) == 7]


def _combined(key: tuple[Blocks, Blocks]) -> Blocks:
    a, b = key
    return _pareto({(h1 + h2, m1 + m2, t1 + t2) for h1, m1, t1 in a for h2, m2, t2 in b if h1 + h2 <= 1})


# Two suits' options combined once per pair of option lists (few distinct lists exist).
COMBINED: Final[Memo[tuple[Blocks, Blocks], Blocks]] = Memo(_combined, CACHE_LIMIT, "combined_blocks")


def standard_shanten(suits: tuple[Blocks, Blocks, Blocks, Blocks], melds: int) -> int:
    """The standard form's shanten of the four suits' options with `melds` melds called or declared."""
    best = 8
    for head, sets, partial in COMBINED[COMBINED[suits[0], suits[1]], COMBINED[suits[2], suits[3]]]:
        total = sets + melds
        value = 8 - 2 * total - min(partial, 4 - total) - head
        if value < best:
            best = value
    return best


@dataclass(frozen=True, slots=True, init=False)
class SuitShanten:
    """What the shanten of each form reads of one suit's tiles (worked out once per part: analysis.PART_SHANTEN)."""

    blocks: Blocks  # the standard form's best (head, sets, partial sets): suit_blocks
    pairs: int  # tiles held twice or more (chiitoitsu)
    kinds: int  # tiles held
    orphans: int  # terminals and honors held (kokushi)
    orphan_pair: bool  # one of them held twice or more

    def __init__(self, blocks: Blocks, pairs: int, kinds: int, orphans: int, orphan_pair: bool) -> None:
        object.__setattr__(self, "blocks", blocks)
        object.__setattr__(self, "pairs", pairs)
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "orphans", orphans)
        object.__setattr__(self, "orphan_pair", orphan_pair)


def suit_shanten(counts: tuple[int, ...]) -> SuitShanten:
    """9 counts for m, p, s; 7 for honors."""
    orphan_ranks = range(7) if len(counts) == 7 else (0, 8)
    return SuitShanten(suit_blocks(counts), sum(n >= 2 for n in counts), sum(n > 0 for n in counts),
                       sum(counts[r] > 0 for r in orphan_ranks), any(counts[r] >= 2 for r in orphan_ranks))


def chiitoitsu_shanten(pairs: int, kinds: int) -> int:
    """Seven different pairs: 6 - pairs, plus one for each kind missing below seven."""
    return 6 - pairs + max(0, 7 - kinds)


def kokushi_shanten(orphans: int, orphan_pair: bool) -> int:
    """Thirteen orphans: 13 - the orphans held, - 1 for an orphan held twice."""
    return 13 - orphans - orphan_pair
