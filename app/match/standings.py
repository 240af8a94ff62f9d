"""Places at the table, leftover riichi sticks, and the final result with oka and uma."""

from fractions import Fraction

from app.match.model import SEATS, Scores, Standing
from app.match.rules import LeftoverRiichi, MatchRules, TieBreak

RIICHI_STICK_POINTS = 1000
THOUSAND = 1000


def seat_order(scores: Scores, starting_dealer_seat: int) -> list[int]:
    """Seats best first; equal points in seat order from the starting dealer."""
    return sorted(range(SEATS), key=lambda seat: (-scores[seat], (seat - starting_dealer_seat) % SEATS))


def ranks(scores: Scores, starting_dealer_seat: int, tie_break: TieBreak) -> dict[int, int]:
    """Seat -> rank 1-4; with shared ties, equal points share the better rank."""
    if tie_break is TieBreak.SHARED:
        return {seat: 1 + sum(other > scores[seat] for other in scores) for seat in range(SEATS)}
    return {seat: place for place, seat in enumerate(seat_order(scores, starting_dealer_seat), start=1)}


def first_place_seats(scores: Scores, starting_dealer_seat: int, tie_break: TieBreak) -> list[int]:
    rank_of = ranks(scores, starting_dealer_seat, tie_break)
    return [seat for seat in range(SEATS) if rank_of[seat] == 1]


def live_standings(scores: Scores, starting_dealer_seat: int, rules: MatchRules) -> tuple[Standing, ...]:
    rank_of = ranks(scores, starting_dealer_seat, rules.tie_break)
    return tuple(Standing(seat, scores[seat], rank_of[seat]) for seat in seat_order(scores, starting_dealer_seat))


def leftover_riichi_shares(scores: Scores, riichi_sticks: int, starting_dealer_seat: int, rules: MatchRules) -> Scores:
    """Points each seat receives from the sticks left on the table: split among a shared first place,
    each share rounded down to 100."""
    if rules.leftover_riichi is LeftoverRiichi.LOST:
        return (0,) * SEATS
    firsts = first_place_seats(scores, starting_dealer_seat, rules.tie_break)
    share = riichi_sticks * RIICHI_STICK_POINTS // len(firsts) // 100 * 100
    return tuple(share if seat in firsts else 0 for seat in range(SEATS))


def final_standings(
    scores: Scores, riichi_sticks: int, starting_dealer_seat: int, rules: MatchRules
) -> tuple[Standing, ...]:
    """Standings once the match is over: leftover sticks handed out, then oka and uma by place.

    Seats that share a rank share the uma of the places they fill and, in first, the oka.
    `score` = (points - return_points) / 1000 + oka + uma, all in thousands, to one decimal.
    """
    received = leftover_riichi_shares(scores, riichi_sticks, starting_dealer_seat, rules)
    points = tuple(score + share for score, share in zip(scores, received, strict=True))
    rank_of = ranks(points, starting_dealer_seat, rules.tie_break)
    standings = []
    for seat in seat_order(points, starting_dealer_seat):
        tied = sum(rank == rank_of[seat] for rank in rank_of.values())
        oka = _oka_share(rank_of[seat], tied, rules)
        uma = _uma_share(rank_of[seat], tied, rules)
        score = Fraction(points[seat] - rules.return_points, THOUSAND) + oka + uma
        standings.append(
            Standing(seat, points[seat], rank_of[seat], received[seat], _tenths(oka), _tenths(uma), _tenths(score))
        )
    return tuple(standings)


def _oka_share(rank: int, tied: int, rules: MatchRules) -> Fraction:
    if rank != 1:
        return Fraction(0)
    return Fraction((rules.return_points - rules.start_points) * SEATS, THOUSAND * tied)


def _uma_share(rank: int, tied: int, rules: MatchRules) -> Fraction:
    places = rules.uma[rank - 1 : rank - 1 + tied]
    return Fraction(sum(places), tied)


def _tenths(value: Fraction) -> float:
    return float(round(value, 1))
