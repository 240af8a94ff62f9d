"""The notation guide and the context defaults: the API description at the top of /docs, and the README's section
"Notation, melds and context defaults" (tests/test_readme.py checks that the README holds this text as rendered here).

The defaults table is read from the request models, so neither the description nor the README can state a default
the service does not apply.
"""

import json

from pydantic import BaseModel

from app.schemas.analyze import AnalyzeContextModel
from app.schemas.hand import ContextModel
from app.scoring.context_flags import CONTEXT_FLAGS, TERMS, excludes, needed

SUMMARY = "Score a winning Riichi mahjong hand and decide when a match ends."

_NOTATION = """\
### Tiles: MPSZ notation

Digits followed by their suit letter, as Tenhou and Mahjong Soul write them: `"123m0p55s777z"`. A suit letter may
come back (`"1m2m3m"` is `"123m"`); a single tile is one digit and one letter (`"0p"`).

| letter | suit | digits |
| --- | --- | --- |
| `m` | characters (manzu) | 1-9, and `0` = red five |
| `p` | circles (pinzu) | 1-9, and `0` = red five |
| `s` | bamboo (souzu) | 1-9, and `0` = red five |
| `z` | honors | `1z` East, `2z` South, `3z` West, `4z` North, `5z` White (haku), `6z` Green (hatsu), `7z` Red (chun) |

A red five is a five for every purpose and adds an aka dora where the rules count red fives. No tile may appear
more than four times counting the hand, the melds and the dora and ura dora indicators together.

### Melds

`hand.melds` lists the called (and concealed) kans and sets, each `{"type": TYPE, "tiles": TILES}`, with
`tiles` in the same notation in any order (`"546p"` is `"456p"`; `"406m"` is a chi holding the red five):

| type | tiles | what it is |
| --- | --- | --- |
| `chi` | 3 consecutive of one suit (not with three players) | a sequence called on the discard of the player before |
| `pon` | 3 identical | a triplet called on a discard |
| `kan` | 4 identical | an open kan called on a discard |
| `shouminkan` | 4 identical | a pon made a kan with the fourth tile (added kan) |
| `ankan` | 4 identical | a concealed kan: the hand stays closed |

`hand.tiles` holds the other tiles, the winning tile included: 14 less 3 per meld (a kan counts as 3 here).
`hand.win_tile` is one of them; `5m` matches a red `0m` when the hand holds no plain 5m.
"""


def _default(model: type[BaseModel], name: str) -> str:
    field = model.model_fields[name]
    value = field.get_default(call_default_factory=True)
    return f"`{json.dumps(value)}`"


def _rows(model: type[BaseModel], names: list[str]) -> str:
    return "\n".join(f"| `{name}` | {_default(model, name)} | {model.model_fields[name].description or ''} |" for name in names)


def _analysis_only() -> list[str]:
    """The context fields /hand/analyze adds to /hand/score's."""
    return [name for name in AnalyzeContextModel.model_fields if name not in ContextModel.model_fields]


def defaults_table() -> str:
    """Every field of /hand/score's `context` with its default, then those /hand/analyze's adds."""
    return (
        "| field | default | meaning |\n| --- | --- | --- |\n"
        f"{_rows(ContextModel, list(ContextModel.model_fields))}\n"
        f"{_rows(AnalyzeContextModel, _analysis_only())}\n"
    )


def _code(words: tuple[str, ...]) -> str:
    return ", ".join(f"`{word}`" for word in words) or "-"


def flags_table() -> str:
    """What each boolean flag of the context needs and rules out, and the yaku it feeds (the core's flag table)."""
    rows = "\n".join(f"| `{flag.name}` | {_code(needed(flag))} | {_code(excludes(flag))} | {_code(flag.implies)} | "
                     f"{_code(flag.yaku)} | {_code((flag.option,) if flag.option else ())} |" for flag in CONTEXT_FLAGS)
    terms = "; ".join(f"`{term}`: {found.meaning}" for term, found in TERMS.items())
    return ("| flag | needs | rules out | counts as | feeds | under the option |\n"
            "| --- | --- | --- | --- | --- | --- |\n"
            f"{rows}\n\nBeside the flags, a need or a rule-out names one of these: {terms}. A request that breaks one "
            "is refused (422 `inconsistent_context`); GET /rules lists the same as `context_flags`.\n")


def guide() -> str:
    """The notation, the melds and the context defaults, as Markdown (third-level headings)."""
    added = " and ".join(f"`{name}`" for name in _analysis_only())
    return (
        f"{_NOTATION}\n### Context defaults\n\n"
        "Every field of `context` may be left out, and so may `context` itself: a field left out takes its default. "
        "`rules` too may be left out: the default preset applies (`GET /rules` lists presets and options). "
        f"{added} are POST /hand/analyze's only.\n\n"
        f"{defaults_table()}\n"
        "### Context flags\n\n"
        f"{flags_table()}"
    )


def description() -> str:
    """The API description shown at the top of /docs, below SUMMARY (the document's info.summary)."""
    return guide()
