"""What the yaku look at: how the hand was won, the tiles as a whole, and one reading of them.

Each is a value (a typed named tuple) holding what its yaku table reads of the hand and no more
than the yaku ask (which dragons are triplets, not which tiles; whether there is a straight, not where), so
that many different hands share their facts and evaluate can judge each table once per distinct facts under
one set of rules. The rules themselves are not facts: every predicate is handed them beside the facts.
They are named tuples, not dataclasses like the core's other records: a tuple hashes and compares in C
(docs/performance.md, "Named tuples and slotted dataclasses"). The builders below return each one's values as a
plain tuple in field order (its `...Values` alias), which keys the judge's memos (judge.py); a memo names them
(`Situation._make`) the first time it meets them and keeps the named facts beside their judgement, so a hand seen
before builds no named tuple.
"""

from typing import Final, NamedTuple

from app.scoring.decompose import Reading
from app.scoring.hand import ParsedHand, WinContext
from app.scoring.tiles import COUNT_BITS, COUNT_MASK, DORA_TARGETS, DRAGONS, WINDS
from app.scoring.vocabulary import WIND_NAMES, Shape, Wait, Wind


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
    """The tiles as a whole, as the hand yaku and yakuman read them, with the rare first-turn wins. Honors are
    summed up by what the yaku ask (which dragons, how many winds), so that hands differing only in which
    wind is whose share their facts."""

    tenhou: bool
    chiihou: bool
    renhou: bool
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

    shape: Shape
    wait: Wait
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


class DoraFacts(NamedTuple):
    """The dora a hand holds, by kind (ura dora counted only with riichi), and its kita (three players)."""

    dora: int
    aka: int
    ura: int
    kita: int


# Each facts' values in field order (tests/test_scoring_facts.py checks each against its named tuple's fields).
SituationValues = tuple[bool, bool, bool, bool, bool, bool, bool, bool, bool]
HandValues = tuple[bool, bool, bool, bool, int, bool, bool, bool, bool, bool, frozenset[int], int, bool, bool, bool, bool,
                   int, int]
ShapeValues = tuple[Shape, Wait, bool, bool, int, int, int, bool, bool, bool, bool, bool, int]
DoraValues = tuple[int, int, int, int]


WIND_TILES: Final[dict[Wind, int]] = dict(zip(WIND_NAMES, WINDS, strict=True))
DRAGON_SET: Final = frozenset(DRAGONS)
WIND_SET: Final = frozenset(WINDS)
NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)
VALUE_HONORS: Final = {(seat, round_): frozenset((*DRAGONS, WIND_TILES[seat], WIND_TILES[round_]))
                for seat in WIND_NAMES for round_ in WIND_NAMES}


# The facts' values, field by field in declaration order (each value commented with its field): a plain tuple is
# built natively by the compiled build, where a named tuple's own constructor is Python code generated at run time
# (about 3,600 instructions a call) and building one with tuple.__new__ a call through Python (about 1,000;
# docs/performance.md). tests/test_scoring_facts.py pins every field by name on hands that set it, and each
# builder's length.


def situation(ctx: WinContext, closed: bool) -> SituationValues:
    return (closed, ctx.riichi, ctx.double_riichi, ctx.ippatsu, ctx.win == "tsumo", ctx.haitei, ctx.houtei, ctx.rinshan,
            ctx.chankan)


def hand_facts(hand: ParsedHand, ctx: WinContext) -> HandValues:
    m, p, s, z = hand.parts
    c = hand.called
    suits = (m.size > 0) | (p.size > 0) << 1 | (s.size > 0) << 2 | c.suits  # bit per suit held
    honor_triplets = z.honor_triplets | c.honor_triplets if c.honor_triplets else z.honor_triplets
    suit_count = suits.bit_count()
    has_honor = bool(z.size or honor_triplets)
    return (
        ctx.tenhou,
        ctx.chiihou,
        ctx.renhou,
        c.closed,
        suit_count,
        has_honor,
        not suits,  # all_honor
        m.all_outer and p.all_outer and s.all_outer and z.all_outer and c.all_outer,  # all_terminal_or_honor
        m.simple and p.simple and s.simple and z.simple and c.simple,  # all_simple
        not m.size and not p.size and s.green and z.green and c.green,  # all_green
        honor_triplets & DRAGON_SET if c.honor_triplets else z.dragon_triplets,  # dragon_triplets
        len(honor_triplets & WIND_SET) if c.honor_triplets else z.wind_triplets,  # wind_triplets
        WIND_TILES[ctx.seat_wind] in honor_triplets,  # seat_wind_triplet
        WIND_TILES[ctx.round_wind] in honor_triplets,  # round_wind_triplet
        z.dragon_pair,
        z.wind_pair,
        c.kans,
        _chuuren(hand) if suit_count == 1 and not has_honor and not hand.melds else 0,  # chuuren
    )


def _chuuren(hand: ParsedHand) -> int:
    win = hand.win_tile
    counts = list(hand.parts[win // 9].counts)
    if counts[0] < 3 or counts[8] < 3 or not all(counts[1:8]):
        return 0
    counts[win % 9] -= 1
    return 2 if tuple(counts) == NINE_GATES else 1


def value_honors(ctx: WinContext) -> frozenset[int]:
    """The honors whose pair is worth fu: the dragons, the seat wind and the round wind."""
    return VALUE_HONORS[ctx.seat_wind, ctx.round_wind]


def shape_facts(h: HandFacts, hand: ParsedHand, r: Reading, value: frozenset[int]) -> ShapeValues:
    """`value`: the value_honors of the hand."""
    if not r.splits:
        return r.shape, r.wait, h.closed, h.has_honor, 0, 0, 0, False, False, False, False, False, 0
    m, p, s, z = r.splits
    c = hand.called
    hand_triplets = m.triplet_count + p.triplet_count + s.triplet_count + z.triplet_count
    sequences = m.sequence_count + p.sequence_count + s.sequence_count + c.sequences
    sequence_bits = m.sequence_bits | p.sequence_bits | s.sequence_bits | c.sequence_bits
    triplet_bits = m.triplet_bits | p.triplet_bits | s.triplet_bits | c.triplet_bits
    return (
        r.shape,
        r.wait,
        h.closed,
        h.has_honor,
        sequences,
        hand_triplets + len(hand.melds) - c.sequences,  # triplets
        hand_triplets - (r.ron_triplet >= 0) + c.ankans,  # concealed_triplets
        z.pair in value,  # value_pair
        bool(sequence_bits & sequence_bits >> 9 & sequence_bits >> 18 & RANKS),  # three_colour_sequences
        bool(triplet_bits & triplet_bits >> 9 & triplet_bits >> 18 & RANKS),  # three_colour_triplets
        (sequence_bits & ITTSU_M == ITTSU_M or sequence_bits & ITTSU_P == ITTSU_P
         or sequence_bits & ITTSU_S == ITTSU_S),  # straight
        m.outer and p.outer and s.outer and c.outer,  # outer
        m.peikou + p.peikou + s.peikou,  # peikou
    )


# Per number of players: where each indicator's dora sits in packed counts.
DORA_SHIFTS: Final = {players: tuple(COUNT_BITS * target for target in targets) for players, targets in DORA_TARGETS.items()}


NO_DORA: Final[DoraValues] = (0, 0, 0, 0)  # dora, aka, ura, kita


def dora_facts(hand: ParsedHand, ctx: WinContext, players: int) -> DoraValues:
    shifts = DORA_SHIFTS[players]
    dora = _dora_count(hand.held, hand.dora_indicators, shifts)
    ura = _dora_count(hand.held, hand.ura_dora_indicators, shifts) if ctx.in_riichi else 0
    if not (dora or ura or hand.red_fives or ctx.kita):
        return NO_DORA
    return dora, hand.red_fives, ura, ctx.kita  # dora, aka, ura, kita


def _dora_count(held: int, indicators: bytes, shifts: tuple[int, ...]) -> int:
    """Copies held, melds included, of the tiles the indicators point at (`held`: packed counts)."""
    count = 0
    for indicator in indicators:
        count += held >> shifts[indicator] & COUNT_MASK
    return count


def is_pinfu_shape(s: ShapeFacts) -> bool:
    return s.closed and s.sequences == 4 and s.wait == "ryanmen" and not s.value_pair


# Bits laid out as tile indices (0-26, the three suits side by side): a rank set in all three suits is
# sanshoku; sequences from 1, 4 and 7 of one suit are ittsu.
RANKS: Final = 0x1FF
ITTSU_M: Final = 0b1001001
ITTSU_P: Final = ITTSU_M << 9
ITTSU_S: Final = ITTSU_M << 18
