"""Score the first HANDS hands of `make bench`'s set ROUNDS times with one library, after one untimed pass
that fills the caches; or (`ours-analysis`, `mahjong-analysis`) analyse them less their winning tile, as
`make bench`'s analysis line does. benchmarks/instructions.sh runs this under callgrind with 0 and 2 rounds: the
difference, per hand, is what scoring (analysing) costs in instructions, a figure that does not move with load.
ROUNDS -1 makes no pass: 0 against -1 is a first sight of the hands (every memo emptied after the set is built).

    .venv/bin/python benchmarks/instructions.py {ours|mahjong|ours-analysis|mahjong-analysis} ROUNDS [--hands 300]
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong.hand_calculating.hand import HandCalculator

from app.scoring import score_hand
from app.scoring.analysis import analyze_hand
from app.scoring.memo import switch_memos
from benchmarks.bench import build_set
from tests.analysis_harness import Waiting, theirs_waits
from tests.handgen import to_mahjong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("library", choices=("ours", "mahjong", "ours-analysis", "mahjong-analysis"))
    parser.add_argument("rounds", type=int)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=9001)
    args = parser.parse_args()
    cases = build_set(args.seed, args.hands)
    switch_memos(True)  # emptied: building the set scored the hands, so the untimed pass is a first sight
    if args.library.endswith("-analysis"):
        waiting = [Waiting(c) for c in cases]
        for _ in range(args.rounds + 1):
            for w in waiting:
                analyze_hand(*w.ours) if args.library == "ours-analysis" else theirs_waits(w)
    elif args.library == "ours":
        inputs = [(c.hand, c.ctx, c.rules) for c in cases]
        for _ in range(args.rounds + 1):
            for hand, ctx, rules in inputs:
                score_hand(hand, ctx, rules)
    else:
        kwargs = [to_mahjong(c) for c in cases]
        for _ in range(args.rounds + 1):
            for kw in kwargs:
                HandCalculator.estimate_hand_value(**kw)


if __name__ == "__main__":
    main()
