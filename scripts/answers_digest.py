"""Print the digests of the core's golden answers (tests/golden.py): /hand/score's to generated hands, to the
same hands with their context perturbed, and /hand/analyze's to them less their winning tile and whole. Run it
in two trees, or with MAHJONG_MEMO=off, to compare them (scripts/mypyc_check.sh compares the mypyc-compiled
core with the pure one).

    python scripts/answers_digest.py [--kinds score,perturbed,analyze,discards] [--scale 1.0] [--check]

With --check (the full set only) it fails unless every digest is the one recorded before #21 (GOLDEN_FULL).
"""

import argparse
import os
import sys

sys.path.insert(0, os.getcwd())

from tests.golden import FULL, GOLDEN_FULL, digest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kinds", default=",".join(FULL), help="comma-separated: " + ", ".join(FULL))
    parser.add_argument("--scale", type=float, default=1.0, help="the share of each kind's full count to run")
    parser.add_argument("--check", action="store_true", help="compare with the digests recorded before #21")
    args = parser.parse_args()
    differ = []
    for kind in args.kinds.split(","):
        n = round(FULL[kind] * args.scale)
        found = digest(kind, n)
        print(f"{kind} {n}: {found}", flush=True)
        if found != GOLDEN_FULL[kind]:
            differ.append(kind)
    if args.check and differ:
        sys.exit(f"different from the golden answers: {', '.join(differ)}")


if __name__ == "__main__":
    main()
