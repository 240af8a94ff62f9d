"""The reading scored, group by group, as the answer shows it (a sequence, a triplet, a kan, a pair).

Groups are few and immutable, so each is made once and shared by every answer that holds it.
"""

from dataclasses import dataclass
from typing import Final

from app.scoring.decompose import Reading
from app.scoring.hand import ParsedHand
from app.scoring.memo import Memo
from app.scoring.suits import NO_TILE, Placement, SuitSplit
from app.scoring.tiles import KAN_NAMES, PAIR_NAMES, SEQUENCE_NAMES, TERMINALS_AND_HONORS, TRIPLET_NAMES, format_tiles
from app.scoring.vocabulary import GroupKind, MeldType


@dataclass(frozen=True, slots=True, init=False)
class Group:
    kind: GroupKind
    tiles: str
    open: bool
    winning: bool  # the group the winning tile completed

    def __init__(self, kind: GroupKind, tiles: str, open: bool, winning: bool) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "open", open)
        object.__setattr__(self, "winning", winning)


def _each_tile(kind: GroupKind, names: tuple[str, ...]) -> tuple[tuple[Group, Group], ...]:
    """The group of this kind from each tile: not won, and won on."""
    return tuple((Group(kind, name, False, False), Group(kind, name, False, True)) for name in names)


SEQUENCE_GROUPS: Final = _each_tile("sequence", SEQUENCE_NAMES)
TRIPLET_GROUPS: Final = _each_tile("triplet", TRIPLET_NAMES)
PAIR_GROUPS: Final = _each_tile("pair", PAIR_NAMES)


def concealed_groups(sequences: tuple[int, ...], triplets: tuple[int, ...], won: Placement | None) -> tuple[Group, ...]:
    """A suit's concealed sequences, then its triplets; the first group `won` names (kind and lowest tile) is
    marked as the one the winning tile completed."""
    out = [SEQUENCE_GROUPS[t][False] for t in sequences] + [TRIPLET_GROUPS[t][False] for t in triplets]
    if won is not None and won.kind == "sequence":
        out[sequences.index(won.start)] = SEQUENCE_GROUPS[won.start][True]
    elif won is not None and won.kind == "triplet":
        out[len(sequences) + triplets.index(won.start)] = TRIPLET_GROUPS[won.start][True]
    return tuple(out)


def _meld_group(meld_type: MeldType, tile: int) -> Group:
    if meld_type == "chi":
        return Group("sequence", SEQUENCE_NAMES[tile], True, False)
    if meld_type == "pon":
        return Group("triplet", TRIPLET_NAMES[tile], True, False)
    return Group("kan", KAN_NAMES[tile], meld_type != "ankan", False)


# The group of each meld by type and lowest tile.
MELD_GROUPS: Final = {kind: tuple(_meld_group(kind, t) for t in range(34)) for kind in ("chi", "pon", "kan", "shouminkan", "ankan")}
ORPHANS: Final = sorted(TERMINALS_AND_HONORS)
# The thirteen orphans with the tile held twice, by that tile.
KOKUSHI_GROUPS: Final = {pair: Group("kokushi", format_tiles(sorted([*ORPHANS, pair])), False, True) for pair in ORPHANS}


def _unmarked(split: SuitSplit) -> tuple[Group, ...]:
    return concealed_groups(split.sequences, split.triplets, None)


def _marked(key: tuple[SuitSplit, Placement]) -> tuple[Group, ...]:
    split, won = key
    return concealed_groups(split.sequences, split.triplets, won)


# A split's groups, and the same with the group the winning tile completed marked: worked out once each.
SPLIT_GROUPS: Final[Memo[SuitSplit, tuple[Group, ...]]] = Memo(_unmarked, 100_000, "split_groups")
WON_GROUPS: Final[Memo[tuple[SuitSplit, Placement], tuple[Group, ...]]] = Memo(_marked, 100_000, "won_groups")


def describe_groups(hand: ParsedHand, r: Reading) -> tuple[Group, ...]:
    """The reading as groups in MPSZ notation: concealed sets suit by suit, melds, then the pair."""
    if r.shape == "kokushi":
        return (KOKUSHI_GROUPS[next(t for t in ORPHANS if hand.concealed_count(t) == 2)],)
    win = hand.win_tile
    if r.shape == "chiitoitsu":
        return tuple([PAIR_GROUPS[t][t == win] for p in hand.parts for t in p.held])
    won = r.splits[win // 9]
    groups: list[Group] = []
    for split in r.splits:
        if split is won:
            groups += WON_GROUPS[split, r.win_in]
        elif split.sequences or split.triplets:
            groups += SPLIT_GROUPS[split]
    for meld in hand.melds:
        groups.append(MELD_GROUPS[meld.type][meld.tile])
    groups.append(PAIR_GROUPS[_pair(r.splits)][r.win_in.kind == "pair"])
    return tuple(groups)


def _pair(splits: tuple[SuitSplit, ...]) -> int:
    """The pair of a standard reading (one suit holds it)."""
    for split in splits:
        if split.pair != NO_TILE:
            return split.pair
    return NO_TILE
