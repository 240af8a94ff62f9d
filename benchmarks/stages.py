"""Where a hand's scoring time goes, stage by stage, on first sight (the stream) and on hands seen before (the
bench): instructions counted by callgrind, for whichever build this tree runs (benchmarks/stages.sh runs it for
both). Run k does the first k stages of /hand/score's pipeline (app/scoring/evaluate.score_hand) for each of HANDS
distinct hands, PASSES times, in a fresh process; a stage's cost is the difference between two runs.

    .venv/bin/python benchmarks/stages.py STAGES PASSES --indices FILE [--hands 1000]

The stages (today's pipeline; rename them with it): 1 validate (parse_hand: the hand and context checked and
parsed), 2 readings (every reading of the tiles), 3 hand facts (hand_facts and the tile and dora tables judged),
4 readings scored (each reading's shape facts, fu, shape table and value: value_wins less stage 3), 5 answer
(the settlement and the result object).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.scoring import score_hand
from app.scoring.decompose import readings
from app.scoring.evaluate import tiles_judged, value_wins, way_to_win
from app.scoring.judge import JUDGES
from app.scoring.validate import parse_hand
from benchmarks.bench_work import cases_of

STAGES = ("validate", "readings", "hand facts", "readings scored", "answer")


def run(inputs: list, stages: int) -> None:
    for hand, ctx, rules in inputs:
        if stages == len(STAGES):
            score_hand(hand, ctx, rules)
            continue
        if stages == 0:
            continue
        judge = JUDGES[rules]
        parsed = parse_hand(hand, ctx, rules)
        if stages == 1:
            continue
        found = readings(parsed, False)
        if stages == 3:
            tiles_judged(parsed, ctx, judge)
        elif stages == 4:
            value_wins(parsed, found, (way_to_win(ctx, judge, parsed.called.closed),), judge)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("stages", type=int, choices=range(len(STAGES) + 1))
    parser.add_argument("passes", type=int)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=9001)
    parser.add_argument("--indices", help="a file of the generator's indices, one a line (benchmarks/stages.sh)")
    args = parser.parse_args()
    with open(args.indices) as f:
        indices = [int(line) for line in f][:args.hands]
    inputs = [(c.hand, c.ctx, c.rules) for c in cases_of(args.seed, indices)]
    for _ in range(args.passes):
        run(inputs, args.stages)


if __name__ == "__main__":
    main()
