"""Tenhou's mjlog XML read into a GameRecord. The document is parsed by defusedxml, which refuses a DTD, entities and
external references, so nothing is expanded or fetched.

`GO type` holds the rules' bits; each hand opens with `INIT` (seed = round, honba, sticks, dice, dice, dora indicator;
ten = scores in hundreds; hai0-3 = starting hands), then draws T U V W and discards D E F G by seat (tiles numbered
0-135, four of each), calls `N who m` (the meld packed in m's bits), `REACH step=1` before a riichi discard, `DORA`
for a kan dora, and ends with `AGARI` (a double ron: two) or `RYUUKYOKU`; the last one carries `owari`.
"""

import re
from urllib.parse import unquote
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

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
    game_type_rules,
    invalid,
)
from app.records.names import YAKU_BY_TENHOU_ID
from app.records.rounds import hand_name

LOC: Loc = ()  # an mjlog is one string: every refusal points at the record itself
RED_IDS = {16: 51, 52: 52, 88: 53}  # the red fives' tile numbers, with an aka rule
_MOVE = re.compile(r"^([TUVWDEFG])(\d{1,3})$")
ABORTIVE_TYPES = {"yao9": "kyuushu_kyuuhai", "reach4": "suucha_riichi", "kaze4": "suufon_renda", "kan4": "suukaikan",
                  "ron3": "sanchahou"}
DRAW_TYPES = {"nm": "nagashi", "": "draw"}
MAX_BYTES = 1 << 21  # larger than any real game's mjlog many times over


def read_mjlog(text: str) -> GameRecord:
    if len(text) > MAX_BYTES:
        raise invalid(LOC, f"the mjlog is {len(text)} characters long; a real game is far shorter")
    try:
        root = fromstring(text, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise invalid(LOC, "the mjlog declares a DTD or entities, which are refused; a Tenhou log has neither") from None
    except ParseError as exc:
        raise invalid(LOC, f"the mjlog is not well-formed XML: {exc}") from None
    if root.tag != "mjloggm":
        raise invalid(LOC, f"an mjlog's root element is <mjloggm>, not <{root.tag}>")
    return _Reader(root).game()


class _Reader:
    def __init__(self, root: Element) -> None:
        self.root = root
        go = root.find("GO")
        self.rules = game_type_rules(_int(go.get("type", "9"), "GO type") if go is not None else 9)
        self.players, self.aka = self.rules.players, self.rules.aka
        self.hands: list[HandRecord] = []
        self.final: tuple[int, ...] | None = None

    def game(self) -> GameRecord:
        current: _Hand | None = None
        children = list(self.root)
        for place, element in enumerate(children):
            tag = element.tag
            if tag == "INIT":
                if current is not None:
                    raise invalid(LOC, f"{current.where}: a new hand begins before this one has ended")
                if len(self.hands) >= MAX_HANDS:
                    raise invalid(LOC, f"the record has more than {MAX_HANDS} hands; no real game has that many")
                current = _Hand(element, len(self.hands), self.players, self.aka)
            elif tag in ("AGARI", "RYUUKYOKU"):
                if current is None:
                    raise invalid(LOC, f"<{tag}> comes before any hand began")
                current.end(element)
                owari = element.get("owari")
                if owari is not None:
                    self.final = tuple(int(float(x) * 100) for x in _numbers(owari, "owari", 2 * self.players)[0::2][: self.players])
                another_win = place + 1 < len(children) and children[place + 1].tag == "AGARI"  # a double ron: one per winner
                if tag == "RYUUKYOKU" or not another_win:
                    self.hands.append(current.record())
                    current = None
            elif current is not None:
                current.move(element)
        if current is not None:
            raise invalid(LOC, f"{current.where}: the record ends in the middle of the hand")
        if not self.hands:
            raise invalid(LOC, "the mjlog holds no hand (no <INIT>)")
        names = self.root.find("UN")
        shown = tuple(unquote(names.get(f"n{i}", "")) for i in range(self.players)) if names is not None else ()
        return GameRecord("mjlog", self.rules, tuple(self.hands), self.final, shown)


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise invalid(LOC, f"{what} is {text!r}, not a number") from None


def _numbers(text: str | None, what: str, count: int | None = None) -> list[float]:
    try:
        values = [float(x) for x in (text or "").split(",") if x != ""]
    except ValueError:
        raise invalid(LOC, f"{what} is {text!r}, not a list of numbers") from None
    if count is not None and len(values) < count:
        raise invalid(LOC, f"{what} is {text!r}: {count} numbers are needed")
    return values


def _ints(text: str | None, what: str, count: int | None = None) -> list[int]:
    return [int(x) for x in _numbers(text, what, count)]


class _Hand:
    def __init__(self, init: Element, index: int, players: int, aka: bool) -> None:
        self.index, self.players, self.aka = index, players, aka
        seed = _ints(init.get("seed"), "INIT seed", 6)
        self.round_index, self.honba, self.sticks = seed[0], seed[1], seed[2]
        if not (0 <= self.round_index < 16 and self.round_index % 4 < players and 0 <= self.honba < 100 and 0 <= self.sticks < 100):
            raise invalid(LOC, f"hand {index}: INIT seed {init.get('seed')!r} names no hand of a {players}-player game")
        self.where = hand_name(self.round_index, self.honba)
        self.scores = tuple(100 * x for x in _ints(init.get("ten"), "INIT ten", players)[:players])
        self.dora = [self.tile(seed[5])]
        self.starting = tuple(tuple(self.tile(t) for t in _ints(init.get(f"hai{seat}"), f"INIT hai{seat}", 13))
                              for seat in range(players))
        if any(len(hand) != 13 for hand in self.starting):
            raise invalid(LOC, f"{self.where}: each starting hand has 13 tiles")
        self.events: list[Event] = []
        self.riichi_next: set[int] = set()
        self.wins: list[RecordedWin] = []
        self.ura: tuple[Tile, ...] = ()
        self.win_dora: tuple[Tile, ...] | None = None
        self.deltas: list[int] = [0] * players
        self.ending: Ending | None = None

    def tile(self, number: int) -> Tile:
        if not 0 <= number < 136:
            raise invalid(LOC, f"hand {self.index}: tile {number} is not one of 0-135")
        if self.aka and number in RED_IDS:
            return RED_IDS[number]
        kind = number // 4
        return (kind // 9 + 1) * 10 + kind % 9 + 1

    def seat(self, text: str | None) -> int:
        seat = _int(text or "", "a seat")
        if not 0 <= seat < self.players:
            raise invalid(LOC, f"{self.where}: seat {seat} is not at a {self.players}-player table")
        return seat

    def move(self, element: Element) -> None:
        tag = element.tag
        match = _MOVE.match(tag)
        if match is not None:
            letter, number = match.groups()
            code = "TUVWDEFG".index(letter)
            seat = code % 4
            if seat >= self.players:
                raise invalid(LOC, f"{self.where}: seat {seat} does not play in a three-player game")
            tile = self.tile(int(number))
            if code < 4:
                self.events.append(Draw(seat, tile, LOC))
            else:
                self.events.append(Discard(seat, tile, seat in self.riichi_next, LOC))
                self.riichi_next.discard(seat)
        elif tag == "N":
            self.events.append(self.meld(self.seat(element.get("who")), _int(element.get("m", ""), "N m")))
        elif tag == "REACH" and element.get("step") == "1":
            self.riichi_next.add(self.seat(element.get("who")))
        elif tag == "DORA":
            self.dora.append(self.tile(_int(element.get("hai", ""), "DORA hai")))

    def meld(self, seat: int, m: int) -> Event:
        """A call or declaration from its packed bits: chi (bit 2), pon (bit 3), added kan (bit 4), kita (bit 5), else a
        kan (concealed when it came from no one). The low two bits say whom the tile came from, counted after the
        caller around a four-seat table (with three players too: seat 2's tile from seat 0 is 2 seats on)."""
        source = (seat + (m & 3)) % 4
        if source >= self.players:
            raise invalid(LOC, f"{self.where}: seat {seat}'s call comes from seat {source}, who does not play")
        if m & 0x4:
            base, called = m >> 10, (m >> 10) % 3
            base //= 3
            first = (base // 7) * 9 + base % 7
            numbers = [(first + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
            tiles = tuple(self.tile(n) for n in numbers)
            return Call(seat, "chi", tiles, tiles[called], source, LOC)
        if m & 0x18:
            base, called = m >> 9, (m >> 9) % 3
            base //= 3
            unused = (m >> 5) & 3
            numbers = [base * 4 + i for i in range(4) if i != unused]
            tiles = tuple(self.tile(n) for n in numbers)
            if m & 0x8:
                return Call(seat, "pon", tiles, tiles[called], source, LOC)
            return SelfKan(seat, "shouminkan", (*tiles, self.tile(base * 4 + unused)), LOC)
        if m & 0x20:
            if self.tile(m >> 8) != NORTH:
                raise invalid(LOC, f"{self.where}: seat {seat}'s kita is not a North tile")
            return Kita(seat, NORTH, LOC)
        number = m >> 8
        tiles = tuple(self.tile(number // 4 * 4 + i) for i in range(4))
        if m & 3 == 0:
            return SelfKan(seat, "ankan", tiles, LOC)
        return Call(seat, "kan", tiles, self.tile(number), source, LOC)

    def end(self, element: Element) -> None:
        sc = _ints(element.get("sc"), f"{self.where}: sc", 2 * self.players)
        for seat in range(self.players):
            self.deltas[seat] += 100 * sc[2 * seat + 1]
        if element.tag == "RYUUKYOKU":
            kind = element.get("type", "")
            if kind in ABORTIVE_TYPES:
                self.ending = Ending("abortive", abortive=ABORTIVE_TYPES[kind], deltas=tuple(self.deltas))
            elif kind in DRAW_TYPES:
                self.ending = Ending(DRAW_TYPES[kind], deltas=tuple(self.deltas))  # type: ignore[arg-type]
            else:
                raise invalid(LOC, f"{self.where}: unknown RYUUKYOKU type {kind!r}")
            return
        self.wins.append(self.win(element, sc))
        self.ending = Ending("win", wins=tuple(self.wins), deltas=tuple(self.deltas))

    def win(self, element: Element, sc: list[int]) -> RecordedWin:
        winner, source = self.seat(element.get("who")), self.seat(element.get("fromWho"))
        pao = element.get("paoWho")
        ten = _ints(element.get("ten"), f"{self.where}: AGARI ten", 3)
        pairs = _ints(element.get("yaku"), f"{self.where}: AGARI yaku")
        yakuman = tuple(self.yaku_id(i) for i in _ints(element.get("yakuman"), f"{self.where}: AGARI yakuman"))
        yaku = tuple((self.yaku_id(pairs[i]), pairs[i + 1]) for i in range(0, len(pairs) - 1, 2))
        self.win_dora = tuple(self.tile(t) for t in _ints(element.get("doraHai"), f"{self.where}: doraHai"))
        ura = element.get("doraHaiUra")
        if ura:
            self.ura = tuple(self.tile(t) for t in _ints(ura, f"{self.where}: doraHaiUra"))
        han = 13 * len(yakuman) if yakuman else sum(h for _, h in yaku)
        deltas = tuple(100 * sc[2 * seat + 1] for seat in range(self.players))
        return RecordedWin(winner, None if source == winner else source, None if pao is None else self.seat(pao), han,
                           ten[0] if not yakuman else None, ten[1], tuple((i, h) for i, h in yaku if h), yakuman, deltas, LOC)

    def yaku_id(self, number: int) -> str:
        ours = YAKU_BY_TENHOU_ID.get(number)
        if ours is None:
            raise invalid(LOC, f"{self.where}: unknown Tenhou yaku id {number}")
        return ours

    def record(self) -> HandRecord:
        assert self.ending is not None
        dora = self.win_dora if self.win_dora is not None else tuple(self.dora)
        return HandRecord(self.round_index, self.honba, self.sticks, self.scores, dora, self.ura, self.starting,
                          tuple(self.events), self.ending, LOC)
