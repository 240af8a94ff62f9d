"""Places at the table, leftover riichi sticks, and the final result with oka and uma."""

import math
from fractions import Fraction
from typing import Final

from app.match.model import Scores, Standing
from app.match.rules import FinalRounding, LeftoverRiichi, MatchRules, TieBreak, Uma

RIICHI_STICK_POINTS: Final = 1000
THOUSAND: Final = 1000


def seat_order(scores: Scores, starting_dealer_seat: int) -> list[int]:
    """Seats best first; equal points in seat order from the starting dealer."""
    players = len(scores)
    return sorted(range(players), key=lambda seat: (-scores[seat], (seat - starting_dealer_seat) % players))


def ranks(scores: Scores, starting_dealer_seat: int, tie_break: TieBreak) -> dict[int, int]:
    """Seat -> rank 1 to the number of players; with shared ties, equal points share the better rank."""
    if tie_break is TieBreak.SHARED:
        return {seat: 1 + sum(other > scores[seat] for other in scores) for seat in range(len(scores))}
    return {seat: place for place, seat in enumerate(seat_order(scores, starting_dealer_seat), start=1)}


def first_place_seats(scores: Scores, starting_dealer_seat: int, tie_break: TieBreak) -> list[int]:
    rank_of = ranks(scores, starting_dealer_seat, tie_break)
    return [seat for seat in range(len(scores)) if rank_of[seat] == 1]


def live_standings(scores: Scores, starting_dealer_seat: int, rules: MatchRules) -> tuple[Standing, ...]:
    rank_of = ranks(scores, starting_dealer_seat, rules.tie_break)
    return tuple(Standing(seat, scores[seat], rank_of[seat]) for seat in seat_order(scores, starting_dealer_seat))


def leftover_riichi_shares(scores: Scores, riichi_sticks: int, starting_dealer_seat: int, rules: MatchRules) -> Scores:
    """Points each seat receives from the sticks left on the table: split among a shared first place,
    each share rounded down to 100."""
    if rules.leftover_riichi is LeftoverRiichi.LOST:
        return (0,) * len(scores)
    firsts = first_place_seats(scores, starting_dealer_seat, rules.tie_break)
    share = riichi_sticks * RIICHI_STICK_POINTS // len(firsts) // 100 * 100
    return tuple(share if seat in firsts else 0 for seat in range(len(scores)))


def final_standings(
    scores: Scores, riichi_sticks: int, starting_dealer_seat: int, rules: MatchRules, penalties: Scores = ()
) -> tuple[Standing, ...]:
    """Standings once the match is over: leftover sticks handed out, then oka and uma by place, the final
    rounding, and the penalties carried to the end.

    Seats that share a rank share the uma of the places they fill and, in first, the oka.
    `score` = (points - return_points) / 1000 + oka + uma - penalty / 1000, all in thousands, to one decimal.
    """
    received = leftover_riichi_shares(scores, riichi_sticks, starting_dealer_seat, rules)
    points = tuple(score + share for score, share in zip(scores, received, strict=True))
    rank_of = ranks(points, starting_dealer_seat, rules.tie_break)
    order = seat_order(points, starting_dealer_seat)
    uma_row = _uma_row(points, rules)
    oka: dict[int, Fraction] = {}
    uma: dict[int, Fraction] = {}
    for seat in order:
        tied = sum(rank == rank_of[seat] for rank in rank_of.values())
        oka[seat] = _oka_share(rank_of[seat], tied, len(points), rules)
        uma[seat] = _uma_share(rank_of[seat], tied, uma_row)
    result = _results(points, order, oka, uma, rules)
    penalty = penalties or (0,) * len(points)
    return tuple(
        Standing(seat=seat, points=points[seat], rank=rank_of[seat], leftover_riichi_points=received[seat],
                 penalty=penalty[seat], oka=_tenths(oka[seat]), uma=_tenths(uma[seat]),
                 score=_tenths(result[seat] - Fraction(penalty[seat], THOUSAND)))
        for seat in order
    )


def _uma_row(points: Scores, rules: MatchRules) -> Uma:
    """The uma by place: with floating_uma, the row for how many finish at or above start_points."""
    floating = sum(seat_points >= rules.start_points for seat_points in points)
    if rules.floating_uma is None or not 0 < floating < len(points):
        return rules.uma
    return rules.floating_uma[floating - 1]


def _results(
    points: Scores, order: list[int], oka: dict[int, Fraction], uma: dict[int, Fraction], rules: MatchRules
) -> dict[int, Fraction]:
    """Each seat's result before penalties, in thousands; rounded as final_rounding says."""
    if rules.final_rounding is FinalRounding.TENTHS:
        return {seat: Fraction(points[seat] - rules.return_points, THOUSAND) + oka[seat] + uma[seat] for seat in order}
    first, *others = order
    result = {seat: _thousands_half_away(points[seat]) - Fraction(rules.return_points, THOUSAND) + oka[seat] + uma[seat]
              for seat in others}
    result[first] = -sum(result.values(), Fraction(0))
    return result


def _thousands_half_away(points: int) -> int:
    """Points in thousands, rounded to a whole number with halves away from zero (24,500 -> 25, -1,500 -> -2)."""
    whole = math.floor(Fraction(abs(points), THOUSAND) + Fraction(1, 2))
    return whole if points >= 0 else -whole


def _oka_share(rank: int, tied: int, players: int, rules: MatchRules) -> Fraction:
    if rank != 1:
        return Fraction(0)
    return Fraction((rules.return_points - rules.start_points) * players, THOUSAND * tied)


def _uma_share(rank: int, tied: int, uma_row: Uma) -> Fraction:
    places = uma_row[rank - 1 : rank - 1 + tied]
    return Fraction(sum(places), tied)


def _tenths(value: Fraction) -> float:
    return float(round(value, 1))
