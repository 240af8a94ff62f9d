"""The yaku tables judged under a set of rules: what one table finds in some facts (`Judgement`), and the memo
layer in front of it. A table's judgement is a pure function of its facts and of the rule options its rows read
(`Yaku.options`), so `Judge` (the tables under one set of rules) looks each judgement up per distinct facts, shared
by every set of rules that agrees on those options (TableMemos), and each payment per win paid (settled)."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from app.scoring.facts import (
    DoraFacts,
    DoraValues,
    HandFacts,
    HandValues,
    ShapeFacts,
    ShapeValues,
    Situation,
    SituationValues,
)
from app.scoring.memo import K, Memo, V
from app.scoring.result import YakuScore
from app.scoring.rules import HandRules, check_hand_rules
from app.scoring.settlement import SETTLEMENT_OPTIONS, PaidWin, WinToPay, WinToPayValues, settle
from app.scoring.yaku import (
    DORA_YAKU,
    DRAW_YAKU,
    HAND_YAKU,
    HAND_YAKUMAN,
    READING_YAKU,
    READING_YAKUMAN,
    SITUATION_YAKU,
    Facts,
    Yaku,
    Yakuman,
    options_read,
)

# Distinct facts judged and kept per table, and settlements kept, per set of rules: real hands share few of
# either (tests/test_scoring_facts.py), and the bound keeps memory small under a stream of odd requests.
FACTS_CACHE_LIMIT: Final = 10_000
RULE_SETS_KEPT: Final = 1_000




@dataclass(frozen=True, slots=True, init=False)
class Judgement:
    """What one yaku table finds in some facts: yaku, or yakuman (which leave no room for yaku)."""

    yaku: tuple[YakuScore, ...]
    yakuman: tuple[Yakuman, ...]
    alone: bool  # `yaku` is one yaku that the rules score by itself

    def __init__(self, yaku: tuple[YakuScore, ...], yakuman: tuple[Yakuman, ...], alone: bool) -> None:
        object.__setattr__(self, "yaku", yaku)
        object.__setattr__(self, "yakuman", yakuman)
        object.__setattr__(self, "alone", alone)


NOTHING: Final = Judgement(yaku=(), yakuman=(), alone=False)
YAKU_SCORES: Final[Memo[tuple[str, str, int], YakuScore]] = Memo(lambda key: YakuScore(*key), 1_000, "yaku_scores")


def yaku_score(y: Yaku, han: int) -> YakuScore:
    return YAKU_SCORES[y.id, y.names.en, han]


@dataclass(frozen=True, slots=True)
class Rows:
    """A yaku table as a closed and an open hand read it (rows worth nothing open are left out of `open`)."""

    closed: tuple[Yaku, ...]
    open: tuple[Yaku, ...]

    @classmethod
    def of(cls, table: tuple[Yaku, ...]) -> "Rows":
        return cls(table, tuple(y for y in table if y.han_open))


def judge_yaku(rows: Rows, rules: HandRules, facts: Facts, closed: bool = True) -> Judgement:
    found = []
    for y in rows.closed if closed else rows.open:
        if y.applies(facts, rules):
            score = yaku_score(y, y.han(facts, rules, closed))
            if y.alone(rules):
                return Judgement(yaku=(score,), yakuman=(), alone=True)
            found.append(score)
    return Judgement(yaku=tuple(found), yakuman=(), alone=False)


def judge_table(rows: Rows, yakuman: tuple[Yakuman, ...], rules: HandRules, facts: Facts, closed: bool
                ) -> Judgement:
    found = tuple(y for y in yakuman if y.applies(facts, rules))
    return Judgement(yaku=(), yakuman=found, alone=False) if found else judge_yaku(rows, rules, facts, closed)


SITUATION_ROWS: Final = Rows.of(SITUATION_YAKU)
HAND_ROWS: Final = Rows.of(HAND_YAKU)
READING_ROWS: Final = Rows.of(READING_YAKU)
DORA_ROWS: Final = Rows.of(DORA_YAKU)  # read as closed: the ura dora need riichi
DRAW_ROWS: Final = Rows.of(DRAW_YAKU)


Options = tuple[tuple[str, object], ...]  # (option, value) pairs of a set of rules


def _judged(table: str, judge_one: Callable[[HandRules, K], V], reads: tuple[str, ...]) -> "TableMemos[K, V]":
    """For each set of values of the options `reads`, a memo of the table judged once per distinct facts under
    rules with those values (its rows read no other option, so the rest may stay at their defaults)."""
    return TableMemos(lambda given: Memo(partial(judge_one, rules_with(given)), FACTS_CACHE_LIMIT, f"{table}_judged"),
                      RULE_SETS_KEPT, reads, f"{table}_rules")


def rules_with(given: Options) -> HandRules:
    values: dict[str, Any] = dict(given)
    return HandRules(**values)


class TableMemos(Memo[Options, Memo[K, V]]):
    """Per set of values of the options `reads`, a memo shared by every set of rules that agrees on them."""

    __slots__ = ("reads",)

    def __init__(self, make: Callable[[Options], Memo[K, V]], limit: int, reads: tuple[str, ...], name: str) -> None:
        super().__init__(make, limit, name)
        self.reads = reads

    def under(self, rules: HandRules) -> Memo[K, V]:
        return self[tuple((option, getattr(rules, option)) for option in self.reads)]


def _situation_judged(rules: HandRules, values: SituationValues) -> tuple[Situation, Judgement]:
    w = Situation._make(values)
    return w, judge_yaku(SITUATION_ROWS, rules, w, w.closed)


def _hand_judged(rules: HandRules, values: HandValues) -> tuple[HandFacts, Judgement]:
    h = HandFacts._make(values)
    return h, judge_table(HAND_ROWS, HAND_YAKUMAN, rules, h, h.closed)


def _shape_judged(rules: HandRules, values: ShapeValues) -> tuple[ShapeFacts, Judgement]:
    s = ShapeFacts._make(values)
    return s, judge_table(READING_ROWS, READING_YAKUMAN, rules, s, s.closed)


def _dora_judged(rules: HandRules, values: DoraValues) -> tuple[DoraFacts, Judgement]:
    d = DoraFacts._make(values)
    return d, judge_yaku(DORA_ROWS, rules, d)


# Each table's facts (as their values: facts.py) -> the named facts and their judgement.
SITUATION_JUDGED: Final = _judged("situation", _situation_judged, options_read(SITUATION_YAKU))
HAND_JUDGED: Final = _judged("hand", _hand_judged, options_read(HAND_YAKU, HAND_YAKUMAN))
SHAPE_JUDGED: Final = _judged("shape", _shape_judged, options_read(READING_YAKU, READING_YAKUMAN))
DORA_JUDGED: Final = _judged("dora", _dora_judged, options_read(DORA_YAKU))
def _paid(values: WinToPayValues, rules: HandRules) -> PaidWin:
    return settle(WinToPay._make(values), rules)


# Each win paid (by its values: settlement.win_to_pay), once under every set of rules that agrees on the options
# settlement reads.
SETTLED: Final[TableMemos[WinToPayValues, PaidWin]] = TableMemos(
    lambda given: Memo(partial(_paid, rules=rules_with(given)), FACTS_CACHE_LIMIT, "settled"), RULE_SETS_KEPT,
    SETTLEMENT_OPTIONS, "settled_rules")


class Judge:
    """The yaku tables and the payments under one set of rules, each worked out once per distinct facts. Each
    memo is a pure function of its whole key: the facts (with the options their table reads), or the win paid."""

    def __init__(self, rules: HandRules) -> None:
        check_hand_rules(rules)
        self.rules = rules
        self.situation = SITUATION_JUDGED.under(rules)
        self.hand = HAND_JUDGED.under(rules)
        self.shape = SHAPE_JUDGED.under(rules)
        self.dora = DORA_JUDGED.under(rules)
        self.settled = SETTLED.under(rules)


JUDGES: Final = Memo(Judge, RULE_SETS_KEPT, "judges")
