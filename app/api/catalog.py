"""GET /yaku and GET /rules: what the service knows, for clients to build their menus from."""

from dataclasses import asdict, fields
from enum import Enum
from typing import Literal, get_args, get_origin, get_type_hints

from fastapi import APIRouter

from app.match.rules import MATCH_OPTION_DOCS, MATCH_PRESETS, MatchRules, resolve_match_rules
from app.match.win_value import hand_rules
from app.schemas.catalog import OptionEntry, PresetEntry, RulesCatalog, YakuCatalogEntry
from app.scoring.rules import HAND_OPTIONS, option_spec
from app.scoring.vocabulary import DEFAULT_PRESET
from app.scoring.yaku import YAKU_TABLES, YAKUMAN_TABLES

router = APIRouter(tags=["catalog"])

YAKU_CATALOG = [
    *(YakuCatalogEntry(id=y.id, name=y.name, japanese=y.japanese, kind="yaku", han_closed=y.han_closed,
                       han_open=y.han_open or None, yakuman_multiplier=None)
      for table in YAKU_TABLES for y in table),
    *(YakuCatalogEntry(id=y.id, name=y.name, japanese=y.japanese, kind="yakuman", han_closed=13,
                       han_open=None if y.closed_only else 13, yakuman_multiplier=2 if y.double else 1)
      for table in YAKUMAN_TABLES for y in table),
]


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def _allowed_values(annotation: object) -> list[bool | int | str] | str:
    if _is_enum(annotation):
        return [member.value for member in annotation]  # type: ignore[attr-defined]
    if get_origin(annotation) is Literal:
        return list(get_args(annotation))
    if get_origin(annotation) is tuple and _is_enum(get_args(annotation)[0]):
        return [member.value for member in get_args(annotation)[0]]
    return getattr(annotation, "__name__", str(annotation)).replace("NoneType", "null")


def _is_enum(annotation: object) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, Enum)


def _hand_options() -> list[OptionEntry]:
    """Each hand option as its HandRules field declares it (meaning, allowed values, default)."""
    entries = []
    for name, option in HAND_OPTIONS.items():
        spec = option_spec(name)
        values: list[bool | int | str] | str = list(spec.choices) or type(option.default).__name__
        entries.append(OptionEntry(name=name, scope="hand", meaning=spec.meaning, default=option.default, values=values))
    return entries


def _match_options() -> list[OptionEntry]:
    defaults = asdict(MatchRules())
    hints = get_type_hints(MatchRules)
    return [OptionEntry(name=f.name, scope="match", meaning=MATCH_OPTION_DOCS[f.name], default=_plain(defaults[f.name]),
                        values=_allowed_values(hints[f.name]))
            for f in fields(MatchRules)]


def _listed_once(options: list[OptionEntry]) -> list[OptionEntry]:
    """An option both scopes read (players) is listed once, as read by both."""
    names = [option.name for option in options]
    shared = {name for name in names if names.count(name) > 1}
    firsts = [option for i, option in enumerate(options) if option.name not in names[:i]]
    return [option.model_copy(update={"scope": "both"}) if option.name in shared else option for option in firsts]


def _preset(name: str) -> PresetEntry:
    match_rules = resolve_match_rules(name, {})
    rules = hand_rules(name, {}, match_rules.players)
    hand = {option: _plain(getattr(rules, option)) for option in HAND_OPTIONS}
    match = {k: _plain(v) for k, v in asdict(match_rules).items()}
    return PresetEntry(name=name, hand=hand, match=match)  # type: ignore[arg-type]


RULES_CATALOG = RulesCatalog(
    default_preset=DEFAULT_PRESET,
    presets=[_preset(name) for name in MATCH_PRESETS],
    options=_listed_once(_hand_options() + _match_options()),
)


@router.get("/yaku", response_model=list[YakuCatalogEntry], summary="Every yaku and yakuman the service knows")
async def list_yaku() -> list[YakuCatalogEntry]:
    return YAKU_CATALOG


@router.get("/rules", response_model=RulesCatalog, summary="Rule presets and every option with its meaning and default")
async def list_rules() -> RulesCatalog:
    return RULES_CATALOG
