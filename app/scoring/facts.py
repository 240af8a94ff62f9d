"""What the yaku and fu rules look at: facts about the whole hand, and about one reading of it."""

from dataclasses import dataclass

from app.scoring.decompose import KAN, PAIR, SEQUENCE, Reading
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


def hand_facts(hand: ParsedHand, ctx: WinContext, rules: HandRules) -> HandFacts:
    present = [t for t, n in enumerate(hand.all_tiles) if n]
    suits = frozenset(t // 9 for t in present if t < 27)
    outer = sum(1 for t in present if t in TERMINALS_AND_HONORS)
    return HandFacts(
        ctx=ctx,
        rules=rules,
        hand=hand,
        closed=hand.is_closed,
        seat_wind=wind_tile(ctx.seat_wind),
        round_wind=wind_tile(ctx.round_wind),
        suits=suits,
        has_honor=present[-1] >= 27,
        all_honor=present[0] >= 27,
        all_terminal_or_honor=outer == len(present),
        all_simple=outer == 0,
        all_green=all(t in GREEN_TILES for t in present),
    )


@dataclass(slots=True)
class ShapeFacts:
    reading: Reading
    sequences: list[int]  # lowest tile of each sequence
    triplets: list[int]  # triplets and kans
    kans: int
    concealed_triplets: int  # triplets and kans that count as concealed (san/suuankou, fu)
    pair: int  # -1 outside the standard shape


def shape_facts(reading: Reading) -> ShapeFacts:
    sequences: list[int] = []
    triplets: list[int] = []
    kans = concealed = 0
    pair = -1
    if reading.shape == "standard":
        for kind, tile, is_open, _ in reading.groups:
            if kind == SEQUENCE:
                sequences.append(tile)
            elif kind == PAIR:
                pair = tile
            else:
                triplets.append(tile)
                kans += kind == KAN
                concealed += not is_open
    return ShapeFacts(reading, sequences, triplets, kans, concealed, pair)


def peikou_count(s: ShapeFacts) -> int:
    """How many pairs of identical sequences the reading holds (1: iipeikou, 2: ryanpeikou)."""
    seqs = s.sequences
    return sum(seqs.count(t) // 2 for t in set(seqs))


def is_value_pair(h: HandFacts, tile: int) -> bool:
    return tile in DRAGONS or tile == h.seat_wind or tile == h.round_wind


def is_pinfu_shape(h: HandFacts, s: ShapeFacts) -> bool:
    return (
        h.closed
        and len(s.sequences) == 4
        and s.reading.wait == "ryanmen"
        and not is_value_pair(h, s.pair)
    )


def group_has_outer_tile(kind: int, tile: int) -> bool:
    if kind == SEQUENCE:
        return tile % 9 in (0, 6)
    return tile in TERMINALS_AND_HONORS


def all_groups_outer(s: ShapeFacts) -> bool:
    return s.reading.shape == "standard" and all(group_has_outer_tile(k, t) for k, t, _, _ in s.reading.groups)


def triplet_ranks_in_suits(tiles: list[int]) -> dict[int, set[int]]:
    by_rank: dict[int, set[int]] = {}
    for tile in tiles:
        if tile < 27:
            by_rank.setdefault(tile % 9, set()).add(tile // 9)
    return by_rank


def has_three_colours(tiles: list[int]) -> bool:
    return any(len(suits) == 3 for suits in triplet_ranks_in_suits(tiles).values())


def has_straight(s: ShapeFacts) -> bool:
    seqs = s.sequences
    return any(start in seqs and start + 3 in seqs and start + 6 in seqs for start in (0, 9, 18))


def dragon_triplets(s: ShapeFacts) -> int:
    return sum(t in DRAGONS for t in s.triplets)


def wind_triplets(s: ShapeFacts) -> int:
    return sum(t in WINDS for t in s.triplets)
