"""The pure scoring core: frozen dataclasses in, frozen dataclasses out; no web framework."""

from app.scoring.evaluate import score, score_hand
from app.scoring.hand import HandInput, MeldInput, WinContext
from app.scoring.result import ScoreResult
from app.scoring.rules import HandRules, resolve_hand_rules
from app.scoring.typed import TypedHand, TypedMeld

__all__ = ["HandInput", "HandRules", "MeldInput", "ScoreResult", "TypedHand", "TypedMeld", "WinContext", "resolve_hand_rules",
           "score", "score_hand"]
