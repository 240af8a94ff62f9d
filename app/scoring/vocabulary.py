"""The words of the API, declared once: the core speaks them and the schemas import them.

Each word list is a Literal type (what mypy and the OpenAPI document see) beside the tuple of its values in
order (what the code iterates); tests/test_scoring_design.py (test_each_word_list_is_its_literal_type) checks that
each pair agrees.
"""

from typing import Final, Literal

Wind = Literal["east", "south", "west", "north"]
WIND_NAMES: Final[tuple[Wind, ...]] = ("east", "south", "west", "north")  # seat order from the dealer

WinType = Literal["ron", "tsumo"]

MeldType = Literal["chi", "pon", "kan", "shouminkan", "ankan"]
MELD_TYPES: Final[tuple[MeldType, ...]] = ("chi", "pon", "kan", "shouminkan", "ankan")

Shape = Literal["standard", "chiitoitsu", "kokushi"]
GroupKind = Literal["sequence", "triplet", "kan", "pair", "kokushi"]
Wait = Literal["ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi", "kokushi_13"]

Limit = Literal["none", "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman", "double_yakuman",
                "triple_yakuman", "quadruple_yakuman", "quintuple_yakuman", "sextuple_yakuman"]
YAKUMAN_LIMITS: Final[tuple[Limit, ...]] = ("yakuman", "double_yakuman", "triple_yakuman", "quadruple_yakuman",
                                     "quintuple_yakuman", "sextuple_yakuman")  # by multiple, 1-6

Payer = Literal["east", "south", "west", "north", "discarder"]  # a seat wind, or the discarder left unnamed

Renhou = Literal["none", "mangan", "baiman", "yakuman"]
RENHOU_VALUES: Final[tuple[Renhou, ...]] = ("none", "mangan", "baiman", "yakuman")
PaoCovers = Literal["yakuman", "whole_hand"]
PaoHonba = Literal["liable", "discarder"]

# The languages of every name the service gives (yaku, yakuman, limits, rule options, presets): a request picks one
# with `lang` or Accept-Language (app/api/language.py); names without a choice are English.
Language = Literal["en", "ja", "vi", "zh", "ko"]
LANGUAGES: Final[tuple[Language, ...]] = ("en", "ja", "vi", "zh", "ko")
DEFAULT_LANGUAGE: Final[Language] = "en"
