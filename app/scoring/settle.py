"""Who pays the winner what: the standard split, honba, and pao (liability) for certain yakuman."""

from dataclasses import dataclass

from app.scoring.hand import WinContext
from app.scoring.points import payments, round_up_100
from app.scoring.rules import HandRules
from app.scoring.tiles import WIND_NAMES


@dataclass(frozen=True, slots=True)
class Payment:
    payer: str  # a seat wind; "discarder" on a ron whose discarder's seat was not given
    points: int
    liable: bool = False  # paid as the player liable (pao) for a yakuman


def honba_bonus(ctx: WinContext, rules: HandRules) -> int:
    if ctx.win == "tsumo":
        return ctx.honba * (rules.honba_points // 3) * 3
    return ctx.honba * rules.honba_points


def settle(base: int, pao_base: int, ctx: WinContext, rules: HandRules) -> list[Payment]:
    """Payments for a win worth `base`, of which `pao_base` is owed by the liable player (0: no pao)."""
    if not pao_base:
        return _ordinary(base, ctx, rules)
    liable = ctx.pao_seat_wind or ""
    if rules.pao_covers == "whole_hand":
        pao_base = base
    pao_value = round_up_100(pao_base * (6 if ctx.is_dealer else 4))
    honba = honba_bonus(ctx, rules)
    if ctx.win == "tsumo":
        rest = _ordinary(base - pao_base, ctx, rules, with_honba=False) if base > pao_base else []
        return _merge([Payment(liable, pao_value + honba, True), *rest])
    discarder = ctx.discarder_seat_wind or "discarder"
    if liable == discarder:
        return _ordinary(base, ctx, rules)
    half = pao_value // 2
    discarder_pays = pao_value - half + round_up_100((base - pao_base) * (6 if ctx.is_dealer else 4))
    liable_honba = honba if rules.pao_honba == "liable" else 0
    return [Payment(discarder, discarder_pays + honba - liable_honba), Payment(liable, half + liable_honba, True)]


def _ordinary(base: int, ctx: WinContext, rules: HandRules, with_honba: bool = True) -> list[Payment]:
    paid = payments(base, ctx.is_dealer, ctx.win == "tsumo")
    if paid.ron is not None:
        return [Payment(ctx.discarder_seat_wind or "discarder", paid.ron + (honba_bonus(ctx, rules) if with_honba else 0))]
    honba = ctx.honba * (rules.honba_points // 3) if with_honba else 0
    return [
        Payment(wind, (paid.tsumo_dealer if wind == "east" and paid.tsumo_dealer else paid.tsumo_non_dealer or 0) + honba)
        for wind in WIND_NAMES if wind != ctx.seat_wind
    ]


def _merge(parts: list[Payment]) -> list[Payment]:
    """One line per payer: the liable player's share of the rest is added to their pao payment."""
    merged: dict[str, Payment] = {}
    for p in parts:
        if p.payer in merged:
            prev = merged[p.payer]
            merged[p.payer] = Payment(p.payer, prev.points + p.points, prev.liable or p.liable)
        else:
            merged[p.payer] = p
    return list(merged.values())
