"""The scoring core's design promises, each checked: answers cannot be changed by a caller, every yaku row reads
only the rule options it declares (so sharing a table's memo across rules is sound), every context check can
fail only when one of its triggers is set (so skipping the others is sound), the vocabulary agrees with
itself, and no function grows past 60 lines."""

import ast
import dataclasses
import random
from pathlib import Path
from typing import Any, get_args

import pytest

from app.api.health import core_build
from app.errors import InvalidInput
from app.scoring import HandInput, HandRules, MeldInput, WinContext, resolve_hand_rules, score_hand
from app.scoring.annotations import field_types
from app.scoring.decompose import readings
from app.scoring.facts import (
    DoraFacts,
    HandFacts,
    ShapeFacts,
    Situation,
    dora_facts,
    hand_facts,
    shape_facts,
    situation,
    value_honors,
)
from app.scoring.judge import JUDGES
from app.scoring.rules import HAND_OPTIONS, PRESETS
from app.scoring.settlement import SETTLEMENT_OPTIONS, WinToPay, settle, win_to_pay
from app.scoring.validate import CONTEXT_CHECKS, context_problems, parse_hand
from app.scoring.vocabulary import (
    MELD_TYPES,
    RENHOU_VALUES,
    WIND_NAMES,
    YAKUMAN_LIMITS,
    Limit,
    MeldType,
    Renhou,
    Wind,
    WinType,
)
from app.scoring.yaku import (
    DORA_YAKU,
    DRAW_YAKU,
    HAND_YAKU,
    HAND_YAKUMAN,
    READING_YAKU,
    READING_YAKUMAN,
    SITUATION_YAKU,
)
from tests.handgen import generate

APP = Path(__file__).resolve().parent.parent / "app"


# --- answers are immutable ------------------------------------------------------------------------------

def _answer() -> Any:
    hand = HandInput("123m456p789s11z", "1z", (MeldInput("ankan", "7777z"),))
    ctx = WinContext(win="tsumo", seat_wind="south", riichi=True, dora_indicators=("9s",), honba=2, riichi_sticks=1)
    return score_hand(hand, ctx, HandRules())


def _parts(value: object) -> list[object]:
    """The answer and every object inside it."""
    found = [value]
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            found += _parts(getattr(value, f.name))
    elif isinstance(value, tuple):
        for item in value:
            found += _parts(item)
    return found


def test_no_part_an_answer_shares_can_be_changed() -> None:
    """The answer object is the caller's own (made anew per hand); everything inside it is frozen or a tuple."""
    parts = _parts(_answer())[1:]
    dataclass_parts = [p for p in parts if dataclasses.is_dataclass(p)]
    assert len(dataclass_parts) > 10  # its points, yaku, fu items, groups and payments
    for part in dataclass_parts:
        for f in dataclasses.fields(part):  # type: ignore[arg-type]
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(part, f.name, 1)
    for part in parts:
        assert not isinstance(part, list | dict | set), part


def test_a_changed_answer_does_not_reach_later_answers() -> None:
    """The defect this design removed: a cached Points was shared, and setting its total changed later answers."""
    first = _answer()
    changed = _answer()
    changed.han, changed.yaku, changed.payments = 99, (), ()
    assert _answer() == first != changed
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.points.total = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.payments[0].points = 1  # type: ignore[misc]
    assert _answer() == first and _answer().points.total == first.points.total > 1


# --- yaku rows read only the options they declare -----------------------------------------------------

class RecordingRules:
    """Rules that note every option read, for checking what a row's functions depend on."""

    def __init__(self, rules: HandRules) -> None:
        self._rules = rules
        self.read: set[str] = set()

    def __getattr__(self, name: str) -> object:
        self.read.add(name)
        return getattr(self._rules, name)


def _rule_sets() -> list[HandRules]:
    """Every preset, and the default with each option moved to each of its other allowed values."""
    found = [resolve_hand_rules(name, {}) for name in PRESETS]
    for name, option in HAND_OPTIONS.items():
        spec = option.spec
        others = spec.choices or ((not option.default,) if isinstance(option.default, bool) else ())
        found += [HandRules(**{name: value}) for value in others if value != option.default]
    return found


def _generated_facts() -> dict[str, set[object]]:
    found: dict[str, set[object]] = {"situation": set(), "hand": set(), "shape": set(), "dora": set(), "draw": set()}
    for case in generate(31, 1500):
        if case.hand is None or case.ctx.nagashi_mangan:
            found["draw"].add(case.ctx)
            continue
        try:
            hand = parse_hand(case.hand, case.ctx, case.rules)
        except InvalidInput:
            continue
        h = HandFacts._make(hand_facts(hand, case.ctx))
        found["hand"].add(h)
        found["situation"].add(Situation._make(situation(case.ctx, h.closed)))
        found["dora"].add(DoraFacts._make(dora_facts(hand, case.ctx, 4)))
        found["shape"].update(ShapeFacts._make(shape_facts(h, hand, r, value_honors(case.ctx)))
                              for r in readings(hand, case.ctx.win == "ron"))
    found["draw"] |= {WinContext(nagashi_mangan=True), WinContext()}
    return found


TABLES = {"situation": SITUATION_YAKU, "hand": HAND_YAKU + HAND_YAKUMAN, "shape": READING_YAKU + READING_YAKUMAN,
          "dora": DORA_YAKU, "draw": DRAW_YAKU}


@pytest.mark.skipif(core_build() == "compiled", reason="a compiled predicate takes only a real HandRules, so the "
                    "recording stand-in cannot watch it; the pure build runs this test on the same source")
def test_every_yaku_row_reads_only_the_rule_options_it_declares() -> None:
    facts = _generated_facts()
    assert all(len(found) >= 2 for found in facts.values())
    for table, rows in TABLES.items():
        for row in rows:
            for rules in _rule_sets():
                recorder = RecordingRules(rules)
                for f in facts[table]:
                    if row.applies(f, recorder) and isinstance(row, type(SITUATION_YAKU[0])):  # type: ignore[arg-type]
                        row.alone(recorder)  # type: ignore[arg-type]
                        if row.value is not None:
                            row.value(f, recorder)  # type: ignore[arg-type]
                assert recorder.read <= set(row.options), (row.id, recorder.read)


@pytest.mark.skipif(core_build() == "compiled", reason="a compiled function takes only a real HandRules, so the "
                    "recording stand-in cannot be passed; the pure build runs this test on the same source")
def test_settlement_reads_only_the_options_it_declares() -> None:
    wins = [win_to_pay(base=base, pao_base=pao, winner=winner, tsumo=tsumo, discarder=None if tsumo else "west",
                       liable="north" if pao else None, honba=honba, riichi_sticks=1)
            for base in (1920, 8000, 16000) for pao in (0, 8000) if pao <= base for winner in ("east", "south")
            for tsumo in (False, True) for honba in (0, 2)]
    for rules in _rule_sets():
        recorder = RecordingRules(rules)
        for win in wins:
            settle(WinToPay._make(win), recorder)  # type: ignore[arg-type]
        assert recorder.read <= set(SETTLEMENT_OPTIONS), recorder.read


def test_rules_that_agree_on_what_a_table_reads_share_its_memo() -> None:
    plain, kiriage, kuitan_off = HandRules(), HandRules(kiriage_mangan=True), HandRules(open_tanyao=False)
    assert JUDGES[plain].shape is JUDGES[kiriage].shape is JUDGES[kuitan_off].shape
    assert JUDGES[plain].hand is JUDGES[kiriage].hand
    assert JUDGES[plain].hand is not JUDGES[kuitan_off].hand  # tanyao reads open_tanyao
    assert JUDGES[plain].settled is JUDGES[kuitan_off].settled is not JUDGES[HandRules(honba_points=600)].settled


# --- context checks fail only when a trigger is set ------------------------------------------------

def _random_value(rng: random.Random, kind: object) -> object:
    """A random value of a WinContext field's type (a few indicators of two tiles for the indicator lists)."""
    choices: dict[object, tuple[object, ...]] = {
        bool: (True, False, False, False), int: (0, 0, 1, 2), Wind: WIND_NAMES, Wind | None: (None, *WIND_NAMES),
        WinType: ("ron", "tsumo"), tuple[str, ...]: ((), ("1m",), ("1m", "2m"))}
    return rng.choice(choices[kind])


def _contexts(rng: random.Random, n: int) -> list[WinContext]:
    """Contexts with every field drawn at random (the fields derived from WinContext itself)."""
    kinds = field_types(WinContext)  # as written: the compiled build keeps only erased classes in __annotations__
    return [WinContext(**{f.name: _random_value(rng, kinds[f.name]) for f in dataclasses.fields(WinContext)})
            for _ in range(n)]


def test_a_context_check_fails_only_when_one_of_its_triggers_is_set() -> None:
    """Every field of WinContext drawn at random, under every preset and three players: context_problems, which
    asks only the checks with a trigger set whether they are broken, finds exactly the checks that fail; every check
    fails somewhere; and a check that does not declare it reads the tiles answers alike for hands with the same
    melds (so evaluate.value_wins need only ask win_refused of each wait)."""
    rng = random.Random(5)
    hands = [parse_hand(HandInput(tiles, win, melds), WinContext(), HandRules()) for tiles, win, melds in (
        ("234567m456p22678s", "8s", ()),
        ("234567m456p67888s", "8s", ()),
        ("567m456p22678s", "8s", (MeldInput("chi", "234m"),)),
        ("567m456p22678s", "8s", (MeldInput("ankan", "2222m"),)),
    )]
    every_rules = [resolve_hand_rules(preset, {}) for preset in PRESETS]
    every_rules.append(resolve_hand_rules(None, {"players": 3}))
    failed: set[str] = set()
    for ctx in _contexts(rng, 3000):
        for hand in hands:
            for rules in every_rules:
                failing = [check for check in CONTEXT_CHECKS if check.fails(ctx, hand)]
                assert [p.msg for p in context_problems(ctx, hand)] == [check.msg for check in failing], ctx
                failed.update(check.msg for check in failing)
                for check in CONTEXT_CHECKS:
                    if not check.reads_tiles:
                        alike = [h for h in hands if h.melds == hand.melds]
                        assert {check.fails(ctx, h) for h in alike} == {check.fails(ctx, hand)}, check.msg
    assert failed == {check.msg for check in CONTEXT_CHECKS}


# --- one vocabulary, small functions ---------------------------------------------------------------

@pytest.mark.parametrize(("literal", "values"), [
    (Wind, WIND_NAMES), (MeldType, MELD_TYPES), (Renhou, RENHOU_VALUES),
    (Limit, ("none", "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", *YAKUMAN_LIMITS)),
])
def test_each_word_list_is_its_literal_type(literal: object, values: tuple[str, ...]) -> None:
    assert get_args(literal) == values


def _functions() -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    found = []
    for path in sorted(APP.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                found.append((f"{path.relative_to(APP.parent)}:{node.lineno} {node.name}", node))
    return found


def test_no_function_is_longer_than_60_lines() -> None:
    long = [name for name, node in _functions() if (node.end_lineno or node.lineno) - node.lineno + 1 > 60]
    assert len(_functions()) > 100 and not long


def test_no_part_an_analysis_shares_can_be_changed() -> None:
    """The analysis answer, like the score's, is made anew per request; everything in it that other answers can
    share (the points of each wait's values) is frozen, and every list is a tuple."""
    from app.scoring.analysis import AnalysisInput, analyze_hand
    from app.scoring.settlement import Points

    for tiles in ("234567m456p2267s", "234567m456p22678s"):
        answer = analyze_hand(AnalysisInput(tiles), WinContext(riichi=True, dora_indicators=("1p",)), HandRules())
        parts = _parts(answer)
        points = [p for p in parts if isinstance(p, Points)]
        assert points
        for part in points:
            with pytest.raises(dataclasses.FrozenInstanceError):
                part.total = 1  # type: ignore[misc]
        for part in parts:
            assert not isinstance(part, list | dict | set), part


# --- score and analyze cannot disagree on whether a win is allowed -----------------------------------

def test_every_refusal_of_score_on_a_wait_is_a_null_value_in_analyze() -> None:
    """Generated hands less their winning tile, their contexts perturbed (tests/golden.py: flags switched, so
    that the context checks refuse wins): for each wait /hand/analyze lists, /hand/score on that hand by ron and
    by tsumo refuses exactly where the analysis's value is null (no yaku, or a context the checks refuse), and
    answers its value where it is not. The one named difference: a wait whose every copy is held or shown (an
    indicator, the ura dora's included) is still valued, which /hand/score refuses as a fifth copy
    (tests/test_analysis.py, test_a_wait_whose_copies_are_all_visible)."""
    from app.scoring.analysis import analyze_hand, win_contexts
    from tests.analysis_harness import Waiting
    from tests.golden import cases, perturbed

    refused: dict[str, int] = {}
    valued = 0
    for case in cases(1200):
        if case.hand is None:
            continue
        given, _, rules = Waiting(case).ours
        ctx = perturbed(case) if case.index % 2 else case.ctx
        try:
            waits = analyze_hand(given, ctx, rules).waits or ()
        except InvalidInput:
            continue
        for wait in waits:
            hand = HandInput(given.tiles + wait.tile, wait.tile, given.melds)
            for kind, context in zip(("ron", "tsumo"), win_contexts(ctx)[:2], strict=False):
                value = getattr(wait, kind)
                try:
                    scored = score_hand(hand, context, rules)
                except InvalidInput as exc:
                    if exc.problems[0].type == "too_many_copies":
                        continue  # every copy in sight (indicators included): valued all the same
                    assert value is None, (case.describe(), wait.tile, kind, exc.problems)
                    refused[exc.problems[0].type] = refused.get(exc.problems[0].type, 0) + 1
                    continue
                assert value is not None, (case.describe(), wait.tile, kind)
                assert (value.han, value.fu, value.limit, value.points) == (
                    scored.han, scored.fu, scored.limit, scored.points), (case.describe(), wait.tile, kind)
                valued += 1
    assert valued > 1000 and refused.get("no_yaku", 0) > 100 and refused.get("inconsistent_context", 0) > 5, refused
