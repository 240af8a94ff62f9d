"""GET /yaku and GET /rules: what the service knows, for clients to build their menus from."""

from enum import Enum
from typing import Any, get_args

from fastapi import APIRouter, Response

from app.api.language import AcceptLanguage, LangQuery, choose, set_headers
from app.match.rules import OPTIONS, Option, client_value, resolve_match_rules, value_in
from app.match.value_names import VALUE_NAMES
from app.schemas.catalog import ContextFlagEntry, LimitEntry, OptionEntry, PresetEntry, RulesCatalog, YakuCatalogEntry
from app.scoring.context_flags import CONTEXT_FLAGS, ContextFlag, excludes, label_of, needed
from app.scoring.names import LIMIT_NAMES
from app.scoring.rules import DEFAULT_PRESET, HAND_OPTIONS, PRESETS, RuleSet
from app.scoring.vocabulary import LANGUAGES, Language
from app.scoring.yaku import YAKU_TABLES, YAKUMAN_TABLES, Yaku, Yakuman

router = APIRouter(tags=["catalog"])


def _named(row: Yaku | Yakuman, language: Language) -> dict[str, Any]:
    return {"id": row.id, "name": row.names.of(language), "japanese": row.names.ja, "names": row.names,
            "tenhou_id": row.tenhou[0] if row.tenhou else None, "tenhou_ids": list(row.tenhou),
            "mahjong_soul_id": row.mahjong_soul}


def _yaku_catalog(language: Language) -> list[YakuCatalogEntry]:
    return [
        *(YakuCatalogEntry(**_named(y, language), kind="yaku", han_closed=y.han_closed, han_open=y.han_open or None,
                           yakuman_multiplier=None)
          for table in YAKU_TABLES for y in table),
        *(YakuCatalogEntry(**_named(y, language), kind="yakuman", han_closed=13, han_open=None if y.closed_only else 13,
                           yakuman_multiplier=2 if y.double else 1)
          for table in YAKUMAN_TABLES for y in table),
    ]


YAKU_CATALOG = {language: _yaku_catalog(language) for language in LANGUAGES}


def _allowed_values(option: Option) -> list[bool | int | str] | str:
    """The values a client may send, or the name of their type."""
    if option.spec.choices:
        return list(option.spec.choices)
    item = next((arg for arg in get_args(option.type) if arg is not Ellipsis), option.type)
    if isinstance(item, type) and issubclass(item, Enum):
        return [member.value for member in item]
    return getattr(option.type, "__name__", str(option.type)).replace("NoneType", "null")


def _option(option: Option) -> OptionEntry:
    values = _allowed_values(option)
    named = [value for value in values if isinstance(value, str)] if isinstance(values, list) else []
    return OptionEntry(name=option.name, label=option.spec.label.en, labels=option.spec.label, scope=option.scope,
                       meaning=option.spec.meaning, default=client_value(option.default), values=values,
                       value_labels={value: VALUE_NAMES[value] for value in named})


def _preset(name: str, preset: RuleSet) -> PresetEntry:
    rules = resolve_match_rules(name, {})
    values = {name: value_in(rules, option) for name, option in OPTIONS.items()}
    return PresetEntry(name=name, label=preset.label.en, labels=preset.label,
                       hand={option: values[option] for option in HAND_OPTIONS},
                       match={option: value for option, value in values.items() if OPTIONS[option].scope != "hand"})


def _context_flag(flag: ContextFlag) -> ContextFlagEntry:
    labels = label_of(flag)
    return ContextFlagEntry(name=flag.name, label=labels.en, labels=labels, meaning=flag.meaning,
                            needs=list(needed(flag)), excludes=list(excludes(flag)),
                            implies=list(flag.implies), yaku=list(flag.yaku), option=flag.option)


def _in(language: Language, catalog: RulesCatalog) -> RulesCatalog:
    """The catalog with its labels and limit names in `language`."""
    return catalog.model_copy(update={
        "presets": [p.model_copy(update={"label": p.labels.of(language)}) for p in catalog.presets],
        "options": [o.model_copy(update={"label": o.labels.of(language)}) for o in catalog.options],
        "limits": [LimitEntry(id=limit, name=names.of(language), names=names) for limit, names in LIMIT_NAMES.items()],
        "context_flags": [f.model_copy(update={"label": f.labels.of(language)}) for f in catalog.context_flags],
    })


_RULES = RulesCatalog(
    default_preset=DEFAULT_PRESET,
    presets=[_preset(name, preset) for name, preset in PRESETS.items()],
    options=[_option(option) for option in OPTIONS.values()],
    limits=[],
    context_flags=[_context_flag(flag) for flag in CONTEXT_FLAGS],
)
RULES_CATALOG = {language: _in(language, _RULES) for language in LANGUAGES}


@router.get("/yaku", response_model=list[YakuCatalogEntry], summary="Every yaku and yakuman the service knows")
async def list_yaku(response: Response, lang: LangQuery = None, accept_language: AcceptLanguage = None
                    ) -> list[YakuCatalogEntry]:
    """Each with its id, its name (in the answer's language) and all its names, its han closed and open, and its ids
    on Tenhou and Mahjong Soul."""
    language = choose(lang, accept_language)
    set_headers(response, language)
    return YAKU_CATALOG[language]


@router.get("/rules", response_model=RulesCatalog, summary="Rule presets and every option with its meaning and default")
async def list_rules(response: Response, lang: LangQuery = None, accept_language: AcceptLanguage = None) -> RulesCatalog:
    """The presets and options, each with a label (in the answer's language) and all its labels, every limit
    with its names, and every boolean flag of a win's context with its labels and what it needs and rules out."""
    language = choose(lang, accept_language)
    set_headers(response, language)
    return RULES_CATALOG[language]
