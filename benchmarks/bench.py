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
  (time.perf_counter_ns around the single call), libraries alternating per hand, hands in a fresh shuffled
  order per round, garbage collection off while timing. Going round-robin over thousands of hands means no
  call is served by a cache of a whole hand: we keep none (only per-suit splits), and the library's
  lru_cache(maxsize=128) on HandDivider._divide_hand_impl is cycled out between two visits of a hand.
* Per hand: the median over rounds. Printed: median and p90 over hands, for each library, and as the
  last line `speedup_vs_mahjong: X.X` = their median / our median.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from dataclasses import replace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402

from app.errors import InvalidInput  # noqa: E402
from app.scoring import score_hand  # noqa: E402
from tests.handgen import GenCase, generate, to_mahjong  # noqa: E402


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


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


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

    ours_ns: list[list[int]] = [[] for _ in range(n)]
    theirs_ns: list[list[int]] = [[] for _ in range(n)]
    order = list(range(n))
    rng = random.Random(args.seed)
    clock = time.perf_counter_ns
    estimate = HandCalculator.estimate_hand_value
    gc.collect()
    gc.disable()
    try:
        for round_no in range(args.rounds):
            rng.shuffle(order)
            for i in order:
                hand, ctx, rules = ours_in[i]
                kw = theirs_in[i]
                if round_no % 2:
                    t0 = clock(); estimate(**kw); t1 = clock()  # noqa: E702
                    score_hand(hand, ctx, rules); t2 = clock()  # noqa: E702
                    theirs_ns[i].append(t1 - t0)
                    ours_ns[i].append(t2 - t1)
                else:
                    t0 = clock(); score_hand(hand, ctx, rules); t1 = clock()  # noqa: E702
                    estimate(**kw); t2 = clock()  # noqa: E702
                    ours_ns[i].append(t1 - t0)
                    theirs_ns[i].append(t2 - t1)
            gc.collect()
    finally:
        gc.enable()

    ours_us = [statistics.median(v) / 1000 for v in ours_ns]
    theirs_us = [statistics.median(v) / 1000 for v in theirs_ns]
    ours_med, theirs_med = statistics.median(ours_us), statistics.median(theirs_us)

    print(f"hands: {n} distinct (seed {args.seed}), rounds: {args.rounds}, python {sys.version.split()[0]}")
    print("composition: " + ", ".join(f"{k}={v}" for k, v in comp.items()))
    print(f"both libraries agree on the total for {agree}/{n} hands")
    print(f"{'library':<10} {'median_us':>10} {'p90_us':>10} {'mean_us':>10}")
    print(f"{'ours':<10} {ours_med:>10.1f} {percentile(ours_us, 0.9):>10.1f} {statistics.fmean(ours_us):>10.1f}")
    print(f"{'mahjong':<10} {theirs_med:>10.1f} {percentile(theirs_us, 0.9):>10.1f} {statistics.fmean(theirs_us):>10.1f}")
    print(f"speedup_vs_mahjong: {theirs_med / ours_med:.1f}")


if __name__ == "__main__":
    main()
