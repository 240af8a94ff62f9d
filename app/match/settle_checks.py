"""Hands that cannot have happened, rejected with a plain message before anything is settled."""

from collections.abc import Iterator
from typing import Final

from app.errors import Problem
from app.match import endcheck
from app.match.consistency import INCONSISTENT, seat_problems
from app.match.hand import HanFu, Outcome, PlayedHand, Tiles, Win, YakumanValue
from app.match.hanfu import han_fu_problems
from app.match.model import MatchState
from app.match.rules import MAX_WINNERS, AbortiveDraw, MatchRules, MultiRon
from app.match.win_value import HandRules, plays_nagashi

RIICHI_DEPOSIT: Final = 1000
FOUR_PLAYERS_ONLY: Final = {AbortiveDraw.SUUFON_RENDA, AbortiveDraw.SUUCHA_RIICHI, AbortiveDraw.SANCHAHOU}
# The fields each result takes beside `result` and `riichi`, by name.
FIELDS_OF: Final = {
    Outcome.RON: {"wins"}, Outcome.TSUMO: {"wins"}, Outcome.DRAW: {"tenpai", "nagashi"},
    Outcome.ABORTIVE_DRAW: {"abortive"}, Outcome.CHOMBO: {"chombo"},
}


def match_over_problems(state: MatchState, rules: MatchRules) -> Iterator[Problem]:
    """A scoreboard on which the match has already ended (tobi), as the end check judges it (endcheck.is_tobi,
    called through its module so that the one rule is the one both follow)."""
    if endcheck.is_tobi(state.scores, rules):
        lowest = min(state.scores)
        seat = state.scores.index(lowest)
        yield Problem(INCONSISTENT, ("state", "scores"),
                      f"the match is already over: seat {seat} has {lowest} points and tobi is on, so no hand "
                      "follows")


def hand_problems(state: MatchState, hand: PlayedHand, match: MatchRules, rules: HandRules) -> Iterator[Problem]:
    yield from _riichi_problems(state, hand, match)
    yield from _misplaced_fields(hand)
    match hand.result:
        case Outcome.RON:
            yield from _ron_problems(state, hand, match)
        case Outcome.TSUMO:
            yield from _tsumo_problems(state, hand)
        case Outcome.DRAW:
            yield from _draw_problems(state, hand, rules)
        case Outcome.ABORTIVE_DRAW:
            yield from _abortive_problems(state, hand, match)
        case Outcome.CHOMBO:
            yield from _chombo_problems(state, hand)
    for index, win in enumerate(hand.wins):
        yield from _win_problems(state, win, ("hand", "wins", index))


def _riichi_problems(state: MatchState, hand: PlayedHand, match: MatchRules) -> Iterator[Problem]:
    yield from seat_problems(hand.riichi, ("hand", "riichi"), state.players)
    if not match.riichi_needs_points:
        return
    for index, seat in enumerate(hand.riichi):
        if seat < state.players and state.scores[seat] < RIICHI_DEPOSIT:
            yield Problem(INCONSISTENT, ("hand", "riichi", index),
                          f"seat {seat} has {state.scores[seat]} points and riichi needs {RIICHI_DEPOSIT} to put on "
                          "the table under these rules (riichi_needs_points)")


def _misplaced_fields(hand: PlayedHand) -> Iterator[Problem]:
    sent = {"wins": bool(hand.wins), "tenpai": bool(hand.tenpai), "nagashi": bool(hand.nagashi),
            "abortive": hand.abortive is not None, "chombo": hand.chombo is not None}
    for field, given in sent.items():
        if given and field not in FIELDS_OF[hand.result]:
            takes = " and ".join(sorted(result.value for result, fields in FIELDS_OF.items() if field in fields))
            yield Problem(INCONSISTENT, ("hand", field), f"{field} goes only with {takes}, not with {hand.result.value}")


def _ron_problems(state: MatchState, hand: PlayedHand, match: MatchRules) -> Iterator[Problem]:
    if not hand.wins:
        yield Problem(INCONSISTENT, ("hand", "wins"), "a ron needs at least one win")
        return
    yield from seat_problems(tuple(win.winner for win in hand.wins), ("hand", "wins"), state.players)
    discarders = {win.from_seat for win in hand.wins}
    for index, win in enumerate(hand.wins):
        if win.from_seat is None:
            yield Problem(INCONSISTENT, ("hand", "wins", index, "from_seat"), "a ron needs from_seat, the discarder")
        elif win.from_seat == win.winner:
            yield Problem(INCONSISTENT, ("hand", "wins", index, "from_seat"),
                          f"seat {win.winner} cannot ron its own discard")
        elif win.from_seat >= state.players:
            yield Problem(INCONSISTENT, ("hand", "wins", index, "from_seat"),
                          f"seats are 0-{state.players - 1} with {state.players} players, not {win.from_seat}")
    if len(discarders) > 1:
        yield Problem(INCONSISTENT, ("hand", "wins"),
                      f"every winner of a multiple ron wins on the same discard: from_seat differs ({sorted(discarders, key=str)})")
    allowed = MAX_WINNERS[match.multi_ron]
    if len(hand.wins) > allowed:
        yield Problem(INCONSISTENT, ("hand", "wins"), _too_many_winners(len(hand.wins), match))


def _too_many_winners(count: int, match: MatchRules) -> str:
    if match.multi_ron is MultiRon.ATAMAHANE:
        return (f"{count} winners on one discard, but multi_ron is atamahane: only the first in turn order from the "
                "discarder wins; send that win alone")
    if match.multi_ron is MultiRon.DOUBLE and count == 3:
        return ("three rons on one discard are the abortive draw sanchahou under multi_ron double: send result "
                "abortive_draw with abortive sanchahou")
    return f"{count} winners on one discard, more than multi_ron {match.multi_ron.value} allows"


def _tsumo_problems(state: MatchState, hand: PlayedHand) -> Iterator[Problem]:
    if len(hand.wins) != 1:
        yield Problem(INCONSISTENT, ("hand", "wins"), f"a tsumo has exactly one winner, not {len(hand.wins)}")
        return
    (win,) = hand.wins
    yield from seat_problems((win.winner,), ("hand", "wins"), state.players)
    if win.from_seat is not None:
        yield Problem(INCONSISTENT, ("hand", "wins", 0, "from_seat"),
                      "a tsumo has no discarder; leave from_seat out (or send result ron)")


def _draw_problems(state: MatchState, hand: PlayedHand, rules: HandRules) -> Iterator[Problem]:
    yield from seat_problems(hand.tenpai, ("hand", "tenpai"), state.players)
    yield from seat_problems(hand.nagashi, ("hand", "nagashi"), state.players)
    if hand.nagashi and not plays_nagashi(rules):
        yield Problem(INCONSISTENT, ("hand", "nagashi"),
                      "these rules do not play nagashi mangan (rules.nagashi_mangan is false)")


def _abortive_problems(state: MatchState, hand: PlayedHand, match: MatchRules) -> Iterator[Problem]:
    kind = hand.abortive
    if kind is None:
        yield Problem(INCONSISTENT, ("hand", "abortive"),
                      "an abortive draw needs its kind: " + ", ".join(k.value for k in AbortiveDraw))
    elif kind not in match.abortive_draws:
        played = ", ".join(k.value for k in match.abortive_draws) or "none"
        yield Problem(INCONSISTENT, ("hand", "abortive"),
                      f"these rules do not play the abortive draw {kind.value} (abortive_draws: {played})")
    elif kind in FOUR_PLAYERS_ONLY and state.players < 4:
        yield Problem(INCONSISTENT, ("hand", "abortive"), f"{kind.value} needs four players")
    elif kind is AbortiveDraw.SUUCHA_RIICHI and len(set(hand.riichi)) != state.players:
        yield Problem(INCONSISTENT, ("hand", "riichi"),
                      f"suucha_riichi is every player's riichi: hand.riichi must list all {state.players} seats")


def _chombo_problems(state: MatchState, hand: PlayedHand) -> Iterator[Problem]:
    if hand.chombo is None:
        yield Problem(INCONSISTENT, ("hand", "chombo"), "a chombo needs the offending seat in chombo")
    else:
        yield from seat_problems((hand.chombo,), ("hand", "chombo"), state.players)


def _win_problems(state: MatchState, win: Win, loc: tuple[str | int, ...]) -> Iterator[Problem]:
    if len(win.values) != 1:
        yield Problem(INCONSISTENT, loc, "give the win's value one way: hand and context (tiles), han and fu, or "
                                         f"yakuman; got {len(win.values) or 'none'}")
        return
    (value,) = win.values
    if isinstance(value, HanFu):
        yield from han_fu_problems(value.han, value.fu, loc, INCONSISTENT)
    if win.pao_seat is not None:
        yield from _pao_problems(state, win, value, loc)
    elif win.pao_yakuman is not None:
        yield Problem(INCONSISTENT, (*loc, "pao_yakuman"), "pao_yakuman needs pao_seat, the liable player")


def _pao_problems(state: MatchState, win: Win, value: HanFu | YakumanValue | Tiles,
                  loc: tuple[str | int, ...]) -> Iterator[Problem]:
    assert win.pao_seat is not None
    if win.pao_seat == win.winner or win.pao_seat >= state.players:
        yield Problem(INCONSISTENT, (*loc, "pao_seat"),
                      f"the liable player is another seat at the table than the winner (seat {win.winner})")
    if isinstance(value, HanFu):
        yield Problem(INCONSISTENT, (*loc, "pao_seat"),
                      "pao applies to yakuman: give the win as yakuman (with pao_yakuman) or as tiles")
    elif win.pao_yakuman is not None and (not isinstance(value, YakumanValue) or win.pao_yakuman > value.count):
        count = value.count if isinstance(value, YakumanValue) else "the tiles'"
        yield Problem(INCONSISTENT, (*loc, "pao_yakuman"),
                      f"pao_yakuman goes with a yakuman value and is at most its count ({count})")

