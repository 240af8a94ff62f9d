"""What a scoring answers, as plain dataclasses, and the reading described group by group.

The small immutable pieces of an answer (a yaku at a han, a fu item, a group) are few, so each is built
once and shared by every answer that holds it; a suit's groups are described once per split (suits.py).
"""

from dataclasses import dataclass

from app.scoring.decompose import Reading
from app.scoring.fu_items import FuScore
from app.scoring.groups import MELD_GROUPS, PAIR_GROUPS, Group, group
from app.scoring.hand import ParsedHand
from app.scoring.settle import Payment
from app.scoring.tiles import TERMINALS_AND_HONORS, format_tiles
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


def yaku_score(y: Yaku, han: int) -> YakuScore:
    key = (y.id, han)
    score = _YAKU_SCORES.get(key)
    if score is None:
        score = _YAKU_SCORES[key] = YakuScore(y.id, y.name, han)
    return score


ORPHANS = sorted(TERMINALS_AND_HONORS)
# The thirteen orphans with the tile held twice, by that tile.
KOKUSHI_GROUPS = {pair: group("kokushi", format_tiles(sorted([*ORPHANS, pair])), False, True) for pair in ORPHANS}


def describe_groups(hand: ParsedHand, r: Reading) -> list[Group]:
    """The reading as groups in MPSZ notation: concealed sets suit by suit, melds, then the pair."""
    if r.shape == "kokushi":
        return [KOKUSHI_GROUPS[next(t for t in ORPHANS if hand.concealed_count(t) == 2)]]
    if r.shape == "chiitoitsu":
        win = hand.win_tile
        return [PAIR_GROUPS[t][t == win] for p in hand.parts for t in p.held]
    win_in = r.win_in
    won = r.splits[hand.win_tile // 9]
    groups: list[Group] = []
    for split in r.splits:
        groups += won.won_groups[win_in] if split is won else split.groups
    for meld in hand.melds:
        groups.append(MELD_GROUPS[meld.type][meld.tile])
    pair = max(r.splits[0].pair, r.splits[1].pair, r.splits[2].pair, r.splits[3].pair)
    groups.append(PAIR_GROUPS[pair][win_in[0] == "pair"])
    return groups
