"""`make bench`: both builds of our core (the Python source, and the scoring core compiled with mypyc, from the wheel in
dist/) against the `mahjong` library and riichienv (Rust; where it installs), in one run, on the same hands.

    .venv/bin/python benchmarks/bench.py [--hands 2400] [--rounds 7] [--discards 400] [--stream 20000]
                                         [--seed 9001] [--compiled-wheel auto|none]

* The hands come from tests/handgen.py (seed fixed): closed and open hands, every kind of kan, chiitoitsu,
  kokushi, the other yakuman, riichi, dora and ura dora, red fives, honba and sticks. Only hands that both
  libraries score (no error) are kept, each distinct (hand, context, rules) once. Our rule options the library
  lacks (yakuman_stacking off, 2-fu double wind pair, baiman renhou) are set to its fixed behaviour.
* Each build runs in a process of its own (benchmarks/bench_work.py), in its own tree: this one for the source, a
  scratch copy with the wheel's C extensions beside the sources for the compiled build. Each ratio is the peer's
  median over ours, both timed in that process, so a build's ratios do not move with what the other build met.
* Everything a caller would hold before asking is built outside the timed region (our dataclasses; the library's
  136-format lists, Meld objects and HandConfig; riichienv's id lists, Meld and Conditions). One untimed pass,
  then ROUNDS rounds; each round times every hand once per library (time.perf_counter_ns around the one call), one
  library's whole pass after the other's (who goes first rotates), hands shuffled anew, garbage collection off
  while timing. Per hand the median over rounds; printed, the median over hands.
* scoring: app.scoring.score_hand against HandCalculator.estimate_hand_value (and riichienv's HandEvaluator.calc).
  The same rounds run interleaved (each hand by one library then the other) are printed for reference.
* waits: each hand less its winning tile, a 13-tile tenpai hand: our analyze_hand (shanten by form, every wait
  with what it pays by ron and by tsumo) against the library as its users do it: Shanten, each of the 34 tiles
  tried with Agari.is_agari, every wait scored by ron and by tsumo (tests/analysis_harness.py).
* discards: DISCARDS 14-tile hands, the set's first hands with 0-3 concealed tiles swapped for random ones: our
  analyze_hand (every discard with its shanten, its waits valued or its improving tiles, and ukeire) against the
  library's Shanten per discard, then per tile its agari check (tenpai: every wait scored by ron and tsumo) or
  Shanten again (benchmarks/peers.py). Half the rounds (at least 2).
* stream: what real traffic meets. A fresh process (memos empty) scores STREAM distinct hands once each, in order,
  then the library does; the ratio of the medians over the stream.

Printed: each build's figures, a table side by side, then one per line `NAME: X.X` for the compiled build
(`compiled_speedup_vs_mahjong`, `compiled_analyze_speedup_vs_mahjong`, `compiled_discard_speedup_vs_mahjong`,
`compiled_stream_speedup_vs_mahjong`) and the same names unprefixed for the source, `speedup_vs_mahjong` last.
Where dist/ holds no compiled wheel, only the build of this tree runs (named by what it is).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong.hand_calculating.hand import HandCalculator

from app.errors import InvalidInput
from app.scoring import score_hand
from benchmarks.bench_work import cases_of, same_work
from scripts.compiled_extensions import compiled_wheel, extract_extensions
from tests.handgen import GenCase, generate
from tests.handgen import to_mahjong as mahjong_args

ROOT = Path(__file__).resolve().parent.parent
# The names of the ratios, by kind of work; the compiled build's carry the prefix compiled_.
RATIOS = {"scoring": "speedup_vs_mahjong", "waits": "analyze_speedup_vs_mahjong",
          "discards": "discard_speedup_vs_mahjong", "stream": "stream_speedup_vs_mahjong"}
PRINTED_LAST = "scoring"
TREE = ["app", "tests", "benchmarks", "scripts"]


def choose(seed: int, want: int) -> list[int]:
    """The generator's indices of the first `want` distinct hands that both libraries score."""
    chosen: list[int] = []
    seen: set[str] = set()
    start = 0
    while len(chosen) < want:
        for case in generate(seed, 1000, start=start):
            if case.hand is None or case.theme.endswith("+perturbed"):
                continue
            case = same_work(case)
            key = repr((case.hand, case.ctx, case.rules))
            if key in seen:
                continue
            try:
                score_hand(case.hand, case.ctx, case.rules)
            except InvalidInput:
                continue
            if HandCalculator.estimate_hand_value(**mahjong_args(case)).error:
                continue
            seen.add(key)
            chosen.append(case.index)
            if len(chosen) == want:
                break
        start += 1000
    return chosen


def build_set(seed: int, want: int) -> list[GenCase]:
    """The first `want` distinct hands that both libraries score, as the workers rebuild them."""
    return cases_of(seed, choose(seed, want))


def compiled_tree(wheel_choice: str, scratch: Path) -> tuple[Path | None, str]:
    """A copy of this tree with the compiled wheel's extensions, or None and why not."""
    if wheel_choice == "none":
        return None, "not asked for (--compiled-wheel none)"
    try:
        wheel = compiled_wheel()
    except SystemExit as why:
        return None, str(why)
    for name in TREE:
        shutil.copytree(ROOT / name, scratch / name, ignore=shutil.ignore_patterns("__pycache__"))
    extract_extensions(wheel, scratch)
    return scratch, wheel.name


def run_worker(tree: Path, work: str, chosen_file: str, rounds: int) -> dict[str, Any]:
    command = [sys.executable, "benchmarks/bench_work.py", work, chosen_file, "--rounds", str(rounds)]
    run = subprocess.run(command, cwd=tree, capture_output=True, text=True)
    if run.returncode:
        sys.stderr.write(run.stdout + run.stderr)
        raise SystemExit(f"benchmarks/bench_work.py {work} failed in {tree}")
    lines = run.stdout.strip().splitlines()
    for line in lines[:-1]:
        print(f"  {line}")
    assert lines[-1].startswith("RESULTS "), lines[-1]
    return json.loads(lines[-1].removeprefix("RESULTS "))


def table(builds: dict[str, dict[str, Any]]) -> None:
    """Per kind of work and build: µs a hand (the medians), ours and the peers' as timed in that build's process,
    and the peers' ratios to the library beside ours."""
    peers = ["riichienv"] if any("riichienv" in r["scoring"] for r in builds.values()) else []
    heads = ["ours_us", "mahjong_us", *(f"{p}_us" for p in peers), "ours_x", *(f"{p}_x" for p in peers)]
    print(f"{'work':<10} {'build':<9}" + "".join(f"{h:>14}" for h in heads))
    for kind in RATIOS:
        for build, results in builds.items():
            r = results[kind]
            figures = [r["ours"], r["mahjong"], *(r.get(p) for p in peers)]
            ratios = [r["mahjong"] / r[name] if name in r else None for name in ["ours", *peers]]
            print(f"{kind:<10} {build:<9}" + "".join("{:>14}".format("-" if v is None else f"{v:.1f}")
                                                      for v in figures + ratios))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2400)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--discards", type=int, default=400)
    parser.add_argument("--stream", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=9001)
    parser.add_argument("--compiled-wheel", choices=["auto", "none"], default="auto")
    args = parser.parse_args()

    indices = choose(args.seed, max(args.hands, args.stream))
    chosen = {"seed": args.seed, "scoring": indices[:args.hands], "discards": args.discards,
              "stream": indices[:args.stream]}
    with tempfile.TemporaryDirectory() as scratch:
        chosen_file = os.path.join(scratch, "hands.json")
        with open(chosen_file, "w") as f:
            json.dump(chosen, f)
        compiled, why = compiled_tree(args.compiled_wheel, Path(scratch) / "compiled")
        trees = [ROOT] if compiled is None else [compiled, ROOT]
        print(f"hands: {args.hands} distinct (seed {args.seed}), rounds: {args.rounds}, discards: {args.discards}, "
              f"stream: {args.stream}, python {sys.version.split()[0]}; compiled build: {why}")
        builds: dict[str, dict[str, Any]] = {}
        for tree in trees:
            print(f"== {'the compiled wheel' if tree == compiled else 'this tree'} ==")
            results = run_worker(tree, "hands", chosen_file, args.rounds)
            results.update(run_worker(tree, "stream", chosen_file, args.rounds))
            print(f"  (the {results['build']} build; riichienv {results['riichienv'] or 'not installed'})")
            builds[results["build"]] = results
    table(builds)
    for build, results in builds.items():
        prefix = "" if build == "pure" else f"{build}_"
        for kind, name in sorted(RATIOS.items(), key=lambda item: item[0] == PRINTED_LAST):
            print(f"{prefix}{name}: {results[kind]['mahjong'] / results[kind]['ours']:.1f}")


if __name__ == "__main__":
    main()
