"""What the yaku look at: how the hand was won, the tiles as a whole, and one reading of them.

Each is a value (a named tuple) holding everything its yaku table reads and no more than the yaku ask
(which dragons are triplets, not which tiles; whether there is a straight, not where), so that many
different hands share their facts and evaluate can judge each table once per distinct facts.
"""

from typing import NamedTuple

from app.scoring.decompose import Reading
from app.scoring.hand import ParsedHand, WinContext
from app.scoring.rules import HandRules
from app.scoring.tiles import DRAGONS, WIND_NAMES, WINDS


class Situation(NamedTuple):
    """How the hand was won, as the situation yaku read it."""

    closed: bool
    riichi: bool  # riichi declared (not double riichi)
    double_riichi: bool
    ippatsu: bool
    tsumo: bool
    haitei: bool
    houtei: bool
    rinshan: bool
    chankan: bool


class HandFacts(NamedTuple):
    """The tiles as a whole, as the hand yaku and yakuman read them, with the rare first-turn wins and the rule
    options they depend on. Honors are summed up by what the yaku ask (which dragons, how many winds), so
    that hands differing only in which wind is whose share their facts."""

    tenhou: bool
    chiihou: bool
    renhou: bool
    open_tanyao: bool
    renhou_value: str  # rules.renhou
    renhou_alone: bool
    closed: bool
    suit_count: int  # how many of m, p, s the hand holds
    has_honor: bool
    all_honor: bool
    all_terminal_or_honor: bool
    all_simple: bool
    all_green: bool
    dragon_triplets: frozenset[int]  # dragons held three or four times: a triplet in every standard reading
    wind_triplets: int  # how many winds are held three or four times
    seat_wind_triplet: bool
    round_wind_triplet: bool
    dragon_pair: bool  # exactly one dragon is held as a pair (a pair is always concealed)
    wind_pair: bool  # exactly one wind is held as a pair
    kans: int
    chuuren: int  # 0: not the chuuren poutou shape; 1: chuuren poutou; 2: with the nine-sided wait (junsei)


class ShapeFacts(NamedTuple):
    """One reading, as the reading yaku and yakuman read it."""

    shape: str  # standard, chiitoitsu, kokushi
    wait: str
    closed: bool
    has_honor: bool
    sequences: int  # how many sequences, chi included
    triplets: int  # how many triplets and kans, melds included
    concealed_triplets: int  # triplets and kans that count as concealed (san/suuankou)
    value_pair: bool  # the pair is a dragon, the seat wind or the round wind
    three_colour_sequences: bool  # the same sequence in m, p and s (sanshoku doujun)
    three_colour_triplets: bool  # the same triplet in m, p and s (sanshoku doukou)
    straight: bool  # 123, 456 and 789 of one suit (ittsu)
    outer: bool  # every group, melds included, holds a terminal or an honor
    peikou: int  # pairs of identical concealed sequences


WIND_TILES = {wind: tile for wind, tile in zip(WIND_NAMES, WINDS, strict=True)}
DRAGON_SET = frozenset(DRAGONS)
WIND_SET = frozenset(WINDS)
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
VALUE_HONORS = {(seat, round_): frozenset((*DRAGONS, WIND_TILES[seat], WIND_TILES[round_]))
                for seat in WIND_NAMES for round_ in WIND_NAMES}
_new_facts = tuple.__new__  # a named tuple from a plain one, without its keyword-checking constructor


def situation(ctx: WinContext, closed: bool) -> Situation:
    return _new_facts(Situation, (closed, ctx.riichi, ctx.double_riichi, ctx.ippatsu, ctx.win == "tsumo", ctx.haitei,
                                  ctx.houtei, ctx.rinshan, ctx.chankan))


def hand_facts(hand: ParsedHand, ctx: WinContext, rules: HandRules) -> HandFacts:
    m, p, s, z = hand.parts
    c = hand.called
    suits = (m.size > 0) | (p.size > 0) << 1 | (s.size > 0) << 2 | c.suits  # bit per suit held
    if c.honor_triplets:
        honor_triplets = z.honor_triplets | c.honor_triplets
        dragon_triplets, wind_triplets = honor_triplets & DRAGON_SET, len(honor_triplets & WIND_SET)
    else:
        honor_triplets, dragon_triplets, wind_triplets = z.honor_triplets, z.dragon_triplets, z.wind_triplets
    suit_count = suits.bit_count()
    has_honor = bool(z.size or honor_triplets)
    return _new_facts(HandFacts, (
        ctx.tenhou,
        ctx.chiihou,
        ctx.renhou,
        rules.open_tanyao,
        rules.renhou,  # renhou_value
        rules.renhou_alone,
        c.closed,
        suit_count,
        has_honor,
        not suits,  # all_honor
        m.all_outer and p.all_outer and s.all_outer and z.all_outer and c.all_outer,  # all_terminal_or_honor
        m.simple and p.simple and s.simple and z.simple and c.simple,  # all_simple
        not m.size and not p.size and s.green and z.green and c.green,  # all_green
        dragon_triplets,
        wind_triplets,
        WIND_TILES[ctx.seat_wind] in honor_triplets,  # seat_wind_triplet
        WIND_TILES[ctx.round_wind] in honor_triplets,  # round_wind_triplet
        z.dragon_pair,
        z.wind_pair,
        c.kans,
        _chuuren(hand) if suit_count == 1 and not has_honor and not hand.melds else 0,
    ))


def _chuuren(hand: ParsedHand) -> int:
    win = hand.win_tile
    counts = list(hand.parts[win // 9].counts)
    if counts[0] < 3 or counts[8] < 3 or not all(counts[1:8]):
        return 0
    counts[win % 9] -= 1
    return 2 if tuple(counts) == NINE_GATES else 1


_NO_SHAPE = (0, 0, 0, False, False, False, False, False, 0)


def value_honors(ctx: WinContext) -> frozenset[int]:
    """The honors whose pair is worth fu: the dragons, the seat wind and the round wind."""
    return VALUE_HONORS[ctx.seat_wind, ctx.round_wind]


def shape_facts(h: HandFacts, hand: ParsedHand, r: Reading, value: frozenset[int]) -> ShapeFacts:
    """`value`: the value_honors of the hand."""
    if not r.splits:
        return _new_facts(ShapeFacts, (r.shape, r.wait, h.closed, h.has_honor) + _NO_SHAPE)
    m, p, s, z = r.splits
    c = hand.called
    hand_triplets = m.triplet_count + p.triplet_count + s.triplet_count + z.triplet_count
    sequences = m.sequence_count + p.sequence_count + s.sequence_count + c.sequences
    triplets = hand_triplets + len(hand.melds) - c.sequences
    # Sanshoku and ittsu take three sequences (or triplets): most readings are spared looking for them.
    sequence_bits = m.sequence_bits | p.sequence_bits | s.sequence_bits | c.sequence_bits if sequences >= 3 else 0
    return _new_facts(ShapeFacts, (
        r.shape,
        r.wait,
        h.closed,
        h.has_honor,
        sequences,
        triplets,
        hand_triplets - (r.ron_triplet >= 0) + c.ankans,  # concealed_triplets
        z.pair in value,  # value_pair
        sequences >= 3 and three_colours(sequence_bits),  # three_colour_sequences
        triplets >= 3 and three_colours(m.triplet_bits | p.triplet_bits | s.triplet_bits | c.triplet_bits),
        sequences >= 3 and has_straight(sequence_bits),  # straight
        m.outer and p.outer and s.outer and c.outer,  # outer
        m.peikou + p.peikou + s.peikou,
    ))


def is_pinfu_shape(s: ShapeFacts) -> bool:
    return s.closed and s.sequences == 4 and s.wait == "ryanmen" and not s.value_pair


def three_colours(bits: int) -> bool:
    """The same rank is set in all three suits (sanshoku), for bits laid out as tile indices."""
    return bool(bits & bits >> 9 & bits >> 18 & 0x1FF)


ITTSU = 0b1001001  # sequences from 1, 4 and 7
STRAIGHTS = (ITTSU, ITTSU << 9, ITTSU << 18)  # ittsu in m, p, s


def has_straight(sequence_bits: int) -> bool:
    for straight in STRAIGHTS:
        if sequence_bits & straight == straight:
            return True
    return False
