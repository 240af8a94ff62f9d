"""GET /yaku and GET /rules: what the service knows, for clients to build their menus from."""

from dataclasses import asdict, fields
from enum import Enum
from typing import Any, Literal, get_args, get_origin, get_type_hints

from fastapi import APIRouter, Response

from app.api.language import AcceptLanguage, LangQuery, choose, set_headers
from app.match.rules import MATCH_OPTION_DOCS, MATCH_OPTION_LABELS, MATCH_PRESETS, MatchRules, resolve_match_rules
from app.match.win_value import hand_rules
from app.schemas.catalog import LimitEntry, OptionEntry, PresetEntry, RulesCatalog, YakuCatalogEntry
from app.scoring.names import LIMIT_NAMES
from app.scoring.rules import HAND_OPTIONS, PRESET_LABELS, option_spec
from app.scoring.vocabulary import DEFAULT_PRESET, LANGUAGES, Language
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
        entries.append(OptionEntry(name=name, label=spec.label.en, labels=spec.label, scope="hand", meaning=spec.meaning,
                                   default=option.default, values=values))
    return entries


def _match_options() -> list[OptionEntry]:
    """Each match option; players, which HandRules has too, is named by its HandRules field (see _listed_once)."""
    defaults = asdict(MatchRules())
    hints = get_type_hints(MatchRules)
    return [OptionEntry(name=f.name, label=MATCH_OPTION_LABELS[f.name].en, labels=MATCH_OPTION_LABELS[f.name], scope="match",
                        meaning=MATCH_OPTION_DOCS[f.name], default=_plain(defaults[f.name]), values=_allowed_values(hints[f.name]))
            for f in fields(MatchRules) if f.name not in HAND_OPTIONS]


def _listed_once(options: list[OptionEntry]) -> list[OptionEntry]:
    """An option both scopes read (players: a field of HandRules and of MatchRules) is listed once, as read by both."""
    shared = {f.name for f in fields(MatchRules)} & set(HAND_OPTIONS)
    return [option.model_copy(update={"scope": "both"}) if option.name in shared else option for option in options]


def _preset(name: str) -> PresetEntry:
    match_rules = resolve_match_rules(name, {})
    rules = hand_rules(name, {}, match_rules.players)
    hand = {option: _plain(getattr(rules, option)) for option in HAND_OPTIONS}
    match = {k: _plain(v) for k, v in asdict(match_rules).items()}
    label = PRESET_LABELS[name]  # type: ignore[index]
    return PresetEntry(name=name, label=label.en, labels=label, hand=hand, match=match)  # type: ignore[arg-type]


def _in(language: Language, catalog: RulesCatalog) -> RulesCatalog:
    """The catalog with its labels and limit names in `language`."""
    return catalog.model_copy(update={
        "presets": [p.model_copy(update={"label": p.labels.of(language)}) for p in catalog.presets],
        "options": [o.model_copy(update={"label": o.labels.of(language)}) for o in catalog.options],
        "limits": [LimitEntry(id=limit, name=names.of(language), names=names) for limit, names in LIMIT_NAMES.items()],
    })


_RULES = RulesCatalog(
    default_preset=DEFAULT_PRESET,
    presets=[_preset(name) for name in MATCH_PRESETS],
    options=_listed_once(_hand_options() + _match_options()),
    limits=[],
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
    """The presets and options, each with a label (in the answer's language) and all its labels, and every limit
    with its names."""
    language = choose(lang, accept_language)
    set_headers(response, language)
    return RULES_CATALOG[language]
