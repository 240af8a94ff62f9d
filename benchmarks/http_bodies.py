"""Request bodies for benchmarks/http_ratio.sh: valid, varied POST /hand/score bodies, one JSON per line.

    .venv/bin/python benchmarks/http_bodies.py OUT_DIR [--hands 1000] [--batch 100] [--seed 4242]
    .venv/bin/python benchmarks/http_bodies.py OUT_DIR --check http://127.0.0.1:PORT

Writes OUT_DIR/single.jsonl (one /hand/score body a line) and OUT_DIR/batch.jsonl (one /hand/score/batch
body a line, --batch items each, made of the same hands in the same order), so that single and batch
requests score the same mix of hands.

The hands come from tests/handgen.py (seed fixed): closed and open hands, kans, chiitoitsu, kokushi and the
other yakuman, riichi, ippatsu, dora and ura dora, red fives, honba and sticks. The bodies look like what
clients send: the winds and the win always, other context fields only when set; a third carry the hand's
drawn rule options beside the tenhou preset, the others name a preset alone (tenhou, mahjong_soul, mleague).
Only hands our core scores under those rules are kept (no no-yaku or incomplete hands), each once.

With --check URL, nothing is written: every body already in OUT_DIR is sent once to the server at URL,
which must answer 200 to each (and `ok` for every batch item); it doubles as the server's warm-up.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.request
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.errors import InvalidInput
from app.scoring import HandRules, resolve_hand_rules, score_hand
from app.scoring.rules import HAND_OPTIONS
from tests.handgen import GenCase, generate

PRESETS = ("tenhou", "mahjong_soul", "mleague")
_RULE_DEFAULTS = asdict(HandRules())
_ALWAYS = ("win", "seat_wind", "round_wind")


def body_of(case: GenCase, n: int) -> tuple[dict, HandRules]:
    ctx = asdict(case.ctx)
    context = {k: v for k, v in ctx.items() if k in _ALWAYS or v not in (False, 0, (), None)}
    for key in ("dora_indicators", "ura_dora_indicators"):
        if key in context:
            context[key] = list(context[key])
    if n % 3 == 0:
        overrides = {name: getattr(case.rules, name) for name in HAND_OPTIONS
                     if getattr(case.rules, name) != _RULE_DEFAULTS[name]}
        rules = {"preset": "tenhou", **overrides}
    else:
        overrides = {}
        rules = {"preset": PRESETS[n % len(PRESETS)]}
    body: dict = {"context": context, "rules": rules}
    if case.hand is not None:
        hand = {"tiles": case.hand.tiles, "win_tile": case.hand.win_tile}
        if case.hand.melds:
            hand["melds"] = [{"type": m.type, "tiles": m.tiles} for m in case.hand.melds]
        body = {"hand": hand, **body}
    return body, resolve_hand_rules(rules["preset"], overrides)


def valid_bodies(seed: int, want: int) -> list[dict]:
    out: list[dict] = []
    seen: set[str] = set()
    for case in generate(seed, want * 4):
        if case.hand is None or case.theme.endswith("+perturbed"):
            continue
        body, rules = body_of(case, len(out))
        key = json.dumps(body, sort_keys=True)
        if key in seen:
            continue
        try:
            score_hand(case.hand, case.ctx, rules)
        except InvalidInput:
            continue
        seen.add(key)
        out.append(body)
        if len(out) == want:
            return out
    raise SystemExit(f"only {len(out)} valid hands found for seed {seed}")


def post(url: str, body: str) -> tuple[int, bytes]:
    request = urllib.request.Request(url, body.encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def check(out_dir: Path, base_url: str) -> None:
    bad = 0
    for name, path in (("single.jsonl", "/hand/score"), ("batch.jsonl", "/hand/score/batch")):
        lines = (out_dir / name).read_text().splitlines()
        bad_here = 0
        for n, body in enumerate(lines):
            status, answer = post(base_url + path, body)
            if status != 200 or (path.endswith("batch") and not all(r["ok"] for r in json.loads(answer)["results"])):
                bad_here += 1
                print(f"{name} line {n + 1}: {status} {answer[:300]!r}", file=sys.stderr)
        print(f"checked: {len(lines) - bad_here} of the {len(lines)} bodies of {name} are scored by {path}")
        bad += bad_here
    if bad:
        raise SystemExit(f"{bad} bodies were not scored")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--check", metavar="URL", help="send every body to the server at URL instead of writing")
    args = parser.parse_args()
    if args.check:
        check(args.out_dir, args.check.rstrip("/"))
        return

    bodies = valid_bodies(args.seed, args.hands)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    dump = lambda value: json.dumps(value, separators=(",", ":"))  # noqa: E731
    with open(args.out_dir / "single.jsonl", "w") as f:
        f.writelines(dump(b) + "\n" for b in bodies)
    with open(args.out_dir / "batch.jsonl", "w") as f:
        for i in range(0, len(bodies) - args.batch + 1, args.batch):
            f.write(dump({"items": bodies[i:i + args.batch]}) + "\n")
    melds = sum("melds" in b.get("hand", {}) for b in bodies)
    riichi = sum(b["context"].get("riichi", False) or b["context"].get("double_riichi", False) for b in bodies)
    dora = sum("dora_indicators" in b["context"] for b in bodies)
    print(f"bodies: {len(bodies)} distinct valid hands (seed {args.seed}): {melds} open or with kans, "
          f"{riichi} riichi, {dora} with dora indicators; batches of {args.batch}")


if __name__ == "__main__":
    main()
