"""Score a winning hand: every reading is scored and the one worth the most is kept."""

from collections.abc import Callable
from dataclasses import dataclass

from app.errors import InvalidInput
from app.scoring.decompose import Reading, readings
from app.scoring.facts import HandFacts, ShapeFacts, Situation, hand_facts, shape_facts, situation, value_honors
from app.scoring.fu import count_fu
from app.scoring.fu_items import FuScore
from app.scoring.hand import HandInput, ParsedHand, WinContext
from app.scoring.memo import Memo
from app.scoring.points import limit_and_base, payments
from app.scoring.result import Points, ScoreResult, YakumanScore, YakuScore, describe_groups, yaku_score
from app.scoring.rules import HandRules
from app.scoring.settle import Payment, honba_bonus, settle
from app.scoring.tiles import COUNT_BITS, COUNT_MASK, DORA_OF
from app.scoring.validate import parse_hand
from app.scoring.yaku import (
    AKA_DORA, DORA, HAND_YAKU, HAND_YAKUMAN, NAGASHI_MANGAN, PAO_YAKUMAN, READING_YAKU, READING_YAKUMAN, RENHOU,
    RENHOU_HAN, SITUATION_YAKU, URA_DORA, Yaku, Yakuman, could_be_yakuman,
)

STICK_POINTS = 1000
# Distinct facts judged and kept per table, and settlements kept: real hands share few of either
# (tests/test_scoring_facts.py), and the bound keeps memory small under a stream of odd requests.
FACTS_CACHE_LIMIT = 10_000
SETTLED_LIMIT = 10_000
# The rows of a yaku table as a closed and an open hand score them: (predicate, the answer's line for the yaku
# at that han); rows worth nothing in an open hand are left out of its list.
Rows = tuple[tuple[Callable[..., bool], YakuScore], ...]


def _rows(table: tuple[Yaku, ...], closed: bool) -> Rows:
    if closed:
        return tuple((y.applies, yaku_score(y, y.han_closed)) for y in table)
    return tuple((y.applies, yaku_score(y, y.han_open)) for y in table if y.han_open)


SITUATION_ROWS: dict[bool, Rows] = {closed: _rows(SITUATION_YAKU, closed) for closed in (True, False)}
HAND_ROWS: dict[bool, Rows] = {closed: _rows(HAND_YAKU, closed) for closed in (True, False)}
READING_ROWS: dict[bool, Rows] = {closed: _rows(READING_YAKU, closed) for closed in (True, False)}


@dataclass(slots=True)
class _Candidate:
    reading: Reading
    yaku: list[YakuScore]
    yakuman: list[tuple[Yakuman, int]]
    han: int
    fu: int
    fu_items: list[FuScore]
    limit: str
    base: int


def score_hand(hand: HandInput | None, ctx: WinContext, rules: HandRules) -> ScoreResult:
    if ctx.nagashi_mangan:
        return score_nagashi_mangan(ctx, rules)
    if hand is None:
        raise InvalidInput.single("missing", ("hand",), "a hand is required unless context.nagashi_mangan is true")
    parsed = parse_hand(hand, ctx, rules)
    found = readings(parsed, ctx.win == "ron")
    if not found:
        raise InvalidInput.single("not_a_winning_hand", ("hand", "tiles"),
                                  "these tiles do not form a complete hand: four sets and a pair, seven pairs, or thirteen orphans")
    h = hand_facts(parsed, ctx, rules)
    best = best_candidate(h, parsed, ctx, rules, found)
    if best is None:
        raise InvalidInput.single("no_yaku", ("hand",),
                                  "the hand is complete but has no yaku, so it cannot win (dora alone are not a yaku)")
    return _result(parsed, ctx, rules, best)


def best_candidate(h: HandFacts, hand: ParsedHand, ctx: WinContext, rules: HandRules,
                   found: list[Reading]) -> _Candidate | None:
    """The reading worth the most points, then han, then fu; None when no reading has a yaku."""
    hand_yaku, hand_yakuman = HAND_JUDGED[h]
    if not hand_yakuman and not _renhou_alone(h):
        hand_yaku = SITUATION_JUDGED[situation(ctx, h.closed)] + hand_yaku
    dora = [] if hand_yakuman else dora_han(hand, rules, ctx.riichi or ctx.double_riichi)
    value = value_honors(ctx)
    best = None
    for reading in found:
        candidate = score_reading(h, hand, ctx, rules, reading, value, hand_yaku, hand_yakuman, dora)
        if (candidate.yaku or candidate.yakuman) and (best is None or _worth(candidate) > _worth(best)):
            best = candidate  # the first of equals is kept
    return best


def _worth(c: _Candidate) -> tuple[int, bool, int, int, int]:
    """Points, then a real yakuman over a kazoe one of the same value (its han are not counted: riichi.wiki
    "Kazoe yakuman", as Tenhou does), then han, then fu, then fu before rounding."""
    return c.base, bool(c.yakuman), c.han, c.fu, sum(item.fu for item in c.fu_items)


def judge_situation(w: Situation) -> tuple[YakuScore, ...]:
    return tuple(score for applies, score in SITUATION_ROWS[w.closed] if applies(w))


def judge_hand(h: HandFacts) -> tuple[tuple[YakuScore, ...], tuple[Yakuman, ...]]:
    """The hand yaku, or the hand yakuman (which leave no room for yaku), of hands with these facts."""
    yakuman = tuple(y for y in HAND_YAKUMAN if y.applies(h)) if could_be_yakuman(h) else ()
    if yakuman:
        return (), yakuman
    if _renhou_alone(h):
        return (yaku_score(RENHOU, RENHOU_HAN[h.renhou_value]),), ()
    found = [score for applies, score in HAND_ROWS[h.closed] if applies(h)]
    if h.renhou and h.renhou_value in RENHOU_HAN:
        found.append(yaku_score(RENHOU, RENHOU_HAN[h.renhou_value]))
    return tuple(found), ()


def judge_shape(s: ShapeFacts) -> tuple[tuple[YakuScore, ...], tuple[Yakuman, ...]]:
    """The reading yaku, or the reading yakuman, of readings with these facts."""
    if s.concealed_triplets == 4 or s.shape == "kokushi":
        yakuman = tuple(y for y in READING_YAKUMAN if y.applies(s))
        if yakuman:
            return (), yakuman
    return tuple(score for applies, score in READING_ROWS[s.closed] if applies(s)), ()


# Each table judged once per distinct facts: `HAND_JUDGED[h]` is judge_hand(h).
SITUATION_JUDGED = Memo(judge_situation, FACTS_CACHE_LIMIT)
HAND_JUDGED = Memo(judge_hand, FACTS_CACHE_LIMIT)
SHAPE_JUDGED = Memo(judge_shape, FACTS_CACHE_LIMIT)


def _renhou_alone(h: HandFacts) -> bool:
    """A renhou that the rules score alone, without the other yaku and dora (EMA)."""
    return h.renhou and h.renhou_alone and h.renhou_value in RENHOU_HAN


def dora_han(hand: ParsedHand, rules: HandRules, riichi: bool) -> list[YakuScore]:
    found = []
    dora = _dora_count(hand.held, hand.dora_indicators)
    if dora:
        found.append(yaku_score(DORA, dora))
    if hand.red_fives and rules.aka_dora:
        found.append(yaku_score(AKA_DORA, hand.red_fives))
    if hand.ura_dora_indicators and riichi:
        ura = _dora_count(hand.held, hand.ura_dora_indicators)
        if ura:
            found.append(yaku_score(URA_DORA, ura))
    return found


_DORA_AT = tuple(COUNT_BITS * DORA_OF[t] for t in range(34))  # where an indicator's dora is in packed counts


def _dora_count(held: int, indicators: bytes) -> int:
    """Copies held, melds included, of the tiles the indicators point at (`held`: packed counts)."""
    count = 0
    for indicator in indicators:
        count += held >> _DORA_AT[indicator] & COUNT_MASK
    return count


def _multiplier(y: Yakuman, rules: HandRules) -> int:
    return 2 if y.double and rules.double_yakuman else 1


def score_reading(h: HandFacts, hand: ParsedHand, ctx: WinContext, rules: HandRules, reading: Reading,
                  value: frozenset[int], hand_yaku: tuple[YakuScore, ...], hand_yakuman: tuple[Yakuman, ...],
                  dora: list[YakuScore]) -> _Candidate:
    """`value`: the hand's value_honors; `hand_yaku`: the situation's yaku and the hand's."""
    s = shape_facts(h, hand, reading, value)
    fu, fu_items = count_fu(s, reading, hand, ctx, rules.double_wind_pair_fu)
    shape_yaku, shape_yakuman = SHAPE_JUDGED[s]
    if shape_yakuman or hand_yakuman:
        yakuman = [(y, _multiplier(y, rules)) for y in shape_yakuman + hand_yakuman]
        if not rules.yakuman_stacking:
            yakuman = [max(yakuman, key=lambda y: y[1])]
        multiplier = sum(m for _, m in yakuman)
        limit, base = limit_and_base(0, fu, multiplier, rules)
        return _Candidate(reading, [], yakuman, 13 * multiplier, fu, fu_items, limit, base)
    if _renhou_alone(h):
        yaku = list(hand_yaku)
    else:
        yaku = [*hand_yaku, *shape_yaku, *dora] if hand_yaku or shape_yaku else []
    han = 0
    for score in yaku:
        han += score.han
    limit, base = limit_and_base(han, fu, 0, rules)
    return _Candidate(reading, yaku, [], han, fu, fu_items, limit, base)


def _result(hand: ParsedHand, ctx: WinContext, rules: HandRules, best: _Candidate) -> ScoreResult:
    points, pays = settlement(best.base, _pao_base(ctx, rules, best), ctx, rules)
    return ScoreResult(
        best.han,
        best.fu,
        best.yaku,
        [YakumanScore(y.id, y.name, m) for y, m in best.yakuman] if best.yakuman else [],
        best.limit,
        best.base,
        points,
        best.fu_items,
        describe_groups(hand, best.reading),
        best.reading.wait,
        list(pays),
    )


_SETTLED: dict[tuple[int, str, str, str | None, int, int, int], tuple[Points, tuple[Payment, ...]]] = {}


def settlement(base: int, pao_base: int, ctx: WinContext, rules: HandRules) -> tuple[Points, tuple[Payment, ...]]:
    """The points and who pays what for a win worth `base`, of which `pao_base` is owed by the liable player;
    without pao, worked out once per value, seats, win, honba and sticks (shared: not to be changed)."""
    if pao_base:
        return _settle(base, pao_base, ctx, rules)
    key = (base, ctx.seat_wind, ctx.win, ctx.discarder_seat_wind, ctx.honba, ctx.riichi_sticks, rules.honba_points)
    found = _SETTLED.get(key)
    if found is None:
        if len(_SETTLED) >= SETTLED_LIMIT:
            _SETTLED.clear()
        found = _SETTLED[key] = _settle(base, 0, ctx, rules)
    return found


def _settle(base: int, pao_base: int, ctx: WinContext, rules: HandRules) -> tuple[Points, tuple[Payment, ...]]:
    paid = payments(base, ctx.seat_wind == "east", ctx.win == "tsumo")
    pays = tuple(settle(base, pao_base, ctx, rules))
    sticks = ctx.riichi_sticks * STICK_POINTS
    total = sticks + sum(payment.points for payment in pays)
    return Points(paid.ron, paid.tsumo_dealer, paid.tsumo_non_dealer, honba_bonus(ctx, rules), sticks, total), pays


def _pao_base(ctx: WinContext, rules: HandRules, best: _Candidate) -> int:
    """The base points of the yakuman the liable player answers for; 0 without pao."""
    if ctx.pao_seat_wind is None:
        return 0
    liable_for = PAO_YAKUMAN | ({"suukantsu"} if rules.pao_suukantsu else set())
    multiplier = sum(m for y, m in best.yakuman if y.id in liable_for)
    if not multiplier:
        raise InvalidInput.single("inconsistent_context", ("context", "pao_seat_wind"),
                                  f"pao applies only to a hand scored with {', '.join(sorted(liable_for))}; this hand has none")
    return limit_and_base(0, 0, multiplier, rules)[1]


def score_nagashi_mangan(ctx: WinContext, rules: HandRules) -> ScoreResult:
    if not rules.nagashi_mangan:
        raise InvalidInput.single("inconsistent_context", ("context", "nagashi_mangan"),
                                  "these rules do not play nagashi mangan (rules.nagashi_mangan is false)")
    base = 2000
    paid = payments(base, ctx.is_dealer, tsumo=True)
    pays = settle(base, 0, WinContext(win="tsumo", seat_wind=ctx.seat_wind), rules)
    return ScoreResult(
        han=NAGASHI_MANGAN.han_closed, fu=0,
        yaku=[yaku_score(NAGASHI_MANGAN, NAGASHI_MANGAN.han_closed)],
        yakuman=[], limit="mangan", base_points=base,
        points=Points(None, paid.tsumo_dealer, paid.tsumo_non_dealer, 0, 0, paid.hand_total),
        fu_breakdown=[], decomposition=[], wait=None, payments=pays,
    )
