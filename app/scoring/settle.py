"""Who pays the winner what: the standard split, honba, and pao (liability) for certain yakuman."""

from dataclasses import dataclass

from app.scoring.hand import WinContext
from app.scoring.points import payments, round_up_100
from app.scoring.rules import HandRules
from app.scoring.tiles import WIND_NAMES


@dataclass(slots=True)
class Payment:
    payer: str  # a seat wind; "discarder" on a ron whose discarder's seat was not given
    points: int
    liable: bool = False  # paid as the player liable (pao) for a yakuman


def honba_bonus(ctx: WinContext, rules: HandRules) -> int:
    per_payer = rules.honba_points if not ctx.is_tsumo else rules.honba_points // 3
    return ctx.honba * per_payer * (3 if ctx.is_tsumo else 1)


def settle(base: int, pao_base: int, ctx: WinContext, rules: HandRules) -> list[Payment]:
    """Payments for a win worth `base`, of which `pao_base` is owed by the liable player."""
    if ctx.pao_seat_wind is None or not pao_base:
        return _ordinary(base, ctx, rules, honba_payer=None)
    liable = ctx.pao_seat_wind
    dealer_factor = 6 if ctx.is_dealer else 4
    pao_value = round_up_100(pao_base * dealer_factor)
    if ctx.is_tsumo:
        rest = _ordinary(base - pao_base, ctx, rules, honba_payer=liable) if base > pao_base else []
        extra = 0 if rest else honba_bonus(ctx, rules)
        return _merge([Payment(liable, pao_value + extra, True), *rest])
    discarder = ctx.discarder_seat_wind or "discarder"
    if liable == discarder:
        return _ordinary(base, ctx, rules, honba_payer=None)
    half = pao_value // 2
    rest_value = round_up_100((base - pao_base) * dealer_factor)
    return [Payment(discarder, pao_value - half + rest_value + honba_bonus(ctx, rules)), Payment(liable, half, True)]


def _ordinary(base: int, ctx: WinContext, rules: HandRules, honba_payer: str | None) -> list[Payment]:
    paid = payments(base, ctx.is_dealer, ctx.is_tsumo)
    if not ctx.is_tsumo:
        return [Payment(ctx.discarder_seat_wind or "discarder", (paid.ron or 0) + honba_bonus(ctx, rules))]
    others = [w for w in WIND_NAMES if w != ctx.seat_wind]
    per_payer_honba = ctx.honba * (rules.honba_points // 3)
    out = []
    for wind in others:
        points = paid.tsumo_dealer if wind == "east" and paid.tsumo_dealer is not None else paid.tsumo_non_dealer
        honba = per_payer_honba * 3 if wind == honba_payer else (0 if honba_payer else per_payer_honba)
        out.append(Payment(wind, (points or 0) + honba))
    return out


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
