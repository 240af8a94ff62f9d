"""The match side's one door to the scoring core: what a win is worth and who
pays it, by seat wind. Only this module names the core's functions, so a change of theirs changes it alone.

Payments come back split into the hand's own (`payments`) and the honba (`honba`), so the match decides who
collects the honba and the riichi sticks: the core is asked for the honba only for the winner who collects
them (`Seating.honba`), and never for the sticks, which come from the table.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from app.scoring import HandInput, HandRules, MeldInput, ScoreResult, TypedHand, WinContext, score, score_hand
from app.scoring.evaluate import liable_base
from app.scoring.judge import JUDGES
from app.scoring.settlement import PaidWin, Payment, Points, limit_and_base, win_to_pay
from app.scoring.vocabulary import Payer, Wind, WinType

__all__ = ["HandRules", "Payout", "Points", "ScoreResult", "Seating", "TileHand",
           "TypedHand", "WinValue", "hand_points", "nagashi_value", "plays_nagashi", "value_of_han",
           "value_of_tiles"]

MANGAN: Final = 5  # han


@dataclass(frozen=True, slots=True)
class TileHand:
    tiles: str
    win_tile: str
    melds: tuple[tuple[str, str], ...] = ()  # (type, tiles)


@dataclass(frozen=True, slots=True)
class Seating:
    """Where a win happened, by seat wind, and the honba and sticks its winner collects."""

    win: WinType
    seat_wind: Wind
    round_wind: Wind
    discarder_seat_wind: Wind | None = None
    pao_seat_wind: Wind | None = None
    honba: int = 0
    riichi_sticks: int = 0


@dataclass(frozen=True, slots=True)
class Payout:
    payer: Wind
    points: int
    liable: bool = False  # paid as the player liable (pao)


@dataclass(frozen=True, slots=True)
class WinValue:
    han: int
    fu: int | None
    limit: str
    points: int  # what the hand itself is paid: the ron payment or the tsumo payments, without honba
    payments: tuple[Payout, ...]  # the hand's own payments, without honba
    honba: tuple[Payout, ...]  # the honba, by payer
    score: ScoreResult | None = None  # the core's whole answer, where tiles were scored


def plays_nagashi(rules: HandRules) -> bool:
    return rules.nagashi_mangan


def value_of_han(han: int, fu: int | None, yakuman: int, pao_yakuman: int, seating: Seating,
                 rules: HandRules) -> WinValue:
    """A win given as han and fu (fu may be None from 5 han on), or as a number of yakuman (han 0), of which
    `pao_yakuman` are owed by the liable player."""
    limit, base = limit_and_base(han, fu or 0, yakuman, rules)
    pao_base = limit_and_base(0, 0, pao_yakuman, rules)[1] if pao_yakuman else 0
    plain = _settled(base, pao_base, seating, 0, 0, rules).payments
    with_honba = _settled(base, pao_base, seating, seating.honba, 0, rules).payments
    return _value(han, fu, limit, plain, with_honba)


def value_of_tiles(hand: TileHand | TypedHand | None, context: Mapping[str, object], seating: Seating,
                   rules: HandRules) -> WinValue:
    """A win given as /hand/score's context (`context`: the fields sent, laid under `seating`) and its hand, in MPSZ
    notation (as /match/settle takes it) or by tile codes (the core's typed entry, as the record replay holds it)."""
    shown = _scored(hand, _context(seating, context, seating.honba, seating.riichi_sticks), rules)
    plain = _without_honba(shown, seating, rules) if seating.honba else tuple(shown.payments)
    value = _value(shown.han, shown.fu, shown.limit, plain, tuple(shown.payments))
    return WinValue(value.han, value.fu, value.limit, value.points, value.payments, value.honba, shown)


def nagashi_value(seat_wind: Wind, rules: HandRules) -> WinValue:
    """A nagashi mangan: paid as a mangan tsumo, without honba."""
    return value_of_han(MANGAN, None, 0, 0, Seating("tsumo", seat_wind, "east"), rules)


def hand_points(han: int, fu: int | None, yakuman: int, dealer: bool, tsumo: bool, honba: int, riichi_sticks: int,
                rules: HandRules) -> tuple[str, int, Points]:
    """The limit, base points and standard payments of a win given as han and fu, or as a number of yakuman."""
    limit, base = limit_and_base(han, fu or 0, yakuman, rules)
    seating = Seating("tsumo" if tsumo else "ron", "east" if dealer else "south", "east", honba=honba,
                      riichi_sticks=riichi_sticks)
    return limit, base, _settled(base, 0, seating, honba, riichi_sticks, rules).points


def _scored(hand: TileHand | TypedHand | None, ctx: WinContext, rules: HandRules) -> ScoreResult:
    if isinstance(hand, TypedHand):
        return score(hand, ctx, rules)
    noted = None if hand is None else HandInput(hand.tiles, hand.win_tile,
                                                tuple(MeldInput(kind, tiles) for kind, tiles in hand.melds))  # type: ignore[arg-type]
    return score_hand(noted, ctx, rules)


def _without_honba(scored: ScoreResult, seating: Seating, rules: HandRules) -> tuple[Payment, ...]:
    """The payments of a scored win paid again from its base points without the honba (the hand is not scored
    twice)."""
    liable = liable_base([(y.id, y.multiplier) for y in scored.yakuman], rules) if seating.pao_seat_wind else 0
    return _settled(scored.base_points, liable, seating, 0, 0, rules).payments


def _settled(base: int, pao_base: int, seating: Seating, honba: int, riichi_sticks: int, rules: HandRules) -> PaidWin:
    win = win_to_pay(base=base, pao_base=pao_base, winner=seating.seat_wind, tsumo=seating.win == "tsumo",
              discarder=seating.discarder_seat_wind, liable=seating.pao_seat_wind, honba=honba, riichi_sticks=riichi_sticks)
    return JUDGES[rules].settled[win]


def _context(seating: Seating, sent: Mapping[str, object], honba: int, riichi_sticks: int = 0) -> WinContext:
    seats = {"win": seating.win, "seat_wind": seating.seat_wind, "round_wind": seating.round_wind,
             "discarder_seat_wind": seating.discarder_seat_wind, "pao_seat_wind": seating.pao_seat_wind}
    return WinContext(**{**sent, **seats, "honba": honba, "riichi_sticks": riichi_sticks})  # type: ignore[arg-type]


def _value(han: int, fu: int | None, limit: str, plain: tuple[Payment, ...],
           with_honba: tuple[Payment, ...]) -> WinValue:
    """Split the payments with honba from those without into the hand's own and the honba, payer by payer."""
    without = {payment.payer: payment.points for payment in plain}
    honba = tuple(Payout(_seat(p.payer), p.points - without.get(p.payer, 0)) for p in with_honba
                  if p.points != without.get(p.payer, 0))
    payments = tuple(Payout(_seat(p.payer), p.points, p.liable) for p in plain)
    return WinValue(han, fu, limit, sum(p.points for p in payments), payments, honba)


def _seat(payer: Payer) -> Wind:
    """A payer's seat wind: the match always names the discarder, so the core never answers "discarder"."""
    assert payer != "discarder"
    return payer
