"""The `rules` of every request, a preset plus any option beside it, generated from the one option table
(app.match.rules.OPTIONS): one model per set of endpoints, each option with its meaning and its allowed values
strictly typed, left out (None) meaning the preset's value. The core resolves them (resolve_hand_rules,
resolve_match_rules); a model only passes the preset's name and the options the client sent.
"""

from enum import Enum
from typing import Annotated, Any, get_args

from pydantic import Field, StrictBool, StrictInt, ValidationInfo, create_model, field_validator

from app.match.rules import OPTIONS, MatchRules, Option, Uma, resolve_match_rules
from app.schemas.common import StrictModel
from app.schemas.enums import OPTION_ENUMS, Preset
from app.scoring.rules import DEFAULT_PRESET, Scope

_PRESET = (Preset | None, Field(None, description=f"A named rule set (without it, {DEFAULT_PRESET}); the options "
                                                  "sent beside it override it."))


def _ints(option: Option) -> Any:
    spec = option.spec
    return Annotated[StrictInt, Field(ge=spec.ge, gt=spec.gt, le=spec.le, multiple_of=spec.multiple_of)]


def _items(option: Option) -> Any:
    low, high = option.spec.items or (None, None)
    return Field(min_length=low, max_length=high)


def _annotation(option: Option, value_type: Any) -> Any:
    """What a request may send for `option`, whose values have `value_type` in the core."""
    if option.spec.choices:
        return OPTION_ENUMS[option.name]
    if value_type is bool:
        return StrictBool
    if value_type is int:
        return _ints(option)
    if isinstance(value_type, type) and issubclass(value_type, Enum):
        return value_type
    (item,) = {arg for arg in get_args(value_type) if arg is not Ellipsis}
    if isinstance(item, type) and issubclass(item, Enum):
        return Annotated[list[item], Field(max_length=len(item))]  # type: ignore[valid-type]
    if item is int:
        return Annotated[list[_ints(option)], _items(option)]  # type: ignore[valid-type]
    if item == Uma:  # rows of uma, each as the uma option takes it
        return Annotated[list[_annotation(OPTIONS["uma"], Uma)], _items(option)]  # type: ignore[misc]
    raise TypeError(f"no request type for option {option.name} ({value_type})")


def _nullable(option: Option) -> bool:
    return type(None) in get_args(option.type)


def _field(option: Option) -> tuple[Any, Any]:
    value_type = next(arg for arg in get_args(option.type) if arg is not type(None)) if _nullable(option) \
        else option.type
    return _annotation(option, value_type) | None, Field(None, description=option.spec.meaning)


def _fields(scopes: set[Scope]) -> dict[str, Any]:
    return {name: _field(option) for name, option in OPTIONS.items() if option.scope in scopes}


class _MatchRules(StrictModel):
    @field_validator("*")
    @classmethod
    def _null_only_where_it_means_something(cls, value: object, info: ValidationInfo) -> object:
        name = info.field_name
        if value is None and name != "preset" and not _nullable(OPTIONS[name]):  # type: ignore[index]
            raise ValueError(f"{name} cannot be null; leave it out to keep the preset's value")
        return value

    def overrides(self) -> dict[str, object]:
        """The options the client set, by name."""
        return self.model_dump(exclude_unset=True, exclude={"preset"})

    def to_core(self) -> MatchRules:
        """The rules the core resolves from the preset's name and the options sent."""
        return resolve_match_rules(self.preset, self.overrides())  # type: ignore[attr-defined]


# /hand/score, /hand/points and /hand/analyze: the hand options (a null one is left out).
HandRulesModel = create_model("HandRulesModel", __base__=StrictModel, __doc__="A preset plus any hand option that overrides it.",
                              preset=_PRESET, **_fields({"hand", "both"}))

# /match/end-check: the match options.
MatchRulesIn = create_model(
    "MatchRulesIn", __base__=_MatchRules, preset=_PRESET, **_fields({"match", "both"}),
    __doc__="A preset plus any match option that overrides it (`null` only for goal_score: no goal, and floating_uma: "
            "plain uma).")


# /match/settle and /match/replay: every option.
SettleRulesIn = create_model(
    "SettleRulesIn", __base__=_MatchRules, preset=_PRESET, **_fields({"hand", "match", "both"}),
    __doc__="A preset plus any hand option (as /hand/score takes them) and any match or settlement option.")
