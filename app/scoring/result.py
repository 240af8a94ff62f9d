"""What a scoring answers, as plain dataclasses, and the reading described group by group.

The small immutable pieces of an answer (a yaku at a han, a fu item, a group) are few, so each is built
once and shared by every answer that holds it.
"""

from dataclasses import dataclass

from app.scoring.decompose import Reading
from app.scoring.fu_items import FuScore
from app.scoring.hand import ParsedHand
from app.scoring.settle import Payment
from app.scoring.suits import Placement, SuitSplit
from app.scoring.tiles import KAN_NAMES, PAIR_NAMES, SEQUENCE_NAMES, TRIPLET_NAMES, format_tiles
from app.scoring.yaku import Yaku

__all__ = ["FuScore", "Group", "Payment", "Points", "ScoreResult", "YakuScore", "YakumanScore", "describe_groups",
           "yaku_score"]


@dataclass(frozen=True, slots=True)
class YakuScore:
    id: str
    name: str
    han: int


@dataclass(slots=True)
class YakumanScore:
    id: str
    name: str
    multiplier: int


@dataclass(frozen=True, slots=True)
class Group:
    kind: str
    tiles: str
    open: bool
    winning: bool


@dataclass(slots=True)
class Points:
    ron: int | None
    tsumo_dealer: int | None
    tsumo_non_dealer: int | None
    honba_bonus: int
    riichi_sticks_bonus: int
    total: int


@dataclass(slots=True)
class ScoreResult:
    han: int
    fu: int
    yaku: list[YakuScore]
    yakuman: list[YakumanScore]
    limit: str
    base_points: int
    points: Points
    fu_breakdown: list[FuScore]
    decomposition: list[Group]
    wait: str | None
    payments: list[Payment]


_YAKU_SCORES: dict[tuple[str, int], YakuScore] = {}
_GROUPS: dict[tuple[str, bool, bool], Group] = {}


def yaku_score(y: Yaku, han: int) -> YakuScore:
    key = (y.id, han)
    score = _YAKU_SCORES.get(key)
    if score is None:
        score = _YAKU_SCORES[key] = YakuScore(y.id, y.name, han)
    return score


def group(kind: str, name: str, is_open: bool, winning: bool) -> Group:
    key = (name, is_open, winning)
    found = _GROUPS.get(key)
    if found is None:
        found = _GROUPS[key] = Group(kind, name, is_open, winning)
    return found


def describe_groups(hand: ParsedHand, r: Reading) -> list[Group]:
    """The reading as groups in MPSZ notation: concealed sets suit by suit, melds, then the pair."""
    if r.shape == "kokushi":
        tiles = [p.suit * 9 + rank for p in hand.parts for rank, n in enumerate(p.counts) for _ in range(n)]
        return [Group("kokushi", format_tiles(tiles), False, True)]
    if r.shape == "chiitoitsu":
        pairs = [p.suit * 9 + rank for p in hand.parts for rank, n in enumerate(p.counts) if n]
        return [group("pair", PAIR_NAMES[t], False, t == hand.win_tile) for t in pairs]
    win_in = r.win_in
    win_suit = hand.win_tile // 9
    groups: list[Group] = []
    pair = -1
    for suit, split in enumerate(r.splits):
        placed = win_in if suit == win_suit else None
        described = split.described.get(placed)
        groups += _split_groups(split, placed) if described is None else described
        if split.pair >= 0:
            pair = split.pair
    for meld in hand.melds:
        groups.append(_MELD_GROUPS[meld.type][meld.tile])
    groups.append(_PAIR_GROUPS[pair][win_in[0] == "pair"])
    return groups


def _split_groups(split: SuitSplit, win_in: Placement | None) -> tuple[Group, ...]:
    """A suit's sequences, then its triplets; the first group the winning tile completed is marked."""
    kind, at, _ = win_in or ("", -1, "")
    marked = False
    out = []
    for name, starts in (("sequence", split.sequences), ("triplet", split.triplets)):
        for t in starts:
            winning = not marked and kind == name and t == at
            marked = marked or winning
            out.append(group(name, (SEQUENCE_NAMES if name == "sequence" else TRIPLET_NAMES)[t], False, winning))
    found = split.described[win_in] = tuple(out)
    return found


def _meld_group(meld_type: str, tile: int) -> Group:
    if meld_type == "chi":
        return group("sequence", SEQUENCE_NAMES[tile], True, False)
    if meld_type == "pon":
        return group("triplet", TRIPLET_NAMES[tile], True, False)
    return group("kan", KAN_NAMES[tile], meld_type != "ankan", False)


# The group of each meld by type and lowest tile; of each pair, not won and won on.
_MELD_GROUPS = {kind: tuple(_meld_group(kind, t) for t in range(34)) for kind in ("chi", "pon", "kan", "shouminkan", "ankan")}
_PAIR_GROUPS = tuple((group("pair", PAIR_NAMES[t], False, False), group("pair", PAIR_NAMES[t], False, True)) for t in range(34))
