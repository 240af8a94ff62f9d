"""The mjai event log (gimite's server and Tenhou converter, Mortal and mjai.app, RiichiEnv) read into a GameRecord.

A log is a list of events, as a JSON array or as JSON lines: `start_game`, then per hand `start_kyoku` (bakaze,
kyoku, honba, kyotaku, oya, scores, dora_marker, tehais), the play (`tsumo`, `dahai`, `reach`, `reach_accepted`,
`chi`, `pon`, `daiminkan`, `kakan`, `ankan`, `dora`, `nukidora` or `kita`), its end (`hora`, one per winner, or
`ryukyoku`), `end_kyoku`, and `end_game`. Tiles are written `1m`-`9m`, `1p`-`9p`, `1s`-`9s`, `5mr` `5pr` `5sr`
(the red fives), `E S W N` and `P F C` (white, green, red). Fields a dialect adds are read where they state a
value (gimite's `yakus`, `fu`, `fan`, `hora_points`; RiichiEnv's `yaku`, `han`), and any other field is ignored.
"""

import json
from dataclasses import dataclass, field, replace
from typing import Any

from app.records.model import (
    MAX_HANDS,
    NORTH,
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
    SelfKan,
    Tile,
    invalid,
    plain,
    stated_rules,
)
from app.records.names import GIMITE_YAKUMAN_FAN, YAKUMAN_IDS, NameError_, mjai_yaku, yaku_named
from app.records.replay import LIVE_WALL
from app.records.rounds import hand_name

HONORS = "ESWNPFC"  # East South West North, then white, green and red: 41-47
SUITS = "mps"
WIND_INDEX = {"E": 0, "S": 1, "W": 2, "N": 3}
RIICHI_DEPOSIT = 1000
START_POINTS = 25000  # gimite's logs may leave start_kyoku's scores out: every seat starts with this
MAX_EVENTS = 20000  # far beyond a real game (a long hanchan is about 1,500 events)
# gimite's ryukyoku reasons, as the contract names the draws (an exhaustive draw has none of these).
ABORTIVE_REASONS = {"kyushukyuhai": "kyuushu_kyuuhai", "suchareach": "suucha_riichi", "sufonrenta": "suufon_renda",
                    "sukaikan": "suukaikan", "sanchaho": "sanchahou"}


def tile_code(text: Any) -> Tile | None:
    """An mjai tile as a Tenhou code ('5mr' -> 51, 'E' -> 41, 'C' -> 47); None when it is not one."""
    if not isinstance(text, str):
        return None
    if len(text) == 1 and text in HONORS:
        return 41 + HONORS.index(text)
    if len(text) in (2, 3) and text[0] in "123456789" and text[1] in SUITS:
        suit = SUITS.index(text[1]) + 1
        if len(text) == 3:
            return 50 + suit if text == f"5{text[1]}r" else None
        return suit * 10 + int(text[0])
    return None


def mjai_tile(tile: Tile) -> str:
    """A Tenhou code as mjai writes it."""
    if tile > 50:
        return f"5{SUITS[tile - 51]}r"
    if tile > 40:
        return HONORS[tile - 41]
    return f"{tile % 10}{SUITS[tile // 10 - 1]}"


def parse_events(record: list[Any] | str) -> list[Any]:
    """The events of a JSON array, or of JSON lines (blank lines ignored)."""
    if isinstance(record, list):
        return record
    events = []
    for number, line in enumerate(record.lstrip("\ufeff").splitlines(), 1):
        if line.strip():
            try:
                events.append(json.loads(line))
            except (ValueError, RecursionError):
                raise invalid((), f"line {number} of the mjai log is not JSON") from None
    return events


def read_mjai(record: list[Any] | str) -> GameRecord:
    events = parse_events(record)
    if len(events) > MAX_EVENTS:
        raise invalid((), f"the log has {len(events)} events; no real game has more than {MAX_EVENTS}")
    reader = _Reader(events)
    reader.read()
    if not reader.hands:
        raise invalid((), "an mjai log has at least one hand: a start_kyoku, its play and its end (hora or ryukyoku)")
    aka = any(tile > 50 for hand in reader.hands for tile in _all_tiles(hand))
    rules = stated_rules(reader.players, aka or reader.aka_stated, True, True)
    return GameRecord("mjai", rules, tuple(reader.hands), reader.final_scores, reader.names)


def _all_tiles(hand: HandRecord) -> list[Tile]:
    tiles = [t for tiles in hand.starting_hands for t in tiles]
    return tiles + [e.tile for e in hand.events if isinstance(e, Draw)]


@dataclass(slots=True)
class _Hand:
    """A hand being read: its opening, its play so far and what ends it."""

    start: dict[str, Any]
    loc: Loc
    round_index: int
    scores: tuple[int, ...] | None
    dora: list[Tile]
    starting: tuple[tuple[Tile, ...], ...]
    events: list[Event] = field(default_factory=list)
    riichi_next: set[int] = field(default_factory=set)  # seats whose next discard is their riichi discard
    riichi_paid: list[int] = field(default_factory=list)  # seats whose riichi was accepted (each paid 1,000)
    wins: list[RecordedWin] = field(default_factory=list)
    ura: tuple[Tile, ...] = ()
    ending: Ending | None = None
    draws: int = 0
    kans: int = 0
    first_discards: list[Tile] = field(default_factory=list)
    stated_after: tuple[int, ...] | None = None  # the scores after the hand, where the hora or ryukyoku states them


class _Reader:
    def __init__(self, events: list[Any]) -> None:
        self.events = events
        self.players = 0
        self.names: tuple[str, ...] = ()
        self.aka_stated = False
        self.hands: list[HandRecord] = []
        self.hand: _Hand | None = None
        self.final_scores: tuple[int, ...] | None = None
        self.last_end_scores: tuple[int, ...] | None = None  # the scores after the hand before, where derivable
        self.stated_after: tuple[int, ...] | None = None  # the hand before's own `scores` after it, not yet compared

    def read(self) -> None:
        self.players = self._players()
        for index, event in enumerate(self.events):
            if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                raise invalid((index,), f"event {index} is not an mjai event (an object with `type`)")
            self._event(event, (index,))
        if self.hand is not None and self.hand.ending is not None:
            self._close()
        elif self.hand is not None and self.hand.events:
            raise self._fail(self.hand.loc, "the log ends in the middle of this hand (no hora or ryukyoku)")
        elif self.hand is not None and self.hand.scores is not None:  # a last start_kyoku with no play: the next
            self.stated_after = self.hand.scores  # hand's header, its scores those after the last hand
        self._compare_stated_after()

    def _players(self) -> int:
        """Three when start_game names three players or a start_kyoku deals three hands."""
        for event in self.events:
            if not isinstance(event, dict):
                continue
            if event.get("type") == "start_game" and isinstance(event.get("names"), list) and len(event["names"]) in (3, 4):
                return len(event["names"])
            if event.get("type") == "start_kyoku" and isinstance(event.get("tehais"), list):
                return 3 if len(event["tehais"]) == 3 or event["tehais"][3:] in ([[]], [["?"] * 13]) else 4
        return 4

    def _where(self) -> str:
        hand = self.hand
        return "" if hand is None else hand_name(hand.round_index, _int(hand.start.get("honba"), 0)) + ": "

    def _fail(self, loc: Loc, msg: str) -> Exception:
        return invalid(loc, f"{self._where()}{msg}")

    def _event(self, event: dict[str, Any], loc: Loc) -> None:
        kind = event["type"]
        if kind == "start_game":
            names = event.get("names")
            self.names = tuple(str(n) for n in names[:self.players]) if isinstance(names, list) else ()
            self.aka_stated = bool(event.get("aka_flag"))
        elif kind == "start_kyoku":
            self._start(event, loc)
        elif kind == "end_game":
            self._end_game(event, loc)
        elif kind in _PLAY:
            hand = self._playing(loc, kind)
            _PLAY[kind](self, hand, event, loc)
        # end_kyoku, and any event type a dialect adds (none states a move), are passed over

    def _playing(self, loc: Loc, kind: str) -> _Hand:
        if self.hand is None:
            raise invalid(loc, f"a {kind} event before any start_kyoku")
        if self.hand.ending is not None and kind not in ("hora",):
            raise self._fail(loc, f"a {kind} event after the hand has ended")
        return self.hand

    # The opening and the close of a hand.

    def _start(self, event: dict[str, Any], loc: Loc) -> None:
        if self.hand is not None:
            if self.hand.ending is None:
                raise self._fail(loc, "a new hand starts before this one has ended (hora or ryukyoku)")
            self._close()
        if len(self.hands) >= MAX_HANDS:
            raise invalid(loc, f"the log has more than {MAX_HANDS} hands; no real game has more")
        wind = WIND_INDEX.get(event.get("bakaze"))  # type: ignore[arg-type]
        if wind is None or not _is_int(event.get("kyoku"), 1, self.players):
            raise invalid(loc, f"start_kyoku has `bakaze` (E, S, W or N) and `kyoku` (1-{self.players})")
        kyoku: int = event["kyoku"]
        round_index = wind * 4 + kyoku - 1
        oya = event.get("oya", kyoku - 1)
        if oya != kyoku - 1:
            raise invalid((*loc, "oya"), f"start_kyoku: kyoku {kyoku} has seat {kyoku - 1} as dealer, not {oya}")
        for name in ("honba", "kyotaku"):
            if not _is_int(event.get(name, 0), 0, 99):
                raise invalid((*loc, name), f"start_kyoku: `{name}` is a small number")
        self.hand = _Hand(event, loc, round_index, None, [], ())
        self.hand.scores = self._scores(event.get("scores"), (*loc, "scores"), "start_kyoku's scores", optional=True)
        if self.hand.scores is not None:
            self._compare_stated_after()
        self.stated_after = None
        marker = self._tile(event.get("dora_marker"), (*loc, "dora_marker"), "the dora indicator")
        self.hand.dora = [marker]
        self.hand.starting = self._tehais(event.get("tehais"), (*loc, "tehais"))

    def _tehais(self, tehais: Any, loc: Loc) -> tuple[tuple[Tile, ...], ...]:
        if not isinstance(tehais, list) or len(tehais) < self.players:
            raise self._fail(loc, f"start_kyoku's `tehais` are {self.players} starting hands of 13 tiles")
        hands = []
        for seat in range(self.players):
            tiles = tehais[seat]
            if not isinstance(tiles, list) or len(tiles) != 13:
                raise self._fail((*loc, seat), f"seat {seat}'s starting hand is a list of 13 tiles")
            hands.append(tuple(self._tile(t, (*loc, seat, i), f"seat {seat}'s starting hand") for i, t in enumerate(tiles)))
        return tuple(hands)

    def _close(self) -> None:
        hand = self.hand
        assert hand is not None and hand.ending is not None
        scores = hand.scores
        if scores is None:
            scores = self.last_end_scores or (START_POINTS,) * self.players
        self.hands.append(HandRecord(
            hand.round_index, _int(hand.start.get("honba"), 0), _int(hand.start.get("kyotaku"), 0), scores,
            tuple(hand.dora), hand.ura, hand.starting, tuple(hand.events), hand.ending, hand.loc))
        deltas = hand.ending.deltas
        after = hand.stated_after
        if after is None and deltas is not None:
            after = tuple(s + d - RIICHI_DEPOSIT * hand.riichi_paid.count(seat)
                          for seat, (s, d) in enumerate(zip(scores, deltas, strict=True)))
        self.last_end_scores = after
        self.stated_after = hand.stated_after
        self.hand = None

    def _compare_stated_after(self) -> None:
        """The hand before's stated scores after it, compared with its computed ones (verify), unless they were taken
        as the next hand's starting scores (a start_kyoku without `scores`: compared there)."""
        if self.stated_after is not None and self.hands:
            self.hands[-1] = replace(self.hands[-1], scores_after=self.stated_after)
        self.stated_after = None

    def _end_game(self, event: dict[str, Any], loc: Loc) -> None:
        if self.hand is not None and self.hand.ending is not None:
            self._close()
        self.final_scores = self._scores(event.get("scores"), (*loc, "scores"), "end_game's scores", optional=True)

    # Reading values.

    def _tile(self, value: Any, loc: Loc, what: str) -> Tile:
        tile = tile_code(value)
        if tile is None:
            raise self._fail(loc, f"{what}: {value!r} is not an mjai tile (1m-9m, 1p-9p, 1s-9s, 5mr 5pr 5sr, E S W N, P F C)")
        return tile

    def _seat(self, event: dict[str, Any], name: str, loc: Loc) -> int:
        if not _is_int(event.get(name), 0, self.players - 1):
            raise self._fail((*loc, name), f"{event['type']}: `{name}` is a seat, 0-{self.players - 1}")
        seat: int = event[name]
        return seat

    def _scores(self, value: Any, loc: Loc, what: str, optional: bool = False) -> tuple[int, ...] | None:
        if value is None and optional:
            return None
        if not (isinstance(value, list) and len(value) in (self.players, 4)
                and all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10**7 for v in value)):
            raise self._fail(loc, f"{what} are a list of {self.players} numbers")
        return tuple(value[:self.players])

    def _consumed(self, event: dict[str, Any], loc: Loc, count: int) -> tuple[Tile, ...]:
        consumed = event.get("consumed")
        if not isinstance(consumed, list) or len(consumed) != count:
            raise self._fail((*loc, "consumed"), f"{event['type']}: `consumed` is a list of {count} tiles")
        return tuple(self._tile(t, (*loc, "consumed", i), event["type"]) for i, t in enumerate(consumed))

    # The play.

    def _tsumo(self, hand: _Hand, event: dict[str, Any], loc: Loc) -> None:
        seat = self._seat(event, "actor", loc)
        hand.events.append(Draw(seat, self._tile(event.get("pai"), (*loc, "pai"), f"seat {seat}'s draw"), loc))
        hand.draws += 1

    def _dahai(self, hand: _Hand, event: dict[str, Any], loc: Loc) -> None:
        seat = self._seat(event, "actor", loc)
        tile = self._tile(event.get("pai"), (*loc, "pai"), f"seat {seat}'s discard")
        riichi = seat in hand.riichi_next
        hand.riichi_next.discard(seat)
        hand.events.append(Discard(seat, tile, riichi, loc))
        if len(hand.first_discards) < 4 and not any(isinstance(e, Call | SelfKan | Kita) for e in hand.events):
            hand.first_discards.append(tile)

    def _reach(self, hand: _Hand, event: dict[str, Any], loc: Loc) -> None:
        hand.riichi_next.add(self._seat(event, "actor", loc))

    def _reach_accepted(self, hand: _Hand, event: dict[str, Any], loc: Loc) -> None:
        hand.riichi_paid.append(self._seat(event, "actor", loc))

    def _call(self, hand: _Hand, event: dict[str, Any], loc: Loc) -> None:
        seat = self._seat(event, "actor", loc)
        target = self._seat(event, "target", loc)
        called = self._tile(event.get("pai"), (*loc, "pai"), f"seat {seat}'s {event['type']}")
        kind = {"chi": "chi", "pon": "pon", "daiminkan": "kan"}[event["type"]]
        own = self._consumed(event, loc, 3 if kind == "kan" else 2)
        hand.events.append(Call(seat, kind, (*own, called), called, target, loc))  # type: ignore[arg-type]
        if kind == "kan":
            hand.kans += 1

    def _ankan(self, hand: _Hand, event: dict[str, Any], loc: Loc) -> None:
        seat = self._seat(event, "actor", loc)
        tiles = self._consumed(event, loc, 4)
        if len({plain(t) for t in tiles}) != 1:
            raise self._fail((*loc, "consumed"), f"seat {seat}'s ankan is not four of one tile")
        hand.events.append(SelfKan(seat, "ankan", tiles, loc))
        hand.kans += 1

    def _kakan(self, hand: _Hand, event: dict[str, Any], loc: Loc) -> None:
        seat = self._seat(event, "actor", loc)
        added = self._tile(event.get("pai"), (*loc, "pai"), f"seat {seat}'s kakan")
        pon = self._consumed(event, loc, 3)
        hand.events.append(SelfKan(seat, "shouminkan", (*pon, added), loc))
        hand.kans += 1

    def _nukidora(self, hand: _Hand, event: dict[str, Any], loc: Loc) -> None:
        seat = self._seat(event, "actor", loc)
        pai = event.get("pai", "N")
        if tile_code(pai) != NORTH or self.players != 3:
            raise self._fail(loc, f"seat {seat}'s {event['type']}: kita sets aside a North (N), in a three-player game only")
        hand.events.append(Kita(seat, NORTH, loc))

    def _dora(self, hand: _Hand, event: dict[str, Any], loc: Loc) -> None:
        hand.dora.append(self._tile(event.get("dora_marker"), (*loc, "dora_marker"), "the new dora indicator"))

    # The end of the hand.

    def _hora(self, hand: _Hand, event: dict[str, Any], loc: Loc) -> None:
        if hand.ending is not None and hand.ending.kind != "win":
            raise self._fail(loc, "a hora after the hand has ended in a draw")
        winner = self._seat(event, "actor", loc)
        target = self._seat(event, "target", loc)
        ura = event.get("uradora_markers", event.get("ura_markers"))
        if isinstance(ura, list) and len(ura) > len(hand.ura):
            hand.ura = tuple(self._tile(t, (*loc, "ura_markers", i), "the ura dora indicators") for i, t in enumerate(ura))
        deltas = self._scores(event.get("deltas"), (*loc, "deltas"), "the hora's score changes", optional=True)
        han, fu, points, yaku, yakuman = self._value(event, loc, winner)
        win = RecordedWin(winner, None if target == winner else target, _pao(event, self.players, winner, target),
                          han, fu, points, yaku, yakuman, deltas, loc)
        hand.wins.append(win)
        total = None
        if all(w.deltas is not None for w in hand.wins):
            total = tuple(sum(w.deltas[seat] for w in hand.wins if w.deltas) for seat in range(self.players))
        hand.ending = Ending("win", wins=tuple(hand.wins), deltas=total, loc=hand.wins[0].loc)
        self._stated_scores(hand, event, loc)

    def _value(self, event: dict[str, Any], loc: Loc, winner: int) -> tuple[int | None, int | None, int | None,
                                                                           tuple[tuple[str, int], ...], tuple[str, ...]]:
        """han, fu, points, yaku and yakuman as the hora states them (each None or empty where it does not)."""
        yaku: list[tuple[str, int]] = []
        try:
            if isinstance(event.get("yakus"), list):  # gimite: [[symbol, fan]]
                yaku = [mjai_yaku(_pair(entry)[0], _pair(entry)[1]) for entry in event["yakus"]]
            elif isinstance(event.get("yaku"), list):  # RiichiEnv: [[name, han]]
                yaku = [_named(_pair(entry)) for entry in event["yaku"]]
        except (NameError_, ValueError) as exc:
            raise self._fail((*loc, "yakus" if "yakus" in event else "yaku"), f"seat {winner}'s hora: {exc}") from None
        yakuman = tuple(name for name, han in yaku if han < 0 for _ in range(-han))
        plain_yaku = tuple((name, han) for name, han in yaku if han >= 0)
        han = event.get("fan", event.get("han"))
        if isinstance(han, int) and han >= GIMITE_YAKUMAN_FAN:
            han = 13 * (han // GIMITE_YAKUMAN_FAN)
        if yakuman and not isinstance(han, int):
            han = 13 * len(yakuman)
        fu = event.get("fu")
        points = event.get("hora_points")
        return (_stated(han, 999), _stated(fu, 200), _stated(points, 10**6), plain_yaku, yakuman)

    def _ryukyoku(self, hand: _Hand, event: dict[str, Any], loc: Loc) -> None:
        deltas = self._scores(event.get("deltas"), (*loc, "deltas"), "the ryukyoku's score changes", optional=True)
        reason = event.get("reason")
        abortive = ABORTIVE_REASONS.get(reason) if isinstance(reason, str) else None
        if abortive is None and not (isinstance(reason, str) and reason in ("fanpai", "nagashimangan")):
            abortive = self._abortive_kind(hand)
        kind = "abortive" if abortive else "nagashi" if reason == "nagashimangan" else "draw"
        hand.ending = Ending(kind, abortive=abortive, deltas=deltas, loc=loc)  # type: ignore[arg-type]
        self._stated_scores(hand, event, loc)

    def _abortive_kind(self, hand: _Hand) -> str | None:
        """A draw the log does not name: exhaustive when the wall is used up, else the abortive draw the play shows."""
        if hand.draws >= LIVE_WALL[self.players]:
            return None
        last = hand.events[-1] if hand.events else None
        if len(hand.riichi_paid) == 4 or (len(hand.riichi_next) + len(hand.riichi_paid) == 4):
            return "suucha_riichi"
        if hand.kans >= 4:
            return "suukaikan"
        if len(hand.first_discards) == 4 and len({plain(t) for t in hand.first_discards}) == 1 and hand.first_discards[0] < 45:
            return "suufon_renda"
        if isinstance(last, Draw):
            return "kyuushu_kyuuhai"
        return "sanchahou"

    def _stated_scores(self, hand: _Hand, event: dict[str, Any], loc: Loc) -> None:
        """A hora's or ryukyoku's `scores` (after the hand): the next hand's, where its start_kyoku leaves them out."""
        scores = self._scores(event.get("scores"), (*loc, "scores"), "the scores after the hand", optional=True)
        if scores is not None:
            hand.stated_after = scores


def _pao(event: dict[str, Any], players: int, winner: int, target: int) -> int | None:
    """The liable seat, where the log names it (`pao`); else seen in the play by the replay."""
    pao = event.get("pao")
    return pao if _is_int(pao, 0, players - 1) and pao != winner else None


def _pair(entry: Any) -> tuple[str, int]:
    if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str) and _is_int(entry[1], 0, 999)):
        raise ValueError(f"{entry!r} is not a yaku entry [name, han]")
    return entry[0], entry[1]


def _named(entry: tuple[str, int]) -> tuple[str, int]:
    """A RiichiEnv yaku entry: a Tenhou name and its han (a yakuman's han 13 per yakuman)."""
    name, han = entry
    ours = yaku_named(name)
    return (ours, -(han // 13)) if ours in YAKUMAN_IDS and han >= 13 else (ours, han)


def _stated(value: Any, high: int) -> int | None:
    """A number the record states, or None where it states none (or not a number in range)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high else None


def _is_int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _int(value: Any, default: int) -> int:
    return value if _is_int(value, 0, 10**6) else default


_PLAY = {
    "tsumo": _Reader._tsumo, "dahai": _Reader._dahai, "reach": _Reader._reach, "reach_accepted": _Reader._reach_accepted,
    "chi": _Reader._call, "pon": _Reader._call, "daiminkan": _Reader._call, "ankan": _Reader._ankan,
    "kakan": _Reader._kakan, "nukidora": _Reader._nukidora, "kita": _Reader._nukidora, "dora": _Reader._dora,
    "hora": _Reader._hora, "ryukyoku": _Reader._ryukyoku,
}
