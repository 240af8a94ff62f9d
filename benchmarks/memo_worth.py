"""What each memo earns: `make bench`'s hands (300 by default) scored and analysed (less their winning tile) with
every memo emptied first, once (a first sight: what a fresh worker meets) and then twice more (what `make bench`
measures). For each memo: lookups and misses per hand, what one miss costs (the median time of its function on up
to 200 of the keys it holds, run again after the passes: its own work, the memos it reads warm), the time its
hits save per hand (hits times that cost), and the keys it holds at the end. docs/performance.md
("The memo layer") keeps the figures; a memo whose hits do not save more than its lookups cost goes.

    .venv/bin/python benchmarks/memo_worth.py [--hands 300]
"""

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Hashable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.scoring import memo, score_hand
from app.scoring.analysis import analyze_hand
from benchmarks.bench import build_set
from tests.analysis_harness import Waiting

lookups: dict[str, int] = defaultdict(int)
misses: dict[str, int] = defaultdict(int)


def counted_lookup(self: memo.Memo[Hashable, object], key: Hashable) -> object:
    lookups[self.name] += 1
    return dict.__getitem__(self, key)


def counted_missing(self: memo.Memo[Hashable, object], key: Hashable) -> object:
    misses[self.name] += 1
    return original_missing(self, key)


original_missing: Callable[[memo.Memo[Hashable, object], Hashable], object] = memo.Memo.__missing__


def miss_cost(name: str) -> float:
    """The median µs of the memo's function on up to 200 of its keys."""
    times = []
    for m in list(memo._NAMED.values()):
        if m.name != name:
            continue
        for key in list(m)[:200]:
            start = time.perf_counter_ns()
            m.make(key)
            times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000 if times else 0.0


def run(label: str, work: Callable[[], None], hands: int) -> None:
    found = []
    for passes in (1, 2):
        lookups.clear()
        misses.clear()
        for _ in range(passes):
            work()
        found.append((passes, dict(lookups), dict(misses)))
    for passes, looked, missed in found:
        seen = hands * passes
        print(f"\n{label}, {'first sight' if passes == 1 else 'again (two passes)'}: per hand")
        print(f"{'memo':<18}{'lookups':>9}{'misses':>9}{'miss µs':>9}{'saved µs':>10}{'keys':>8}")
        for name in sorted(looked, key=lambda n: -looked[n]):
            cost = miss_cost(name)
            hits = looked[name] - missed.get(name, 0)
            size = sum(len(m) for m in list(memo._NAMED.values()) if m.name == name)
            print(f"{name:<18}{looked[name] / seen:>9.2f}{missed.get(name, 0) / seen:>9.2f}{cost:>9.2f}"
                  f"{hits * cost / seen:>10.2f}{size:>8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    cases = build_set(9001, args.hands)
    inputs = [(c.hand, c.ctx, c.rules) for c in cases]
    waiting = [Waiting(c).ours for c in cases]
    memo.Memo.__getitem__ = counted_lookup  # type: ignore[method-assign,assignment]
    memo.Memo.__missing__ = counted_missing  # type: ignore[method-assign,assignment]

    def score_all() -> None:
        for hand, ctx, rules in inputs:
            score_hand(hand, ctx, rules)

    def analyze_all() -> None:
        for given, ctx, rules in waiting:
            analyze_hand(given, ctx, rules)

    memo.switch_memos(True)  # every memo emptied: build_set scored the hands
    run("scoring", score_all, len(inputs))
    memo.switch_memos(True)
    run("analysis", analyze_all, len(waiting))


if __name__ == "__main__":
    main()
