"""Seats and the seat winds they sit in for a hand (relative to its dealer)."""

from app.match.model import WIND_ORDER, MatchState
from app.scoring.vocabulary import Wind


def wind_of(seat: int, state: MatchState) -> Wind:
    return WIND_ORDER[(seat - state.dealer) % state.players]


def seat_of(wind: Wind, state: MatchState) -> int:
    return (state.dealer + WIND_ORDER.index(wind)) % state.players


def turn_order_from(discarder: int, seats: list[int], players: int) -> list[int]:
    """`seats` nearest first in turn order after the discarder."""
    return sorted(seats, key=lambda seat: (seat - discarder) % players)
