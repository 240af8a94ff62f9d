"""From han and fu to the limit and base points, and from a win's value to who pays the winner what.

The one place payments are worked out, for a table of any of its seats: the standard split, honba,
riichi sticks and pao (liability) for certain yakuman. Every result is immutable.
"""

from dataclasses import dataclass
from typing import Final, NamedTuple

from app.scoring.rules import HandRules
from app.scoring.vocabulary import WIND_NAMES, YAKUMAN_LIMITS, Limit, Payer, Wind

# (lowest han, limit, base points) for the limits reached by han alone.
HAN_LIMITS: Final[tuple[tuple[int, Limit, int], ...]] = (
    (11, "sanbaiman", 6000), (8, "baiman", 4000), (6, "haneman", 3000), (5, "mangan", 2000))
MANGAN_BASE: Final = 2000
YAKUMAN_BASE: Final = 8000
KIRIAGE_BASE: Final = 1920  # 4 han 30 fu and 3 han 60 fu
STICK_POINTS: Final = 1000


def limit_and_base(han: int, fu: int, yakuman_multiplier: int, rules: HandRules) -> tuple[Limit, int]:
    if yakuman_multiplier:
        return YAKUMAN_LIMITS[min(yakuman_multiplier, 6) - 1], YAKUMAN_BASE * yakuman_multiplier
    if han >= 13 and rules.kazoe_yakuman:
        return "kazoe_yakuman", YAKUMAN_BASE
    for lowest, limit, base in HAN_LIMITS:
        if han >= lowest:
            return limit, base
    base = fu * 2 ** (han + 2)
    if base > MANGAN_BASE or (rules.kiriage_mangan and base == KIRIAGE_BASE):
        return "mangan", MANGAN_BASE
    return "none", base


def round_up_100(points: int) -> int:
    return -(-points // 100) * 100


@dataclass(frozen=True, slots=True, init=False)
class Payments:
    """The standard table's payments for a value, without honba: those that do not apply are None."""

    ron: int | None
    tsumo_dealer: int | None  # what the dealer pays a non-dealer's tsumo
    tsumo_non_dealer: int | None  # what each non-dealer pays a tsumo

    def __init__(self, ron: int | None, tsumo_dealer: int | None, tsumo_non_dealer: int | None) -> None:
        object.__setattr__(self, "ron", ron)
        object.__setattr__(self, "tsumo_dealer", tsumo_dealer)
        object.__setattr__(self, "tsumo_non_dealer", tsumo_non_dealer)


def standard_payments(base: int, dealer: bool, tsumo: bool) -> Payments:
    if not tsumo:
        return Payments(round_up_100(base * (6 if dealer else 4)), None, None)
    if dealer:
        return Payments(None, None, round_up_100(base * 2))
    return Payments(None, round_up_100(base * 2), round_up_100(base))


@dataclass(frozen=True, slots=True, init=False)
class Payment:
    payer: Payer  # a seat wind; "discarder" on a ron whose discarder's seat was not given
    points: int
    liable: bool = False  # paid as the player liable (pao) for a yakuman

    def __init__(self, payer: Payer, points: int, liable: bool = False) -> None:
        object.__setattr__(self, "payer", payer)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "liable", liable)


@dataclass(frozen=True, slots=True, init=False)
class Points:
    ron: int | None
    tsumo_dealer: int | None
    tsumo_non_dealer: int | None
    honba_bonus: int
    riichi_sticks_bonus: int
    total: int

    def __init__(
        self, ron: int | None, tsumo_dealer: int | None, tsumo_non_dealer: int | None, honba_bonus: int,
        riichi_sticks_bonus: int, total: int
    ) -> None:
        object.__setattr__(self, "ron", ron)
        object.__setattr__(self, "tsumo_dealer", tsumo_dealer)
        object.__setattr__(self, "tsumo_non_dealer", tsumo_non_dealer)
        object.__setattr__(self, "honba_bonus", honba_bonus)
        object.__setattr__(self, "riichi_sticks_bonus", riichi_sticks_bonus)
        object.__setattr__(self, "total", total)


class WinToPay(NamedTuple):
    """Everything a win is paid on."""

    base: int
    pao_base: int  # of `base`, what the liable player answers for (0: no pao)
    winner: Wind
    tsumo: bool
    discarder: Wind | None  # on a ron; None: not named
    liable: Wind | None  # the pao player
    honba: int
    riichi_sticks: int


# A WinToPay's values in field order, as a plain tuple: what keys the payments' memo (judge.SETTLED), as the facts'
# values key the yaku tables' (facts.py).
WinToPayValues = tuple[int, int, Wind, bool, Wind | None, Wind | None, int, int]


def win_to_pay(*, base: int, pao_base: int, winner: Wind, tsumo: bool, discarder: Wind | None, liable: Wind | None,
               honba: int, riichi_sticks: int) -> WinToPayValues:
    """A WinToPay's values from its fields by name, in field order."""
    return base, pao_base, winner, tsumo, discarder, liable, honba, riichi_sticks


@dataclass(frozen=True, slots=True, init=False)
class PaidWin:
    """What a win pays: its points and who pays what."""

    points: Points
    payments: tuple[Payment, ...]

    def __init__(self, points: Points, payments: tuple[Payment, ...]) -> None:
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "payments", payments)


def playing_winds(rules: HandRules) -> tuple[Wind, ...]:
    """The seats in play, by wind (with three players nobody sits North)."""
    return WIND_NAMES[:rules.players]


# What settle reads of the rules (tests/test_scoring_design.py proves it): the payments are shared by every set of
# rules that agrees on these (judge.SETTLED).
SETTLEMENT_OPTIONS: Final = ("honba_points", "pao_covers", "pao_honba", "players", "tsumo_loss")


def settle(win: WinToPay, rules: HandRules) -> PaidWin:
    paid = standard_payments(win.base, win.winner == "east", win.tsumo)
    pays = pao_payments(win, rules) if win.pao_base else ordinary_payments(win, win.base, rules, with_honba=True)
    sticks = win.riichi_sticks * STICK_POINTS
    total = sticks + sum(payment.points for payment in pays)
    points = Points(paid.ron, paid.tsumo_dealer, paid.tsumo_non_dealer, honba_bonus(win, rules), sticks, total)
    return PaidWin(points, pays)


def honba_share(win: WinToPay, rules: HandRules) -> int:
    """What one payer adds for the honba: all of them on a ron, an equal share from each payer on a tsumo."""
    if win.tsumo:
        return win.honba * (rules.honba_points // (rules.players - 1))
    return win.honba * rules.honba_points


def honba_bonus(win: WinToPay, rules: HandRules) -> int:
    payers = rules.players - 1 if win.tsumo else 1
    return honba_share(win, rules) * payers


def ordinary_payments(win: WinToPay, base: int, rules: HandRules, with_honba: bool) -> tuple[Payment, ...]:
    """The standard split of `base` among the payers, each with its honba share when `with_honba`."""
    paid = standard_payments(base, win.winner == "east", win.tsumo)
    honba = honba_share(win, rules) if with_honba else 0
    if paid.ron is not None:
        return (Payment(win.discarder or "discarder", paid.ron + honba),)
    absent = _absent_share(paid, rules)
    return tuple(Payment(wind, _tsumo_share(paid, wind) + absent + honba)
                 for wind in playing_winds(rules) if wind != win.winner)


def _absent_share(paid: Payments, rules: HandRules) -> int:
    """What each payer adds for the seat missing from a three-player table: nothing with tsumo loss, else half of the
    share that seat (a non-dealer) would have paid, rounded up to 100."""
    if rules.players == len(WIND_NAMES) or rules.tsumo_loss:
        return 0
    return round_up_100(_tsumo_share(paid, "north") // 2)


def _tsumo_share(paid: Payments, payer: Wind) -> int:
    if payer == "east" and paid.tsumo_dealer is not None:
        return paid.tsumo_dealer
    assert paid.tsumo_non_dealer is not None
    return paid.tsumo_non_dealer


def pao_payments(win: WinToPay, rules: HandRules) -> tuple[Payment, ...]:
    """A pao win: the liable player answers for `pao_base` (or the whole hand, by rules.pao_covers)."""
    liable = win.liable
    assert liable is not None
    pao_base = win.base if rules.pao_covers == "whole_hand" else win.pao_base
    pao_value = round_up_100(pao_base * (6 if win.winner == "east" else 4))
    honba = honba_bonus(win, rules)
    if win.tsumo:
        rest = ordinary_payments(win, win.base - pao_base, rules, with_honba=False) if win.base > pao_base else ()
        return _merged((Payment(liable, pao_value + honba, True), *rest))
    discarder: Payer = win.discarder or "discarder"
    if liable == discarder:
        return ordinary_payments(win, win.base, rules, with_honba=True)
    half = pao_value // 2
    discarder_pays = pao_value - half + round_up_100((win.base - pao_base) * (6 if win.winner == "east" else 4))
    liable_honba = honba if rules.pao_honba == "liable" else 0
    return (Payment(discarder, discarder_pays + honba - liable_honba), Payment(liable, half + liable_honba, True))


def _merged(parts: tuple[Payment, ...]) -> tuple[Payment, ...]:
    """One line per payer: the liable player's share of the rest is added to their pao payment."""
    merged: dict[Payer, Payment] = {}
    for p in parts:
        prev = merged.get(p.payer)
        merged[p.payer] = p if prev is None else Payment(p.payer, prev.points + p.points, prev.liable or p.liable)
    return tuple(merged.values())
