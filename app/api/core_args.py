"""What the core takes, from a validated request model: the hand, the context and the rules of /hand/score,
/hand/analyze and /hand/points."""

import dataclasses
from operator import attrgetter

from app.schemas.hand import ContextModel, HandModel, HandRulesModel, MeldModel
from app.scoring import HandInput, HandRules, MeldInput, WinContext, resolve_hand_rules
from app.scoring.memo import Memo

_RULES_CACHE_SIZE = 4096
_RULE_FIELDS = tuple(HandRulesModel.model_fields)
_rule_values = attrgetter(*_RULE_FIELDS)


def _resolve(values: tuple[object, ...]) -> HandRules:
    options = dict(zip(_RULE_FIELDS, values, strict=True))
    preset = options.pop("preset")
    return resolve_hand_rules(preset, {name: value for name, value in options.items() if value is not None})  # type: ignore[arg-type]


# HandRules is frozen, so one object serves every request that sends the same preset and options.
_RULES = Memo(_resolve, _RULES_CACHE_SIZE, "request_rules")


def rules_of(model: HandRulesModel) -> HandRules:
    """The rules of the preset and options sent (an option left out, or null, keeps the preset's value)."""
    return _RULES[_rule_values(model)]


_CONTEXT_FIELDS = tuple(f.name for f in dataclasses.fields(WinContext))
_context_values = attrgetter(*_CONTEXT_FIELDS)
_LISTS = [i for i, f in enumerate(dataclasses.fields(WinContext)) if isinstance(f.default, tuple)]


def context_of(model: ContextModel) -> WinContext:
    """WinContext of a validated context, its lists as tuples (a model extending ContextModel may have more fields)."""
    values = list(_context_values(model))
    for i in _LISTS:
        values[i] = tuple(values[i])
    return WinContext(*values)


def melds_of(melds: list[MeldModel]) -> tuple[MeldInput, ...]:
    return tuple(MeldInput(m.type, m.tiles) for m in melds)


def hand_of(model: HandModel | None) -> HandInput | None:
    return None if model is None else HandInput(model.tiles, model.win_tile, melds_of(model.melds))
