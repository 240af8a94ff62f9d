"""A whole match from its hands: each settled in turn on the scoreboard the one before left."""

from dataclasses import dataclass

from app.errors import InvalidInput, Problem
from app.match.consistency import INCONSISTENT
from app.match.hand import PlayedHand, Settlement
from app.match.model import MatchState, Standing
from app.match.rules import MatchRules
from app.match.settle import settle_hand


@dataclass(frozen=True, slots=True)
class Replay:
    hands: tuple[Settlement, ...]
    game_over: bool
    standings: tuple[Standing, ...]  # final once over; else the current order, sticks not given out


def opening_state(rules: MatchRules) -> MatchState:
    """East 1, dealt by seat 0, no honba or sticks, every seat at start_points."""
    return MatchState("east", 1, 0, 0, (rules.start_points,) * rules.players)


def replay(state: MatchState | None, hands: tuple[PlayedHand, ...], rules: MatchRules) -> Replay:
    current: MatchState | None = state or opening_state(rules)
    settled: list[Settlement] = []
    for index, hand in enumerate(hands):
        if current is None:
            raise InvalidInput.single(INCONSISTENT, ("hands", index),
                                      f"the match ended after hand {index - 1} "
                                      f"({settled[-1].end_check.reason.value}); no hand follows it")
        try:
            settled.append(settle_hand(current, hand, rules))
        except InvalidInput as exc:
            raise InvalidInput([_in_hand(problem, index) for problem in exc.problems]) from None
        current = settled[-1].next_state
    last = settled[-1].end_check
    return Replay(tuple(settled), last.game_over, last.standings)


def _in_hand(problem: Problem, index: int) -> Problem:
    """A settlement's problem placed in the replay's request: `hand` is hands[index]; the state is the one
    sent, which only the first hand begins with."""
    if problem.loc[:1] == ("hand",):
        return Problem(problem.type, ("hands", index, *problem.loc[1:]), problem.msg)
    return problem
