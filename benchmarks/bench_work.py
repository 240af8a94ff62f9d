"""One build of our core against its peers, on the hands benchmarks/bench.py chose (`make bench` runs it once per
build, in the tree of that build: the source, or a copy with the compiled extensions). Prints its figures, and last
a line `RESULTS {json}` that bench.py reads.

    python benchmarks/bench_work.py hands FILE --rounds 7     # scoring, 13-tile waits, 14-tile discards
    python benchmarks/bench_work.py stream FILE               # a fresh process: every hand of the stream once

How each kind of work is timed is in bench.py's docstring.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong.hand_calculating.hand import HandCalculator

from app.api.health import core_build
from app.scoring import score_hand
from app.scoring.analysis import analyze_hand
from app.scoring.memo import Memo
from benchmarks.peers import discard_cases, our_discards, riichienv_peer, theirs_discards
from tests.analysis_harness import Waiting, our_waits, theirs_waits
from tests.handgen import GenCase, generate_case, to_mahjong

CLOCK = time.perf_counter_ns
Call = Callable[[int], object]


def same_work(case: GenCase) -> GenCase:
    """The case under rules the library can express too (our options it lacks set to its behaviour)."""
    rules = replace(case.rules, yakuman_stacking=True, double_wind_pair_fu=4,
                    renhou="mangan" if case.rules.renhou == "baiman" else case.rules.renhou)
    return replace(case, rules=rules)


def cases_of(seed: int, indices: list[int]) -> list[GenCase]:
    return [same_work(generate_case(seed, i)) for i in indices]


def timed(calls: list[Call], n: int, rounds: int, seed: int, interleaved: bool) -> list[list[float]]:
    """Per library, per hand, the median µs over rounds. Each round times every hand once per library, hands in a
    fresh shuffled order, the library that goes first rotating: one library's whole pass after the other's, or,
    interleaved, each hand by every library in turn before the next hand."""
    times: list[list[list[int]]] = [[[] for _ in range(n)] for _ in calls]
    order = list(range(n))
    rng = random.Random(seed + interleaved)
    for round_no in range(rounds):
        rng.shuffle(order)
        turn = [(calls[k], times[k]) for k in range(len(calls))]
        turn = turn[round_no % len(turn):] + turn[:round_no % len(turn)]
        with gc_off():
            if interleaved:
                for i in order:
                    for call, kept in turn:
                        _time_one(call, i, kept)
            else:
                for call, kept in turn:
                    for i in order:
                        _time_one(call, i, kept)
    return [[statistics.median(v) / 1000 for v in per_hand] for per_hand in times]


def _time_one(call: Call, i: int, kept: list[list[int]]) -> None:
    t0 = CLOCK(); call(i); t1 = CLOCK()  # noqa: E702
    kept[i].append(t1 - t0)


@contextmanager
def gc_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(name: str, libraries: list[str], per_hand: list[list[float]], results: dict[str, Any]) -> None:
    """Print each library's median and p90 µs a hand; keep them under results[name]."""
    results[name] = {lib: statistics.median(us) for lib, us in zip(libraries, per_hand)}
    cells = [f"{lib} median {statistics.median(us):.1f} us (p90 {percentile(us, 0.9):.1f})"
             for lib, us in zip(libraries, per_hand)]
    print(f"{name:<10} " + ", ".join(cells))


def composition(cases: list[GenCase]) -> dict[str, int]:
    yakuman_themes = {"daisangen", "suuankou", "tsuuiisou", "chinroutou", "ryuuiisou", "suushii", "chuuren"}
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
        bump("other_yakuman_shapes", c.theme in yakuman_themes)
        bump("riichi", c.ctx.riichi or c.ctx.double_riichi)
        bump("dora", bool(c.ctx.dora_indicators))
        bump("red_five", "0" in c.hand.tiles + "".join(m.tiles for m in melds))
    return out


def bench_scoring(cases: list[GenCase], rounds: int, seed: int, results: dict[str, Any]) -> None:
    ours_in = [(c.hand, c.ctx, c.rules) for c in cases]
    theirs_in = [to_mahjong(c) for c in cases]
    agree = sum(score_hand(*o).points.total == HandCalculator.estimate_hand_value(**t).cost["total"]
                for o, t in zip(ours_in, theirs_in))
    calls: list[Call] = [lambda i: score_hand(*ours_in[i]), lambda i: HandCalculator.estimate_hand_value(**theirs_in[i])]
    libraries = ["ours", "mahjong"]
    peer = riichienv_peer()
    if peer:
        peer_in = [peer.scoring_input(c) for c in cases]
        peer_agree = sum(score_hand(*o).han == peer.score(*p).han for o, p in zip(ours_in, peer_in))
        calls.append(lambda i: peer.score(*peer_in[i]))
        libraries.append("riichienv")
    n = len(cases)
    per_hand = timed(calls, n, rounds, seed, interleaved=False)
    mixed = timed(calls[:2], n, rounds, seed, interleaved=True)
    print("composition: " + ", ".join(f"{k}={v}" for k, v in composition(cases).items()))
    print(f"both libraries agree on the total for {agree}/{n} hands")
    if peer:
        print(f"riichienv (its own fixed rules) agrees on the han for {peer_agree}/{n} hands")
    print(f"{'library':<10} {'median_us':>10} {'p90_us':>10} {'mean_us':>10}")
    for lib, us in zip(libraries, per_hand):
        print(f"{lib:<10} {statistics.median(us):>10.1f} {percentile(us, 0.9):>10.1f} {statistics.fmean(us):>10.1f}")
    results["scoring"] = {lib: statistics.median(us) for lib, us in zip(libraries, per_hand)}
    ours_mixed, theirs_mixed = (statistics.median(us) for us in mixed)
    print(f"interleaved (one call of each library in turn, caches shared): ours {ours_mixed:.1f} us, "
          f"mahjong {theirs_mixed:.1f} us, ratio {theirs_mixed / ours_mixed:.1f}")


def bench_waits(cases: list[GenCase], rounds: int, seed: int, results: dict[str, Any]) -> None:
    waiting = [Waiting(c) for c in cases]
    agree = sum(our_waits(analyze_hand(*w.ours)) == theirs_waits(w) for w in waiting)
    calls: list[Call] = [lambda i: analyze_hand(*waiting[i].ours), lambda i: theirs_waits(waiting[i])]
    libraries = ["ours", "mahjong"]
    peer = riichienv_peer()
    if peer:
        peer_in = [peer.waiting_input(w) for w in waiting]
        calls.append(lambda i: peer.waits(*peer_in[i]))
        libraries.append("riichienv")
    per_hand = timed(calls, len(waiting), rounds, seed, interleaved=False)
    waits = statistics.fmean(len(analyze_hand(*w.ours).waits or ()) for w in waiting)
    print(f"waits: {len(waiting)} tenpai hands (the set less each winning tile), {waits:.2f} waits a hand; ours and "
          f"mahjong agree on the waits and their ron and tsumo han, fu and totals for {agree}/{len(waiting)} hands")
    summary("waits", libraries, per_hand, results)


def bench_discards(cases: list[GenCase], want: int, rounds: int, seed: int, results: dict[str, Any]) -> None:
    hands = discard_cases(cases, want, seed)
    analyses = [analyze_hand(*d.ours) for d in hands]
    agree = sum(our_discards(a) == theirs_discards(d) for a, d in zip(analyses, hands))
    calls: list[Call] = [lambda i: analyze_hand(*hands[i].ours), lambda i: theirs_discards(hands[i])]
    libraries = ["ours", "mahjong"]
    peer = riichienv_peer()
    if peer:
        peer_in = [peer.discarding_input(d) for d in hands]
        peer_agree = sum(our_discards(a) == sorted(peer.discards(*p)) for a, p in zip(analyses, peer_in))
        print(f"discards: riichienv agrees on every discard's shanten, waits or improving tiles and ukeire for "
              f"{peer_agree}/{len(hands)} hands")
        calls.append(lambda i: peer.discards(*peer_in[i]))
        libraries.append("riichienv")
    per_hand = timed(calls, len(hands), rounds, seed, interleaved=False)
    shanten = [a.shanten for a in analyses]
    spread = ", ".join(f"{s}: {shanten.count(s)}" for s in sorted(set(shanten)))
    print(f"discards: {len(hands)} 14-tile hands (shanten {spread}); ours and mahjong agree on every discard's "
          f"shanten, waits or improving tiles and ukeire for {agree}/{len(hands)} hands")
    summary("discards", libraries, per_hand, results)


def memo_entries() -> int:
    return sum(len(m) for m in gc.get_objects() if isinstance(m, Memo))


def bench_stream(cases: list[GenCase], results: dict[str, Any]) -> None:
    """Every hand once, in the stream's order, in this fresh process: ours over the whole stream, then the
    library's."""
    ours_in = [(c.hand, c.ctx, c.rules) for c in cases]
    theirs_in = [to_mahjong(c) for c in cases]
    held = memo_entries()
    per_hand = []
    for call in (lambda i: score_hand(*ours_in[i]), lambda i: HandCalculator.estimate_hand_value(**theirs_in[i])):
        kept: list[list[int]] = [[] for _ in cases]
        with gc_off():
            for i in range(len(cases)):
                _time_one(call, i, kept)
        per_hand.append([v[0] / 1000 for v in kept])
    ours, theirs = per_hand
    tenth = len(cases) // 10
    print(f"stream: {len(cases)} distinct hands, each scored once by a fresh process (memos held {held} entries "
          f"before it, {memo_entries()} after)")
    summary("stream", ["ours", "mahjong"], per_hand, results)
    print(f"{'':<10} ours median over the first tenth {statistics.median(ours[:tenth]):.1f} us, over the last "
          f"{statistics.median(ours[-tenth:]):.1f} us (mahjong {statistics.median(theirs[:tenth]):.1f}, "
          f"{statistics.median(theirs[-tenth:]):.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("work", choices=["hands", "stream"])
    parser.add_argument("file")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    with open(args.file) as f:
        chosen = json.load(f)
    seed = chosen["seed"]
    results: dict[str, Any] = {"build": core_build(), "python": sys.version.split()[0]}
    peer = riichienv_peer()
    results["riichienv"] = peer.version if peer else None
    if args.work == "stream":
        bench_stream(cases_of(seed, chosen["stream"]), results)
    else:
        cases = cases_of(seed, chosen["scoring"])
        bench_scoring(cases, args.rounds, seed, results)
        bench_waits(cases, args.rounds, seed, results)
        bench_discards(cases, chosen["discards"], max(2, args.rounds // 2), seed, results)
    print("RESULTS " + json.dumps(results))


if __name__ == "__main__":
    main()
