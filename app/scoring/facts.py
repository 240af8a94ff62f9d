"""What the yaku look at: facts about the whole hand, and about one reading of it.

Both are values (named tuples) holding everything their yaku table reads, and nothing else: equal facts
get the same yaku, so evaluate judges each table once per distinct facts and reuses the answer.
"""

from operator import attrgetter
from typing import NamedTuple

from app.scoring.decompose import Reading
from app.scoring.hand import ParsedHand, WinContext
from app.scoring.rules import HandRules
from app.scoring.tiles import DRAGONS, WIND_NAMES, WINDS


class HandFacts(NamedTuple):
    riichi: bool  # riichi declared (not double riichi)
    double_riichi: bool
    ippatsu: bool
    haitei: bool
    houtei: bool
    rinshan: bool
    chankan: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    tsumo: bool
    open_tanyao: bool  # the rules' options the hand yaku read
    renhou_value: str
    renhou_alone: bool
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
    honor_pairs: frozenset[int]  # honors held exactly twice
    kans: int
    chuuren: int  # 0: not the chuuren poutou shape; 1: chuuren poutou; 2: with the nine-sided wait (junsei)


class ShapeFacts(NamedTuple):
    shape: str  # standard, chiitoitsu, kokushi
    wait: str
    closed: bool
    has_honor: bool
    sequences: int  # how many sequences, chi included
    triplets: int  # how many triplets and kans, melds included
    concealed_triplets: int  # triplets and kans that count as concealed (san/suuankou)
    value_pair: bool  # the pair is a dragon, the seat wind or the round wind
    sequence_bits: int  # bit t: a sequence starts at tile t (0-26)
    triplet_bits: int  # bit t: a triplet or kan of the suited tile t
    outer: bool  # every group, melds included, holds a terminal or an honor
    peikou: int  # pairs of identical concealed sequences


WIND_TILES = {wind: tile for wind, tile in zip(WIND_NAMES, WINDS, strict=True)}
DRAGON_SET = frozenset(DRAGONS)
WIND_SET = frozenset(WINDS)
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_SITUATION = attrgetter("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou",
                        "chiihou", "renhou")
_new_facts = tuple.__new__  # a named tuple from a plain one, without its keyword-checking constructor


def hand_facts(hand: ParsedHand, ctx: WinContext, rules: HandRules) -> HandFacts:
    m, p, s, z = hand.parts
    c = hand.called
    suits = (m.size > 0) | (p.size > 0) << 1 | (s.size > 0) << 2 | c.suits  # bit per suit held
    honor_triplets = z.honor_triplets | c.honor_triplets if c.honor_triplets else z.honor_triplets
    suit_count = suits.bit_count()
    has_honor = bool(z.size or honor_triplets)
    return _new_facts(HandFacts, _SITUATION(ctx) + (
        ctx.win == "tsumo",
        rules.open_tanyao,
        rules.renhou,  # renhou_value
        rules.renhou_alone,
        c.closed,
        WIND_TILES[ctx.seat_wind],
        WIND_TILES[ctx.round_wind],
        suit_count,
        has_honor,
        not suits,  # all_honor
        m.all_outer and p.all_outer and s.all_outer and z.all_outer and c.all_outer,  # all_terminal_or_honor
        m.simple and p.simple and s.simple and z.simple and c.simple,  # all_simple
        not m.size and not p.size and s.green and z.green and c.green,  # all_green
        honor_triplets,
        z.honor_pairs,
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


def dragon_triplets(h: HandFacts) -> int:
    return len(h.honor_triplets & DRAGON_SET)


def wind_triplets(h: HandFacts) -> int:
    return len(h.honor_triplets & WIND_SET)


def honor_pair(h: HandFacts, group: frozenset[int]) -> bool:
    """Whether exactly one honor of `group` is held as a pair (the others being triplets). A pair is always
    concealed: a melded honor is held three or four times."""
    return len(h.honor_pairs & group) == 1


_NO_SHAPE = ("", "", False, False, 0, 0, 0, False, 0, 0, False, 0)


def shape_facts(h: HandFacts, hand: ParsedHand, r: Reading) -> ShapeFacts:
    if not r.splits:
        return _new_facts(ShapeFacts, (r.shape, r.wait, h.closed, h.has_honor) + _NO_SHAPE[4:])
    m, p, s, z = r.splits
    c = hand.called
    hand_triplets = m.triplet_count + p.triplet_count + s.triplet_count + z.triplet_count
    pair = max(m.pair, p.pair, s.pair, z.pair)
    return _new_facts(ShapeFacts, (
        r.shape,
        r.wait,
        h.closed,
        h.has_honor,
        m.sequence_count + p.sequence_count + s.sequence_count + c.sequences,  # sequences
        hand_triplets + len(hand.melds) - c.sequences,  # triplets
        hand_triplets - (r.ron_triplet >= 0) + c.ankans,  # concealed_triplets
        pair in DRAGON_SET or pair == h.seat_wind or pair == h.round_wind,  # value_pair
        m.sequence_bits | p.sequence_bits | s.sequence_bits | c.sequence_bits,
        m.triplet_bits | p.triplet_bits | s.triplet_bits | c.triplet_bits,
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


def has_straight(s: ShapeFacts) -> bool:
    bits = s.sequence_bits
    for straight in STRAIGHTS:
        if bits & straight == straight:
            return True
    return False
