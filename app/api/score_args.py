"""A /hand/score request as the scoring core takes it: `ScoreArgs`, validated by pydantic-core straight from JSON.

`ScoreArgs` holds what `score_hand` takes: a HandInput (or None), a WinContext and a HandRules. Its validation
is assembled from the request models' own: every field keeps its model's schema (type, constraints,
default) and every model its rule on unknown keys, so a body validates as ScoreArgs exactly when it
validates as HandScoreRequest (tests/test_hand_single_pass.py checks this). pydantic-core builds each core
dataclass itself, turns a list into the tuple its dataclass holds, and the rule options into the resolved
HandRules (one object per distinct set of options). The models stay the source of the OpenAPI document and
of every error message; `to_args` translates a validated HandScoreRequest the plain way.
"""

import dataclasses
from typing import Any

from pydantic import BaseModel, GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema

from app.schemas.hand import ContextModel, HandModel, HandRulesModel, HandScoreRequest, MeldModel
from app.scoring import HandInput, HandRules, MeldInput, WinContext, resolve_hand_rules
from app.scoring.memo import Memo

_RULES_CACHE_SIZE = 4096


def _resolve(given: tuple[tuple[str, object], ...]) -> HandRules:
    options = dict(given)
    preset = options.pop("preset", None)
    return resolve_hand_rules(preset, {name: value for name, value in options.items() if value is not None})  # type: ignore[arg-type]


# HandRules is frozen, so one object serves every request that writes the same options the same way.
_RULES = Memo(_resolve, _RULES_CACHE_SIZE)


def rules_for(given: tuple[tuple[str, object], ...]) -> HandRules:
    """The rules of HandRulesModel's options as (name, value) pairs, in any order (None: not given)."""
    return _RULES[given]


@dataclasses.dataclass(frozen=True, slots=True)
class ScoreArgs:
    hand: HandInput | None
    context: WinContext
    rules: HandRules

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return _SCHEMA


def to_args(request: HandScoreRequest) -> ScoreArgs:
    hand = request.hand
    return ScoreArgs(
        None if hand is None else HandInput(hand.tiles, hand.win_tile, to_melds(hand.melds)),
        to_context(request.context),
        rules_for(tuple(request.rules.__dict__.items())),
    )


_CONTEXT_FIELDS = tuple(f.name for f in dataclasses.fields(WinContext))


def to_context(model: ContextModel) -> WinContext:
    """WinContext's fields of a validated context (a model extending ContextModel may have more)."""
    context = {name: getattr(model, name) for name in _CONTEXT_FIELDS}
    context["dora_indicators"] = tuple(context["dora_indicators"])
    context["ura_dora_indicators"] = tuple(context["ura_dora_indicators"])
    return WinContext(**context)


def to_melds(melds: list[MeldModel]) -> tuple[MeldInput, ...]:
    return tuple(MeldInput(m.type, m.tiles) for m in melds)


def _fields(model: type[BaseModel]) -> core_schema.ModelFieldsSchema:
    """The model's validation of its fields, with its rule on unknown keys (kept in the model's config)."""
    fields = model.__pydantic_core_schema__["schema"]
    assert fields["type"] == "model-fields"
    return {**fields, "extra_behavior": model.model_config.get("extra") or "ignore"}


def _models_replaced(schema: CoreSchema, by: dict[type, CoreSchema]) -> CoreSchema:
    """`schema` with each model in it (inside defaults, nullables, lists) replaced by its schema in `by`."""
    if schema["type"] == "model":
        return by[schema["cls"]]
    replaced: dict[str, Any] = {**schema, **{key: _models_replaced(schema[key], by)  # type: ignore[literal-required]
                                             for key in ("schema", "items_schema") if key in schema}}
    if replaced.get("default_factory") in by:  # a model with its own defaults: the replacement given {}
        del replaced["default_factory"]
        replaced.update(default={}, validate_default=True)
    return replaced  # type: ignore[return-value]


def _as_tuple(field: CoreSchema, default: object) -> CoreSchema:
    """A list field with a default (the model's `default_factory=list`) as the tuple its dataclass holds."""
    assert field["type"] == "default" and field["schema"]["type"] == "list"
    return core_schema.with_default_schema(core_schema.no_info_after_validator_function(tuple, field["schema"]), default=default)


def _dataclass(model: type[BaseModel], cls: type, by: dict[type, CoreSchema]) -> CoreSchema:
    """What `model` validates, as an instance of the slotted dataclass `cls` with the same field names."""
    model_fields = _fields(model)
    fields = {name: _models_replaced(field["schema"], by) for name, field in model_fields["fields"].items()}
    assert set(fields) == {f.name for f in dataclasses.fields(cls)}, (model, cls)
    for f in dataclasses.fields(cls):
        if isinstance(f.default, tuple):
            fields[f.name] = _as_tuple(fields[f.name], f.default)
    arguments = core_schema.dataclass_args_schema(
        cls.__name__, [core_schema.dataclass_field(name, schema) for name, schema in fields.items()],
        extra_behavior=model_fields["extra_behavior"])
    return core_schema.dataclass_schema(cls, arguments, list(fields), slots=True, frozen=True)


def _given_rules() -> CoreSchema:
    """HandRulesModel's validation as the rules: its fields' own schemas, each present only when given (every
    default is None, which means not given), then resolved through the cache on the pairs given."""
    model_fields = _fields(HandRulesModel)
    fields = {}
    for name, field in model_fields["fields"].items():
        default = field["schema"]
        assert default["type"] == "default" and default["default"] is None, name
        fields[name] = core_schema.typed_dict_field(default["schema"], required=False)
    given = core_schema.typed_dict_schema(fields, total=False, extra_behavior=model_fields["extra_behavior"])
    return core_schema.no_info_after_validator_function(lambda options: rules_for(tuple(options.items())), given)


def _schema() -> CoreSchema:
    by: dict[type, CoreSchema] = {HandRulesModel: _given_rules()}
    for model, cls in ((MeldModel, MeldInput), (HandModel, HandInput), (ContextModel, WinContext)):
        by[model] = _dataclass(model, cls, by)
    return _dataclass(HandScoreRequest, ScoreArgs, by)


_SCHEMA = _schema()
