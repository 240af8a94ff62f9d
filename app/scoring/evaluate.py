"""Score a winning hand: every reading is scored and the one worth the most is kept."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from app.errors import InvalidInput
from app.scoring.decompose import Reading, read_as_ron, readings
from app.scoring.facts import (
    HandFacts,
    dora_facts,
    hand_facts,
    shape_facts,
    situation,
    value_honors,
)
from app.scoring.fu import FuScore, count_fu, fu_of_win, group_fu
from app.scoring.groups import describe_groups
from app.scoring.hand import HandInput, ParsedHand, WinContext
from app.scoring.memo import Memo
from app.scoring.names import ENGLISH_LIMIT_NAMES
from app.scoring.result import ScoreResult, YakumanScore, YakuScore
from app.scoring.rules import HandRules, check_hand_rules
from app.scoring.settlement import Points, Settlement, Win, limit_and_base, settle
from app.scoring.validate import parse_hand
from app.scoring.vocabulary import Limit
from app.scoring.yaku import (
    DORA_YAKU,
    DRAW_YAKU,
    HAND_YAKU,
    HAND_YAKUMAN,
    READING_YAKU,
    READING_YAKUMAN,
    SITUATION_YAKU,
    YAKUMAN_TABLES,
    Facts,
    Yaku,
    Yakuman,
    options_read,
)

# Distinct facts judged and kept per table, and settlements kept, per set of rules: real hands share few of
# either (tests/test_scoring_facts.py), and the bound keeps memory small under a stream of odd requests.
FACTS_CACHE_LIMIT = 10_000
RULE_SETS_KEPT = 1_000




@dataclass(frozen=True, slots=True)
class Judgement:
    """What one yaku table finds in some facts: yaku, or yakuman (which leave no room for yaku)."""

    yaku: tuple[YakuScore, ...]
    yakuman: tuple[Yakuman, ...]
    alone: bool  # `yaku` is one yaku that the rules score by itself


NOTHING = Judgement((), (), False)
YAKU_SCORES: Memo[tuple[str, str, int], YakuScore] = Memo(lambda key: YakuScore(*key), 1_000, "yaku_scores")


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
                return Judgement((score,), (), True)
            found.append(score)
    return Judgement(tuple(found), (), False)


def judge_table(rows: Rows, yakuman: tuple[Yakuman, ...], rules: HandRules, facts: Facts, closed: bool
                ) -> Judgement:
    found = tuple(y for y in yakuman if y.applies(facts, rules))
    return Judgement((), found, False) if found else judge_yaku(rows, rules, facts, closed)


SITUATION_ROWS = Rows.of(SITUATION_YAKU)
HAND_ROWS = Rows.of(HAND_YAKU)
READING_ROWS = Rows.of(READING_YAKU)
DORA_ROWS = Rows.of(DORA_YAKU)  # read as closed: the ura dora need riichi
DRAW_ROWS = Rows.of(DRAW_YAKU)


Options = tuple[tuple[str, object], ...]  # (option, value) pairs of a set of rules


def _judged(judge_one: Callable[[HandRules, Facts], Judgement], reads: tuple[str, ...]) -> "TableMemos":
    """For each set of values of the options `reads`, a memo of the table judged once per distinct facts under
    rules with those values (its rows read no other option, so the rest may stay at their defaults)."""
    return TableMemos(lambda given: Memo(partial(judge_one, rules_with(given)), FACTS_CACHE_LIMIT, "judged"), RULE_SETS_KEPT, reads)


def rules_with(given: Options) -> HandRules:
    values: dict[str, Any] = dict(given)
    return HandRules(**values)


class TableMemos(Memo[Options, Memo[Facts, Judgement]]):
    __slots__ = ("reads",)

    def __init__(self, make: Callable[[Options], Memo[Facts, Judgement]], limit: int, reads: tuple[str, ...]) -> None:
        super().__init__(make, limit, "table_rules")
        self.reads = reads

    def under(self, rules: HandRules) -> Memo[Facts, Judgement]:
        return self[tuple((option, getattr(rules, option)) for option in self.reads)]


SITUATION_JUDGED: TableMemos = _judged(
    lambda r, w: judge_yaku(SITUATION_ROWS, r, w, w.closed), options_read(SITUATION_YAKU))
HAND_JUDGED: TableMemos = _judged(
    lambda r, h: judge_table(HAND_ROWS, HAND_YAKUMAN, r, h, h.closed), options_read(HAND_YAKU, HAND_YAKUMAN))
SHAPE_JUDGED: TableMemos = _judged(
    lambda r, s: judge_table(READING_ROWS, READING_YAKUMAN, r, s, s.closed), options_read(READING_YAKU, READING_YAKUMAN))
DORA_JUDGED: TableMemos = _judged(lambda r, d: judge_yaku(DORA_ROWS, r, d), options_read(DORA_YAKU))


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
        self.settled: Memo[Win, Settlement] = Memo(partial(settle, rules=rules), FACTS_CACHE_LIMIT, "settled")


JUDGES = Memo(Judge, RULE_SETS_KEPT, "judges")


@dataclass(slots=True)
class Candidate:
    """One reading, scored."""

    reading: Reading
    yaku: tuple[YakuScore, ...]
    yakuman: tuple[tuple[Yakuman, int], ...]  # each yakuman counted, with its multiplier
    han: int
    fu: int
    fu_items: tuple[FuScore, ...]
    limit: Limit
    base: int

    def worth(self) -> tuple[int, bool, int, int, int]:
        """Points, then a real yakuman over a kazoe one of the same value (its han are not counted: riichi.wiki
        "Kazoe yakuman", as Tenhou does), then han, then fu, then fu before rounding."""
        return self.base, bool(self.yakuman), self.han, self.fu, sum(item.fu for item in self.fu_items)


def score_hand(hand: HandInput | None, ctx: WinContext, rules: HandRules) -> ScoreResult:
    judge = JUDGES[rules]
    if ctx.nagashi_mangan:
        return score_nagashi_mangan(ctx, judge)
    if hand is None:
        raise InvalidInput.single("missing", ("hand",), "a hand is required unless context.nagashi_mangan is true")
    parsed = parse_hand(hand, ctx, rules)
    found = readings(parsed, ctx.win == "ron")
    if not found:
        raise InvalidInput.single("not_a_winning_hand", ("hand", "tiles"),
                                  "these tiles do not form a complete hand: four sets and a pair, seven pairs, or thirteen orphans")
    best = best_candidate(parsed, ctx, judge, found)
    if best is None:
        raise InvalidInput.single("no_yaku", ("hand",),
                                  "the hand is complete but has no yaku, so it cannot win (dora alone are not a yaku)")
    return _result(parsed, ctx, judge, best)


Valued = tuple["Candidate", Points] | None  # a win's best reading and its points; None: no yaku


@dataclass(slots=True)
class TwoWins:
    """What valuing hands with the same melds by ron and by tsumo shares (the waits of one hand, say): the judge,
    the two contexts (alike but for the kind of win and its flags), whether they agree on the first-turn flags
    (then the tiles' judgements serve both), the honors whose pair is worth fu, and each win's situation judged."""

    judge: Judge
    ron: WinContext
    tsumo: WinContext
    same_turn: bool
    value: frozenset[int]
    won_by_ron: Judgement
    won_by_tsumo: Judgement


def two_wins(ron: WinContext, tsumo: WinContext, rules: HandRules, closed: bool) -> TwoWins:
    """`closed`: the melds leave the hand closed (concealed kans only)."""
    judge = JUDGES[rules]
    same_turn = (ron.tenhou, ron.chiihou, ron.renhou) == (tsumo.tenhou, tsumo.chiihou, tsumo.renhou)
    return TwoWins(judge, ron, tsumo, same_turn, value_honors(tsumo), judge.situation[situation(ron, closed)],
                   judge.situation[situation(tsumo, closed)])


def value_ron_and_tsumo(parsed: ParsedHand, wins: TwoWins) -> tuple[Valued, Valued]:
    """A validated hand (with the melds `wins` was made for) won by ron and by tsumo: each win's best reading and
    points (pao left out), or None where it has no yaku or the hand is not complete. One enumeration of the
    readings serves both wins: a reading's shape facts differ only where the winning tile completed a triplet
    (open when won on a discard), and its fu by the win's own items; each is scored as best_candidate scores it."""
    found = readings(parsed, False)
    if not found:
        return None, None
    judge = wins.judge
    tsumo_judged = tiles_judged(parsed, wins.tsumo, judge)
    ron_judged = tsumo_judged if wins.same_turn else tiles_judged(parsed, wins.ron, judge)
    h = tsumo_judged[0]  # what shape_facts reads of it (closed, has_honor) is the same by ron
    by_ron_marks = (wins.won_by_ron, ron_judged[1], ron_judged[2])
    by_tsumo_marks = (wins.won_by_tsumo, tsumo_judged[1], tsumo_judged[2])
    many = len(found) > 1
    pair_fu = judge.rules.double_wind_pair_fu
    by_ron = by_tsumo = None
    for reading in found:
        s = shape_facts(h, parsed, reading, wins.value)
        shape = judge.shape[s]
        groups = group_fu(s, reading, parsed, wins.tsumo, pair_fu)
        fu = fu_of_win(s, reading, True, groups)
        by_tsumo = better(by_tsumo, scored_reading(reading, shape, fu, judge, by_tsumo_marks), many)
        if reading.win_in.kind == "triplet":
            reading = read_as_ron(reading, parsed.win_tile)
            s = shape_facts(h, parsed, reading, wins.value)
            shape = judge.shape[s]
            groups = group_fu(s, reading, parsed, wins.ron, pair_fu)
        fu = fu_of_win(s, reading, False, groups)
        by_ron = better(by_ron, scored_reading(reading, shape, fu, judge, by_ron_marks), many)
    return (None if by_ron is None else (by_ron, _settled(wins.ron, judge, by_ron, 0).points),
            None if by_tsumo is None else (by_tsumo, _settled(wins.tsumo, judge, by_tsumo, 0).points))


def tiles_judged(hand: ParsedHand, ctx: WinContext, judge: Judge) -> tuple[HandFacts, Judgement, Judgement]:
    """The hand's facts, and the judgements of its tiles and of its dora (the same for every reading)."""
    h = hand_facts(hand, ctx)
    tiles = judge.hand[h]
    return h, tiles, NOTHING if tiles.yakuman else judge.dora[dora_facts(hand, ctx, judge.rules.players)]


def best_candidate(hand: ParsedHand, ctx: WinContext, judge: Judge, found: list[Reading]) -> Candidate | None:
    """The reading worth the most points, then han, then fu; None when no reading has a yaku."""
    h, tiles, dora = tiles_judged(hand, ctx, judge)
    judged = (judge.situation[situation(ctx, h.closed)], tiles, dora)
    value = value_honors(ctx)
    many = len(found) > 1
    best = None
    pair_fu = judge.rules.double_wind_pair_fu
    for reading in found:
        s = shape_facts(h, hand, reading, value)
        fu = count_fu(s, reading, hand, ctx, pair_fu)
        best = better(best, scored_reading(reading, judge.shape[s], fu, judge, judged), many)
    return best


def better(best: Candidate | None, candidate: Candidate, many: bool) -> Candidate | None:
    """The better of the best so far and a reading scored, one with a yaku (the first of equals is kept);
    `many`: there is more than one reading."""
    if not (candidate.yaku or candidate.yakuman):
        return best
    if best is None or many and candidate.worth() > best.worth():
        return candidate
    return best


def scored_reading(reading: Reading, shape: Judgement, fu_counted: tuple[int, tuple[FuScore, ...]], judge: Judge,
                   judged: tuple[Judgement, Judgement, Judgement]) -> Candidate:
    """A reading scored from the judgement of its shape facts and its fu (count_fu); `judged`: the situation's,
    the tiles' and the dora's judgements."""
    rules = judge.rules
    fu, fu_items = fu_counted
    won, tiles, dora = judged
    if shape.yakuman or tiles.yakuman:
        yakuman = counted_yakuman(shape.yakuman + tiles.yakuman, rules)
        multiplier = sum(m for _, m in yakuman)
        limit, base = limit_and_base(0, fu, multiplier, rules)
        return Candidate(reading, (), yakuman, 13 * multiplier, fu, fu_items, limit, base)
    yaku = scored_yaku(won, tiles, shape, dora)
    han = 0
    for y in yaku:
        han += y.han
    limit, base = limit_and_base(han, fu, 0, rules)
    return Candidate(reading, yaku, (), han, fu, fu_items, limit, base)


def counted_yakuman(found: tuple[Yakuman, ...], rules: HandRules) -> tuple[tuple[Yakuman, int], ...]:
    """Each yakuman with its multiplier; without stacking only the largest counts."""
    counted = tuple((y, 2 if y.double and rules.double_yakuman else 1) for y in found)
    return counted if rules.yakuman_stacking else (max(counted, key=lambda y: y[1]),)


def scored_yaku(won: Judgement, tiles: Judgement, shape: Judgement, dora: Judgement) -> tuple[YakuScore, ...]:
    """A yaku the rules score alone, by itself; else every yaku, and the dora only beside a yaku."""
    for judged in (tiles, won, shape):
        if judged.alone:
            return judged.yaku
    if not (won.yaku or tiles.yaku or shape.yaku):
        return ()
    return won.yaku + tiles.yaku + shape.yaku + dora.yaku


def _result(hand: ParsedHand, ctx: WinContext, judge: Judge, best: Candidate) -> ScoreResult:
    paid = _settled(ctx, judge, best, _pao_base(ctx, judge.rules, best))
    return ScoreResult(
        best.han,
        best.fu,
        best.yaku,
        tuple([YakumanScore(y.id, y.names.en, m) for y, m in best.yakuman]) if best.yakuman else (),
        best.limit,
        best.base,
        paid.points,
        best.fu_items,
        describe_groups(hand, best.reading),
        best.reading.wait,
        paid.payments,
        ENGLISH_LIMIT_NAMES.get(best.limit),
    )


def _settled(ctx: WinContext, judge: Judge, best: Candidate, pao_base: int) -> Settlement:
    # Positional, in Win's field order: base, pao_base, winner, tsumo, discarder, liable, honba, riichi_sticks.
    return judge.settled[Win(best.base, pao_base, ctx.seat_wind, ctx.win == "tsumo", ctx.discarder_seat_wind,
                             ctx.pao_seat_wind if pao_base else None, ctx.honba, ctx.riichi_sticks)]


def _pao_base(ctx: WinContext, rules: HandRules, best: Candidate) -> int:
    """The base points of the yakuman the liable player answers for; 0 without pao."""
    if ctx.pao_seat_wind is None:
        return 0
    multiplier = sum(m for y, m in best.yakuman if y.pao(rules))
    if not multiplier:
        liable_for = sorted(y.id for table in YAKUMAN_TABLES for y in table if y.pao(rules))
        raise InvalidInput.single("inconsistent_context", ("context", "pao_seat_wind"),
                                  f"pao applies only to a hand scored with {', '.join(liable_for)}; this hand has none")
    return limit_and_base(0, 0, multiplier, rules)[1]


def score_nagashi_mangan(ctx: WinContext, judge: Judge) -> ScoreResult:
    judged = judge_yaku(DRAW_ROWS, judge.rules, ctx)
    if not judged.yaku:
        raise InvalidInput.single("inconsistent_context", ("context", "nagashi_mangan"),
                                  "these rules do not play nagashi mangan (rules.nagashi_mangan is false)")
    han = sum(y.han for y in judged.yaku)
    limit, base = limit_and_base(han, 0, 0, judge.rules)
    paid: Settlement = judge.settled[Win(base=base, pao_base=0, winner=ctx.seat_wind, tsumo=True, discarder=None,
                                         liable=None, honba=0, riichi_sticks=0)]
    return ScoreResult(han, 0, judged.yaku, (), limit, base, paid.points, (), (), None, paid.payments,
                       ENGLISH_LIMIT_NAMES.get(limit))
