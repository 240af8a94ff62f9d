"""Per-hand scoring speed: our core (app.scoring.score_hand) against the `mahjong` package's
HandCalculator.estimate_hand_value, on the same fixed, seeded set of distinct winning hands.

    .venv/bin/python benchmarks/bench.py [--hands 2400] [--rounds 7] [--seed 9001]

* The hands come from tests/handgen.py (seed fixed): closed and open hands, every kind of kan, chiitoitsu,
  kokushi, the other yakuman, riichi, dora and ura dora, red fives, honba and sticks. Only hands that both
  libraries score (no error) are kept, each distinct (hand, context, rules) once.
* Our rule options the library lacks (yakuman_stacking off, 2-fu double wind pair, baiman renhou) are set
  to the library's fixed behaviour, so both compute the same thing.
* Everything a caller would hold before asking is built outside the timed region: for us the HandInput,
  WinContext and HandRules; for the library the 136-format tile lists, Meld objects and HandConfig.
* One untimed warm-up pass per library, then ROUNDS rounds. Each round times every hand once per library
  (time.perf_counter_ns around the single call): one library's whole pass, then the other's (which goes
  first alternates per round), hands in a fresh shuffled order per round, garbage collection off while
  timing. This is how a caller scores many hands: one library in a loop. Going round-robin over thousands
  of hands means no call is served by a cache of a whole hand: we keep none (only pure pieces: per-suit
  splits, per-meld and per-facts answers), and the library's lru_cache(maxsize=128) on
  HandDivider._divide_hand_impl is cycled out between two visits of a hand.
* The same rounds are also run interleaved (each hand scored by one library, then the other, before the
  next hand), where every call starts with the caches holding the other library's work; that line is
  printed for reference (a pure-Python scorer that caches pieces loses more there).
* Per hand: the median over rounds. Printed: median and p90 over hands, for each library, the interleaved
  medians, and as the last line `speedup_vs_mahjong: X.X` = their median / our median (passes).
* Analysis (POST /hand/analyze's core): each hand of the set less its winning tile is a 13-tile tenpai hand.
  Ours: app.scoring.analysis.analyze_hand (shanten by form, every wait with what it pays by ron and by
  tsumo). The library doing the same work, as its users do: `Shanten.calculate_shanten`, then each of the 34
  tiles (held fewer than four times) tried with `Agari.is_agari`, and every wait scored with
  `HandCalculator.estimate_hand_value` by ron and by tsumo (tests/analysis_harness.py). Timed the same way (passes, rounds, medians);
  printed as `analyze_speedup_vs_mahjong: X.X`, just before the last line.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong.hand_calculating.hand import HandCalculator

from app.errors import InvalidInput
from app.scoring import score_hand
from app.scoring.analysis import analyze_hand
from tests.analysis_harness import Waiting, our_waits, theirs_waits
from tests.handgen import GenCase, generate, to_mahjong

CLOCK = time.perf_counter_ns


def same_work(case: GenCase) -> GenCase:
    """The case under rules the library can express too (our options it lacks set to its behaviour)."""
    rules = replace(case.rules, yakuman_stacking=True, double_wind_pair_fu=4,
                    renhou="mangan" if case.rules.renhou == "baiman" else case.rules.renhou)
    return replace(case, rules=rules)


def build_set(seed: int, want: int) -> list[GenCase]:
    """The first `want` distinct generated hands that both libraries score."""
    chosen: list[GenCase] = []
    seen: set[str] = set()
    index = 0
    while len(chosen) < want:
        for case in generate(seed, 1000, start=index):
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
            if HandCalculator.estimate_hand_value(**to_mahjong(case)).error:
                continue
            seen.add(key)
            chosen.append(case)
            if len(chosen) == want:
                break
        index += 1000
    return chosen


def composition(cases: list[GenCase]) -> dict[str, int]:
    out: dict[str, int] = {}

    def bump(key: str, cond: bool = True) -> None:
        out[key] = out.get(key, 0) + int(cond)

    for c in cases:
        melds = c.hand.melds
        bump("closed", c.closed)
        bump("open", not c.closed)
        bump("with_kan", any(m.type in ("kan", "shouminkan", "ankan") for m in melds))
        bump("chiitoitsu", c.theme == "chiitoitsu")
        bump("kokushi", c.theme == "kokushi")
        bump("riichi", c.ctx.riichi or c.ctx.double_riichi)
        bump("dora", bool(c.ctx.dora_indicators))
        bump("red_five", "0" in c.hand.tiles + "".join(m.tiles for m in melds))
    return out


Call = Callable[[int], object]


def timed(ours: Call, theirs: Call, n: int, rounds: int, seed: int, interleaved: bool) -> tuple[list[float], list[float]]:
    """Per hand, the median µs over rounds, ours and theirs. Each round times every hand once per library, hands
    in a fresh shuffled order, the library that goes first alternating: one library's whole pass after the
    other's, or, interleaved, each hand by one library then the other before the next hand."""
    ours_ns: list[list[int]] = [[] for _ in range(n)]
    theirs_ns: list[list[int]] = [[] for _ in range(n)]
    order = list(range(n))
    rng = random.Random(seed + interleaved)
    for round_no in range(rounds):
        rng.shuffle(order)
        libraries = [(ours, ours_ns), (theirs, theirs_ns)]
        if round_no % 2:
            libraries.reverse()
        with _gc_off():
            if interleaved:
                for i in order:
                    for call, times in libraries:
                        _time_one(call, i, times)
            else:
                for call, times in libraries:
                    for i in order:
                        _time_one(call, i, times)
    return _medians_us(ours_ns), _medians_us(theirs_ns)


def _time_one(call: Call, i: int, times: list[list[int]]) -> None:
    t0 = CLOCK(); call(i); t1 = CLOCK()  # noqa: E702
    times[i].append(t1 - t0)


@contextmanager
def _gc_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _medians_us(times: list[list[int]]) -> list[float]:
    return [statistics.median(v) / 1000 for v in times]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_analysis(cases: list[GenCase], rounds: int, seed: int) -> None:
    waiting = [Waiting(c) for c in cases]
    agree = sum(our_waits(analyze_hand(*w.ours)) == theirs_waits(w) for w in waiting)
    ours = lambda i: analyze_hand(*waiting[i].ours)  # noqa: E731
    theirs = lambda i: theirs_waits(waiting[i])  # noqa: E731
    ours_us, theirs_us = timed(ours, theirs, len(waiting), rounds, seed, interleaved=False)
    ours_med, theirs_med = statistics.median(ours_us), statistics.median(theirs_us)
    waits = statistics.fmean(len(analyze_hand(*w.ours).waits or ()) for w in waiting)
    print(f"analysis: {len(waiting)} tenpai hands (the set less each winning tile), {waits:.2f} waits a hand; both "
          f"agree on the waits and their ron and tsumo han, fu and totals for {agree}/{len(waiting)} hands")
    print(f"{'analysis':<10} ours median {ours_med:.1f} us (p90 {percentile(ours_us, 0.9):.1f}), "
          f"mahjong median {theirs_med:.1f} us (p90 {percentile(theirs_us, 0.9):.1f})")
    print(f"analyze_speedup_vs_mahjong: {theirs_med / ours_med:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2400)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=9001)
    args = parser.parse_args()

    cases = build_set(args.seed, args.hands)
    yakuman_themes = {"daisangen", "suuankou", "tsuuiisou", "chinroutou", "ryuuiisou", "suushii", "chuuren"}
    comp = composition(cases)
    comp["other_yakuman_shapes"] = sum(c.theme in yakuman_themes for c in cases)

    # Inputs, prepared outside the timed region.
    ours_in = [(c.hand, c.ctx, c.rules) for c in cases]
    theirs_in = [to_mahjong(c) for c in cases]
    n = len(cases)

    # Untimed warm-up, and a check that both agree on the total for every hand of the set.
    agree = 0
    for (hand, ctx, rules), kw in zip(ours_in, theirs_in):
        mine = score_hand(hand, ctx, rules)
        other = HandCalculator.estimate_hand_value(**kw)
        agree += mine.points.total == other.cost["total"]

    ours = lambda i: score_hand(*ours_in[i])  # noqa: E731
    theirs = lambda i: HandCalculator.estimate_hand_value(**theirs_in[i])  # noqa: E731
    ours_us, theirs_us = timed(ours, theirs, n, args.rounds, args.seed, interleaved=False)
    ours_mixed, theirs_mixed = timed(ours, theirs, n, args.rounds, args.seed, interleaved=True)
    ours_med, theirs_med = statistics.median(ours_us), statistics.median(theirs_us)

    print(f"hands: {n} distinct (seed {args.seed}), rounds: {args.rounds}, python {sys.version.split()[0]}")
    print("composition: " + ", ".join(f"{k}={v}" for k, v in comp.items()))
    print(f"both libraries agree on the total for {agree}/{n} hands")
    print(f"{'library':<10} {'median_us':>10} {'p90_us':>10} {'mean_us':>10}")
    print(f"{'ours':<10} {ours_med:>10.1f} {percentile(ours_us, 0.9):>10.1f} {statistics.fmean(ours_us):>10.1f}")
    print(f"{'mahjong':<10} {theirs_med:>10.1f} {percentile(theirs_us, 0.9):>10.1f} {statistics.fmean(theirs_us):>10.1f}")
    mixed_ours, mixed_theirs = statistics.median(ours_mixed), statistics.median(theirs_mixed)
    print(f"interleaved (one call of each library in turn, caches shared): ours {mixed_ours:.1f} us, "
          f"mahjong {mixed_theirs:.1f} us, ratio {mixed_theirs / mixed_ours:.1f}")
    bench_analysis(cases, args.rounds, args.seed)
    print(f"speedup_vs_mahjong: {theirs_med / ours_med:.1f}")


if __name__ == "__main__":
    main()
