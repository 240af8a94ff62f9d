"""Small helpers for calling the scoring core from tests."""

from app.errors import InvalidInput
from app.scoring import HandInput, MeldInput, ScoreResult, WinContext, resolve_hand_rules, score_hand


def score(tiles: str, win_tile: str, melds: tuple[tuple[str, str], ...] = (), preset: str = "tenhou",
          rules: dict | None = None, **context: object) -> ScoreResult:
    context.setdefault("seat_wind", "south")
    for key in ("dora_indicators", "ura_dora_indicators"):
        if key in context:
            context[key] = tuple(context[key])  # type: ignore[arg-type]
    hand = HandInput(tiles, win_tile, tuple(MeldInput(t, m) for t, m in melds))  # type: ignore[arg-type]
    return score_hand(hand, WinContext(**context), resolve_hand_rules(preset, rules or {}))  # type: ignore[arg-type]


def error_types(tiles: str, win_tile: str, melds: tuple[tuple[str, str], ...] = (), preset: str = "tenhou",
                rules: dict | None = None, **context: object) -> list[str]:
    try:
        score(tiles, win_tile, melds, preset, rules, **context)
    except InvalidInput as exc:
        return [p.type for p in exc.problems]
    return []


def yaku_ids(result: ScoreResult) -> dict[str, int]:
    return {y.id: y.han for y in result.yaku}
