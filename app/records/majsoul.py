"""A Mahjong Soul game record, as its client's record API answers it once decoded to JSON, read into a GameRecord.

`{"head": {...}, "data": {...}}`: `data` is `.lq.GameDetailRecords`, its records in `records[]` (version 0) or as
the actions of type 1 in `actions[]` (version 210715), each `{"name": ".lq.RecordNewRound", "data": {...}}` (the
`.lq.` prefix may be absent) with liqi.proto's field names. Tiles are written `1m`-`9m`, `0m` (a red five),
`1z`-`7z` (East South West North, White Green Red). The dealer's starting hand has 14 tiles: its 14th is read as
the dealer's first draw. `head.config.mode` states the room (`mode` 1, 2 four players, 11, 12 three; East-only or
a hanchan) and `detail_rule` the options that change the `mahjong_soul` presets.
"""

import re
from collections import Counter
from dataclasses import dataclass, field
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
    RecordRules,
    SelfKan,
    Tile,
    invalid,
    kind,
    plain,
)
from app.records.names import MAHJONG_SOUL_YAKUMAN, YAKU_BY_MAHJONG_SOUL
from app.records.rounds import hand_name

SUITS = "mpsz"
RED = {1: 51, 2: 52, 3: 53}
ABORTIVE_TYPES = {1: "kyuushu_kyuuhai", 2: "suufon_renda", 3: "suukaikan", 4: "suucha_riichi", 5: "sanchahou"}
CALL_TYPES = {0: "chi", 1: "pon", 2: "kan"}
ANKAN, KAKAN = 3, 2  # RecordAnGangAddGang.type
RECORD_ACTION = 1  # GameAction.type of a record
RIICHI_DEPOSIT = 1000
# detail_rule fields that change the mahjong_soul presets, as our options: (field, option, how a value is read).
DETAIL_RULES: tuple[tuple[str, str, str], ...] = (
    ("init_point", "start_points", "int"), ("fandian", "goal_score", "int"), ("jingsuanyuandian", "return_points", "int"),
    ("dora_count", "aka_dora", "bool"), ("shiduan", "open_tanyao", "bool"), ("can_jifei", "tobi", "bool"),
    ("have_liujumanguan", "nagashi_mangan", "bool"), ("have_qieshangmanguan", "kiriage_mangan", "bool"),
)


def tile_code(text: Any) -> Tile | None:
    """A Mahjong Soul tile as a Tenhou code ('0m' -> 51, '1z' -> 41); None when it is not one."""
    if not (isinstance(text, str) and len(text) == 2 and text[0].isdigit() and text[1] in SUITS):
        return None
    suit, number = SUITS.index(text[1]) + 1, int(text[0])
    if number == 0:
        return RED.get(suit)
    if suit == 4 and number > 7:
        return None
    return suit * 10 + number


def majsoul_tile(tile: Tile) -> str:
    if tile > 50:
        return f"0{SUITS[tile - 51]}"
    return f"{tile % 10}{SUITS[tile // 10 - 1]}"


def is_majsoul(record: dict[str, Any]) -> bool:
    data = record.get("data")
    return isinstance(record.get("head"), dict) and isinstance(data, dict) and ("records" in data or "actions" in data)


def read_majsoul(record: dict[str, Any]) -> GameRecord:
    head = record["head"]
    players = _players(head)
    rules = _rules(head, players)
    reader = _Reader(players)
    for loc, name, data in _records(record["data"]):
        reader.record(name, data, loc)
    reader.close()
    if not reader.hands:
        raise invalid(("data",), "the record has no hand: a RecordNewRound, its play and its end")
    names = _names(head, players)
    return GameRecord("majsoul", rules, tuple(reader.hands), _final_scores(head, players), names)


def _players(head: dict[str, Any]) -> int:
    mode = _mode(head).get("mode")
    if isinstance(mode, int) and mode >= 10:
        return 3
    accounts = head.get("accounts")
    if isinstance(accounts, list) and accounts and all(isinstance(a, dict) for a in accounts) and len(accounts) == 3:
        return 3
    return 4


def _mode(head: dict[str, Any]) -> dict[str, Any]:
    config = head.get("config")
    mode = config.get("mode") if isinstance(config, dict) else None
    return mode if isinstance(mode, dict) else {}


def _rules(head: dict[str, Any], players: int) -> RecordRules:
    """The mahjong_soul preset (three players: mahjong_soul_sanma), its length from the room (1, 11: East only), with
    the detail_rule fields that change it."""
    mode = _mode(head)
    options: dict[str, object] = {"preset": "mahjong_soul_sanma" if players == 3 else "mahjong_soul"}
    room = mode.get("mode")
    if isinstance(room, int):
        options["length"] = "tonpuusen" if room % 10 == 1 else "hanchan"
    detail = mode.get("detail_rule")
    if isinstance(detail, dict):
        for source, option, how in DETAIL_RULES:
            value = detail.get(source)
            if isinstance(value, bool | int) and value >= 0:
                options[option] = int(value) if how == "int" else bool(value)
    return RecordRules(players, options)


def _names(head: dict[str, Any], players: int) -> tuple[str, ...]:
    names = [""] * players
    accounts = head.get("accounts")
    for account in accounts if isinstance(accounts, list) else []:
        seat = account.get("seat", 0) if isinstance(account, dict) else None
        if isinstance(seat, int) and 0 <= seat < players:
            names[seat] = str(account.get("nickname", ""))
    return tuple(names)


def _final_scores(head: dict[str, Any], players: int) -> tuple[int, ...] | None:
    """head.result: each player's final points (`part_point_1`) by seat."""
    result = head.get("result")
    entries = result.get("players") if isinstance(result, dict) else None
    if not isinstance(entries, list) or len(entries) != players:
        return None
    scores: dict[int, int] = {}
    for place, entry in enumerate(entries):
        seat, points = (entry.get("seat", 0), entry.get("part_point_1")) if isinstance(entry, dict) else (None, None)
        if not (isinstance(seat, int) and 0 <= seat < players and isinstance(points, int)):
            raise invalid(("head", "result", "players", place), "each of head.result's players has a seat and part_point_1")
        scores[seat] = points
    return tuple(scores[s] for s in range(players)) if len(scores) == players else None


def _records(data: dict[str, Any]) -> list[tuple[Loc, str, dict[str, Any]]]:
    """Each record with where it sits, its name without the `.lq.` prefix, and its fields."""
    found: list[tuple[Loc, str, dict[str, Any]]] = []
    layout = "records" if isinstance(data.get("records"), list) and data["records"] else "actions"
    items = data.get(layout)
    if not isinstance(items, list):
        raise invalid(("data",), "`data` holds the records: `records` (a list) or `actions` (a list)")
    for index, item in enumerate(items):
        loc: Loc = ("data", layout, index)
        if layout == "actions":
            if not isinstance(item, dict) or item.get("type") != RECORD_ACTION:
                continue
            item = item.get("result")
            loc = (*loc, "result")
        if not (isinstance(item, dict) and isinstance(item.get("name"), str) and isinstance(item.get("data"), dict)):
            raise invalid(loc, f"record {index} is not a record {{name, data}}")
        name = item["name"].removeprefix(".lq.")
        found.append((loc, name if name.startswith("Record") else f"Record{name}", _snake_keys(item["data"])))  # "NewRound" too
    return found


def _snake_keys(value: Any) -> Any:
    """liqi.proto's field names, as protobuf's JSON printers write them by default in camelCase (`isLiqi`, `huTile`,
    `deltaScores`) or as the proto has them (`is_liqi`): read both."""
    if isinstance(value, dict):
        return {_CAMEL.sub(lambda m: "_" + m.group(0).lower(), key) if isinstance(key, str) else key: _snake_keys(item)
                for key, item in value.items()}
    if isinstance(value, list):
        return [_snake_keys(item) for item in value]
    return value


_CAMEL = re.compile(r"(?<=[a-z0-9])[A-Z]")


@dataclass(slots=True)
class _Hand:
    loc: Loc
    round_index: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    starting: tuple[tuple[Tile, ...], ...]
    dora: list[Tile]
    held: list[Counter[Tile]]
    events: list[Event] = field(default_factory=list)
    wins: list[RecordedWin] = field(default_factory=list)
    ura: tuple[Tile, ...] = ()
    ending: Ending | None = None
    scores_after: tuple[int, ...] | None = None  # RecordHule's `scores` beside its `delta_scores`: compared


class _Reader:
    def __init__(self, players: int) -> None:
        self.players = players
        self.hands: list[HandRecord] = []
        self.hand: _Hand | None = None

    def _where(self) -> str:
        return "" if self.hand is None else hand_name(self.hand.round_index, self.hand.honba) + ": "

    def _fail(self, loc: Loc, msg: str) -> Exception:
        return invalid(loc, f"{self._where()}{msg}")

    def record(self, name: str, data: dict[str, Any], loc: Loc) -> None:
        if name == "RecordNewRound":
            self._new_round(data, loc)
            return
        handler = _HANDLERS.get(name)
        if handler is None:
            return  # RecordMJStart, RecordGangResult, RecordSelectGap, ...: nothing a verification reads
        if self.hand is None:
            raise invalid(loc, f"a {name} before any RecordNewRound")
        if self.hand.ending is not None and name != "RecordHule":
            raise self._fail(loc, f"a {name} after the hand has ended")
        handler(self, self.hand, data, (*loc, "data"))

    def close(self) -> None:
        hand = self.hand
        if hand is None:
            return
        if hand.ending is None:
            raise self._fail(hand.loc, "the hand has no end (RecordHule, RecordNoTile or RecordLiuJu)")
        self.hands.append(HandRecord(hand.round_index, hand.honba, hand.sticks, hand.scores, tuple(hand.dora), hand.ura,
                                     hand.starting, tuple(hand.events), hand.ending, hand.loc, hand.scores_after))
        self.hand = None

    # Reading values.

    def _tile(self, value: Any, loc: Loc, what: str) -> Tile:
        tile = tile_code(value)
        if tile is None:
            raise self._fail(loc, f"{what}: {value!r} is not a Mahjong Soul tile (1m-9m, 0m, 1p-9p, 0p, 1s-9s, 0s, 1z-7z)")
        return tile

    def _seat(self, data: dict[str, Any], loc: Loc, name: str = "seat") -> int:
        seat = data.get(name, 0)  # proto3 JSON leaves a zero out
        if not (isinstance(seat, int) and 0 <= seat < self.players):
            raise self._fail((*loc, name), f"`{name}` is a seat, 0-{self.players - 1}")
        return seat

    def _numbers(self, value: Any, loc: Loc, what: str) -> tuple[int, ...]:
        if not (isinstance(value, list) and len(value) in (self.players, 4) and all(isinstance(v, int) for v in value)):
            raise self._fail(loc, f"{what} are a list of {self.players} numbers")
        return tuple(value[:self.players])

    def _doras(self, hand: _Hand, data: dict[str, Any], loc: Loc) -> None:
        doras = data.get("doras")
        if isinstance(doras, list) and len(doras) > len(hand.dora):
            hand.dora = [self._tile(t, (*loc, "doras", i), "the dora indicators") for i, t in enumerate(doras)]

    def _take(self, hand: _Hand, seat: int, tile: Tile) -> None:
        if hand.held[seat][tile] > 0:
            hand.held[seat][tile] -= 1

    # The records.

    def _new_round(self, data: dict[str, Any], loc: Loc) -> None:
        if self.hand is not None:
            self.close()
        if len(self.hands) >= MAX_HANDS:
            raise invalid(loc, f"the record has more than {MAX_HANDS} hands; no real game has more")
        loc = (*loc, "data")
        chang, ju, ben, sticks = (data.get(name, 0) for name in ("chang", "ju", "ben", "liqibang"))
        if not all(isinstance(v, int) and 0 <= v <= 99 for v in (chang, ju, ben, sticks)) or chang > 3 or ju >= self.players:
            raise invalid(loc, f"RecordNewRound: chang (0-3), ju (0-{self.players - 1}), ben and liqibang are small numbers")
        self.hand = hand = _Hand(loc, chang * 4 + ju, ben, sticks, (), (), [], [])
        hand.scores = self._numbers(data.get("scores"), (*loc, "scores"), "RecordNewRound's scores")
        doras = data.get("doras", [data["dora"]] if "dora" in data else None)
        if not isinstance(doras, list) or not doras:
            raise self._fail((*loc, "doras"), "RecordNewRound has its dora indicators (`doras`)")
        hand.dora = [self._tile(t, (*loc, "doras", i), "the dora indicators") for i, t in enumerate(doras)]
        starting = []
        for seat in range(self.players):
            tiles = data.get(f"tiles{seat}")
            size = 14 if seat == ju else 13
            if not isinstance(tiles, list) or len(tiles) != size:
                raise self._fail((*loc, f"tiles{seat}"), f"seat {seat}'s starting hand is a list of {size} tiles")
            starting.append(tuple(self._tile(t, (*loc, f"tiles{seat}", i), f"seat {seat}'s starting hand")
                                  for i, t in enumerate(tiles)))
        hand.held = [Counter(tiles) for tiles in starting]
        dealer_draw = starting[ju][13]
        starting[ju] = starting[ju][:13]
        hand.starting = tuple(starting)
        hand.events.append(Draw(ju, dealer_draw, (*loc, f"tiles{ju}", 13)))

    def _deal(self, hand: _Hand, data: dict[str, Any], loc: Loc) -> None:
        seat = self._seat(data, loc)
        tile = self._tile(data.get("tile"), (*loc, "tile"), f"seat {seat}'s draw")
        hand.events.append(Draw(seat, tile, loc))
        hand.held[seat][tile] += 1
        self._doras(hand, data, loc)

    def _discard(self, hand: _Hand, data: dict[str, Any], loc: Loc) -> None:
        seat = self._seat(data, loc)
        tile = self._tile(data.get("tile"), (*loc, "tile"), f"seat {seat}'s discard")
        hand.events.append(Discard(seat, tile, bool(data.get("is_liqi") or data.get("is_wliqi")), loc))
        self._take(hand, seat, tile)
        self._doras(hand, data, loc)

    def _call(self, hand: _Hand, data: dict[str, Any], loc: Loc) -> None:
        seat = self._seat(data, loc)
        call = CALL_TYPES.get(data.get("type", 0))
        tiles, froms = data.get("tiles"), data.get("froms")
        size = 4 if call == "kan" else 3
        if call is None or not isinstance(tiles, list) or len(tiles) != size or not isinstance(froms, list) or len(froms) != size:
            raise self._fail(loc, f"seat {seat}'s RecordChiPengGang: `type` (0 chi, 1 pon, 2 kan), `tiles` and `froms`")
        codes = tuple(self._tile(t, (*loc, "tiles", i), f"seat {seat}'s call") for i, t in enumerate(tiles))
        others = [i for i, source in enumerate(froms) if source != seat]
        if len(others) != 1 or not (isinstance(froms[others[0]], int) and 0 <= froms[others[0]] < self.players):
            raise self._fail((*loc, "froms"), f"seat {seat}'s call: `froms` names one other seat, the called tile's")
        called = codes[others[0]]
        for i, tile in enumerate(codes):
            if i != others[0]:
                self._take(hand, seat, tile)
        hand.events.append(Call(seat, call, codes, called, froms[others[0]], loc))  # type: ignore[arg-type]

    def _self_kan(self, hand: _Hand, data: dict[str, Any], loc: Loc) -> None:
        """A concealed kan or an added kan: `tiles` names one tile; the copies are the seat's own."""
        seat = self._seat(data, loc)
        named = self._tile(data.get("tiles"), (*loc, "tiles"), f"seat {seat}'s kan")
        held = hand.held[seat]
        copies = [t for t in held.elements() if kind(t) == kind(named)]
        if data.get("type") == ANKAN:
            if len(copies) != 4:
                raise self._fail(loc, f"seat {seat} declares a concealed kan of {majsoul_tile(plain(named))} holding {len(copies)}")
            for tile in copies:
                held[tile] -= 1
            hand.events.append(SelfKan(seat, "ankan", tuple(copies), loc))
        elif data.get("type") == KAKAN:
            added = named if held[named] else copies[0] if copies else named
            self._take(hand, seat, added)
            pon = self._pon_tiles(hand, seat, added)
            hand.events.append(SelfKan(seat, "shouminkan", (*pon, added), loc))
        else:
            raise self._fail((*loc, "type"), f"seat {seat}'s RecordAnGangAddGang: `type` is 3 (concealed) or 2 (added)")
        self._doras(hand, data, loc)

    def _pon_tiles(self, hand: _Hand, seat: int, added: Tile) -> tuple[Tile, ...]:
        for event in reversed(hand.events):
            if isinstance(event, Call) and event.seat == seat and event.kind == "pon" and kind(event.tiles[0]) == kind(added):
                return event.tiles
        return (plain(added),) * 3  # no such pon: the replay refuses the kan

    def _babei(self, hand: _Hand, data: dict[str, Any], loc: Loc) -> None:
        seat = self._seat(data, loc)
        self._take(hand, seat, NORTH)
        hand.events.append(Kita(seat, NORTH, loc))
        self._doras(hand, data, loc)

    def _hule(self, hand: _Hand, data: dict[str, Any], loc: Loc) -> None:
        hules = data.get("hules")
        if not isinstance(hules, list) or not hules:
            raise self._fail((*loc, "hules"), "RecordHule lists its wins in `hules`")
        from_seat = self._last_actor(hand)
        self._dealt_win_tile(hand, hules[0])
        deltas = self._numbers(data["delta_scores"], (*loc, "delta_scores"), "delta_scores") if "delta_scores" in data else None
        after = self._numbers(data["scores"], (*loc, "scores"), "the scores after the hand") if "scores" in data else None
        if deltas is None and after is not None:  # the scores after the hand: the changes are the difference
            deltas = self._changes(hand, after, from_seat is not None)
        elif after is not None:
            hand.scores_after = after
        for index, hule in enumerate(hules):
            hule_loc = (*loc, "hules", index)
            if not isinstance(hule, dict):
                raise self._fail(hule_loc, "each of `hules` is a win")
            hand.wins.append(self._win(hand, hule, hule_loc, from_seat, deltas if index == 0 else None))
        hand.ending = Ending("win", wins=tuple(hand.wins), deltas=deltas, loc=(*loc, "hules", 0))

    def _dealt_win_tile(self, hand: _Hand, hule: Any) -> None:
        """A dealer's win on its dealt 14 tiles (tenhou): the tile it won on (`hu_tile`) is the one read as its draw."""
        if len(hand.events) != 1 or not isinstance(hule, dict) or not hule.get("zimo"):
            return
        (dealt,) = hand.events
        won = tile_code(hule.get("hu_tile"))
        assert isinstance(dealt, Draw)
        if won is None or won == dealt.tile or won not in hand.starting[dealt.seat]:
            return
        tiles = list(hand.starting[dealt.seat])
        tiles[tiles.index(won)] = dealt.tile
        hand.starting = tuple(tuple(tiles) if seat == dealt.seat else held for seat, held in enumerate(hand.starting))
        hand.events[0] = Draw(dealt.seat, won, dealt.loc)

    def _changes(self, hand: _Hand, after: tuple[int, ...], ron: bool) -> tuple[int, ...]:
        """The score changes the scores after a hand imply, riichi deposits left out (as delta_scores leaves them):
        each riichi discard's 1,000 was paid, unless the hand was won on it."""
        riichi = [e.seat for e in hand.events if isinstance(e, Discard) and e.riichi]
        last = hand.events[-1] if hand.events else None
        if ron and isinstance(last, Discard) and last.riichi:
            riichi.remove(last.seat)
        return tuple(a - b + RIICHI_DEPOSIT * riichi.count(seat) for seat, (a, b) in enumerate(zip(after, hand.scores, strict=True)))

    def _last_actor(self, hand: _Hand) -> int | None:
        for event in reversed(hand.events):
            if isinstance(event, Discard | SelfKan | Kita):
                return event.seat
            if isinstance(event, Draw):
                return None
        return None

    def _win(self, hand: _Hand, hule: dict[str, Any], loc: Loc, from_seat: int | None,
             deltas: tuple[int, ...] | None) -> RecordedWin:
        seat = self._seat(hule, loc)
        tsumo = bool(hule.get("zimo"))
        ura = hule.get("li_doras")
        if isinstance(ura, list) and len(ura) > len(hand.ura):
            hand.ura = tuple(self._tile(t, (*loc, "li_doras", i), "the ura dora indicators") for i, t in enumerate(ura))
        yaku, yakuman = self._fans(hule.get("fans"), (*loc, "fans"), seat)
        count = hule.get("count")
        han = (13 * count if hule.get("yiman") else count) if isinstance(count, int) else None
        fu = hule.get("fu") if isinstance(hule.get("fu"), int) else None
        points = hule.get("dadian") if isinstance(hule.get("dadian"), int) and hule.get("dadian") else None
        return RecordedWin(seat, None if tsumo else from_seat, None, han, fu, points, yaku, yakuman, deltas, loc)

    def _fans(self, fans: Any, loc: Loc, seat: int) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
        """The fans as (our id, han), entries of val 0 left out, and the yakuman ids (one per yakuman: val 2, twice)."""
        if fans is None:
            return (), ()
        if not isinstance(fans, list):
            raise self._fail(loc, f"seat {seat}'s win: `fans` is a list of {{id, val}}")
        yaku: list[tuple[str, int]] = []
        yakuman: list[str] = []
        for index, fan in enumerate(fans):
            fan_id, val = (fan.get("id"), fan.get("val", 0)) if isinstance(fan, dict) else (None, None)
            ours = YAKU_BY_MAHJONG_SOUL.get(fan_id) if isinstance(fan_id, int) else None
            if ours is None or not isinstance(val, int):
                raise self._fail((*loc, index), f"seat {seat}'s win: fan {fan!r} is not a Mahjong Soul fan id we know")
            if val:
                if fan_id in MAHJONG_SOUL_YAKUMAN:
                    yakuman += [ours] * val
                else:
                    yaku.append((ours, val))
        return tuple(yaku), tuple(yakuman)

    def _no_tile(self, hand: _Hand, data: dict[str, Any], loc: Loc) -> None:
        """An exhaustive draw: its score changes are the sum of its `scores[].delta_scores`."""
        entries = data.get("scores")
        deltas = None
        if isinstance(entries, list) and entries:
            total = [0] * self.players
            for index, entry in enumerate(entries):
                changes = entry.get("delta_scores") if isinstance(entry, dict) else None
                if changes is not None:
                    for seat, change in enumerate(self._numbers(changes, (*loc, "scores", index, "delta_scores"), "delta_scores")):
                        total[seat] += change
            deltas = tuple(total)
        hand.ending = Ending("nagashi" if data.get("liujumanguan") else "draw", deltas=deltas, loc=loc)

    def _liuju(self, hand: _Hand, data: dict[str, Any], loc: Loc) -> None:
        abortive = ABORTIVE_TYPES.get(data.get("type"))  # type: ignore[arg-type]
        if abortive is None:
            raise self._fail((*loc, "type"), "RecordLiuJu's `type` is 1-5 (kyuushu kyuuhai, suufon renda, suukaikan, "
                                             "suucha riichi, sanchahou)")
        hand.ending = Ending("abortive", abortive=abortive, loc=loc)


_HANDLERS = {
    "RecordDealTile": _Reader._deal, "RecordDiscardTile": _Reader._discard, "RecordChiPengGang": _Reader._call,
    "RecordAnGangAddGang": _Reader._self_kan, "RecordBaBei": _Reader._babei, "RecordHule": _Reader._hule,
    "RecordNoTile": _Reader._no_tile, "RecordLiuJu": _Reader._liuju,
}
