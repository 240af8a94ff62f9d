"""The boolean flags of a win's context (riichi ... nagashi_mangan), declared once: CONTEXT_FLAGS, one row each.

A row gives the flag's name (its WinContext field and its /hand/score `context` field), its meaning, what it needs
and what it rules out (each a Need: a term of TERMS, the context field a problem is reported on, and the message),
the flags it implies (double riichi is a riichi) and the yaku and yakuman it feeds (their ids in yaku.py, whose
names are its labels). Read from it: the validation's checks of a context (validate.CONTEXT_CHECKS), the request
model's flag fields (app/schemas/hand.py), GET /rules' `context_flags` (and so the page's checkboxes), the README's
context table, which flags a record's replay hands the settlement (app/records/adapter.py), which ones a settled
win refuses (app/match/win_context.py) and which ones /hand/analyze drops from the ron and the tsumo it values.

A new flag is one row here, its WinContext field (tests/test_context_flags.py fails until both agree) and the yaku
that reads it.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Literal

from app.scoring.hand import ParsedHand, WinContext
from app.scoring.names import Names
from app.scoring.rules import HandRules
from app.scoring.tiles import packed_count
from app.scoring.yaku import YAKU_TABLES, YAKUMAN_TABLES


@dataclass(frozen=True, slots=True)
class Term:
    """Something a context or its hand can hold, which a flag may need or rule out."""

    meaning: str
    holds: Callable[[WinContext, ParsedHand], bool]
    reads_tiles: bool = False  # reads the concealed tiles or the winning tile, not only the melds and the context


def _fourth_copy(c: WinContext, h: ParsedHand) -> bool:
    return packed_count(h.held, h.win_tile) == 1 and h.win_tile not in h.dora_indicators + h.ura_dora_indicators


# The terms a flag's needs and rules-out name; a flag's own name is a term too (it holds when the flag, or a flag
# that implies it, is set: see flag_holds).
TERMS: Final[dict[str, Term]] = {
    "tsumo": Term("won by tsumo", lambda c, h: c.win == "tsumo"),
    "ron": Term("won by ron", lambda c, h: c.win == "ron"),
    "dealer": Term("the winner is the dealer (seat_wind east)", lambda c, h: c.seat_wind == "east"),
    "non_dealer": Term("the winner is not the dealer", lambda c, h: c.seat_wind != "east"),
    "closed_hand": Term("no open meld (concealed kans only)", lambda c, h: h.called.closed),
    "kan": Term("a kan among the melds, or a kita set aside", lambda c, h: h.called.kans > 0 or c.kita > 0),
    "no_calls": Term("no meld at all, concealed kans included", lambda c, h: not h.melds),
    "kita": Term("a kita set aside (three players)", lambda c, h: c.kita > 0),
    "fourth_copy": Term("the winning tile is its last copy: the hand and the indicators hold no other",
                        _fourth_copy, reads_tiles=True),
}


@dataclass(frozen=True, slots=True)
class Need:
    """A term a flag needs (or rules out), the context field a request that breaks it is told about, and why."""

    term: str
    field: str
    msg: str


# Where /match/settle and the record replay take a flag from: "sent", the win's context as the client sent it, or
# the replay's WinHand field of the same name (app/records/adapter.py); "scoreboard", hand.riichi's seats
# (app/match/win_context.riichi_flags); "draw", nowhere in a win: it is settled at a draw (hand.nagashi).
MatchSource = Literal["sent", "scoreboard", "draw"]


@dataclass(frozen=True, slots=True)
class ContextFlag:
    name: str
    meaning: str
    yaku: tuple[str, ...]  # the ids of the yaku and yakuman it feeds; the first one's names are its labels
    needs: tuple[Need, ...] = ()
    rules_out: tuple[Need, ...] = ()
    implies: tuple[str, ...] = ()  # flags it counts as (double riichi is a riichi)
    in_match: MatchSource = "sent"
    option: str | None = None  # the hand option under which it counts at all (false or "none": it does not)
    # Whether a game record's play shows it, so that the replay finds it (app/records/replay.WinHand has a field of
    # its name, tests/test_context_flags.py checks both ways); a flag no record format writes (open riichi) says False
    # and a replayed win never has it.
    in_records: bool = True



_FIRST_TURN_NO_CALLS: Final = Need("no_calls", "hand", "tenhou, chiihou and renhou need a hand with no calls or kans")
_FIRST_TURN_NO_RIICHI: Final = Need("riichi", "riichi", "no riichi can be declared before a tenhou, chiihou or renhou")
_FIRST_TURN_NO_KITA: Final = Need("kita", "kita", "declaring a kita ends the first turn: no tenhou, chiihou or renhou "
                                                  "after it")
_FIRST_DRAW_BY_TSUMO: Final = Need("tsumo", "win", "tenhou and chiihou are won by tsumo")
_FIRST_TURN: Final = (_FIRST_TURN_NO_RIICHI, _FIRST_TURN_NO_KITA)

CONTEXT_FLAGS: Final[tuple[ContextFlag, ...]] = (
    ContextFlag("riichi", "the winner declared riichi (the hand must be closed)", ("riichi",),
                needs=(Need("closed_hand", "riichi", "riichi needs a closed hand: only concealed kans (ankan) may be "
                                                     "declared"),), in_match="scoreboard"),
    ContextFlag("double_riichi", "implies riichi; scores as double_riichi alone", ("double_riichi",),
                implies=("riichi",)),
    ContextFlag("ippatsu", "won within one go-around of the riichi, with no call between", ("ippatsu",),
                needs=(Need("riichi", "ippatsu", "ippatsu needs riichi (or double riichi)"),)),
    ContextFlag("haitei", "tsumo on the last tile of the wall", ("haitei",),
                needs=(Need("tsumo", "haitei", "haitei is a win by tsumo on the last tile; on a ron it is houtei"),)),
    ContextFlag("houtei", "ron on the last discard", ("houtei",),
                needs=(Need("ron", "houtei", "houtei is a win by ron on the last discard; on a tsumo it is haitei"),)),
    ContextFlag("rinshan", "tsumo on the replacement tile after a kan", ("rinshan",),
                needs=(Need("kan", "rinshan", "rinshan needs a kan among the melds"),
                       Need("tsumo", "rinshan", "rinshan is a win by tsumo on the replacement tile after a kan")),
                rules_out=(Need("haitei", "haitei", "the replacement tile after a kan is not the last tile of the wall: "
                                                    "rinshan and haitei do not combine"),
                           Need("ippatsu", "ippatsu", "declaring a kan ends ippatsu, so rinshan and ippatsu do not "
                                                      "combine"))),
    ContextFlag("chankan", "ron on a tile added to a kan (shouminkan)", ("chankan",),
                needs=(Need("ron", "chankan", "chankan is a win by ron on a tile added to a kan"),
                       Need("fourth_copy", "chankan", "a robbed kan tile is the fourth copy: the other three are in the "
                            "kan, so the winner holds no other copy of it and no indicator shows it")),
                rules_out=(Need("houtei", "houtei", "a robbed kan tile is not the last discard: chankan and houtei do "
                                                    "not combine"),)),
    ContextFlag("tenhou", "the dealer's win on the starting hand", ("tenhou",),
                needs=(Need("dealer", "tenhou", "tenhou is the dealer's win on the first draw; a non-dealer's is "
                                                "chiihou"), _FIRST_DRAW_BY_TSUMO, _FIRST_TURN_NO_CALLS),
                rules_out=_FIRST_TURN),
    ContextFlag("chiihou", "a non-dealer's tsumo on the first draw, before any call", ("chiihou",),
                needs=(Need("non_dealer", "chiihou", "chiihou is a non-dealer's win on the first draw; the dealer's is "
                                                     "tenhou"), _FIRST_DRAW_BY_TSUMO, _FIRST_TURN_NO_CALLS),
                rules_out=_FIRST_TURN),
    ContextFlag("renhou", "a non-dealer's ron before the first draw (worth what rules.renhou says)", ("renhou",),
                needs=(Need("non_dealer", "renhou", "renhou is a non-dealer's win before their first draw"),
                       Need("ron", "win", "renhou is won by ron"), _FIRST_TURN_NO_CALLS),
                rules_out=_FIRST_TURN, option="renhou"),
    ContextFlag("nagashi_mangan", "score a nagashi mangan (hand may be left out)", ("nagashi_mangan",),
                in_match="draw", option="nagashi_mangan", in_records=False),
)
FLAGS: Final[dict[str, ContextFlag]] = {flag.name: flag for flag in CONTEXT_FLAGS}
FLAG_NAMES: Final[tuple[str, ...]] = tuple(FLAGS)
SENT_IN_MATCH: Final[tuple[ContextFlag, ...]] = tuple(flag for flag in CONTEXT_FLAGS if flag.in_match == "sent")
# The flags a record's replay hands the settlement: those it takes as sent that the records' play shows.
REPLAYED: Final[tuple[ContextFlag, ...]] = tuple(flag for flag in SENT_IN_MATCH if flag.in_records)
DRAW_FLAGS: Final[tuple[str, ...]] = tuple(flag.name for flag in CONTEXT_FLAGS if flag.in_match == "draw")
# By kind of win, the flags a win of the other kind cannot have: those that need it, and those of a draw. The
# analysis values each wait by ron and by tsumo with these off.
NOT_IN_A_WIN_BY: Final[dict[str, dict[str, Any]]] = {
    win: {flag.name: False for flag in CONTEXT_FLAGS
          if flag.in_match == "draw" or any(need.term == other for need in flag.needs)}
    for win, other in (("ron", "tsumo"), ("tsumo", "ron"))}

_NAMES: Final[dict[str, Names]] = {row.id: row.names for table in (*YAKU_TABLES, *YAKUMAN_TABLES) for row in table}


def label_of(flag: ContextFlag) -> Names:
    """The flag's name in every language: that of the first yaku it feeds."""
    return _NAMES[flag.yaku[0]]


def implied_by(name: str) -> tuple[str, ...]:
    """The flag `name` and every flag that implies it."""
    return (name, *(flag.name for flag in CONTEXT_FLAGS if name in flag.implies))


def any_set(c: WinContext, fields: tuple[str, ...]) -> bool:
    """Whether one of these fields of the context is set (a loop: a generator costs more in both builds)."""
    for field in fields:
        if getattr(c, field):
            return True
    return False


def flag_holds(name: str) -> Callable[[WinContext, ParsedHand], bool]:
    """Whether the flag `name` or one that implies it is set."""
    fields = implied_by(name)
    return lambda c, h: any_set(c, fields)


def term_holds(term: str) -> Callable[[WinContext, ParsedHand], bool]:
    return flag_holds(term) if term in FLAGS else TERMS[term].holds


def reads_tiles(term: str) -> bool:
    return term in TERMS and TERMS[term].reads_tiles


def counts_under(flag: ContextFlag, rules: HandRules) -> bool:
    """Whether the rules have the flag count at all (its option is not false or "none")."""
    return flag.option is None or getattr(rules, flag.option) not in (False, "none")


def _with_implied(flag: ContextFlag) -> tuple[ContextFlag, ...]:
    return (flag, *(FLAGS[name] for name in flag.implies))


def needed(flag: ContextFlag) -> tuple[str, ...]:
    """The terms the flag needs, those of the flags it implies included, in table order."""
    return tuple(dict.fromkeys(need.term for row in _with_implied(flag) for need in row.needs))


def excludes(flag: ContextFlag) -> tuple[str, ...]:
    """What the flag rules out and the flags that rule it out, those of the flags it implies included."""
    names = {row.name for row in _with_implied(flag)}
    ruled_out = [need.term for row in _with_implied(flag) for need in row.rules_out]
    ruled_out += [other.name for other in CONTEXT_FLAGS if any(need.term in names for need in other.rules_out)]
    return tuple(dict.fromkeys(ruled_out))
