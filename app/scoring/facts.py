"""What the yaku and fu rules look at: facts about the whole hand, and about one reading of it."""

from dataclasses import dataclass

from app.scoring.decompose import Reading
from app.scoring.hand import ParsedHand, WinContext
from app.scoring.rules import HandRules
from app.scoring.tiles import DRAGONS, GREEN_TILES, TERMINALS_AND_HONORS, WINDS, wind_tile


@dataclass(slots=True)
class HandFacts:
    ctx: WinContext
    rules: HandRules
    hand: ParsedHand
    closed: bool
    seat_wind: int
    round_wind: int
    suits: frozenset[int]  # suits 0-2 present
    has_honor: bool
    all_honor: bool
    all_terminal_or_honor: bool
    all_simple: bool
    all_green: bool
    honor_triplets: frozenset[int]  # honors held three or four times: a triplet in every standard reading
    meld_sequences: tuple[int, ...]
    meld_triplets: tuple[int, ...]  # pon and kans
    kans: int
    ankans: int


def hand_facts(hand: ParsedHand, ctx: WinContext, rules: HandRules) -> HandFacts:
    counts = hand.all_tiles
    present = [t for t, n in enumerate(counts) if n]
    outer = sum(1 for t in present if t in TERMINALS_AND_HONORS)
    melds = hand.melds
    return HandFacts(
        ctx=ctx,
        rules=rules,
        hand=hand,
        closed=hand.is_closed,
        seat_wind=wind_tile(ctx.seat_wind),
        round_wind=wind_tile(ctx.round_wind),
        suits=frozenset(t // 9 for t in present if t < 27),
        has_honor=present[-1] >= 27,
        all_honor=present[0] >= 27,
        all_terminal_or_honor=outer == len(present),
        all_simple=outer == 0,
        all_green=all(t in GREEN_TILES for t in present),
        honor_triplets=frozenset(t for t in present if t >= 27 and counts[t] >= 3),
        meld_sequences=tuple(m.tile for m in melds if m.is_sequence),
        meld_triplets=tuple(m.tile for m in melds if not m.is_sequence),
        kans=sum(m.is_kan for m in melds),
        ankans=sum(m.type == "ankan" for m in melds),
    )


def dragon_triplets(h: HandFacts) -> int:
    return sum(t in h.honor_triplets for t in DRAGONS)


def wind_triplets(h: HandFacts) -> int:
    return sum(t in h.honor_triplets for t in WINDS)


def honor_pair(h: HandFacts, group: tuple[int, ...]) -> bool:
    """Whether the one honor of `group` not held as a triplet is held as the pair."""
    return sum(h.hand.all_tiles[t] == 2 for t in group) == 1


@dataclass(slots=True)
class ShapeFacts:
    reading: Reading
    sequences: tuple[int, ...]  # lowest tile of every sequence, chi included
    triplets: tuple[int, ...]  # every triplet and kan, melds included
    concealed_triplets: int  # triplets and kans that count as concealed (san/suuankou)
    pair: int  # -1 outside the standard shape


def shape_facts(h: HandFacts, r: Reading) -> ShapeFacts:
    concealed = len(r.triplets) - (r.ron_triplet >= 0) + h.ankans
    return ShapeFacts(r, r.sequences + h.meld_sequences, r.triplets + h.meld_triplets, concealed, r.pair)


def peikou_count(s: ShapeFacts) -> int:
    """How many pairs of identical sequences the reading holds (1: iipeikou, 2: ryanpeikou)."""
    seqs = s.sequences
    if len(seqs) < 2:
        return 0
    return sum(seqs.count(t) // 2 for t in set(seqs))


def is_value_tile(h: HandFacts, tile: int) -> bool:
    return tile in DRAGONS or tile == h.seat_wind or tile == h.round_wind


def is_pinfu_shape(h: HandFacts, s: ShapeFacts) -> bool:
    return (
        h.closed
        and len(s.sequences) == 4
        and s.reading.wait == "ryanmen"
        and not is_value_tile(h, s.pair)
    )


def all_groups_outer(s: ShapeFacts) -> bool:
    return (
        s.pair in TERMINALS_AND_HONORS
        and all(t % 9 in (0, 6) for t in s.sequences)
        and all(t in TERMINALS_AND_HONORS for t in s.triplets)
    )


def has_three_colours(tiles: tuple[int, ...]) -> bool:
    suited = [t for t in tiles if t < 27]
    return any(r in suited and r + 9 in suited and r + 18 in suited for r in range(9))


def has_straight(s: ShapeFacts) -> bool:
    seqs = s.sequences
    return any(start in seqs and start + 3 in seqs and start + 6 in seqs for start in (0, 9, 18))
