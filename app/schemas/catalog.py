"""Response models of GET /yaku and GET /rules."""

from pydantic import Field

from app.schemas.common import StrictModel
from app.schemas.enums import OptionScope, YakuKind

OptionValue = bool | int | str | list[int] | list[str] | list[list[int]] | None


class YakuCatalogEntry(StrictModel):
    id: str
    name: str
    japanese: str
    kind: YakuKind
    han_closed: int = Field(description="han in a closed hand (13 per yakuman)")
    han_open: int | None = Field(description="han in an open hand; null when only a closed hand can have it")
    yakuman_multiplier: int | None = Field(None, description="2 for the patterns that count double where the rules allow it")


class OptionEntry(StrictModel):
    name: str
    scope: OptionScope
    meaning: str
    default: OptionValue = Field(description="its value in the default preset")
    values: list[bool | int | str] | str = Field(description="the allowed values, or their type")


class PresetEntry(StrictModel):
    name: str
    hand: dict[str, bool | int | str | None]
    match: dict[str, OptionValue]


class RulesCatalog(StrictModel):
    default_preset: str
    presets: list[PresetEntry]
    options: list[OptionEntry]
