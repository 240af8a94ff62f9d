"""Convert Tenhou mjlog XML to tenhou.net/6 JSON, written as Tenhou's own converter writes it.

    python scripts/mjlog_to_tenhou6.py GAME.xml [MORE.xml FOLDER ...] --out OUT   # OUT/GAME.json for each
    python scripts/mjlog_to_tenhou6.py GAME.xml                                    # the JSON on stdout

Folders are searched as `python -m app.records verify` searches them (`.gz` read through; JSON records skipped).

It makes the tenhou.net/6 form of a game whose only public record is the mjlog (tests/fixtures/records: the
`converted` rows of SOURCES.md), and lets `make verify-real` read every mjlog in both formats. The play comes from
this repository's mjlog reader (app.records.mjlog); what that reader does not keep is read from the XML here: which
discards were the tile just drawn (written 60), each win's yaku ids and value, the room and the players. Checked
against Tenhou's own JSON of the same games (tests/test_record_fixtures.py): `log`, `rule`, `name`, `dan`, `rate`,
`sx`, `sc` come out identical. Left out: `ratingc` and `connection`, which the mjlog does not hold.

Tenhou's conventions followed: a starting hand sorted by tile (a red five after its plain fives); a call written with
its letter where the seat it came from sits (c/p/m/k: "p" first from the left seat, after one tile from the seat
across, after two from the right); an open kan leaves a 0 in the discards, left out when the hand ends on its
replacement tile (nothing follows it); a yaku of 0 han (no ura dora) left out.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any
from urllib.parse import unquote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.errors import InvalidInput
from app.records.__main__ import read_text, record_files
from app.records.mjlog import read_mjlog
from app.records.model import RED_FIVES, Call, Discard, Draw, HandRecord, Kita, SelfKan, Tile, plain
from app.records.names import TENHOU_NAMES

DRAWN = 60
KAN_PLACEHOLDER = 0
DAN_NAMES = ("新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級", "初段", "二段", "三段", "四段",
             "五段", "六段", "七段", "八段", "九段", "十段", "天鳳")
LIMIT_NAMES = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}  # AGARI ten's third number
ROOM_LEVELS = ("般", "上", "特", "鳳")  # by GO type bits 0x80 (1) and 0x20 (2)
ABORTIVE_NAMES = {"yao9": "九種九牌", "reach4": "四家立直", "kaze4": "四風連打", "kan4": "四槓散了", "ron3": "三家和了",
                  "nm": "流し満貫"}
_DRAW_OR_DISCARD = re.compile(r"^([TUVWDEFG])(\d+)$")


def convert(text: str, ref: str) -> dict[str, Any]:
    """The tenhou.net/6 record of the mjlog `text` (`ref`: the game's id, its file name)."""
    game = read_mjlog(text)
    root = ET.fromstring(text)
    go = root.find("GO")
    bits = int(go.get("type", "9")) if go is not None else 9
    names = root.find("UN")
    hands = _raw_hands(root)
    assert len(hands) == len(game.hands), "the reader and the XML disagree on the hands"
    record: dict[str, Any] = {
        "ver": float(root.get("ver", "2.3")), "ref": ref,
        "log": [_hand(hand, raw, game.rules.players) for hand, raw in zip(game.hands, hands, strict=True)],
        "rule": _rule(bits), "lobby": int(go.get("lobby", "0")) if go is not None else 0,
    }
    if names is not None:
        record |= _players(names)
    owari = next((e.get("owari") for e in root if e.get("owari")), None)
    if owari is not None:
        record["sc"] = [100 * int(x) if i % 2 == 0 else _number(x) for i, x in enumerate(owari.split(","))]
    if names is not None:
        record["name"] = [unquote(names.get(f"n{i}", "")) for i in range(4)]
    return record


def _number(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value


def _rule(bits: int) -> dict[str, Any]:
    aka = 0 if bits & 0x02 else 1
    disp = ("三" if bits & 0x10 else "") + ROOM_LEVELS[(bits & 0x80) >> 7 | (bits & 0x20) >> 4] + \
        ("南" if bits & 0x08 else "東") + ("" if bits & 0x04 else "喰") + ("赤" if aka else "") + ("速" if bits & 0x40 else "")
    return {"disp": disp, "aka53": aka, "aka52": aka, "aka51": aka}


def _players(names: ET.Element) -> dict[str, Any]:
    dan = [int(x) for x in names.get("dan", "").split(",") if x]
    return {"dan": [DAN_NAMES[d] if 0 <= d < len(DAN_NAMES) else "" for d in dan],
            "rate": [_number(x) for x in names.get("rate", "").split(",") if x],
            "sx": [x for x in names.get("sx", "").split(",") if x]}


class _RawHand:
    """What the reader leaves out of one hand: for each discard in order, whether it was the tile just drawn; the
    AGARI and RYUUKYOKU elements."""

    def __init__(self) -> None:
        self.drawn_discards: list[bool] = []
        self.last_drawn: dict[int, str] = {}
        self.endings: list[ET.Element] = []


def _raw_hands(root: ET.Element) -> list[_RawHand]:
    hands: list[_RawHand] = []
    for element in root:
        if element.tag == "INIT":
            hands.append(_RawHand())
        elif element.tag in ("AGARI", "RYUUKYOKU"):
            hands[-1].endings.append(element)
        elif hands and (match := _DRAW_OR_DISCARD.match(element.tag)):
            letter, number = match.groups()
            code = "TUVWDEFG".index(letter)
            if code < 4:
                hands[-1].last_drawn[code] = number
            else:
                hands[-1].drawn_discards.append(hands[-1].last_drawn.pop(code - 4, None) == number)
    return hands


def _tile_order(tile: Tile) -> tuple[int, bool]:
    return plain(tile), tile in RED_FIVES


def _hand(hand: HandRecord, raw: _RawHand, players: int) -> list[Any]:
    seats = [_SeatLists() for _ in range(4)]
    drawn = iter(raw.drawn_discards)
    for event in hand.events:
        seat = seats[event.seat]
        match event:
            case Draw():
                seat.draws.append(event.tile)
            case Discard():
                tile: Tile | str = DRAWN if next(drawn) else event.tile
                seat.discards.append(f"r{tile}" if event.riichi else tile)
            case Call():
                seat.call(event)
            case SelfKan():
                seat.self_kan(event)
            case Kita():
                seat.discards.append(f"f{event.tile}")
    scores = [*hand.scores, *[0] * (4 - len(hand.scores))]
    entry: list[Any] = [[hand.round_index, hand.honba, hand.riichi_sticks], scores, list(hand.dora_indicators),
                        list(hand.ura_indicators)]
    for index, seat in enumerate(seats):
        starting = sorted(hand.starting_hands[index], key=_tile_order) if index < players else []
        entry += [starting, seat.draws, seat.finished_discards()]
    entry.append(_result(raw.endings, hand.round_index % 4, players))
    return entry


class _SeatLists:
    def __init__(self) -> None:
        self.draws: list[Tile | str] = []
        self.discards: list[Tile | str] = []
        self.pons: dict[Tile, str] = {}  # each pon's text, by its tile: an added kan rewrites it

    def call(self, call: Call) -> None:
        text = _call_text({"chi": "c", "pon": "p", "kan": "m"}[call.kind], call)
        self.draws.append(text)
        if call.kind == "pon":
            self.pons[plain(call.called)] = text
        elif call.kind == "kan":
            self.discards.append(KAN_PLACEHOLDER)

    def self_kan(self, kan: SelfKan) -> None:
        """A concealed kan as its tiles with "a" before the last (a red five last); an added kan as its pon with "k"
        and the added tile where the pon's "p" stood."""
        if kan.kind == "ankan":
            tiles = sorted(kan.tiles, key=_tile_order)
            last = next((t for t in tiles if t in RED_FIVES), tiles[-1])
            tiles.remove(last)
            self.discards.append("".join(map(str, tiles)) + f"a{last}")
            return
        pon = self.pons[plain(kan.tiles[0])]
        added = [t for t in kan.tiles if str(t) not in pon] or [kan.tiles[-1]]
        self.discards.append(pon.replace("p", f"k{added[0]}"))

    def finished_discards(self) -> list[Tile | str]:
        """The discards, less an open kan's trailing 0: the hand ended on that kan's replacement tile."""
        discards = list(self.discards)
        while discards and discards[-1] == KAN_PLACEHOLDER:
            discards.pop()
        return discards


def _call_text(letter: str, call: Call) -> str:
    """The letter and the called tile written where the seat it came from sits: first (the seat on the left), after
    one tile (across), or after all the others (on the right)."""
    others = list(call.tiles)
    others.remove(call.called)
    others.sort(key=_tile_order)  # a red five after its plain fives
    before = {3: 0, 2: 1, 1: len(others)}[(call.from_seat - call.seat) % 4]
    codes = [str(t) for t in others]
    return "".join(codes[:before]) + f"{letter}{call.called}" + "".join(codes[before:])


def _result(endings: list[ET.Element], dealer: int, players: int) -> list[Any]:
    first = endings[0]
    if first.tag == "RYUUKYOKU":
        kind = first.get("type", "")
        deltas = _deltas(first)
        if kind in ABORTIVE_NAMES:
            name = ABORTIVE_NAMES[kind]
            return [name, deltas] if kind == "nm" or any(deltas) else [name]
        tenpai = [first.get(f"hai{seat}") is not None for seat in range(players)]
        if not any(deltas):
            return ["全員聴牌" if all(tenpai) else "全員不聴"]
        return ["流局", deltas]
    result: list[Any] = ["和了"]
    for agari in endings:
        result += [_deltas(agari), _win(agari, dealer, players)]
    return result


def _deltas(element: ET.Element) -> list[int]:
    sc = [int(x) for x in element.get("sc", "").split(",") if x]
    deltas = [100 * sc[i] for i in range(1, len(sc), 2)]
    return [*deltas, *[0] * (4 - len(deltas))]


def _win(agari: ET.Element, dealer: int, players: int) -> list[Any]:
    who, source = int(agari.get("who", "0")), int(agari.get("fromWho", "0"))
    pao = agari.get("paoWho")
    fu, points, limit = (int(x) for x in agari.get("ten", "0,0,0").split(",")[:3])
    pairs = [int(x) for x in agari.get("yaku", "").split(",") if x]
    yaku = [(pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2)]
    yakuman = [int(x) for x in agari.get("yakuman", "").split(",") if x]
    entries = [f"{TENHOU_NAMES[i]}(役満)" for i in yakuman] or [f"{TENHOU_NAMES[i]}({han}飜)" for i, han in yaku if han]
    han = sum(h for _, h in yaku)
    rank = LIMIT_NAMES[limit] if limit else f"{fu}符{han}飜"
    value = rank + _payments(points, fu, han, limit, who == source, who == dealer, players)
    return [who, source, int(pao) if pao is not None else who, value, *entries]


def _payments(points: int, fu: int, han: int, limit: int, tsumo: bool, dealer: bool, players: int) -> str:
    """The value string's payments: a ron's, each seat's of a dealer's tsumo (∀), or a non-dealer's tsumo as the
    other seats' share, then the dealer's."""
    if not tsumo:
        return f"{points}点"
    if dealer:
        return f"{points // (players - 1)}点∀"
    base = fu * 2 ** (han + 2) if not limit else points // players  # a limit's others pay 1, the dealer 2 parts
    shares = (_round_up(base), _round_up(2 * base))
    if shares[0] * (players - 2) + shares[1] != points:
        raise ValueError(f"a non-dealer's tsumo of {points} points does not split as {shares}")
    return f"{shares[0]}-{shares[1]}点"


def _round_up(points: int) -> int:
    return -(-points // 100) * 100


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("paths", nargs="+", help="mjlog files, or folders searched for them (.xml, .mjlog, .txt, .gz)")
    parser.add_argument("--out", type=Path, help="write FOLDER/NAME.json for each game (else the JSON on stdout)")
    args = parser.parse_args(argv)
    refused = 0
    for path in record_files(args.paths):
        text = read_text(path).strip()
        if not text.startswith("<"):
            continue  # a JSON record: nothing to convert
        ref = path.name.removesuffix(".gz").rsplit(".", 1)[0]
        try:
            record = convert(text, ref)
        except (InvalidInput, ValueError, ET.ParseError) as exc:
            print(f"cannot convert {path}: {exc}", file=sys.stderr)
            refused += 1
            continue
        written = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        if args.out is None:
            print(written)
        else:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{ref}.json").write_text(written + "\n", encoding="utf-8")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())
