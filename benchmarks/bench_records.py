"""Whole games verified per second on one core (POST /records/verify's work without HTTP: read the record, replay
every hand, score every win, settle every hand, compare), next to the `mahjong` package scoring the same wins.

    .venv/bin/python benchmarks/bench_records.py [--rounds 7]

* The games: the real Tenhou hanchan kept in both formats in tests/fixtures/records (the six official
  mjlog2json pairs), each verified from its tenhou.net/6 JSON and from its mjlog XML.
* Ours: app.records.read_record then app.records.verify.verify_game on the record already in memory (a parsed JSON
  object, an XML string), under the record's own rules.
* The library: HandCalculator.estimate_hand_value on every win of the game (the hand, melds, indicators and flags our
  replay found, in its 136-tile form, built outside the timed region): scoring only, no replay, no settlement; and
  for comparison our score_hand on the same wins (inputs built outside the timed region too).
* The other formats: the real mjai logs (gimite's server, Mortal's dialect) and Mahjong Soul hands in
  tests/fixtures/records/mjai and majsoul, verified the same way; beside them riichienv's own replay of the same
  files where it reads them (MjaiReplay.from_jsonl, then every kyoku's win contexts taken and scored: its replay and
  scorer, no settlement; it refuses gimite's log, whose start_kyoku has no scores, and RiichiEnv's own Mahjong Soul
  extracts, which lack point_rong: those rows say so).
* ROUNDS rounds, each timing every game once per side (time.perf_counter_ns around one game); per game the median
  over rounds. Printed per format: ms per game and games per second, ours and the library's; the last line is
  `records_games_per_second_per_core: X.X` (ours, both formats together). The first line names the build it ran
  on: `make bench-records` runs it on the source, then on the compiled core (the wheel in dist/).
* Beside verify, POST /records/stats's work per game (app.records.stats.game_figures: the same verification, each
  seat's figures counted from it), printed as `stats_games_per_second_per_core: X.X` just before that last line.
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
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong.hand_calculating.hand import HandCalculator

from app.api.health import core_build
from app.match.rules import MatchRules
from app.records import read_record
from app.records.stats import GameFigures, game_figures
from app.records.verify import Verification, verify_game
from app.schemas.settle import SettleRulesIn
from app.scoring import HandInput, HandRules, WinContext, score_hand
from tests.handgen import case_from_inputs, to_mahjong

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "records"
OTHER_FORMATS = sorted((FIXTURES / "mjai").glob("*.json*")) + sorted((FIXTURES / "mjai").glob("*.mjson")) + \
    sorted((FIXTURES / "majsoul").glob("*.json"))
CLOCK = time.perf_counter_ns


def games() -> list[tuple[str, str, Any]]:
    """(name, format, record) of each real hanchan kept in both formats, Tenhou's own logs: the JSON written by Tenhou
    has `ratingc`, which the ones converted from an mjlog (SOURCES.md: C) leave out."""
    stems = sorted(p.stem for p in (FIXTURES / "tenhou6").glob("20*.json")
                   if (FIXTURES / "mjlog" / f"{p.stem}.xml").exists() and "ratingc" in json.loads(p.read_text()))
    return [(stem, fmt, json.loads((FIXTURES / "tenhou6" / f"{stem}.json").read_text()) if fmt == "tenhou6"
             else (FIXTURES / "mjlog" / f"{stem}.xml").read_text()) for stem in stems for fmt in ("tenhou6", "mjlog")]


def ours(record: Any) -> Verification:
    game = read_record(record)
    options = dict(game.rules.options)
    return verify_game(game, rules_of(options), options)


def stats(record: Any) -> GameFigures:
    game = read_record(record)
    options = dict(game.rules.options)
    return game_figures(game, rules_of(options), options)


_RULES: dict[str, MatchRules] = {}


def rules_of(options: dict[str, object]) -> MatchRules:
    key = json.dumps(options, sort_keys=True)
    if key not in _RULES:
        _RULES[key] = SettleRulesIn.model_validate(options).to_core()
    return _RULES[key]


def win_inputs(verification: Verification, rules: MatchRules) -> list[tuple[HandInput, WinContext, HandRules]]:
    """Each win of the game as /hand/score takes it, as our replay found it."""
    inputs = []
    for hand in verification.hands:
        for win in hand.wins:
            context = {k: tuple(v) if isinstance(v, list | tuple) else v for k, v in win.context.items()}
            inputs.append((win.hand, WinContext(**context), rules.hand))  # type: ignore[arg-type]
    return inputs


def median_ms(work: Any, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = CLOCK()
        work()
        times.append(CLOCK() - start)
    return statistics.median(times) / 1e6


def riichienv_replay(path: Path) -> Any:
    """riichienv's replay of an mjai log: every kyoku read and each win scored by its own calculator; None where it
    is not installed or refuses the file."""
    try:
        from riichienv import MjaiReplay
    except ImportError:
        return None

    def replay() -> None:
        for kyoku in MjaiReplay.from_jsonl(str(path)).take_kyokus():
            for context in kyoku.take_win_result_contexts():
                context.calculate(context.create_calculator())

    try:
        replay()
    except (ValueError, RuntimeError):
        return None
    return replay


def other_formats(rounds: int) -> None:
    """The mjai logs and Mahjong Soul hands: ours verifying each (read from its text), and riichienv's replay beside."""
    print(f"{'':44}{'hands':>6}{'ms/game':>10}{'games/s':>10}{'riichienv ms':>14}")
    for path in OTHER_FORMATS:
        text = path.read_text()
        record: Any = json.loads(text) if path.suffix == ".json" else text
        verification = ours(record)
        assert not [m for m in verification.mismatches if m.field != "deltas"], (path.name, verification.mismatches)
        mine = median_ms(lambda given=record: ours(given), rounds)
        theirs = riichienv_replay(path) if verification.format == "mjai" else None
        shown = f"{median_ms(theirs, rounds):14.2f}" if theirs is not None else f"{'refused':>14}"
        print(f"{verification.format + ' ' + path.name[:36]:44}{len(verification.hands):6}{mine:10.2f}{1000 / mine:10.1f}{shown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    calculator = HandCalculator()
    chosen = games()
    prepared = []
    agree = 0
    for name, fmt, record in chosen:
        verification = ours(record)
        assert verification.verified, (name, fmt, verification.mismatches)
        inputs = win_inputs(verification, rules_of(verification.rules))
        calls = [to_mahjong(case_from_inputs(*given)) for given in inputs]
        agree += sum(calculator.estimate_hand_value(**call).cost["total"] == score_hand(*given).points.total
                     for call, given in zip(calls, inputs))
        prepared.append((name, fmt, record, calls, inputs))
    ours_ns: list[list[int]] = [[] for _ in prepared]
    stats_ns: list[list[int]] = [[] for _ in prepared]
    scoring_ns: list[list[int]] = [[] for _ in prepared]
    theirs_ns: list[list[int]] = [[] for _ in prepared]
    gc.disable()
    try:
        for _ in range(args.rounds):
            for i, (_, _, record, calls, inputs) in enumerate(prepared):
                start = CLOCK()
                ours(record)
                ours_ns[i].append(CLOCK() - start)
                start = CLOCK()
                stats(record)
                stats_ns[i].append(CLOCK() - start)
                start = CLOCK()
                for given in inputs:
                    score_hand(*given)
                scoring_ns[i].append(CLOCK() - start)
                start = CLOCK()
                for call in calls:
                    calculator.estimate_hand_value(**call)
                theirs_ns[i].append(CLOCK() - start)
            gc.collect()
    finally:
        gc.enable()
    ours_ms = [statistics.median(t) / 1e6 for t in ours_ns]
    stats_ms = [statistics.median(t) / 1e6 for t in stats_ns]
    scoring_ms = [statistics.median(t) / 1e6 for t in scoring_ns]
    theirs_ms = [statistics.median(t) / 1e6 for t in theirs_ns]
    hands = sum(len(ours(record).hands) for _, _, record, *_ in prepared)
    wins = sum(len(inputs) for *_, inputs in prepared)
    print(f"build: {core_build()}; {len(prepared)} games ({len(prepared) // 2} real hanchan, each as tenhou6 and as mjlog), {hands} hands, "
          f"{wins} wins; median of {args.rounds} rounds per game, one core")
    print(f"the library's totals equal ours (and the records') for {agree}/{wins} wins")
    print(f"{'':34}{'ms/game':>10}{'games/s':>10}")
    for fmt in ("tenhou6", "mjlog"):
        mine = [ms for (_, f, *_), ms in zip(prepared, ours_ms) if f == fmt]
        print(f"{'ours, verify ' + fmt:34}{statistics.mean(mine):10.2f}{1000 / statistics.mean(mine):10.1f}")
    print(f"{'ours, stats (both formats)':34}{statistics.mean(stats_ms):10.2f}{1000 / statistics.mean(stats_ms):10.1f}")
    for label, times in (("ours, scoring the wins only", scoring_ms), ("mahjong, scoring the wins only", theirs_ms)):
        print(f"{label:34}{statistics.mean(times):10.2f}{1000 / statistics.mean(times):10.1f}")
    other_formats(args.rounds)
    print(f"stats_games_per_second_per_core: {1000 / statistics.mean(stats_ms):.1f}")
    print(f"records_games_per_second_per_core: {1000 / statistics.mean(ours_ms):.1f}")


if __name__ == "__main__":
    main()
