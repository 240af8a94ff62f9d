"""The groups of a reading as the answer shows them (a sequence, a triplet, a kan, a pair): each made once
and shared by every answer that holds it."""

from dataclasses import dataclass

from app.scoring.tiles import KAN_NAMES, PAIR_NAMES, SEQUENCE_NAMES, TRIPLET_NAMES


@dataclass(frozen=True, slots=True)
class Group:
    kind: str
    tiles: str
    open: bool
    winning: bool


_GROUPS: dict[tuple[str, bool, bool], Group] = {}


def group(kind: str, name: str, is_open: bool, winning: bool) -> Group:
    key = (name, is_open, winning)
    found = _GROUPS.get(key)
    if found is None:
        found = _GROUPS[key] = Group(kind, name, is_open, winning)
    return found


def concealed_groups(sequences: tuple[int, ...], triplets: tuple[int, ...], won_kind: str, won_at: int) -> tuple[Group, ...]:
    """A suit's concealed sequences, then its triplets; the first group of kind `won_kind` starting at tile
    `won_at` is marked as the one the winning tile completed."""
    marked = False
    out = []
    for kind, starts, names in (("sequence", sequences, SEQUENCE_NAMES), ("triplet", triplets, TRIPLET_NAMES)):
        for t in starts:
            winning = not marked and kind == won_kind and t == won_at
            marked = marked or winning
            out.append(group(kind, names[t], False, winning))
    return tuple(out)


def _meld_group(meld_type: str, tile: int) -> Group:
    if meld_type == "chi":
        return group("sequence", SEQUENCE_NAMES[tile], True, False)
    if meld_type == "pon":
        return group("triplet", TRIPLET_NAMES[tile], True, False)
    return group("kan", KAN_NAMES[tile], meld_type != "ankan", False)


# The group of each meld by type and lowest tile; of each pair, not won and won on.
MELD_GROUPS = {kind: tuple(_meld_group(kind, t) for t in range(34)) for kind in ("chi", "pon", "kan", "shouminkan", "ankan")}
PAIR_GROUPS = tuple((group("pair", PAIR_NAMES[t], False, False), group("pair", PAIR_NAMES[t], False, True)) for t in range(34))
