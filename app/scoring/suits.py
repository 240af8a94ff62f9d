"""The concealed tiles of one suit, and every way to read them, computed once per pattern and cached.

A suit's tiles (say 2345567 of pin) recur across countless hands, so everything that depends on them
alone is worked out the first time the pattern is seen: its splits into sequences, triplets and a
pair, and the facts the yaku ask of them.
"""

import re
from dataclasses import dataclass
from functools import partial
from typing import Final

from app.scoring.memo import Memo
from app.scoring.tiles import DRAGONS, GREEN_TILES, TERMINALS_AND_HONORS, packed_counts, suit_groups
from app.scoring.vocabulary import Wait

HONORS: Final = 3
CACHE_LIMIT: Final = 200_000  # patterns kept before the caches start over (bounds memory under hostile input)
NO_TILE: Final = -1


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Placement:
    """A group the winning tile can have completed: its kind, its lowest tile, and the wait it makes. Placements
    are made once (with their split, or per tile for seven pairs and thirteen orphans: decompose.py) and shared,
    so they compare (and hash) by identity, as splits do."""

    kind: str  # pair, triplet, sequence
    start: int
    wait: Wait

    def __init__(self, kind: str, start: int, wait: Wait) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "wait", wait)


@dataclass(frozen=True, slots=True, eq=False, init=False)
class SuitSplit:
    """One reading of one suit's concealed tiles as sequences, triplets and at most one pair. Splits are made
    once per pattern and shared, so they compare (and hash) by identity: a memo keyed by a split keeps it."""

    sequences: tuple[int, ...]  # lowest tile of each sequence
    triplets: tuple[int, ...]
    pair: int  # NO_TILE: no pair in this suit
    sequence_count: int
    triplet_count: int
    sequence_bits: int  # bit t set: a sequence starts at tile t (0-26: the three suits side by side)
    triplet_bits: int  # bit t set: a triplet of tile t (suited tiles only)
    outer: bool  # every group holds a terminal or an honor (chanta, junchan)
    peikou: int  # pairs of identical sequences
    placements: tuple[tuple[Placement, ...], ...]  # by rank (tile % 9): the groups a winning tile can complete

    def __init__(
        self, sequences: tuple[int, ...], triplets: tuple[int, ...], pair: int, sequence_count: int,
        triplet_count: int, sequence_bits: int, triplet_bits: int, outer: bool, peikou: int,
        placements: tuple[tuple[Placement, ...], ...]
    ) -> None:
        object.__setattr__(self, "sequences", sequences)
        object.__setattr__(self, "triplets", triplets)
        object.__setattr__(self, "pair", pair)
        object.__setattr__(self, "sequence_count", sequence_count)
        object.__setattr__(self, "triplet_count", triplet_count)
        object.__setattr__(self, "sequence_bits", sequence_bits)
        object.__setattr__(self, "triplet_bits", triplet_bits)
        object.__setattr__(self, "outer", outer)
        object.__setattr__(self, "peikou", peikou)
        object.__setattr__(self, "placements", placements)


@dataclass(frozen=True, slots=True, eq=False, init=False)
class SuitPart:
    """One suit's concealed tiles and what scoring reads of them. Parts are made once per pattern and shared, so
    they compare (and hash) by identity, as splits do. The shanten formulas read of them are the analysis's
    (analysis.PART_SHANTEN): scoring never reads them."""

    suit: int  # 0-2 m p s, 3 honors
    counts: tuple[int, ...]
    packed: int  # the counts as packed counts (tiles.packed_counts)
    held: tuple[int, ...]  # the tiles held, each once
    size: int
    splits: tuple[SuitSplit, ...]  # empty when the tiles cannot form sets and at most one pair
    standard_pairs: int  # pairs a standard reading takes from this suit: 0 or 1; 9 when it cannot take part
    simple: bool  # no terminal or honor held
    all_outer: bool  # only terminals and honors held
    green: bool  # only tiles of ryuuiisou
    seven_pairs: int  # tiles held exactly twice; -100 when some tile is held another number of times
    kokushi: bool  # only terminals and honors, each at least once, at most one twice (kokushi)
    honor_triplets: frozenset[int]  # honors held three or four times
    dragon_triplets: frozenset[int]  # the dragons among them
    wind_triplets: int  # how many winds among them
    dragon_pair: bool  # exactly one dragon held exactly twice
    wind_pair: bool  # exactly one wind held exactly twice

    def __init__(
        self, suit: int, counts: tuple[int, ...], packed: int, held: tuple[int, ...], size: int,
        splits: tuple[SuitSplit, ...], standard_pairs: int, simple: bool, all_outer: bool, green: bool,
        seven_pairs: int, kokushi: bool, honor_triplets: frozenset[int], dragon_triplets: frozenset[int],
        wind_triplets: int, dragon_pair: bool, wind_pair: bool
    ) -> None:
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "packed", packed)
        object.__setattr__(self, "held", held)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "splits", splits)
        object.__setattr__(self, "standard_pairs", standard_pairs)
        object.__setattr__(self, "simple", simple)
        object.__setattr__(self, "all_outer", all_outer)
        object.__setattr__(self, "green", green)
        object.__setattr__(self, "seven_pairs", seven_pairs)
        object.__setattr__(self, "kokushi", kokushi)
        object.__setattr__(self, "honor_triplets", honor_triplets)
        object.__setattr__(self, "dragon_triplets", dragon_triplets)
        object.__setattr__(self, "wind_triplets", wind_triplets)
        object.__setattr__(self, "dragon_pair", dragon_pair)
        object.__setattr__(self, "wind_pair", wind_pair)


def _make_part(suit: int, counts: tuple[int, ...]) -> SuitPart:
    base = suit * 9
    tiles = [base + r for r, n in enumerate(counts) for _ in range(n)]
    held = [base + r for r, n in enumerate(counts) if n]
    outer = [t for t in held if t in TERMINALS_AND_HONORS]
    honors = suit == HONORS
    size = len(tiles)
    if honors:
        splits = _honor_splits(counts)
        kokushi = all(counts) and size <= 8
    else:
        splits = () if size % 3 == 1 else tuple(
            _split(suit, pair, sets) for pair, sets in dict.fromkeys(_splits(list(counts), 0, NO_TILE)))
        kokushi = len(outer) == 2 == len(held) and size <= 3
    outer_count = sum(counts[t - base] for t in outer)
    triplets = [27 + r for r, n in enumerate(counts) if n >= 3] if honors else []
    return SuitPart(
        suit=suit,
        counts=counts,
        packed=packed_counts(tiles),
        held=tuple(held),
        size=size,
        splits=splits,
        standard_pairs=(0 if size % 3 == 0 else 1 if size % 3 == 2 else 9) if splits else 9,
        simple=outer_count == 0,
        all_outer=outer_count == size,
        green=all(t in GREEN_TILES for t in held),
        seven_pairs=counts.count(2) if all(n in (0, 2) for n in counts) else -100,
        kokushi=bool(kokushi),
        honor_triplets=frozenset(triplets),
        dragon_triplets=frozenset(t for t in triplets if t in DRAGONS),
        wind_triplets=sum(t not in DRAGONS for t in triplets),
        dragon_pair=honors and counts[4:].count(2) == 1,
        wind_pair=honors and counts[:4].count(2) == 1,
    )


def _honor_splits(counts: tuple[int, ...]) -> tuple[SuitSplit, ...]:
    if any(n not in (0, 2, 3) for n in counts) or counts.count(2) > 1:
        return ()
    pair = 27 + counts.index(2) if 2 in counts else NO_TILE
    triplets = tuple(27 + i for i, n in enumerate(counts) if n == 3)
    return (SuitSplit(sequences=(), triplets=triplets, pair=pair, sequence_count=0, triplet_count=len(triplets),
                      sequence_bits=0, triplet_bits=0, outer=True,
                      peikou=0, placements=_placements((), triplets, pair)),)


def _split(suit: int, pair: int, sets: tuple[tuple[str, int], ...]) -> SuitSplit:
    base = suit * 9
    seq_ranks = [r for kind, r in sets if kind == "s"]
    trip_ranks = [r for kind, r in sets if kind == "t"]
    outer = (pair < 0 or pair in (0, 8)) and all(r in (0, 6) for r in seq_ranks) and all(r in (0, 8) for r in trip_ranks)
    sequences = tuple(base + r for r in seq_ranks)
    triplets = tuple(base + r for r in trip_ranks)
    pair_tile = base + pair if pair >= 0 else NO_TILE
    return SuitSplit(
        sequences=sequences,
        triplets=triplets,
        pair=pair_tile,
        sequence_count=len(sequences),
        triplet_count=len(triplets),
        sequence_bits=sum(1 << t for t in set(sequences)),
        triplet_bits=sum(1 << t for t in triplets),
        outer=outer,
        peikou=sum(seq_ranks.count(r) // 2 for r in set(seq_ranks)),
        placements=_placements(sequences, triplets, pair_tile),
    )


def _placements(sequences: tuple[int, ...], triplets: tuple[int, ...], pair: int) -> tuple[tuple[Placement, ...], ...]:
    found: list[list[Placement]] = [[] for _ in range(9)]
    if pair >= 0:
        found[pair % 9].append(PAIR_WON[pair])
    for t in triplets:
        found[t % 9].append(TRIPLET_WON[t])
    for start in sorted(set(sequences)):
        for offset, placement in enumerate(SEQUENCE_WON[start]):
            found[(start + offset) % 9].append(placement)
    return tuple(tuple(places) for places in found)


def sequence_wait(start: int, win: int) -> Wait:
    position = win - start
    if position == 1:
        return "kanchan"
    rank = start % 9
    if (position == 2 and rank == 0) or (position == 0 and rank == 6):
        return "penchan"
    return "ryanmen"


# Every placement, made once and shared: the pair and the triplet of each tile, and each tile of each sequence (by
# its lowest tile, the winning tile at offset 0-2).
PAIR_WON: Final = tuple(Placement("pair", t, "tanki") for t in range(34))
TRIPLET_WON: Final = tuple(Placement("triplet", t, "shanpon") for t in range(34))
SEQUENCE_WON: Final = tuple(tuple(Placement("sequence", start, sequence_wait(start, start + offset)) for offset in range(3))
                            for start in range(27))


def _splits(c: list[int], start: int, pair: int) -> list[tuple[int, tuple[tuple[str, int], ...]]]:
    """Every split of the counts from rank `start` on into sequences ('s'), triplets ('t') and one pair."""
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
        for r in (start, start + 1, start + 2):
            c[r] -= 1
        out += [(p, (("s", start), *rest)) for p, rest in _splits(c, start, pair)]
        for r in (start, start + 1, start + 2):
            c[r] += 1
    if c[start] >= 2 and pair < 0:
        c[start] -= 2
        out += _splits(c, start, start)
        c[start] += 2
    return out


_SUIT_INDEX: Final = {"m": 0, "p": 1, "s": 2, "z": 3}
_RANKS: Final = "123456789"
# Each suit's tiles as counts: `_PARTS[suit, counts]`.
_PARTS: Final[Memo[tuple[int, tuple[int, ...]], SuitPart]] = Memo(lambda key: _make_part(*key), CACHE_LIMIT, "suit_parts")


def part_of(suit: int, counts: tuple[int, ...]) -> SuitPart:
    """The (cached) part of one suit's counts: 9 for m, p, s (suit 0-2), 7 for honors (suit 3)."""
    return _PARTS[suit, counts]


def _part_of_digits(suit: int, digits: str) -> tuple[SuitPart, int]:
    """The part and red fives of a suit's digits ('3406' of pin: the part 34566p and one red)."""
    normal = digits.replace("0", "5")
    counts = tuple(normal.count(r) for r in (_RANKS[:7] if suit == HONORS else _RANKS))
    return _PARTS[suit, counts], digits.count("0")


# Per suit m, p, s, z: `_BY_DIGITS[suit][digits]` is _part_of_digits(suit, digits).
_BY_DIGITS: Final = tuple(Memo(partial(_part_of_digits, suit), CACHE_LIMIT, f"suit_digits_{letter}")
                   for suit, letter in enumerate("mpsz"))
# The usual way to write a hand: each suit at most once, in the order m p s z.
_IN_SUIT_ORDER: Final = re.compile(r"(?:([0-9]+)m)?(?:([0-9]+)p)?(?:([0-9]+)s)?(?:([1-7]+)z)?")


def concealed_parts(text: str) -> tuple[tuple[SuitPart, ...], tuple[int, int, int]]:
    """The four suit parts (m, p, s, honors) of tiles in MPSZ notation, and the red fives per suit;
    TileNotationError when the notation is wrong."""
    return _CONCEALED[text]


def _read_concealed(text: str) -> tuple[tuple[SuitPart, ...], tuple[int, int, int]]:
    match = _IN_SUIT_ORDER.fullmatch(text)
    if match is None:
        return _parts_of_groups(suit_groups(text))
    m, p, s, z = match.groups("")
    man, man_reds = _BY_DIGITS[0][m]
    pin, pin_reds = _BY_DIGITS[1][p]
    sou, sou_reds = _BY_DIGITS[2][s]
    return (man, pin, sou, _BY_DIGITS[3][z][0]), (man_reds, pin_reds, sou_reds)


# Each hand's concealed tiles read once: a hand scored again (another context, another wait) is a lookup.
_CONCEALED: Final = Memo(_read_concealed, CACHE_LIMIT, "concealed_tiles")


def _parts_of_groups(groups: list[tuple[str, str]]) -> tuple[tuple[SuitPart, ...], tuple[int, int, int]]:
    """Suits in any order, a suit written more than once ('12m34m') read as one."""
    digits = ["", "", "", ""]
    for group_digits, letter in groups:
        digits[_SUIT_INDEX[letter]] += group_digits
    found = [by_digits[d] for by_digits, d in zip(_BY_DIGITS, digits, strict=True)]
    return tuple(p for p, _ in found), (found[0][1], found[1][1], found[2][1])
