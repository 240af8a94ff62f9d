"""Impossible scoreboards, rejected with a plain message instead of being guessed at."""

from collections.abc import Iterator
from typing import Final

from app.errors import InvalidInput, Problem
from app.match.model import HandResult, LastHand, MatchState
from app.match.rounds import Phase, last_playable_wind_round, phase_of, round_name, wind_rounds_before
from app.match.rules import Enchousen, MatchRules

INCONSISTENT: Final = "inconsistent_state"


def check_consistency(state: MatchState, hand: LastHand, rules: MatchRules) -> None:
    problems = [*state_problems(state, rules), *_hand_problems(state, hand, rules.players)]
    if problems:
        raise InvalidInput(problems)


def state_problems(state: MatchState, rules: MatchRules) -> Iterator[Problem]:
    yield from _players_problems(state, rules.players)
    if state.dealer_seat is not None and state.dealer_seat != state.dealer:
        yield Problem(
            INCONSISTENT,
            ("state", "dealer_seat"),
            f"{round_name(state)} with starting dealer seat {state.starting_dealer_seat} is dealt by seat "
            f"{state.dealer}, not seat {state.dealer_seat}",
        )
    if state.lap and rules.enchousen is not Enchousen.UNLIMITED:
        yield Problem(
            INCONSISTENT,
            ("state", "lap"),
            f"lap {state.lap} means play wrapped from North {state.players} back to East, which only unlimited "
            f"enchousen reaches (enchousen is {rules.enchousen.value})",
        )
    elif _beyond_last_round(state, rules):
        yield Problem(
            INCONSISTENT,
            ("state", "round_wind"),
            f"{round_name(state)} is never played in a {rules.length.value} with enchousen "
            f"{rules.enchousen.value}: the match is over before it",
        )
    elif rules.goal_score is None and phase_of(state, rules) is Phase.ENCHOUSEN:
        yield Problem(
            INCONSISTENT,
            ("state", "round_wind"),
            f"{round_name(state)} is enchousen, which never begins without a goal_score",
        )


def _players_problems(state: MatchState, players: int) -> Iterator[Problem]:
    """Seats, scores and hand numbers that the number of players at the table rules out."""
    if state.players != players:
        yield Problem(INCONSISTENT, ("state", "scores"),
                      f"a {players}-player game has {players} scores, one per seat; got {state.players} "
                      f"(rules.players is {players})")
    if state.round_number > players:
        yield Problem(INCONSISTENT, ("state", "round_number"),
                      f"a wind round of a {players}-player game has {players} hands, so there is no "
                      f"{round_name(state)}")
    for field in ("starting_dealer_seat", "dealer_seat"):
        seat = getattr(state, field)
        if seat is not None and seat >= players:
            yield Problem(INCONSISTENT, ("state", field), f"seats are 0-{players - 1} with {players} players, not {seat}")
    if state.penalties and len(state.penalties) != players:
        yield Problem(INCONSISTENT, ("state", "penalties"),
                      f"penalties has one value per seat: {players}, not {len(state.penalties)}")


def seat_problems(seats: tuple[int, ...], loc: tuple[str | int, ...], players: int) -> Iterator[Problem]:
    """Seats beyond the table, and seats listed twice."""
    for index, seat in enumerate(seats):
        if seat >= players:
            yield Problem(INCONSISTENT, (*loc, index), f"seats are 0-{players - 1} with {players} players, not {seat}")
    if len(set(seats)) != len(seats):
        yield Problem(INCONSISTENT, loc, f"{loc[-1]} lists a seat more than once: {list(seats)}")


def _beyond_last_round(state: MatchState, rules: MatchRules) -> bool:
    last = last_playable_wind_round(rules)
    return last is not None and wind_rounds_before(state) > last


def _hand_problems(state: MatchState, hand: LastHand, players: int) -> Iterator[Problem]:
    is_win = hand.result is HandResult.WIN
    if is_win and not hand.winners:
        yield Problem(INCONSISTENT, ("last_hand", "winners"), "a win needs at least one seat in winners")
    if not is_win and hand.winners:
        yield Problem(
            INCONSISTENT,
            ("last_hand", "winners"),
            f"a hand that ended in {hand.result.value} has no winners; send an empty list "
            "(nagashi mangan goes in nagashi_winners)",
        )
    if hand.nagashi_winners and hand.result is not HandResult.DRAW:
        yield Problem(
            INCONSISTENT,
            ("last_hand", "nagashi_winners"),
            f"nagashi mangan is only made at an exhaustive draw, not at a {hand.result.value}",
        )
    for field, seats in (("winners", hand.winners), ("nagashi_winners", hand.nagashi_winners)):
        yield from seat_problems(seats, ("last_hand", field), players)
    if is_win and state.riichi_sticks:
        yield Problem(
            INCONSISTENT,
            ("state", "riichi_sticks"),
            f"after a win the winner has taken the riichi sticks, so none are left on the table "
            f"(got {state.riichi_sticks})",
        )
