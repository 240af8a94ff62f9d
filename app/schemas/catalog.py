"""Response models of GET /yaku and GET /rules."""

from typing import Annotated

from pydantic import Field, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from app.schemas.common import IN_ANSWER_LANGUAGE, StrictModel
from app.schemas.enums import OptionScope, YakuKind
from app.scoring.context_flags import TERMS
from app.scoring.names import Names

OptionValue = bool | int | str | list[int] | list[str] | list[list[int]] | None


_NAMES = "the name in every language the service speaks (sources: docs/names.md)"


class _NamesDescribed:
    """The Names schema's description, given here: the compiled core (mypyc) keeps no class docstring."""

    def __get_pydantic_json_schema__(self, core_schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        json_schema = handler(core_schema)
        handler.resolve_ref_schema(json_schema)["description"] = (
            "One name in English (en), Japanese (ja), Vietnamese (vi), Chinese, simplified (zh) and Korean (ko).")
        return json_schema


NamesOut = Annotated[Names, _NamesDescribed()]


class YakuCatalogEntry(StrictModel):
    id: str
    name: str = Field(description=IN_ANSWER_LANGUAGE)
    japanese: str
    kind: YakuKind
    han_closed: int = Field(description="han in a closed hand (13 per yakuman)")
    han_open: int | None = Field(description="han in an open hand; null when only a closed hand can have it")
    yakuman_multiplier: int | None = Field(description="null for a yaku; 2 for the patterns that count double where the rules allow it")
    names: NamesOut = Field(description=_NAMES)
    tenhou_id: int | None = Field(
        description="its number in Tenhou's logs (mjlog, tenhou.net/6 JSON); the wind yakuhai have one per wind, and this "
        "is East's (tenhou_ids lists all); null where Tenhou has none")
    tenhou_ids: list[int] = Field(description="every number of Tenhou's logs that stands for it (by wind for the wind yakuhai)")
    mahjong_soul_id: int | None = Field(description="its fan id in Mahjong Soul's game data; null where Mahjong Soul has none")


class OptionEntry(StrictModel):
    name: str
    label: str = Field(description="its name for a menu, " + IN_ANSWER_LANGUAGE)
    labels: NamesOut = Field(description=_NAMES)
    scope: OptionScope = Field(
        description="which endpoints read it: hand, /hand/score and /hand/points (and /match/settle's wins); match, "
        "/match/end-check, /match/settle and /match/replay; both, all of them")
    meaning: str
    default: OptionValue = Field(description="its value in the default preset")
    values: list[bool | int | str] | str = Field(description="the allowed values, or their type")
    value_labels: dict[str, NamesOut] = Field(
        default_factory=dict, description="each named value (a string among `values`) with its labels in the five "
        "languages, for a menu; empty where the values are not named (bool, int and typed options)")


class PresetEntry(StrictModel):
    name: str
    label: str = Field(description="its name for a menu, " + IN_ANSWER_LANGUAGE)
    labels: NamesOut = Field(description=_NAMES)
    hand: dict[str, bool | int | str | None]
    match: dict[str, OptionValue]


class LimitEntry(StrictModel):
    id: str = Field(description="a value of /hand/score's `limit`")
    name: str = Field(description=IN_ANSWER_LANGUAGE)
    names: NamesOut = Field(description=_NAMES)


_TERMS = "; ".join(f"{term}: {found.meaning}" for term, found in TERMS.items())


class ContextFlagEntry(StrictModel):
    name: str = Field(description="its field in POST /hand/score's `context`")
    label: str = Field(description="its name for a checkbox (the name of the yaku it feeds), " + IN_ANSWER_LANGUAGE)
    labels: NamesOut = Field(description=_NAMES)
    meaning: str
    needs: list[str] = Field(description="what must hold when it is set (those of the flags it implies included): "
                                         f"other flags (set, or implied by a flag set), or one of these: {_TERMS}")
    excludes: list[str] = Field(description="what cannot hold with it: flags (whichever of the two rules the other "
                                            "out), or the terms of `needs`")
    implies: list[str] = Field(description="the flags it counts as (double_riichi is a riichi): a flag that needs one "
                                           "of them is satisfied by it")
    yaku: list[str] = Field(description="the ids of the yaku and yakuman it feeds (GET /yaku)")
    option: str | None = Field(description="the hand option under which it counts at all (false or \"none\": it "
                                           "scores nothing); null: always")


class RulesCatalog(StrictModel):
    default_preset: str
    presets: list[PresetEntry]
    options: list[OptionEntry]
    limits: list[LimitEntry] = Field(description="every limit a hand can reach (not `none`), with its names")
    context_flags: list[ContextFlagEntry] = Field(
        description="every boolean flag of POST /hand/score's `context`, in its order, with what it needs and rules out")
