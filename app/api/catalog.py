"""GET /yaku and GET /rules: what the service knows, for clients to build their menus from."""

from dataclasses import asdict, fields
from enum import Enum
from typing import Literal, get_args, get_origin, get_type_hints

from fastapi import APIRouter

from app.match.rules import MATCH_OPTION_DOCS, MATCH_PRESETS, MatchRules, resolve_match_rules
from app.schemas.catalog import OptionEntry, PresetEntry, RulesCatalog, YakuCatalogEntry
from app.scoring.rules import HAND_OPTIONS, HAND_PRESETS, option_spec, resolve_hand_rules
from app.scoring.vocabulary import DEFAULT_PRESET
from app.scoring.yaku import YAKU_TABLES, YAKUMAN_TABLES

router = APIRouter(tags=["catalog"])

YAKU_CATALOG = [
    *(YakuCatalogEntry(id=y.id, name=y.name, japanese=y.japanese, kind="yaku", han_closed=y.han_closed,
                       han_open=y.han_open or None)
      for table in YAKU_TABLES for y in table),
    *(YakuCatalogEntry(id=y.id, name=y.name, japanese=y.japanese, kind="yakuman", han_closed=13,
                       han_open=None if y.closed_only else 13, yakuman_multiplier=2 if y.double else 1)
      for table in YAKUMAN_TABLES for y in table),
]


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def _allowed_values(annotation: object) -> list[bool | int | str] | str:
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [member.value for member in annotation]
    if get_origin(annotation) is Literal:
        return list(get_args(annotation))
    return getattr(annotation, "__name__", str(annotation)).replace("NoneType", "null")


def _hand_options() -> list[OptionEntry]:
    defaults = resolve_hand_rules(None, {})
    entries = []
    for name, option in HAND_OPTIONS.items():
        spec = option_spec(name)
        values: list[bool | int | str] | str = list(spec.choices) or type(option.default).__name__
        entries.append(OptionEntry(name=name, scope="hand", meaning=spec.meaning, default=getattr(defaults, name),
                                   values=values))
    return entries


def _options(scope: Literal["hand", "match"], rules: type, docs: dict[str, str]) -> list[OptionEntry]:
    defaults = asdict(rules())
    hints = get_type_hints(rules)
    return [OptionEntry(name=f.name, scope=scope, meaning=docs[f.name], default=_plain(defaults[f.name]),
                        values=_allowed_values(hints[f.name]))
            for f in fields(rules)]


def _preset(name: str) -> PresetEntry:
    rules = resolve_hand_rules(name, {})  # type: ignore[arg-type]
    hand = {option: getattr(rules, option) for option in HAND_OPTIONS}
    match = {k: _plain(v) for k, v in asdict(resolve_match_rules(name, {})).items()}
    return PresetEntry(name=name, hand=hand, match=match)  # type: ignore[arg-type]


RULES_CATALOG = RulesCatalog(
    default_preset=DEFAULT_PRESET,
    presets=[_preset(name) for name in HAND_PRESETS if name in MATCH_PRESETS],
    options=_hand_options() + _options("match", MatchRules, MATCH_OPTION_DOCS),
)


@router.get("/yaku", response_model=list[YakuCatalogEntry], summary="Every yaku and yakuman the service knows")
async def list_yaku() -> list[YakuCatalogEntry]:
    return YAKU_CATALOG


@router.get("/rules", response_model=RulesCatalog, summary="Rule presets and every option with its meaning and default")
async def list_rules() -> RulesCatalog:
    return RULES_CATALOG
