"""What the yaku and fu rules look at: facts about the whole hand, and about one reading of it."""

from dataclasses import dataclass

from app.scoring.decompose import Reading
from app.scoring.hand import ParsedHand, WinContext
from app.scoring.rules import HandRules
from app.scoring.tiles import DRAGONS, WIND_NAMES, WINDS


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
    meld_sequence_bits: int  # bit t: a chi starts at tile t
    meld_triplet_bits: int  # bit t: a pon or kan of the suited tile t
    melds_outer: bool  # every meld holds a terminal or an honor
    kans: int
    ankans: int


WIND_TILES = {wind: tile for wind, tile in zip(WIND_NAMES, WINDS, strict=True)}
DRAGON_SET = frozenset(DRAGONS)
WIND_SET = frozenset(WINDS)


def hand_facts(hand: ParsedHand, ctx: WinContext, rules: HandRules) -> HandFacts:
    m, p, s, z = hand.parts
    suits = (m.size > 0) | (p.size > 0) << 1 | (s.size > 0) << 2  # bit per suit held
    honor_triplets = z.honor_triplets
    all_outer = m.all_outer and p.all_outer and s.all_outer and z.all_outer
    simple = m.simple and p.simple and s.simple and z.simple
    green = not m.size and not p.size and s.green and z.green
    closed = melds_outer = True
    kans = ankans = meld_sequences = sequence_bits = triplet_bits = 0
    for meld in hand.melds:
        tile = meld.tile
        all_outer = all_outer and meld.all_outer
        simple = simple and meld.simple
        green = green and meld.green
        melds_outer = melds_outer and meld.outer
        closed = closed and not meld.is_open
        kans += meld.is_kan
        ankans += not meld.is_open
        if tile >= 27:
            honor_triplets = honor_triplets | {tile}
        else:
            suits |= 1 << tile // 9
            if meld.is_sequence:
                sequence_bits |= 1 << tile
                meld_sequences += 1
            else:
                triplet_bits |= 1 << tile
    return HandFacts(  # positional, in field order: much cheaper to call than by keyword
        ctx,
        rules,
        hand,
        closed,
        WIND_TILES[ctx.seat_wind],
        WIND_TILES[ctx.round_wind],
        suits.bit_count(),  # suit_count
        bool(z.size or honor_triplets),  # has_honor
        not suits,  # all_honor
        all_outer,  # all_terminal_or_honor
        simple,  # all_simple
        green,  # all_green
        honor_triplets,
        meld_sequences,
        sequence_bits,  # meld_sequence_bits
        triplet_bits,  # meld_triplet_bits
        melds_outer,
        kans,
        ankans,
    )


def dragon_triplets(h: HandFacts) -> int:
    return len(h.honor_triplets & DRAGON_SET)


def wind_triplets(h: HandFacts) -> int:
    return len(h.honor_triplets & WIND_SET)


def honor_pair(h: HandFacts, group: frozenset[int]) -> bool:
    """Whether exactly one honor of `group` is held as a pair (the others being triplets). A pair is always
    concealed: a melded honor is held three or four times."""
    return len(h.hand.parts[3].honor_pairs & group) == 1


@dataclass(slots=True)
class ShapeFacts:
    reading: Reading
    sequences: int  # how many sequences, chi included
    triplets: int  # how many triplets and kans, melds included
    concealed_triplets: int  # triplets and kans that count as concealed (san/suuankou)
    pair: int  # -1 outside the standard shape
    sequence_bits: int  # bit t: a sequence starts at tile t (0-26)
    triplet_bits: int  # bit t: a triplet or kan of the suited tile t
    outer: bool  # every group, melds included, holds a terminal or an honor
    peikou: int  # pairs of identical concealed sequences


def shape_facts(h: HandFacts, r: Reading) -> ShapeFacts:
    if not r.splits:
        return ShapeFacts(r, 0, 0, 0, -1, 0, 0, False, 0)
    m, p, s, z = r.splits
    hand_triplets = m.triplet_count + p.triplet_count + s.triplet_count + z.triplet_count
    return ShapeFacts(  # positional, in field order
        r,
        m.sequence_count + p.sequence_count + s.sequence_count + h.meld_sequences,  # sequences
        hand_triplets + len(h.hand.melds) - h.meld_sequences,  # triplets
        hand_triplets - (r.ron_triplet >= 0) + h.ankans,  # concealed_triplets
        max(m.pair, p.pair, s.pair, z.pair),  # pair
        m.sequence_bits | p.sequence_bits | s.sequence_bits | h.meld_sequence_bits,
        m.triplet_bits | p.triplet_bits | s.triplet_bits | h.meld_triplet_bits,
        m.outer and p.outer and s.outer and h.melds_outer,  # outer
        m.peikou + p.peikou + s.peikou,
    )


def is_value_tile(h: HandFacts, tile: int) -> bool:
    return tile in DRAGON_SET or tile == h.seat_wind or tile == h.round_wind


def is_pinfu_shape(h: HandFacts, s: ShapeFacts) -> bool:
    return h.closed and s.sequences == 4 and s.reading.wait == "ryanmen" and not is_value_tile(h, s.pair)


def three_colours(bits: int) -> bool:
    """The same rank is set in all three suits (sanshoku), for bits laid out as tile indices."""
    return bool(bits & bits >> 9 & bits >> 18 & 0x1FF)


ITTSU = 0b1001001  # sequences from 1, 4 and 7
STRAIGHTS = (ITTSU, ITTSU << 9, ITTSU << 18)  # ittsu in m, p, s


def has_straight(s: ShapeFacts) -> bool:
    bits = s.sequence_bits
    for straight in STRAIGHTS:
        if bits & straight == straight:
            return True
    return False
