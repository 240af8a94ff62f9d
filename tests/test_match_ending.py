"""Each end-of-match rule is decided in one place (app/match/endcheck.py): the end check after a hand, /match/settle
(which refuses a scoreboard on which the match is already over, and answers the end check of the hand it settles)
and the replay of a whole match (which settles hand after hand) all follow it. Were one of them to write a rule of
its own (the tobi line, say), one of these tests fails."""

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from app.api.health import core_build
from app.errors import InvalidInput
from app.match import endcheck
from app.match.endcheck import check_match_end
from app.match.hand import HanFu, Outcome, PlayedHand, Win
from app.match.model import HandResult, LastHand, MatchState, Reason, Scores
from app.match.replay import replay
from app.match.rules import OPTIONS, MatchRules, resolve_match_rules
from app.match.settle import settle_hand
from app.scoring.rules import PRESETS

DRAW_NOBODY_TENPAI = PlayedHand(Outcome.DRAW)
# Seat 1 deals into seat 0 (East 1, seat 0 the dealer): 1 han 30 fu, 1,500 points from seat 1.
RON_1500 = PlayedHand(Outcome.RON, wins=(Win(0, (HanFu(1, 30),), from_seat=1),))


def _tobi_values(name: str) -> list[Any]:
    spec, default = OPTIONS[name].spec, OPTIONS[name].default
    if spec.choices:
        return list(spec.choices)
    if isinstance(default, bool):
        return [False, True]
    return sorted({default, spec.ge or 0, (spec.le or 1000) // 2, -1000, 0, 1000} - {None})


def _every_tobi_rules() -> Iterator[MatchRules]:
    """Every preset under every combination of the values of the options that say when a player is out (every option
    named tobi...), so an option added beside tobi is varied here too."""
    names = [name for name in OPTIONS if name.startswith("tobi")]
    for preset in PRESETS:
        for values in itertools.product(*(_tobi_values(name) for name in names)):
            try:
                yield resolve_match_rules(preset, dict(zip(names, values, strict=True)))
            except InvalidInput:
                continue


def _scoreboards(players: int) -> list[Scores]:
    rng = random.Random(players)
    lows = [-3000, -100, 0, 100, 1000, 1500, 2000, 30000]
    return [tuple([low, *(rng.choice((20000, 25000, 30000)) for _ in range(players - 1))])
            for low in lows for _ in range(2)]


def _state(scores: Scores) -> MatchState:
    return MatchState("east", 1, 0, 0, scores)


def _settle_refuses(scores: Scores, rules: MatchRules) -> bool:
    try:
        settle_hand(_state(scores), DRAW_NOBODY_TENPAI, rules)
    except InvalidInput as exc:
        return any("already over" in problem.msg for problem in exc.problems)
    return False


def test_settle_and_the_end_check_agree_on_every_scoreboard_under_every_tobi_rule() -> None:
    """A scoreboard the end check calls over (tobi) is one /match/settle refuses to play a hand on, and one the
    end check calls live is one it plays on, for every preset and every value of the tobi options."""
    checked = 0
    for rules in _every_tobi_rules():
        for scores in _scoreboards(rules.players):
            over = check_match_end(_state(scores), LastHand(HandResult.DRAW), rules).reason is Reason.TOBI
            assert _settle_refuses(scores, rules) == over, (scores, rules)
            checked += 1
    assert checked > 100


def test_a_hand_that_sends_a_player_out_ends_the_settlement_and_the_replay() -> None:
    """Seat 1 at 1,000 deals in 1,500: the settlement's end check says tobi, and the replay refuses a hand after it."""
    rules = resolve_match_rules("tenhou", {})
    state = _state((49000, 1000, 25000, 25000))
    settled = settle_hand(state, RON_1500, rules)
    assert settled.scores == (50500, -500, 25000, 25000)
    assert (settled.end_check.game_over, settled.end_check.reason) == (True, Reason.TOBI)
    assert settled.next_state is None
    with pytest.raises(InvalidInput, match="the match ended after hand 0 \\(tobi\\)"):
        replay(state, (RON_1500, DRAW_NOBODY_TENPAI), rules)


@pytest.mark.skipif(core_build() != "pure", reason="a compiled module's functions call each other directly")
def test_the_one_tobi_rule_is_the_one_all_three_follow(monkeypatch: pytest.MonkeyPatch) -> None:
    """With endcheck.is_tobi swapped for another line (out below 10,000), the end check, the settlement's refusal,
    its own end check and the replay all move with it."""
    monkeypatch.setattr(endcheck, "is_tobi", lambda scores, rules: min(scores) < 10000)
    rules = resolve_match_rules("tenhou", {})
    low = _state((9000, 41000, 25000, 25000))
    assert check_match_end(low, LastHand(HandResult.DRAW), rules).reason is Reason.TOBI
    assert _settle_refuses(low.scores, rules)
    state = _state((49000, 11000, 20000, 20000))
    assert settle_hand(state, RON_1500, rules).end_check.reason is Reason.TOBI  # seat 1 left at 9,500
    with pytest.raises(InvalidInput, match="ended after hand 0"):
        replay(state, (RON_1500, DRAW_NOBODY_TENPAI), rules)
