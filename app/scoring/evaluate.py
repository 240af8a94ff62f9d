"""Score a winning hand: every reading is scored and the one worth the most is kept."""

from dataclasses import dataclass

from app.errors import InvalidInput
from app.scoring.decompose import KAN, PAIR, SEQUENCE, TRIPLET, Reading, readings
from app.scoring.facts import HandFacts, ShapeFacts, hand_facts, shape_facts
from app.scoring.fu import FuItem, count_fu
from app.scoring.hand import HandInput, WinContext
from app.scoring.points import limit_and_base, payments
from app.scoring.rules import HandRules
from app.scoring.settle import Payment, honba_bonus, settle
from app.scoring.tiles import dora_from_indicator, format_tiles, parse_single_tile
from app.scoring.validate import parse_hand
from app.scoring.yaku import AKA_DORA, DORA, NAGASHI_MANGAN, PAO_YAKUMAN, RENHOU, RENHOU_HAN, URA_DORA, YAKU, YAKUMAN, Yaku

GROUP_KINDS = {SEQUENCE: "sequence", TRIPLET: "triplet", KAN: "kan", PAIR: "pair"}
STICK_POINTS = 1000


@dataclass(frozen=True, slots=True)
class YakuScore:
    id: str
    name: str
    han: int


@dataclass(frozen=True, slots=True)
class YakumanScore:
    id: str
    name: str
    multiplier: int


@dataclass(frozen=True, slots=True)
class Group:
    kind: str
    tiles: str
    open: bool
    winning: bool


@dataclass(frozen=True, slots=True)
class Points:
    ron: int | None
    tsumo_dealer: int | None
    tsumo_non_dealer: int | None
    honba_bonus: int
    riichi_sticks_bonus: int
    total: int


@dataclass(frozen=True, slots=True)
class ScoreResult:
    han: int
    fu: int
    yaku: list[YakuScore]
    yakuman: list[YakumanScore]
    limit: str
    base_points: int
    points: Points
    fu_breakdown: list[FuItem]
    decomposition: list[Group]
    wait: str | None
    payments: list[Payment]


@dataclass(slots=True)
class _Candidate:
    reading: Reading
    yaku: list[YakuScore]
    yakuman: list[YakumanScore]
    han: int
    fu: int
    fu_items: list[FuItem]
    limit: str
    base: int

    @property
    def rank(self) -> tuple[int, int, int]:
        return self.base, self.han, self.fu


def score_hand(hand: HandInput | None, ctx: WinContext, rules: HandRules) -> ScoreResult:
    if ctx.nagashi_mangan:
        return score_nagashi_mangan(ctx, rules)
    if hand is None:
        raise InvalidInput.single("missing", ("hand",), "a hand is required unless context.nagashi_mangan is true")
    parsed = parse_hand(hand, ctx, rules)
    found = readings(parsed, is_ron=not ctx.is_tsumo)
    if not found:
        raise InvalidInput.single("not_a_winning_hand", ("hand", "tiles"),
                                  "these tiles do not form a complete hand: four sets and a pair, seven pairs, or thirteen orphans")
    facts = hand_facts(parsed, ctx, rules)
    dora = dora_yaku(facts)
    candidates = [c for c in (score_reading(facts, r, dora) for r in found) if c.yaku or c.yakuman]
    if not candidates:
        raise InvalidInput.single("no_yaku", ("hand",),
                                  "the hand is complete but has no yaku, so it cannot win (dora alone are not a yaku)")
    best = max(candidates, key=lambda c: c.rank)
    return _result(facts, best)


def dora_yaku(h: HandFacts) -> list[YakuScore]:
    counts = h.hand.all_tiles
    found: list[tuple[Yaku, int]] = [
        (DORA, sum(counts[dora_from_indicator(parse_single_tile(t)[0])] for t in h.ctx.dora_indicators)),
        (AKA_DORA, h.hand.red_fives if h.rules.aka_dora else 0),
    ]
    if h.ctx.in_riichi:
        found.append((URA_DORA, sum(counts[dora_from_indicator(parse_single_tile(t)[0])] for t in h.ctx.ura_dora_indicators)))
    return [YakuScore(y.id, y.name, n) for y, n in found if n]


def score_reading(h: HandFacts, reading: Reading, dora: list[YakuScore]) -> _Candidate:
    s = shape_facts(reading)
    fu, fu_items = count_fu(h, s)
    yakuman = counted_yakuman(h, s)
    if yakuman:
        multiplier = sum(y.multiplier for y in yakuman)
        limit, base = limit_and_base(0, fu, multiplier, h.rules)
        return _Candidate(reading, [], yakuman, 13 * multiplier, fu, fu_items, limit, base)
    yaku = ordinary_yaku(h, s)
    han = sum(y.han for y in yaku)
    if yaku:
        yaku += dora
        han += sum(d.han for d in dora)
    limit, base = limit_and_base(han, fu, 0, h.rules)
    return _Candidate(reading, yaku, [], han, fu, fu_items, limit, base)


def ordinary_yaku(h: HandFacts, s: ShapeFacts) -> list[YakuScore]:
    found = []
    for y in YAKU:
        han = y.han_closed if h.closed else y.han_open
        if han and y.applies(h, s):
            found.append(YakuScore(y.id, y.name, han))
    if h.ctx.renhou and h.rules.renhou in RENHOU_HAN:
        found.append(YakuScore(RENHOU.id, RENHOU.name, RENHOU_HAN[h.rules.renhou]))
    return found


def counted_yakuman(h: HandFacts, s: ShapeFacts) -> list[YakumanScore]:
    double = h.rules.double_yakuman
    found = [YakumanScore(y.id, y.name, 2 if y.double and double else 1) for y in YAKUMAN if y.applies(h, s)]
    if found and not h.rules.yakuman_stacking:
        return [max(found, key=lambda y: y.multiplier)]
    return found


def _result(h: HandFacts, best: _Candidate) -> ScoreResult:
    ctx, rules = h.ctx, h.rules
    paid = payments(best.base, ctx.is_dealer, ctx.is_tsumo)
    pao_base = _pao_base(h, best)
    pays = settle(best.base, pao_base, ctx, rules)
    sticks = ctx.riichi_sticks * STICK_POINTS
    return ScoreResult(
        han=best.han,
        fu=best.fu,
        yaku=best.yaku,
        yakuman=best.yakuman,
        limit=best.limit,
        base_points=best.base,
        points=Points(paid.ron, paid.tsumo_dealer, paid.tsumo_non_dealer, honba_bonus(ctx, rules), sticks,
                      sum(p.points for p in pays) + sticks),
        fu_breakdown=best.fu_items,
        decomposition=describe_groups(h, best.reading),
        wait=best.reading.wait,
        payments=pays,
    )


def _pao_base(h: HandFacts, best: _Candidate) -> int:
    if h.ctx.pao_seat_wind is None:
        return 0
    liable_for = PAO_YAKUMAN | ({"suukantsu"} if h.rules.pao_suukantsu else set())
    multiplier = sum(y.multiplier for y in best.yakuman if y.id in liable_for)
    if not multiplier:
        raise InvalidInput.single("inconsistent_context", ("context", "pao_seat_wind"),
                                  f"pao applies only to a hand scored with {', '.join(sorted(liable_for))}; this hand has none")
    return 8000 * multiplier


def describe_groups(h: HandFacts, reading: Reading) -> list[Group]:
    if reading.shape == "kokushi":
        tiles = [t for t, n in enumerate(h.hand.concealed) for _ in range(n)]
        return [Group("kokushi", format_tiles(tiles), False, True)]
    return [
        Group(GROUP_KINDS[kind], format_tiles(_group_tiles(kind, tile)), called, i == reading.win_group)
        for i, (kind, tile, _, called) in enumerate(reading.groups)
    ]


def _group_tiles(kind: int, tile: int) -> list[int]:
    if kind == SEQUENCE:
        return [tile, tile + 1, tile + 2]
    return [tile] * {TRIPLET: 3, KAN: 4, PAIR: 2}[kind]


def score_nagashi_mangan(ctx: WinContext, rules: HandRules) -> ScoreResult:
    if not rules.nagashi_mangan:
        raise InvalidInput.single("inconsistent_context", ("context", "nagashi_mangan"),
                                  "these rules do not play nagashi mangan (rules.nagashi_mangan is false)")
    base = 2000
    paid = payments(base, ctx.is_dealer, tsumo=True)
    tsumo_ctx = WinContext(win="tsumo", seat_wind=ctx.seat_wind)
    pays = settle(base, 0, tsumo_ctx, rules)
    return ScoreResult(
        han=NAGASHI_MANGAN.han_closed, fu=0,
        yaku=[YakuScore(NAGASHI_MANGAN.id, NAGASHI_MANGAN.name, NAGASHI_MANGAN.han_closed)],
        yakuman=[], limit="mangan", base_points=base,
        points=Points(None, paid.tsumo_dealer, paid.tsumo_non_dealer, 0, 0, paid.hand_total),
        fu_breakdown=[], decomposition=[], wait=None, payments=pays,
    )
