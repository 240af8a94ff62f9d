"""Seats and the seat winds they sit in for a hand (relative to its dealer)."""

from app.match.model import WIND_ORDER, MatchState


def wind_of(seat: int, state: MatchState) -> str:
    return WIND_ORDER[(seat - state.dealer) % state.players].value


def seat_of(wind: str, state: MatchState) -> int:
    return (state.dealer + [w.value for w in WIND_ORDER].index(wind)) % state.players


def turn_order_from(discarder: int, seats: list[int], players: int) -> list[int]:
    """`seats` nearest first in turn order after the discarder."""
    return sorted(seats, key=lambda seat: (seat - discarder) % players)
