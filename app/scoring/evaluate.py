"""Score a winning hand: every reading is scored and the one worth the most is kept."""

from dataclasses import dataclass

from app.errors import InvalidInput
from app.scoring.decompose import Reading, readings
from app.scoring.suits import Placement, SuitSplit
from app.scoring.facts import HandFacts, hand_facts, shape_facts
from app.scoring.fu import FuItem, count_fu
from app.scoring.hand import HandInput, Meld, WinContext
from app.scoring.points import limit_and_base, payments
from app.scoring.rules import HandRules
from app.scoring.settle import Payment, honba_bonus, settle
from app.scoring.tiles import KAN_NAMES, PAIR_NAMES, SEQUENCE_NAMES, TRIPLET_NAMES, dora_from_indicator, format_tiles
from app.scoring.validate import parse_hand
from app.scoring.yaku import (
    AKA_DORA, DORA, HAND_YAKU, HAND_YAKUMAN, NAGASHI_MANGAN, PAO_YAKUMAN, READING_YAKU, READING_YAKUMAN, RENHOU,
    RENHOU_HAN, URA_DORA, Yaku, Yakuman, could_be_yakuman,
)

STICK_POINTS = 1000
GROUP_NAMES = {2: PAIR_NAMES, 3: TRIPLET_NAMES, 4: KAN_NAMES}
# Result pieces are immutable and few (a yaku at a han, a fu item, a group): each is built once.
_YAKU_SCORES: dict[tuple[str, int], "YakuScore"] = {}
_FU_SCORES: dict[tuple[str, int, int, int], "FuScore"] = {}
_GROUPS: dict[tuple[str, bool, bool], "Group"] = {}
YakuHan = tuple[Yaku, int]


@dataclass(frozen=True, slots=True)
class YakuScore:
    id: str
    name: str
    han: int


@dataclass(slots=True)
class YakumanScore:
    id: str
    name: str
    multiplier: int


@dataclass(frozen=True, slots=True)
class FuScore:
    reason: str
    fu: int
    tiles: str | None = None


@dataclass(frozen=True, slots=True)
class Group:
    kind: str
    tiles: str
    open: bool
    winning: bool


@dataclass(slots=True)
class Points:
    ron: int | None
    tsumo_dealer: int | None
    tsumo_non_dealer: int | None
    honba_bonus: int
    riichi_sticks_bonus: int
    total: int


@dataclass(slots=True)
class ScoreResult:
    han: int
    fu: int
    yaku: list[YakuScore]
    yakuman: list[YakumanScore]
    limit: str
    base_points: int
    points: Points
    fu_breakdown: list[FuScore]
    decomposition: list[Group]
    wait: str | None
    payments: list[Payment]


@dataclass(slots=True)
class _Candidate:
    reading: Reading
    yaku: list[YakuHan]
    yakuman: list[tuple[Yakuman, int]]
    han: int
    fu: int
    fu_items: list[FuItem]
    limit: str
    base: int


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
    h = hand_facts(parsed, ctx, rules)
    best = best_candidate(h, found)
    if best is None:
        raise InvalidInput.single("no_yaku", ("hand",),
                                  "the hand is complete but has no yaku, so it cannot win (dora alone are not a yaku)")
    return _result(h, best)


def best_candidate(h: HandFacts, found: list[Reading]) -> _Candidate | None:
    """The reading worth the most points, then han, then fu; None when no reading has a yaku."""
    yakuman = [(y, _multiplier(h, y)) for y in HAND_YAKUMAN if y.applies(h)] if could_be_yakuman(h) else []
    hand_yaku = [] if yakuman else judged_hand_yaku(h)
    dora = dora_han(h)
    scored = [c for c in (score_reading(h, r, hand_yaku, yakuman, dora) for r in found) if c.yaku or c.yakuman]
    if len(scored) < 2:
        return scored[0] if scored else None
    return max(scored, key=_worth)


def _worth(c: _Candidate) -> tuple[int, bool, int, int, int]:
    """Points, then a real yakuman over a kazoe one of the same value (its han are not counted: riichi.wiki
    "Kazoe yakuman", as Tenhou does), then han, then fu, then fu before rounding."""
    return c.base, bool(c.yakuman), c.han, c.fu, sum(item[1] for item in c.fu_items)


def judged_hand_yaku(h: HandFacts) -> list[YakuHan]:
    closed = h.closed
    if _renhou_alone(h):
        return [(RENHOU, RENHOU_HAN[h.rules.renhou])]
    found = [(y, y.han_closed if closed else y.han_open) for y in HAND_YAKU
             if (closed or y.han_open) and y.applies(h)]
    if h.ctx.renhou and h.rules.renhou in RENHOU_HAN:
        found.append((RENHOU, RENHOU_HAN[h.rules.renhou]))
    return found


def _renhou_alone(h: HandFacts) -> bool:
    """A renhou that the rules score alone, without the other yaku and dora (EMA)."""
    return h.ctx.renhou and h.rules.renhou_alone and h.rules.renhou in RENHOU_HAN


def dora_han(h: HandFacts) -> list[YakuHan]:
    count = h.hand.count
    found = [
        (DORA, sum(count(dora_from_indicator(t)) for t in h.hand.dora_indicators)),
        (AKA_DORA, h.hand.red_fives if h.rules.aka_dora else 0),
    ]
    if h.ctx.in_riichi:
        found.append((URA_DORA, sum(count(dora_from_indicator(t)) for t in h.hand.ura_dora_indicators)))
    return [(y, n) for y, n in found if n]


def _multiplier(h: HandFacts, y: Yakuman) -> int:
    return 2 if y.double and h.rules.double_yakuman else 1


def score_reading(h: HandFacts, reading: Reading, hand_yaku: list[YakuHan], hand_yakuman: list[tuple[Yakuman, int]],
                  dora: list[YakuHan]) -> _Candidate:
    s = shape_facts(h, reading)
    fu, fu_items = count_fu(h, s)
    if s.concealed_triplets == 4 or reading.shape == "kokushi":
        yakuman = [(y, _multiplier(h, y)) for y in READING_YAKUMAN if y.applies(h, s)] + hand_yakuman
    else:
        yakuman = hand_yakuman
    if yakuman:
        if not h.rules.yakuman_stacking:
            yakuman = [max(yakuman, key=lambda y: y[1])]
        multiplier = sum(m for _, m in yakuman)
        limit, base = limit_and_base(0, fu, multiplier, h.rules)
        return _Candidate(reading, [], yakuman, 13 * multiplier, fu, fu_items, limit, base)
    closed = h.closed
    if _renhou_alone(h):
        yaku = list(hand_yaku)
    else:
        yaku = hand_yaku + [(y, y.han_closed if closed else y.han_open) for y in READING_YAKU
                            if (closed or y.han_open) and y.applies(h, s)]
        if yaku:
            yaku += dora
    han = sum(n for _, n in yaku)
    limit, base = limit_and_base(han, fu, 0, h.rules)
    return _Candidate(reading, yaku, [], han, fu, fu_items, limit, base)


def _result(h: HandFacts, best: _Candidate) -> ScoreResult:
    ctx, rules = h.ctx, h.rules
    paid = payments(best.base, ctx.is_dealer, ctx.is_tsumo)
    pays = settle(best.base, _pao_base(h, best), ctx, rules)
    sticks = ctx.riichi_sticks * STICK_POINTS
    total = sticks
    for payment in pays:
        total += payment.points
    return ScoreResult(
        best.han,
        best.fu,
        [yaku_score(y, n) for y, n in best.yaku],
        [YakumanScore(y.id, y.name, m) for y, m in best.yakuman] if best.yakuman else [],
        best.limit,
        best.base,
        Points(paid.ron, paid.tsumo_dealer, paid.tsumo_non_dealer, honba_bonus(ctx, rules), sticks, total),
        [fu_score(item) for item in best.fu_items],
        describe_groups(h, best.reading),
        best.reading.wait,
        pays,
    )


def yaku_score(y: Yaku, han: int) -> YakuScore:
    """The shared YakuScore for this yaku at this han (frozen: one object serves every result)."""
    key = (y.id, han)
    score = _YAKU_SCORES.get(key)
    if score is None:
        score = _YAKU_SCORES[key] = YakuScore(y.id, y.name, han)
    return score


def fu_score(item: FuItem) -> FuScore:
    score = _FU_SCORES.get(item)
    if score is None:
        reason, fu, tile, size = item
        score = _FU_SCORES[item] = FuScore(reason, fu, GROUP_NAMES[size][tile] if size else None)
    return score


def group(kind: str, name: str, is_open: bool, winning: bool) -> Group:
    key = (name, is_open, winning)
    found = _GROUPS.get(key)
    if found is None:
        found = _GROUPS[key] = Group(kind, name, is_open, winning)
    return found


def _pao_base(h: HandFacts, best: _Candidate) -> int:
    """The base points of the yakuman the liable player answers for; 0 without pao."""
    if h.ctx.pao_seat_wind is None:
        return 0
    liable_for = PAO_YAKUMAN | ({"suukantsu"} if h.rules.pao_suukantsu else set())
    multiplier = sum(m for y, m in best.yakuman if y.id in liable_for)
    if not multiplier:
        raise InvalidInput.single("inconsistent_context", ("context", "pao_seat_wind"),
                                  f"pao applies only to a hand scored with {', '.join(sorted(liable_for))}; this hand has none")
    return limit_and_base(0, 0, multiplier, h.rules)[1]


def describe_groups(h: HandFacts, r: Reading) -> list[Group]:
    """The reading as groups in MPSZ notation: concealed sets, melds, then the pair."""
    hand = h.hand
    if r.shape == "kokushi":
        tiles = [p.suit * 9 + rank for p in hand.parts for rank, n in enumerate(p.counts) for _ in range(n)]
        return [Group("kokushi", format_tiles(tiles), False, True)]
    if r.shape == "chiitoitsu":
        pairs = [p.suit * 9 + rank for p in hand.parts for rank, n in enumerate(p.counts) if n]
        return [group("pair", PAIR_NAMES[t], False, t == hand.win_tile) for t in pairs]
    win_suit = hand.win_tile // 9
    groups: list[Group] = []
    for suit, split in enumerate(r.splits):
        groups += _split_groups(split, r.win_in if suit == win_suit else None)
    groups += [_meld_group(m) for m in hand.melds]
    pair = max(split.pair for split in r.splits)
    groups.append(group("pair", PAIR_NAMES[pair], False, r.win_in[0] == "pair"))
    return groups


def _split_groups(split: SuitSplit, win_in: Placement | None) -> tuple[Group, ...]:
    """A suit's sequences, then its triplets; the first group the winning tile completed is marked."""
    found = split.described.get(win_in)
    if found is None:
        kind, at, _ = win_in or ("", -1, "")
        marked = False
        out = []
        for name, starts in (("sequence", split.sequences), ("triplet", split.triplets)):
            for t in starts:
                winning = not marked and kind == name and t == at
                marked = marked or winning
                out.append(group(name, (SEQUENCE_NAMES if name == "sequence" else TRIPLET_NAMES)[t], False, winning))
        found = split.described[win_in] = tuple(out)
    return found


def _meld_group(m: Meld) -> Group:
    if m.type == "chi":
        return group("sequence", SEQUENCE_NAMES[m.tile], True, False)
    if m.type == "pon":
        return group("triplet", TRIPLET_NAMES[m.tile], True, False)
    return group("kan", KAN_NAMES[m.tile], m.is_open, False)


def score_nagashi_mangan(ctx: WinContext, rules: HandRules) -> ScoreResult:
    if not rules.nagashi_mangan:
        raise InvalidInput.single("inconsistent_context", ("context", "nagashi_mangan"),
                                  "these rules do not play nagashi mangan (rules.nagashi_mangan is false)")
    base = 2000
    paid = payments(base, ctx.is_dealer, tsumo=True)
    pays = settle(base, 0, WinContext(win="tsumo", seat_wind=ctx.seat_wind), rules)
    return ScoreResult(
        han=NAGASHI_MANGAN.han_closed, fu=0,
        yaku=[YakuScore(NAGASHI_MANGAN.id, NAGASHI_MANGAN.name, NAGASHI_MANGAN.han_closed)],
        yakuman=[], limit="mangan", base_points=base,
        points=Points(None, paid.tsumo_dealer, paid.tsumo_non_dealer, 0, 0, paid.hand_total),
        fu_breakdown=[], decomposition=[], wait=None, payments=pays,
    )
