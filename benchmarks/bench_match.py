"""The match core's work behind POST /match/settle and /match/replay, timed on real games (no HTTP, no validation):
`make bench-match` runs it on the pure source and on the compiled core (the wheel in dist/), one process each.

    .venv/bin/python benchmarks/bench_match.py [--rounds 9]

* The games: every game record in tests/fixtures/records/tenhou6 (real Tenhou hanchan, and the edge cases other
  projects keep: double and triple ron, pao, abortive draws, nagashi mangan), read and verified as
  POST /records/verify does; each gives the /match/replay request that replays it (`Verification.replay` as the
  answer writes it), made into the core's inputs as the endpoint does (ReplayRequest, then `to_core`), outside the
  timed region. A game whose request does not replay (a record the rules cannot settle) is left out and counted.
* settle: app.match.settle.settle_hand on each hand of each game, from the scoreboard the hand before left (what
  /match/settle computes: every payment, each win scored from its tiles, the end check, the next state).
* replay: app.match.replay.replay on each whole game (what /match/replay computes).
* ROUNDS rounds, each timing every hand once and every game once (time.perf_counter_ns); per hand and per game the
  median over the rounds, so the scoring memos have seen each win before, as a service's have for repeated work.
  Printed: µs per hand settled (mean over hands), ms per game replayed (mean over games); the last lines are
  `match_settle_us_per_hand: X.X` and `match_replay_ms_per_game: X.XX`, with the build (`GET /version`'s word).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.api.health import core_build
from app.errors import InvalidInput
from app.match.hand import PlayedHand
from app.match.model import MatchState
from app.match.replay import opening_state, replay
from app.match.rules import MatchRules
from app.match.settle import settle_hand
from app.records import read_record
from app.records.verify import verify_game
from app.schemas.records import replay_request
from app.schemas.settle import ReplayRequest, SettleRulesIn

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "records" / "tenhou6"
CLOCK = time.perf_counter_ns

Game = tuple[str, MatchState | None, tuple[PlayedHand, ...], MatchRules]
Hand = tuple[MatchState, PlayedHand, MatchRules]


def replay_inputs(path: Path) -> Game:
    """The core's inputs of the /match/replay request that replays the record at `path`."""
    game = read_record(json.loads(path.read_text()))
    options = dict(game.rules.options)
    verification = verify_game(game, SettleRulesIn.model_validate(options).to_core(), options)
    request = ReplayRequest.model_validate(replay_request(verification.replay))
    state = None if request.state is None else request.state.to_core()
    return path.stem, state, tuple(hand.to_core() for hand in request.hands), request.rules.to_core()


def settle_inputs(game: Game) -> list[Hand]:
    """Each hand of the game with the scoreboard it is settled onto."""
    _, state, hands, rules = game
    settled = replay(state, hands, rules).hands
    states = [state or opening_state(rules), *(s.next_state for s in settled[:-1])]
    return [(before, hand, rules) for before, hand in zip(states, hands, strict=True) if before is not None]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    games: list[Game] = []
    left_out = []
    for path in sorted(FIXTURES.glob("*.json")):
        try:
            game = replay_inputs(path)
            replay(*game[1:])
        except InvalidInput:
            left_out.append(path.stem)
            continue
        games.append(game)
    hands = [hand for game in games for hand in settle_inputs(game)]
    settle_ns: list[list[int]] = [[] for _ in hands]
    replay_ns: list[list[int]] = [[] for _ in games]
    gc.disable()
    try:
        for _ in range(args.rounds):
            for i, hand in enumerate(hands):
                start = CLOCK()
                settle_hand(*hand)
                settle_ns[i].append(CLOCK() - start)
            for i, (_, state, played, rules) in enumerate(games):
                start = CLOCK()
                replay(state, played, rules)
                replay_ns[i].append(CLOCK() - start)
            gc.collect()
    finally:
        gc.enable()
    settle_us = statistics.mean(statistics.median(t) / 1e3 for t in settle_ns)
    replay_ms = statistics.mean(statistics.median(t) / 1e6 for t in replay_ns)
    print(f"build: {core_build()}; {len(games)} games, {len(hands)} hands, median of {args.rounds} rounds"
          + (f"; left out (not replayable): {', '.join(left_out)}" if left_out else ""))
    print(f"match_settle_us_per_hand: {settle_us:.1f}")
    print(f"match_replay_ms_per_game: {replay_ms:.2f}")


if __name__ == "__main__":
    main()
