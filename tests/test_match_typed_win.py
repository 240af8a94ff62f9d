"""A win the match settles from tile codes (the core's typed entry, as the record replay holds it) is valued as the
same win written in MPSZ (as /match/settle takes it over HTTP): the same answer, or the same problems."""

from dataclasses import fields, replace

import msgspec
import pytest

from app.api.health import core_build
from app.errors import InvalidInput
from app.match import win_value
from app.match.hand import HanFu, Outcome, PlayedHand, Tiles, Win
from app.match.model import MatchState
from app.match.rules import resolve_match_rules
from app.match.settle import UnvaluedWin, settle_hand
from app.match.win_value import Payout, Seating, TileHand, value_of_tiles
from app.scoring import HandInput, HandRules, MeldInput, TypedHand, TypedMeld, WinContext, resolve_hand_rules, score_hand
from app.scoring.typed import counts_of
from app.scoring.vocabulary import WIND_NAMES
from tests.golden import cases
from tests.test_scoring_typed import typed_of

SEATING = {"win", "seat_wind", "round_wind", "discarder_seat_wind", "pao_seat_wind", "honba", "riichi_sticks"}
encode = msgspec.json.Encoder().encode


def valued(hand: TileHand | TypedHand, ctx: WinContext, rules: object) -> object:
    seating = Seating(ctx.win, ctx.seat_wind, ctx.round_wind, ctx.discarder_seat_wind, ctx.pao_seat_wind, ctx.honba,
                      ctx.riichi_sticks)
    sent = {f.name: getattr(ctx, f.name) for f in fields(ctx) if f.name not in SEATING}
    try:
        return encode(value_of_tiles(hand, sent, seating, rules))  # type: ignore[arg-type]
    except InvalidInput as exc:
        return [(p.type, p.loc) for p in exc.problems]


def with_discarder(ctx: WinContext, players: int) -> WinContext:
    """A ron names its discarder at the table (the next seat where the hand leaves it out)."""
    if ctx.win == "tsumo" or ctx.discarder_seat_wind is not None:
        return ctx
    return replace(ctx, discarder_seat_wind=WIND_NAMES[(WIND_NAMES.index(ctx.seat_wind) + 1) % players])


def tile_hand(hand: HandInput) -> TileHand:
    return TileHand(hand.tiles, hand.win_tile, tuple((m.type, m.tiles) for m in hand.melds))


def test_a_win_by_tile_codes_is_valued_as_in_mpsz() -> None:
    compared = refused = 0
    for case in cases(1500):
        if case.hand is None or len(case.hand.win_tile) != 2:
            continue
        typed = typed_of(case.hand)
        if max(typed.counts) > 4:
            continue  # five copies: no count of tile codes says so
        ctx = with_discarder(case.ctx, case.rules.players)
        ours = valued(typed, ctx, case.rules)
        assert ours == valued(tile_hand(case.hand), ctx, case.rules), case.describe()
        compared += 1
        refused += isinstance(ours, list)
    assert compared > 1400 and refused > 100, (compared, refused)


def settled(hand: TileHand | TypedHand) -> object:
    """Daisangen, the third dragon pon called from seat 3 (the West seat with seat 1 dealing), won by ron on seat
    0's discard with one honba on the table."""
    rules = resolve_match_rules("tenhou", {})
    state = MatchState("east", 2, 1, 0, (25000,) * 4)
    win = Win(1, (Tiles(hand),), from_seat=0, pao_seat=3)
    return settle_hand(state, PlayedHand(Outcome.RON, wins=(win,)), rules)


def test_a_settled_win_by_tile_codes_keeps_its_calls_seats() -> None:
    pons = ((31, "south"), (32, "north"), (33, "west"))
    typed = TypedHand(counts_of([0, 1, 2, 8, 8]), 2, melds=tuple(TypedMeld("pon", (t, t, t), from_seat=s) for t, s in pons))
    noted = TileHand("12399m", "3m", (("pon", "555z"), ("pon", "666z"), ("pon", "777z")))
    assert settled(typed) == settled(noted)
    called_by_itself = TypedHand(typed.counts, 2, melds=(*typed.melds[:2], TypedMeld("pon", (33, 33, 33), from_seat="east")))
    with pytest.raises(InvalidInput) as exc:
        settled(called_by_itself)
    assert [(p.type, p.loc) for p in exc.value.problems] == [("invalid_meld", ("hand", "wins", 0, "hand", "melds", 2, "from_seat"))]


def seating_of(ctx: WinContext) -> Seating:
    return Seating(ctx.win, ctx.seat_wind, ctx.round_wind, ctx.discarder_seat_wind, ctx.pao_seat_wind, ctx.honba,
                   ctx.riichi_sticks)


def paid_without_honba(hand: HandInput, ctx: WinContext, rules: HandRules) -> tuple[Payout, ...]:
    """The hand's own payments as the core pays the same win with no honba and no sticks on the table."""
    scored = score_hand(hand, replace(ctx, honba=0, riichi_sticks=0), rules)
    return tuple(Payout(p.payer, p.points, p.liable) for p in scored.payments)  # type: ignore[arg-type]


PAO_WINS = [  # daisangen, the third dragon pon fed by the West seat: a ron on another seat's tile, and a tsumo
    (HandInput("12399m", "3m", (MeldInput("pon", "555z"), MeldInput("pon", "666z"), MeldInput("pon", "777z"))),
     WinContext(win="ron", seat_wind="south", discarder_seat_wind="east", pao_seat_wind="west", honba=2)),
    (HandInput("12399m", "9m", (MeldInput("pon", "555z"), MeldInput("pon", "666z"), MeldInput("pon", "777z"))),
     WinContext(win="tsumo", seat_wind="east", pao_seat_wind="north", honba=3, riichi_sticks=1)),
]


def test_a_win_with_honba_is_scored_once_and_its_own_payments_are_those_without_honba(monkeypatch) -> None:
    calls = []
    scored = win_value._scored
    monkeypatch.setattr(win_value, "_scored", lambda *args: calls.append(args) or scored(*args))
    counted = core_build() == "pure"  # a compiled module calls its own functions directly, past the patch
    wins = [(case.hand, with_discarder(case.ctx, case.rules.players), case.rules) for case in cases(1500)
            if case.hand is not None and case.ctx.honba]
    wins += [(hand, ctx, resolve_hand_rules("tenhou", {"pao_honba": pao_honba}))
             for hand, ctx in PAO_WINS for pao_honba in ("liable", "discarder")]
    compared = 0
    for hand, ctx, rules in wins:
        sent = {f.name: getattr(ctx, f.name) for f in fields(ctx) if f.name not in SEATING}
        calls.clear()
        try:
            value = value_of_tiles(tile_hand(hand), sent, seating_of(ctx), rules)
        except InvalidInput:
            continue
        assert len(calls) == counted
        assert value.payments == paid_without_honba(hand, ctx, rules)
        assert sum(p.points for p in value.honba) == value.score.points.honba_bonus > 0  # type: ignore[union-attr]
        compared += 1
    assert compared > 300
    assert [p.liable for p in value_of_tiles(tile_hand(PAO_WINS[0][0]), {}, seating_of(PAO_WINS[0][1]),
                                             resolve_hand_rules("tenhou", {})).payments] == [False, True]


def test_a_win_its_tiles_do_not_make_is_named_by_its_place_in_the_hand() -> None:
    """A double ron whose second win (in hand.wins) has no yaku: the core says which win, beside the problem placed
    under it for the HTTP answer; nothing is settled."""
    no_yaku = Tiles(TileHand("123567m456p22678s", "7s", ()))
    hand = PlayedHand(Outcome.RON, (), (Win(1, (HanFu(1, 30),), from_seat=0), Win(3, (no_yaku,), from_seat=0)))
    with pytest.raises(UnvaluedWin) as raised:
        settle_hand(MatchState("east", 1, 0, 0, (25000,) * 4), hand, resolve_match_rules("tenhou", {}))
    assert raised.value.index == 1
    assert [(p.type, p.loc) for p in raised.value.problems] == [("no_yaku", ("hand", "wins", 1, "hand"))]


def test_a_hand_that_cannot_have_happened_is_not_an_unvalued_win() -> None:
    """A problem of the hand as a whole (here the same winner twice) is the plain InvalidInput."""
    hand = PlayedHand(Outcome.RON, (), (Win(1, (HanFu(1, 30),), from_seat=0), Win(1, (HanFu(2, 30),), from_seat=0)))
    with pytest.raises(InvalidInput) as raised:
        settle_hand(MatchState("east", 1, 0, 0, (25000,) * 4), hand, resolve_match_rules("tenhou", {}))
    assert not isinstance(raised.value, UnvaluedWin)
