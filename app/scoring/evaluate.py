"""Score a winning hand, top to bottom as majiang-core's hule() reads: validate the hand and its context
(validate.py), read the tiles every way they can be read (decompose.py), gather the facts the yaku look at
(facts.py), judge the yaku tables (judge.py, yaku.py), count the fu (fu.py), keep the reading worth the most with
its limit, and pay it (settlement.py). /hand/analyze values each wait through the same `value_wins`."""

from dataclasses import dataclass
from typing import Final

from app.errors import InvalidInput
from app.scoring.decompose import Reading, read_as_ron, readings
from app.scoring.facts import (
    HandFacts,
    ShapeFacts,
    dora_facts,
    hand_facts,
    shape_facts,
    situation,
    value_honors,
)
from app.scoring.fu import FuScore, fu_of_win, group_fu
from app.scoring.groups import describe_groups
from app.scoring.hand import HandInput, ParsedHand, WinContext
from app.scoring.judge import DRAW_ROWS, JUDGES, NOTHING, Judge, Judgement, judge_yaku
from app.scoring.names import ENGLISH_LIMIT_NAMES
from app.scoring.result import ScoreResult, YakumanScore, YakuScore
from app.scoring.rules import HandRules
from app.scoring.settlement import PaidWin, Points, limit_and_base, win_to_pay
from app.scoring.typed import TypedHand
from app.scoring.validate import context_problems, parse_hand, parse_typed_hand, win_refused
from app.scoring.vocabulary import Limit
from app.scoring.yaku import YAKUMAN_TABLES, Yakuman

YAKUMAN_BY_ID: Final = {y.id: y for table in YAKUMAN_TABLES for y in table}


@dataclass(slots=True, init=False)
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

    def __init__(
        self, reading: Reading, yaku: tuple[YakuScore, ...], yakuman: tuple[tuple[Yakuman, int], ...], han: int,
        fu: int, fu_items: tuple[FuScore, ...], limit: Limit, base: int
    ) -> None:
        self.reading = reading
        self.yaku = yaku
        self.yakuman = yakuman
        self.han = han
        self.fu = fu
        self.fu_items = fu_items
        self.limit = limit
        self.base = base

    def worth(self) -> tuple[int, bool, int, int, int]:
        """Points, then a real yakuman over a kazoe one of the same value (its han are not counted: riichi.wiki
        "Kazoe yakuman", as Tenhou does), then han, then fu, then fu before rounding."""
        return self.base, bool(self.yakuman), self.han, self.fu, sum(item.fu for item in self.fu_items)


def score(hand: TypedHand, ctx: WinContext, rules: HandRules) -> ScoreResult:
    """The core's typed entry (typed.py): a hand by tile codes, validated (validate.parse_typed_hand) and valued by
    the pipeline (score_parsed). A nagashi mangan is scored from the context alone, as /hand/score does."""
    judge = JUDGES[rules]
    if ctx.nagashi_mangan:
        return score_nagashi_mangan(ctx, judge)
    return score_parsed(parse_typed_hand(hand, ctx, rules), ctx, judge)


def score_hand(hand: HandInput | None, ctx: WinContext, rules: HandRules) -> ScoreResult:
    """/hand/score's entry: the hand in MPSZ notation, read and validated by the adapter in front of the typed
    checks (validate.parse_hand), then the same pipeline as `score`."""
    judge = JUDGES[rules]
    if ctx.nagashi_mangan:
        return score_nagashi_mangan(ctx, judge)
    if hand is None:
        raise InvalidInput.single("missing", ("hand",), "a hand is required unless context.nagashi_mangan is true")
    return score_parsed(parse_hand(hand, ctx, rules), ctx, judge)


def score_parsed(parsed: ParsedHand, ctx: WinContext, judge: Judge) -> ScoreResult:
    """The pipeline, top to bottom, on a validated hand: read the tiles every way they can be read, value the win
    (facts, yaku tables, fu, limit: value_wins), pay it (with pao) and describe it."""
    found = readings(parsed, False)
    if not found:
        raise InvalidInput.single("not_a_winning_hand", ("hand", "tiles"),
                                  "these tiles do not form a complete hand: four sets and a pair, seven pairs, or thirteen orphans")
    (best,) = value_wins(parsed, found, (way_to_win(ctx, judge, parsed.called.closed),), judge)
    if best is None:
        raise InvalidInput.single("no_yaku", ("hand",),
                                  "the hand is complete but has no yaku, so it cannot win (dora alone are not a yaku)")
    return _result(parsed, ctx, judge, best)


@dataclass(slots=True, init=False)
class WayToWin:
    """One way a hand is won: its context (a ron or a tsumo, with its flags) and its situation's yaku judged.
    /hand/score values one; /hand/analyze values each wait by tsumo and by ron, the two made once a request."""

    ctx: WinContext
    tsumo: bool
    situation: Judgement
    validated: bool  # the hand's validation ran every context check on ctx: each win needs only win_refused

    def __init__(self, ctx: WinContext, tsumo: bool, situation: Judgement, validated: bool) -> None:
        self.ctx = ctx
        self.tsumo = tsumo
        self.situation = situation
        self.validated = validated


def way_to_win(ctx: WinContext, judge: Judge, closed: bool, validated: bool = True) -> WayToWin:
    """`closed`: the hand's melds leave it closed (concealed kans only); `validated`: the hand's validation ran
    every context check on `ctx` (else value_wins runs them on each win)."""
    return WayToWin(ctx, ctx.win == "tsumo", judge.situation[situation(ctx, closed)][1], validated)


# The three judgements a way to win brings to each reading: its situation's, its tiles' and its dora's.
WinJudged = tuple[Judgement, Judgement, Judgement]
# A reading's own part, shared by the wins that read the tiles alike: its shape facts, their judgement, its groups' fu.
ReadingJudged = tuple[ShapeFacts, Judgement, list[FuScore]]


def value_wins(hand: ParsedHand, found: list[Reading], wins: tuple[WayToWin, ...], judge: Judge
               ) -> list[Candidate | None]:
    """Each way to win's best reading of a validated hand (`found`: its readings as drawn, readings(hand, False)),
    None where no reading has a yaku or the context checks refuse that win. Top to bottom: the yaku of how each
    win was won and of its tiles (judge_wins); then for each reading, as each win reads it: its yaku (judge_reading),
    its fu (fu_of_win), its value (scored_reading); the best kept (better)."""
    h, judged = judge_wins(hand, wins, judge)
    value = value_honors(wins[0].ctx)  # the wins share their seat and round winds
    many = len(found) > 1
    best: list[Candidate | None] = [None] * len(wins)
    for drawn in found:
        last: Reading | None = None
        for i, win in enumerate(wins):
            marks = judged[i]
            if marks is None:
                continue
            reading = reading_of(drawn, win, hand)
            if reading is not last:  # the wins share a reading's facts, yaku and groups' fu unless a ron opens it
                facts, shape, groups = judge_reading(h, hand, reading, value, win.ctx, judge)
                last = reading
            fu = fu_of_win(facts, reading, win.tsumo, groups)
            best[i] = better(best[i], scored_reading(reading, shape, fu, judge, marks), many)
    return best


def judge_wins(hand: ParsedHand, wins: tuple[WayToWin, ...], judge: Judge) -> tuple[HandFacts, list[WinJudged | None]]:
    """The hand's facts, and each win's judgements of its situation, its tiles and its dora; None where the context
    checks refuse the win: those that read the tiles (validate.win_refused: a robbed kan tile held elsewhere, say)
    when the hand's validation ran the others on its context, else every one (validate.context_problems). The
    tiles' facts and judgements are shared between wins whose first-turn flags agree."""
    first = wins[0].ctx
    h, tiles, dora = tiles_judged(hand, first, judge)  # what shape_facts reads of h is the same for every win
    judged: list[WinJudged | None] = []
    for win in wins:
        if win_refused(win.ctx, hand) if win.validated else context_problems(win.ctx, hand):
            judged.append(None)
        elif win.ctx is first or _same_turn(first, win.ctx):
            judged.append((win.situation, tiles, dora))
        else:
            judged.append((win.situation, *tiles_judged(hand, win.ctx, judge)[1:]))
    return h, judged


def reading_of(drawn: Reading, win: WayToWin, hand: ParsedHand) -> Reading:
    """A reading as this win reads it: on a ron, the triplet the winning tile completed is open
    (decompose.read_as_ron)."""
    return read_as_ron(drawn, hand.win_tile) if not win.tsumo and drawn.win_in.kind == "triplet" else drawn


def judge_reading(h: HandFacts, hand: ParsedHand, reading: Reading, value: frozenset[int], ctx: WinContext, judge: Judge
                  ) -> ReadingJudged:
    """A reading's shape facts, the yaku (or yakuman) they hold, and its groups' fu."""
    facts, judged = judge.shape[shape_facts(h, hand, reading, value)]
    return facts, judged, group_fu(facts, reading, hand, ctx, judge.rules.double_wind_pair_fu)


def _same_turn(a: WinContext, b: WinContext) -> bool:
    """The first-turn flags agree (then the tiles' facts and judgements are the same)."""
    return (a.tenhou, a.chiihou, a.renhou) == (b.tenhou, b.chiihou, b.renhou)


def tiles_judged(hand: ParsedHand, ctx: WinContext, judge: Judge) -> tuple[HandFacts, Judgement, Judgement]:
    """The hand's facts, and the judgements of its tiles and of its dora (the same for every reading)."""
    h, tiles = judge.hand[hand_facts(hand, ctx)]
    return h, tiles, NOTHING if tiles.yakuman else judge.dora[dora_facts(hand, ctx, judge.rules.players)][1]


def better(best: Candidate | None, candidate: Candidate, many: bool) -> Candidate | None:
    """The better of the best so far and a reading scored, one with a yaku (the first of equals is kept);
    `many`: there is more than one reading."""
    if not (candidate.yaku or candidate.yakuman):
        return best
    if best is None or many and candidate.worth() > best.worth():
        return candidate
    return best


def scored_reading(reading: Reading, shape: Judgement, fu_counted: tuple[int, tuple[FuScore, ...]], judge: Judge,
                   judged: WinJudged) -> Candidate:
    """A reading scored from the judgement of its shape facts and its fu (fu_of_win); `judged`: the situation's,
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


def points_of(ctx: WinContext, judge: Judge, best: Candidate) -> Points:
    """What a win's best reading pays (pao left out)."""
    return _settled(ctx, judge, best, 0).points


def _settled(ctx: WinContext, judge: Judge, best: Candidate, pao_base: int) -> PaidWin:
    return judge.settled[win_to_pay(base=best.base, pao_base=pao_base, winner=ctx.seat_wind, tsumo=ctx.win == "tsumo",
                                    discarder=ctx.discarder_seat_wind, liable=ctx.pao_seat_wind if pao_base else None,
                                    honba=ctx.honba, riichi_sticks=ctx.riichi_sticks)]


def _pao_base(ctx: WinContext, rules: HandRules, best: Candidate) -> int:
    """The base points of the yakuman the liable player answers for; 0 without pao."""
    if ctx.pao_seat_wind is None:
        return 0
    base = liable_base([(y.id, m) for y, m in best.yakuman], rules)
    if not base:
        liable_for = sorted(y.id for table in YAKUMAN_TABLES for y in table if y.pao(rules))
        raise InvalidInput.single("inconsistent_context", ("context", "pao_seat_wind"),
                                  f"pao applies only to a hand scored with {', '.join(liable_for)}; this hand has none")
    return base


def liable_base(yakuman: list[tuple[str, int]], rules: HandRules) -> int:
    """The base points of those of a win's yakuman (id, multiplier) that a liable player answers for (pao); 0 if
    none is. The match re-pays a scored win from its base and this, without scoring it again."""
    multiplier = sum(m for yakuman_id, m in yakuman if YAKUMAN_BY_ID[yakuman_id].pao(rules))
    return limit_and_base(0, 0, multiplier, rules)[1] if multiplier else 0


def score_nagashi_mangan(ctx: WinContext, judge: Judge) -> ScoreResult:
    judged = judge_yaku(DRAW_ROWS, judge.rules, ctx)
    if not judged.yaku:
        raise InvalidInput.single("inconsistent_context", ("context", "nagashi_mangan"),
                                  "these rules do not play nagashi mangan (rules.nagashi_mangan is false)")
    han = sum(y.han for y in judged.yaku)
    limit, base = limit_and_base(han, 0, 0, judge.rules)
    paid = judge.settled[win_to_pay(base=base, pao_base=0, winner=ctx.seat_wind, tsumo=True, discarder=None,
                                    liable=None, honba=0, riichi_sticks=0)]
    return ScoreResult(han, 0, judged.yaku, (), limit, base, paid.points, (), (), None, paid.payments,
                       ENGLISH_LIMIT_NAMES.get(limit))
