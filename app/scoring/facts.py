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
    suit_count: int  # how many of m, p, s the hand holds
    has_honor: bool
    all_honor: bool
    all_terminal_or_honor: bool
    all_simple: bool
    all_green: bool
    honor_triplets: frozenset[int]  # honors held three or four times: a triplet in every standard reading
    meld_sequences: int
    meld_sequence_ranks: tuple[int, int, int]  # per suit, bit r: a chi starts at rank r
    meld_triplet_ranks: tuple[int, int, int]  # per suit, bit r: a pon or kan of rank r
    melds_outer: bool  # every meld holds a terminal or an honor
    kans: int
    ankans: int


def hand_facts(hand: ParsedHand, ctx: WinContext, rules: HandRules) -> HandFacts:
    m, p, s, z = hand.parts
    outer = m.outer_count + p.outer_count + s.outer_count + z.outer_count
    size = m.size + p.size + s.size + z.size
    suits = [m.size > 0, p.size > 0, s.size > 0]
    honor_triplets = {27 + r for r, n in enumerate(z.counts) if n >= 3}
    green = m.size == 0 and p.size == 0 and s.green and z.green
    seq_ranks, trip_ranks = [0, 0, 0], [0, 0, 0]
    melds_outer = True
    kans = ankans = meld_sequences = 0
    for meld in hand.melds:
        tile = meld.tile
        tiles = (tile, tile + 1, tile + 2) if meld.is_sequence else (tile,)
        outer += sum(t in TERMINALS_AND_HONORS for t in tiles)
        size += len(tiles)
        green = green and all(t in GREEN_TILES for t in tiles)
        melds_outer = melds_outer and (tiles[0] in TERMINALS_AND_HONORS or tiles[-1] in TERMINALS_AND_HONORS)
        if tile >= 27:
            honor_triplets.add(tile)
        elif meld.is_sequence:
            seq_ranks[tile // 9] |= 1 << tile % 9
            meld_sequences += 1
        else:
            trip_ranks[tile // 9] |= 1 << tile % 9
        if tile < 27:
            suits[tile // 9] = True
        kans += meld.is_kan
        ankans += meld.type == "ankan"
    return HandFacts(
        ctx=ctx,
        rules=rules,
        hand=hand,
        closed=not any(meld.is_open for meld in hand.melds),
        seat_wind=wind_tile(ctx.seat_wind),
        round_wind=wind_tile(ctx.round_wind),
        suit_count=sum(suits),
        has_honor=bool(z.size or honor_triplets),
        all_honor=not any(suits),
        all_terminal_or_honor=outer == size,
        all_simple=outer == 0,
        all_green=green,
        honor_triplets=frozenset(honor_triplets),
        meld_sequences=meld_sequences,
        meld_sequence_ranks=(seq_ranks[0], seq_ranks[1], seq_ranks[2]),
        meld_triplet_ranks=(trip_ranks[0], trip_ranks[1], trip_ranks[2]),
        melds_outer=melds_outer,
        kans=kans,
        ankans=ankans,
    )


def dragon_triplets(h: HandFacts) -> int:
    return sum(t in h.honor_triplets for t in DRAGONS)


def wind_triplets(h: HandFacts) -> int:
    return sum(t in h.honor_triplets for t in WINDS)


def honor_pair(h: HandFacts, group: tuple[int, ...]) -> bool:
    """Whether exactly one honor of `group` is held as a pair (the others being triplets)."""
    return sum(h.hand.count(t) == 2 for t in group) == 1


@dataclass(slots=True)
class ShapeFacts:
    reading: Reading
    sequences: int  # how many sequences, chi included
    triplets: int  # how many triplets and kans, melds included
    concealed_triplets: int  # triplets and kans that count as concealed (san/suuankou)
    pair: int  # -1 outside the standard shape
    sequence_ranks: tuple[int, int, int]  # per suit, bit r: a sequence starts at rank r
    triplet_ranks: tuple[int, int, int]
    outer: bool  # every group, melds included, holds a terminal or an honor
    peikou: int  # pairs of identical concealed sequences


NO_SHAPE = (0, 0, 0)


def shape_facts(h: HandFacts, r: Reading) -> ShapeFacts:
    if not r.splits:
        return ShapeFacts(r, 0, 0, 0, -1, NO_SHAPE, NO_SHAPE, False, 0)
    m, p, s, z = r.splits
    hand_triplets = len(m.triplets) + len(p.triplets) + len(s.triplets) + len(z.triplets)
    seqs, trips = h.meld_sequence_ranks, h.meld_triplet_ranks
    return ShapeFacts(
        reading=r,
        sequences=len(m.sequences) + len(p.sequences) + len(s.sequences) + h.meld_sequences,
        triplets=hand_triplets + len(h.hand.melds) - h.meld_sequences,
        concealed_triplets=hand_triplets - (r.ron_triplet >= 0) + h.ankans,
        pair=max(m.pair, p.pair, s.pair, z.pair),
        sequence_ranks=(m.sequence_ranks | seqs[0], p.sequence_ranks | seqs[1], s.sequence_ranks | seqs[2]),
        triplet_ranks=(m.triplet_ranks | trips[0], p.triplet_ranks | trips[1], s.triplet_ranks | trips[2]),
        outer=m.outer and p.outer and s.outer and h.melds_outer,
        peikou=m.peikou + p.peikou + s.peikou,
    )


def is_value_tile(h: HandFacts, tile: int) -> bool:
    return tile in DRAGONS or tile == h.seat_wind or tile == h.round_wind


def is_pinfu_shape(h: HandFacts, s: ShapeFacts) -> bool:
    return h.closed and s.sequences == 4 and s.reading.wait == "ryanmen" and not is_value_tile(h, s.pair)


def three_colours(ranks: tuple[int, int, int]) -> bool:
    """The same rank is set in all three suits (sanshoku)."""
    return bool(ranks[0] & ranks[1] & ranks[2])


ITTSU = 0b1001001  # sequences from 1, 4 and 7


def has_straight(s: ShapeFacts) -> bool:
    return any(ranks & ITTSU == ITTSU for ranks in s.sequence_ranks)
