"""The golden answers: what the core answers to a large seeded set of generated requests, as one digest per
kind of answer, so that a change meant to keep behaviour can prove it kept every answer byte for byte.

Four kinds, each a pure function of its count:
- `score`: /hand/score's answer (or its problems) to the generated hands of four and three players;
- `perturbed`: the same hands with context flags switched on or off at random, so the context checks refuse
  many of them (each refusal's problems are part of the digest);
- `analyze`: /hand/analyze's answer to the hands less their winning tile (13 tiles: waits and values);
- `discards`: /hand/analyze's answer to whole hands (14 tiles: every discard analysed).

scripts/answers_digest.py prints the digests of the full set (and `--check` compares them with GOLDEN_FULL);
tests/test_golden.py checks a subset against GOLDEN_SMALL, with the memos on and off (app.scoring.memo).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import replace

import msgspec

from app.errors import InvalidInput
from app.scoring import score_hand
from app.scoring.analysis import AnalysisInput, analyze_hand
from app.scoring.hand import WinContext
from tests.analysis_harness import Waiting
from tests.handgen import GenCase, generate

SEED = 20240611
FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou",
         "renhou")
_encode = msgspec.json.Encoder().encode


def cases(n: int) -> Iterator[GenCase]:
    """n generated hands: three of four at a table of four players, one of four at a table of three."""
    three = n // 4
    yield from generate(SEED, n - three)
    yield from generate(SEED, three, players=3)


def _answer(call: Callable[..., object], *args: object) -> bytes:
    try:
        return _encode(call(*args))
    except InvalidInput as exc:
        return json.dumps([(p.type, list(p.loc), p.msg) for p in exc.problems]).encode()


def perturbed(case: GenCase) -> WinContext:
    """The case's context with one to three flags flipped and, now and then, the other kind of win."""
    rng = random.Random(f"golden:{case.seed}:{case.index}:{case.rules.players}")
    ctx = case.ctx
    changes: dict[str, object] = {flag: not getattr(ctx, flag) for flag in rng.sample(FLAGS, rng.randint(1, 3))}
    if rng.random() < 0.3:
        changes["win"] = "tsumo" if ctx.win == "ron" else "ron"
    if rng.random() < 0.1:
        changes["discarder_seat_wind"] = ctx.seat_wind
    return replace(ctx, **changes)  # type: ignore[arg-type]


def score_answers(n: int) -> Iterator[bytes]:
    for case in cases(n):
        yield _answer(score_hand, case.hand, case.ctx, case.rules)


def perturbed_answers(n: int) -> Iterator[bytes]:
    for case in cases(n):
        yield _answer(score_hand, case.hand, perturbed(case), case.rules)


def analyze_answers(n: int) -> Iterator[bytes]:
    for case in cases(n):
        if case.hand is not None:
            yield _answer(analyze_hand, *Waiting(case).ours)


def discard_answers(n: int) -> Iterator[bytes]:
    for case in cases(n):
        if case.hand is not None:
            yield _answer(analyze_hand, AnalysisInput(case.hand.tiles, case.hand.melds), case.ctx, case.rules)


KINDS: dict[str, Callable[[int], Iterator[bytes]]] = {
    "score": score_answers, "perturbed": perturbed_answers, "analyze": analyze_answers, "discards": discard_answers}
# How many hands each kind takes in the full set (scripts/answers_digest.py) and in the test's subset.
FULL = {"score": 52_000, "perturbed": 20_000, "analyze": 20_000, "discards": 4_000}
SMALL = {"score": 2_000, "perturbed": 1_000, "analyze": 600, "discards": 100}
# The digests recorded at 4d58b31, before the core's redesign (#21): a change that keeps behaviour keeps them.
GOLDEN_FULL = {
    "score": "3385a1b29f60a9c9a250c77382d1613a0bd879fb2a190cef3eeb00ea6a5ba1a0",
    "perturbed": "4664be2f9e7ebf396c4c434c6cf22cd570cb56d45da47a0948bdeb53af5a4c5f",
    "analyze": "5c008b5e0890ec294954ccff0ca85fa8e98308276c068dc3ea171f3246fe6461",
    "discards": "7c0c2f2ca0309380b4e49602913fc660a9abb93b1bae4eecc1fd62da6ff17d65",
}
GOLDEN_SMALL = {
    "score": "f73f54e2f71b863a679bd603b5d5afc1b43f3dcaefe61f150d204652934ca8a4",
    "perturbed": "541f777840fc8e8fbfcc308f04f370e2b5a9af49fd12dba4aa92b385be14f45b",
    "analyze": "95d5ea660dffb9a91fc5beee87a996cd34824551b5918afd40e38b05fe4e122f",
    "discards": "42c8bf471bfbef0350b811f7461a3c8a606d808fbc8827309600e0eb9a0caa94",
}


def digest(kind: str, n: int) -> str:
    found = hashlib.sha256()
    for answer in KINDS[kind](n):
        found.update(answer)
        found.update(b"\n")
    return found.hexdigest()
