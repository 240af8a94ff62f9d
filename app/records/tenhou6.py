"""The tenhou.net/6 JSON log (Tenhou's viewer, NAGA, mjai-reviewer, the Mahjong Soul converters) read into a
GameRecord: each seat's draws and discards interleaved back into the order they were played in.

A hand is `[[round, honba, sticks], scores, dora, ura, hand0, draws0, discards0, ..., hand3, draws3, discards3,
result]`. Draws hold tiles and calls on a discard ("c375336" chi, "41p4141" pon, "m39393939" open kan: the
letter's place says whom it came from); discards hold tiles, 60 for the tile just drawn, "r" before a riichi
discard, and the seat's own kans and kita ("262626a26", "3737k3737", "f44"); an open kan leaves a 0 there, unless
the hand ends on its replacement tile.
"""

import re
from typing import Any

from app.errors import InvalidInput
from app.records.model import (
    MAX_HANDS,
    NORTH,
    TILE_CODES,
    Call,
    Discard,
    Draw,
    Ending,
    Event,
    GameRecord,
    HandRecord,
    Kita,
    Loc,
    RecordedWin,
    RecordRules,
    SelfKan,
    Tile,
    game_type_rules,
    invalid,
    plain,
    stated_rules,
    tile_name,
)
from app.records.names import NameError_, value_of, yaku_entry
from app.records.rounds import hand_name

DRAWN = 60  # the tile just drawn, discarded (tsumogiri)
KAN_PLACEHOLDER = 0  # the discard slot of an open kan
MAX_CHOICES = 16  # choices of who called a discard open at once in one hand: real hands have one or two
MAX_TRIES = 256  # orders of play tried in one hand before the record is refused (a bound on a made-up record's cost)
_CALL = re.compile(r"^((?:\d\d)*)([cpmakf])((?:\d\d)+)$")
_RIICHI = re.compile(r"^r(\d\d)$")
ABORTIVE_NAMES = {
    "九種九牌": "kyuushu_kyuuhai", "四家立直": "suucha_riichi", "四風連打": "suufon_renda", "四槓散了": "suukaikan",
    "四開槓": "suukaikan", "三家和了": "sanchahou", "三家和": "sanchahou",
}
DRAW_NAMES = {"流局": "draw", "全員聴牌": "draw", "全員不聴": "draw", "流し満貫": "nagashi"}
WIN_NAME = "和了"
_GAME_TYPE = re.compile(r"^\d{10}gm-([0-9a-f]{4})-")


def read_tenhou6(record: dict[str, Any]) -> GameRecord:
    log = record.get("log")
    if not isinstance(log, list) or not log:
        raise invalid(("log",), "a tenhou.net/6 record has `log`: a list of hands, at least one")
    if len(log) > MAX_HANDS:
        raise invalid(("log",), f"the record has {len(log)} hands; no real game has more than {MAX_HANDS}")
    players = _players(record, log)
    rules = _rules(record, players)
    hands = tuple(_hand(entry, index, players) for index, entry in enumerate(log))
    names = record.get("name")
    return GameRecord("tenhou6", rules, hands, _final_scores(record, players),
                      tuple(str(n) for n in names[:players]) if isinstance(names, list) else ())


def _players(record: dict[str, Any], log: list[Any]) -> int:
    """Three when the fourth seat is empty in the names or in every hand's arrays."""
    names = record.get("name")
    if isinstance(names, list) and len(names) == 4 and names[3] == "":
        return 3
    first = log[0]
    if isinstance(first, list) and len(first) > 15 and first[13] == [] and first[14] == [] and first[15] == []:
        return 3
    return 4


def _rules(record: dict[str, Any], players: int) -> RecordRules:
    """Red fives from `aka`/`aka51`-`aka53` (the room name need not say 赤); open tanyao unless a Tenhou room name
    leaves out 喰; an East-only game when the room name says 東 (or East); else the game type in `ref`."""
    rule = record.get("rule")
    ref = record.get("ref")
    game_type = _GAME_TYPE.match(ref) if isinstance(ref, str) else None
    if isinstance(rule, dict) and isinstance(rule.get("disp"), str):
        disp: str = rule["disp"]
        keys = [key for key in ("aka", "aka51", "aka52", "aka53") if key in rule]
        aka = any(rule[key] for key in keys) if keys else "赤" in disp
        tenhou_room = any(wind in disp for wind in "東南")
        return stated_rules(players, aka, "喰" in disp or not tenhou_room, "東" not in disp and "East" not in disp)
    if game_type is not None:
        return game_type_rules(int(game_type.group(1), 16), players)
    return stated_rules(players, True, True, True)


def _final_scores(record: dict[str, Any], players: int) -> tuple[int, ...] | None:
    """`sc`: each seat's final points and result, in turn."""
    sc = record.get("sc")
    if not isinstance(sc, list) or len(sc) < 2 * players:
        return None
    points = sc[0: 2 * players: 2]
    if not all(isinstance(p, int | float) for p in points):
        raise invalid(("sc",), "`sc` holds each seat's final points and result, numbers")
    return tuple(int(p) for p in points)


def _hand(entry: Any, index: int, players: int) -> HandRecord:
    loc: Loc = ("log", index)
    if not isinstance(entry, list) or len(entry) != 17:
        raise invalid(loc, f"hand {index} is not a list of 17 elements (the round, the scores, dora, ura, three lists per "
                           "seat and the result)")
    header = entry[0]
    if not (isinstance(header, list) and len(header) == 3 and all(_small_int(x, 0, 99) for x in header)):
        raise invalid((*loc, 0), f"hand {index} starts with [round, honba, riichi sticks], three small numbers")
    round_index, honba, sticks = header
    if round_index % 4 >= players:
        raise invalid((*loc, 0, 0), f"hand {index}: round {round_index} has no dealer with {players} players")
    where = hand_name(round_index, honba)
    scores = entry[1]
    if not (isinstance(scores, list) and len(scores) == 4 and all(isinstance(s, int) and abs(s) < 10**7 for s in scores)):
        raise invalid((*loc, 1), f"{where}: the scores are a list of 4 numbers")
    dora = _tiles(entry[2], (*loc, 2), f"{where}: the dora indicators", 1, 5)
    ura = _tiles(entry[3], (*loc, 3), f"{where}: the ura dora indicators", 0, 5)
    starting = tuple(_tiles(entry[4 + 3 * seat], (*loc, 4 + 3 * seat), f"{where}: seat {seat}'s starting hand", 13, 13)
                     for seat in range(players))
    for seat in range(players, 4):
        if entry[4 + 3 * seat: 7 + 3 * seat] != [[], [], []]:
            raise invalid((*loc, 4 + 3 * seat), f"{where}: a three-player hand leaves seat {seat}'s lists empty")
    dealer = round_index % 4
    events = tuple(_Interleaver(entry, loc, where, players).events(dealer))
    ending = _ending(entry[16], (*loc, 16), where, players, dealer)
    return HandRecord(round_index, honba, sticks, tuple(scores[:players]), dora, ura, starting, events, ending, loc)


def _small_int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _tile(value: Any, loc: Loc, what: str) -> Tile:
    if not _small_int(value, 0, 99) or value not in TILE_CODES:
        raise invalid(loc, f"{what}: {value!r} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)")
    tile: Tile = value
    return tile


def _tiles(value: Any, loc: Loc, what: str, low: int, high: int) -> tuple[Tile, ...]:
    if not isinstance(value, list) or not low <= len(value) <= high:
        raise invalid(loc, f"{what} are a list of {low}-{high} tile codes" if low != high else
                      f"{what} is a list of {low} tile codes")
    return tuple(_tile(v, (*loc, i), what) for i, v in enumerate(value))


class _DeadEnd(Exception):
    """This order of play does not fit the lists: another choice of who called a discard must be tried."""


class _Interleaver:
    """Walks the seats' lists in the order of play: the dealer draws first; after a discard a seat whose next draw is
    a call on it takes the turn (a pon or kan before a chi), else the next seat draws. Where a seat could call one
    of two discards of the same tile, the walk tries the earlier and goes back when the lists stop fitting."""

    def __init__(self, entry: list[Any], loc: Loc, where: str, players: int) -> None:
        self.loc, self.where, self.players = loc, where, players
        self.draws = [self._list(entry, 5 + 3 * seat, "draws") for seat in range(players)]
        self.discards = [self._list(entry, 6 + 3 * seat, "discards") for seat in range(players)]
        self.next_draw = [0] * players
        self.next_discard = [0] * players
        self.last_drawn: list[Tile | None] = [None] * players
        self.problem: InvalidInput | None = None  # the first misfit met: what a record no order fits is refused for
        self.parsed: dict[tuple[int, int], Call] = {}  # each call of the draws, read once
        self.tries = MAX_TRIES

    def _list(self, entry: list[Any], element: int, what: str) -> list[Any]:
        value = entry[element]
        if not isinstance(value, list) or len(value) > 150:
            raise invalid((*self.loc, element), f"{self.where}: seat {(element - 5) // 3}'s {what} are a list")
        return value

    def events(self, dealer: int) -> list[Event]:
        played = self._play(dealer, None, 0)
        if played is None:
            raise self.problem or invalid(self.loc, f"{self.where}: the seats' draws and discards do not fit one order of play")
        return played

    def _misfit(self, loc: Loc, msg: str) -> _DeadEnd:
        if self.problem is None:
            self.problem = invalid(loc, f"{self.where}: {msg}")
        return _DeadEnd()

    def _play(self, seat: int, last: Discard | None, depth: int) -> list[Event] | None:
        """The events from `seat`'s turn to the end of the hand, or None when no order of play fits from here."""
        events: list[Event] = []
        while self.next_draw[seat] < len(self.draws[seat]):
            try:
                events += self._draw_or_call(seat, last)
                turn, ended = self._turn(seat)
            except _DeadEnd:
                return None
            events += turn
            if ended:
                break
            discard = turn[-1]
            assert isinstance(discard, Discard)
            last = discard
            options = self._next_seats(last)
            if not options:
                return None
            if len(options) > 1 and depth < MAX_CHOICES:
                for option in options:
                    self.tries -= 1
                    if self.tries < 0:
                        raise invalid(self.loc, f"{self.where}: no order of play fits the seats' draws and discards "
                                                f"within {MAX_TRIES} tries")
                    saved = self._saved()
                    rest = self._play(option, last, depth + 1)
                    if rest is not None:
                        return events + rest
                    self._restore(saved)
                return None
            seat = options[0]
        return events if self._all_used() else None

    def _saved(self) -> tuple[list[int], list[int], list[Tile | None]]:
        return list(self.next_draw), list(self.next_discard), list(self.last_drawn)

    def _restore(self, saved: tuple[list[int], list[int], list[Tile | None]]) -> None:
        self.next_draw, self.next_discard, self.last_drawn = (list(part) for part in saved)  # type: ignore[assignment]

    def _all_used(self) -> bool:
        for seat in range(self.players):
            if self.next_draw[seat] < len(self.draws[seat]) or self.next_discard[seat] < len(self.discards[seat]):
                self._misfit((*self.loc, 5 + 3 * seat), f"the hand is over, but seat {seat} has draws or discards left")
                return False
        return True

    def _draw_or_call(self, seat: int, last: Discard | None) -> list[Event]:
        """The seat's draw, or its call on the last discard (an open kan then draws its replacement)."""
        index = self.next_draw[seat]
        item = self.draws[seat][index]
        loc = (*self.loc, 5 + 3 * seat, index)
        self.next_draw[seat] += 1
        if not isinstance(item, str):
            tile = _tile(item, loc, f"{self.where}: seat {seat}'s draw")
            self.last_drawn[seat] = tile
            return [Draw(seat, tile, loc)]
        call = self._call_at(seat, index)
        if last is None or call.from_seat != last.seat or plain(call.called) != plain(last.tile):
            discard = "nothing was discarded" if last is None else f"seat {last.seat} discarded {tile_name(last.tile)}"
            raise self._misfit(loc, f"seat {seat} calls {tile_name(call.called)} from seat {call.from_seat}, but {discard}")
        events: list[Event] = [call]
        if call.kind == "kan":
            self._kan_placeholder(seat)
            if self.next_draw[seat] < len(self.draws[seat]):
                events += self._draw_or_call(seat, None)
        return events

    def _kan_placeholder(self, seat: int) -> None:
        """Take the 0 an open kan leaves in the discards. Tenhou writes it only when a discard follows: a hand that ends
        on the kan's replacement tile (a rinshan win) has none, so none is taken when the replacement is the seat's
        last draw and its discards have run out."""
        ends_on_replacement = self.next_draw[seat] == len(self.draws[seat]) - 1
        if ends_on_replacement and self.next_discard[seat] == len(self.discards[seat]):
            return
        placeholder = self._take_discard(seat)
        if placeholder is None or placeholder[0] != KAN_PLACEHOLDER:
            raise self._misfit((*self.loc, 6 + 3 * seat), f"seat {seat}'s open kan leaves a 0 in its discards")

    def _take_discard(self, seat: int) -> tuple[Any, Loc] | None:
        index = self.next_discard[seat]
        if index >= len(self.discards[seat]):
            return None
        self.next_discard[seat] += 1
        return self.discards[seat][index], (*self.loc, 6 + 3 * seat, index)

    def _turn(self, seat: int) -> tuple[list[Event], bool]:
        """The seat's own kans and kita (each followed by a replacement draw), then one discard; True when the seat's
        lists run out first (a tsumo, an abortive draw, a robbed kan)."""
        events: list[Event] = []
        while True:
            taken = self._take_discard(seat)
            if taken is None:
                return events, True
            item, loc = taken
            if isinstance(item, str) and _RIICHI.match(item):
                return [*events, Discard(seat, self._discarded(seat, int(item[1:]), loc), True, loc)], False
            if not isinstance(item, str):
                return [*events, Discard(seat, self._discarded(seat, item, loc), False, loc)], False
            events.append(self._own_call(seat, item, loc))
            if self.next_draw[seat] >= len(self.draws[seat]):
                return events, True
            events += self._draw_or_call(seat, None)

    def _discarded(self, seat: int, value: Any, loc: Loc) -> Tile:
        if value == DRAWN:
            drawn = self.last_drawn[seat]
            if drawn is None:
                raise invalid(loc, f"{self.where}: seat {seat} discards the tile just drawn (60) but drew none")
            self.last_drawn[seat] = None
            return drawn
        return _tile(value, loc, f"{self.where}: seat {seat}'s discard")

    def _next_seats(self, last: Discard) -> list[int]:
        """Who may take the turn after the discard: the seats whose next draw is a call on it (a pon or kan before a
        chi, as the rules give them priority), then the next seat, if its next draw is a tile (or it has none)."""
        callers = []
        for step in range(1, self.players):
            other = (last.seat + step) % self.players
            index = self.next_draw[other]
            if index < len(self.draws[other]) and isinstance(self.draws[other][index], str):
                call = self._call_at(other, index)
                if call.from_seat == last.seat and plain(call.called) == plain(last.tile):
                    callers.append((call.kind == "chi", step, other))
        following = (last.seat + 1) % self.players
        index = self.next_draw[following]
        if index >= len(self.draws[following]) or not isinstance(self.draws[following][index], str):
            return [seat for _, _, seat in sorted(callers)] + [following]
        if not callers:  # the next seat's turn begins with a call, but not on this discard
            loc = (*self.loc, 5 + 3 * following, index)
            call = self._call_at(following, index)
            self._misfit(loc, f"seat {following} calls {tile_name(call.called)} from seat {call.from_seat}, but seat "
                              f"{last.seat} discarded {tile_name(last.tile)}")
        return [seat for _, _, seat in sorted(callers)]

    def _call_at(self, seat: int, index: int) -> Call:
        call = self.parsed.get((seat, index))
        if call is None:
            call = self.parsed[seat, index] = self._call(self.draws[seat][index], seat, (*self.loc, 5 + 3 * seat, index))
        return call

    def _call(self, text: str, seat: int, loc: Loc) -> Call:
        match = _CALL.match(text)
        if match is None or match.group(2) not in "cpm":
            raise invalid(loc, f"{self.where}: seat {seat}'s draw {text!r} is neither a tile nor a call (c, p, m)")
        before, letter, after = match.groups()
        digits = before + after
        tiles = tuple(_tile(int(digits[i: i + 2]), loc, f"{self.where}: seat {seat}'s call") for i in range(0, len(digits), 2))
        offset = {0: 3, 2: 2, 4: 1, 6: 1}.get(len(before))  # seats on around a four-seat table (three players too)
        size = 4 if letter == "m" else 3
        if offset is None or len(tiles) != size or (letter == "c" and before):
            raise invalid(loc, f"{self.where}: seat {seat}'s call {text!r} is not a chi, pon or open kan as Tenhou writes it")
        source = (seat + offset) % 4
        if source >= self.players:
            raise invalid(loc, f"{self.where}: seat {seat}'s call {text!r} comes from seat {source}, who does not play")
        kind = {"c": "chi", "p": "pon", "m": "kan"}[letter]
        return Call(seat, kind, tiles, tiles[len(before) // 2], source, loc)  # type: ignore[arg-type]

    def _own_call(self, seat: int, text: str, loc: Loc) -> Event:
        match = _CALL.match(text)
        if match is None or match.group(2) not in "akf":
            raise invalid(loc, f"{self.where}: seat {seat}'s discard {text!r} is neither a tile, a riichi (r), a kan (a, k) "
                               "nor a kita (f)")
        before, letter, after = match.groups()
        digits = before + after
        tiles = tuple(_tile(int(digits[i: i + 2]), loc, f"{self.where}: seat {seat}'s kan") for i in range(0, len(digits), 2))
        if letter == "f":
            if tiles != (NORTH,) or self.players != 3:
                raise invalid(loc, f"{self.where}: kita is f44, in a three-player game only")
            return Kita(seat, NORTH, loc)
        if len(tiles) != 4 or len({plain(t) for t in tiles}) != 1:
            raise invalid(loc, f"{self.where}: seat {seat}'s kan {text!r} is not four of one tile")
        return SelfKan(seat, "ankan" if letter == "a" else "shouminkan", tiles, loc)


def _ending(result: Any, loc: Loc, where: str, players: int, dealer: int) -> Ending:
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise invalid(loc, f"{where}: the result is a list that starts with its name (和了, 流局, 九種九牌, ...)")
    name = result[0]
    if name in ABORTIVE_NAMES:
        return Ending("abortive", abortive=ABORTIVE_NAMES[name], deltas=_deltas_or_none(result, loc, where, players), loc=loc)
    if name in DRAW_NAMES:
        return Ending(DRAW_NAMES[name], deltas=_deltas_or_none(result, loc, where, players), loc=loc)  # type: ignore[arg-type]
    if name != WIN_NAME:
        raise invalid((*loc, 0), f"{where}: unknown result {name!r}")
    if len(result) < 3 or len(result) % 2 == 0:
        raise invalid(loc, f"{where}: a win lists its score changes and its details, per winner")
    wins = tuple(_win(result[i], result[i + 1], (*loc, i), where, players, dealer) for i in range(1, len(result), 2))
    total = tuple(sum(win.deltas[seat] for win in wins if win.deltas) for seat in range(players))
    return Ending("win", wins=wins, deltas=total, loc=loc)


def _deltas_or_none(result: list[Any], loc: Loc, where: str, players: int) -> tuple[int, ...] | None:
    if len(result) < 2:
        return None
    return _deltas(result[1], (*loc, 1), where, players)


def _deltas(value: Any, loc: Loc, where: str, players: int) -> tuple[int, ...]:
    if not (isinstance(value, list) and len(value) in (players, 4) and all(isinstance(d, int) for d in value)):
        raise invalid(loc, f"{where}: the score changes are a list of 4 numbers")
    if any(value[players:]):
        raise invalid(loc, f"{where}: a three-player hand gives the absent seat no score change")
    return tuple(value[:players])


def _win(deltas: Any, details: Any, loc: Loc, where: str, players: int, dealer: int) -> RecordedWin:
    changes = _deltas(deltas, loc, where, players)
    *hand_loc, place = loc
    detail_loc = (*hand_loc, int(place) + 1)
    if not (isinstance(details, list) and len(details) >= 4 and all(_small_int(x, 0, players - 1) for x in details[:3])
            and all(isinstance(x, str) for x in details[3:])):
        raise invalid(detail_loc, f"{where}: a win's details are [winner, from, liable, value, yaku...]")
    winner, from_seat, pao = details[:3]
    tsumo = winner == from_seat
    try:
        value = value_of(details[3], tsumo, winner == dealer, players)
        yaku = [yaku_entry(text) for text in details[4:]]
    except NameError_ as exc:
        raise invalid(detail_loc, f"{where}: seat {winner}'s win: {exc}") from None
    yakuman = tuple(name for name, han in yaku for _ in range(-han))  # a double yakuman listed twice
    plain_yaku = tuple((name, han) for name, han in yaku if han >= 0)
    han = 13 * len(yakuman) if yakuman else value.han if value.han is not None else sum(h for _, h in plain_yaku)
    return RecordedWin(winner, None if tsumo else from_seat, None if pao == winner else pao, han, value.fu,
                       value.points, plain_yaku, yakuman, changes, detail_loc)
