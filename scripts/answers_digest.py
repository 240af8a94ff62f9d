"""Print one digest of the scoring core's answers (as /hand/score writes them) to generated hands: run it in two
trees to compare them (scripts/mypyc_check.sh compares the mypyc-compiled core with the pure one).

    python scripts/answers_digest.py [--hands 20000]
"""

import argparse
import hashlib
import json
import os
import sys

sys.path.insert(0, os.getcwd())

import msgspec

from app.errors import InvalidInput
from app.scoring import score_hand
from tests.handgen import generate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args()
    encode = msgspec.json.Encoder().encode
    digest = hashlib.sha256()
    for case in generate(20240611, args.hands):
        try:
            digest.update(encode(score_hand(case.hand, case.ctx, case.rules)))
        except InvalidInput as exc:
            digest.update(json.dumps([(p.type, list(p.loc), p.msg) for p in exc.problems]).encode())
    print(f"{args.hands} answers: {digest.hexdigest()}")


if __name__ == "__main__":
    main()
