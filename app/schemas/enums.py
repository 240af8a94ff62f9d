"""The vocabulary's word lists as named OpenAPI schemas: one component per concept, however many fields use it.

A Literal type is validated as it is (the core's words are plain strings and ints), but pydantic writes it inline
wherever a field uses it, so a client generator makes one enum per field (`SeatWind`, `RoundWind`, ...). `named`
makes it a named type alias (pydantic's TypeAliasType support): the word list becomes one definition
(`#/components/schemas/Wind`, its title, description and member names from `Named`) and each field a `$ref` to it,
with the field's own description and default beside the `$ref`. It validates as the Literal does, with the same
errors.

Integer word lists carry `x-enum-varnames`, which openapi-python-client (0.24 on), openapi-generator and
openapi-typescript (`--enum`) take as the members' names: `DoubleWindPairFu.TWO` rather than `VALUE_2`.
"""

from typing import Annotated, Any, Literal, get_args

from pydantic import GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema
from typing_extensions import TypeAliasType

from app.match.rules import OPTIONS, Option
from app.scoring import vocabulary
from app.scoring.rules import DEFAULT_PRESET, PRESETS, Scope


class Named:
    """Annotated metadata: the word list's JSON schema with its name, description and member names."""

    def __init__(self, name: str, description: str, varnames: tuple[str, ...] = ()) -> None:
        self.name = name
        self.description = description
        self.varnames = varnames

    def __get_pydantic_json_schema__(self, core: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        extra = {"x-enum-varnames": list(self.varnames)} if self.varnames else {}
        return {**handler(core), "title": self.name, "description": self.description, **extra}


def named(literal: Any, name: str, description: str, varnames: tuple[str, ...] = ()) -> Any:
    """`literal` (a Literal type) validated as it is and documented as the one schema `name`."""
    values = get_args(literal)
    assert not varnames or len(varnames) == len(values), name
    assert varnames or not any(isinstance(value, int) for value in values), f"{name}: name the members of an int enum"
    return TypeAliasType(name, Annotated[literal, Named(name, description, varnames)])  # type: ignore[misc]


Wind = named(vocabulary.Wind, "Wind", "A wind: a seat (east is the dealer, then south, west, north in turn order) or the round.")
WinType = named(vocabulary.WinType, "WinType", "ron: on another player's discard; tsumo: self-drawn.")
MeldType = named(vocabulary.MeldType, "MeldType",
                 "chi, pon, kan (open kan called on a discard), shouminkan (added kan), ankan (concealed kan).")
GroupKind = named(vocabulary.GroupKind, "GroupKind", "A group of the reading scored (kokushi: the thirteen orphans).")
Wait = named(vocabulary.Wait, "Wait", "How the winning tile completed the hand.")
Limit = named(vocabulary.Limit, "Limit", "The limit the hand reached (kiriage mangan counts as mangan), or none.")
Payer = named(vocabulary.Payer, "Payer", "A paying seat by its wind, or the discarder when the request does not name them.")
Preset = named(Literal[tuple(PRESETS)], "Preset", f"A named rule set (GET /rules lists each); the default is {DEFAULT_PRESET}.")
Language = named(vocabulary.Language, "Language", "A language of the names: English, Japanese, Vietnamese, "
                 "Chinese (simplified), Korean.")
YakuKind = named(Literal["yaku", "yakuman"], "YakuKind", "An ordinary yaku (its han add up) or a yakuman.")
OptionScope = named(Scope, "OptionScope",
                    "Which endpoints read a rule option: hand (/hand/score, /hand/points and /match/settle's wins), "
                    "match (/match/end-check, /match/settle and /match/replay), or both.")

# The member names of an option's int values (DoubleWindPairFu.TWO, Players.THREE).
_NUMBER_WORDS = {2: "TWO", 3: "THREE", 4: "FOUR"}


def _schema_name(option: str) -> str:
    return "".join(word.capitalize() for word in option.split("_"))


def _option_enum(option: Option) -> Any:
    values = option.spec.choices
    varnames = tuple(_NUMBER_WORDS[value] for value in values if isinstance(value, int))
    return named(Literal[values], _schema_name(option.name), option.spec.meaning, varnames)


# Each option with a fixed set of words or numbers (not an enum of the core), as its named schema
# (DoubleWindPairFu, Renhou, PaoCovers, Players, ...).
OPTION_ENUMS: dict[str, Any] = {name: _option_enum(option) for name, option in OPTIONS.items() if option.spec.choices}
RecordFormat = named(Literal["tenhou6", "mjlog", "mjai", "majsoul"], "RecordFormat",
                     "A game record's format: the tenhou.net/6 JSON log, Tenhou's mjlog XML, an mjai event log, or a "
                     "Mahjong Soul game record (decoded to JSON).")
ConvertTarget = named(Literal["tenhou6", "mjai"], "ConvertTarget",
                      "The format POST /records/convert writes: the tenhou.net/6 JSON, or an mjai event log (a JSON array).")
MismatchField = named(Literal["win", "yaku", "han", "fu", "points", "deltas", "scores", "final_scores", "game_end", "settle"],
                      "MismatchField", "What a record says that the service does not compute (the README's table).")

# Each word list of the vocabulary (a Literal type) by its named schema: what an answer model generated from a core
# record (app/schemas/from_core.py) holds for a field of that type.
NAMED_LITERALS: dict[Any, Any] = {get_args(named.__value__)[0]: named for named in (Wind, WinType, MeldType, GroupKind, Wait, Limit, Payer)}
