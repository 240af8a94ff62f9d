"""A win sent as tiles: the context fields that follow from the seats and the scoreboard, checked against
those the client sent."""

from collections.abc import Iterator, Mapping

from app.errors import InvalidInput, Problem
from app.match.consistency import INCONSISTENT
from app.match.model import MatchState
from app.match.rounds import round_name
from app.match.seats import wind_of
from app.match.win_value import Seating
from app.scoring.context_flags import DRAW_FLAGS
from app.scoring.vocabulary import Wind


def seating_problems(sent: Mapping[str, object], seating: Seating, seats: Mapping[str, int | None],
                     state: MatchState, loc: tuple[str | int, ...]) -> Iterator[Problem]:
    """Sent seat fields that disagree with the seats (`seats`: the seat behind each wind field)."""
    for flag in DRAW_FLAGS:
        if sent.get(flag):
            yield Problem(INCONSISTENT, (*loc, "context", flag),
                          f"a {flag.replace('_', ' ')} is not a win: send result draw with the seat in hand.nagashi")
    where = f"in {round_name(state)}, dealt by seat {state.dealer}"
    derived = {"win": seating.win, "seat_wind": seating.seat_wind, "round_wind": seating.round_wind,
               "discarder_seat_wind": seating.discarder_seat_wind, "pao_seat_wind": seating.pao_seat_wind}
    for field, value in derived.items():
        if field in sent and sent[field] != value:
            seat = seats.get(field)
            yield Problem(INCONSISTENT, (*loc, "context", field),
                          f"context.{field} is {sent[field]} but {_meaning(field, value, seat, where)}; "
                          "it may be left out")


def _meaning(field: str, value: object, seat: int | None, where: str) -> str:
    if field == "win":
        return f"the hand's result makes it {value}"
    if field == "round_wind":
        return f"the hand is played {where}"
    if seat is None:
        return f"{field} follows from the win's seats and is {value}"
    return f"seat {seat} sits {value} {where}"


def riichi_flags(sent: Mapping[str, object], in_riichi: bool, winner: int,
                 loc: tuple[str | int, ...]) -> dict[str, object]:
    """The riichi flags of the winner's context: riichi when hand.riichi lists the winner, unless the context
    says double riichi; a flag that disagrees with hand.riichi is an error."""
    said = bool(sent.get("riichi") or sent.get("double_riichi"))
    if in_riichi and sent.get("riichi") is False and not said:
        raise InvalidInput.single(INCONSISTENT, (*loc, "context", "riichi"),
                                  f"seat {winner}'s riichi was accepted (hand.riichi) but the context says no riichi")
    if said and not in_riichi:
        raise InvalidInput.single(INCONSISTENT, (*loc, "context", "riichi"),
                                  f"the context says riichi but hand.riichi does not list seat {winner}; add it there "
                                  "(its 1000 points go on the table)")
    return {"riichi": in_riichi and not sent.get("double_riichi")}


def counter_problems(sent: Mapping[str, object], honba: int, riichi_sticks: int,
                     loc: tuple[str | int, ...]) -> Iterator[Problem]:
    """context.honba and context.riichi_sticks, where sent, are the hand's: state.honba, and the sticks on the
    table with this hand's deposits."""
    for field, expected, source in (("honba", honba, "state.honba"),
                                    ("riichi_sticks", riichi_sticks, "state.riichi_sticks plus the hand.riichi seats")):
        if field in sent and sent[field] != expected:
            yield Problem(INCONSISTENT, (*loc, "context", field),
                          f"context.{field} is {sent[field]} but this hand's is {expected} ({source}); it may be "
                          "left out")


def seat_winds(state: MatchState, seats: Mapping[str, int | None]) -> dict[str, Wind | None]:
    return {field: None if seat is None else wind_of(seat, state) for field, seat in seats.items()}
