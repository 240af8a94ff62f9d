"""What the two record readers produce and the replay reads: a game as its hands, each hand as its opening
(scores, counters, dora, starting hands), its play in order, and how it ended as the record tells it.

Tiles are Tenhou's codes, the tenhou.net/6 notation: 11-19 man, 21-29 pin, 31-39 sou, 41-47 East South West
North White Green Red, 51 52 53 the red fives of man, pin and sou. Each event keeps `loc`, where it sits in
the record, so a refusal points at it.
"""

from dataclasses import dataclass, field
from typing import Literal

from app.errors import InvalidInput

Tile = int
Loc = tuple[str | int, ...]
INVALID_RECORD = "invalid_record"
NORTH: Tile = 44
RED_FIVES = {51: 15, 52: 25, 53: 35}  # red five -> the plain five it counts as
TILE_CODES = frozenset((*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), *RED_FIVES))
SUIT_LETTERS = "mpsz"
# Tiles a game could never hold more hands of: a hanchan that goes to the end of West (the longest Tenhou game ends
# there) with a long run of repeated hands fits many times over.
MAX_HANDS = 128


def plain(tile: Tile) -> Tile:
    """A red five as its plain five; any other tile as itself."""
    return RED_FIVES.get(tile, tile)


def _index(tile: Tile) -> int:
    tile = plain(tile)
    return (tile // 10 - 1) * 9 + tile % 10 - 1


_KINDS = [_index(tile) if tile in TILE_CODES else -1 for tile in range(60)]


def kind(tile: Tile) -> int:
    """The tile's index 0-33 (1-9m, 1-9p, 1-9s, then the honors), a red five as its five."""
    return _KINDS[tile]


def is_terminal_or_honor(tile: Tile) -> bool:
    tile = plain(tile)
    return tile >= 41 or tile % 10 in (1, 9)


def mpsz(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    """MPSZ notation of the tiles, sorted by suit and rank (a red five written 0, before its plain fives)."""
    groups: dict[str, list[str]] = {}
    for tile in sorted(tiles, key=lambda t: (kind(t), t < 50)):
        digit = "0" if tile in RED_FIVES else str(tile % 10)
        groups.setdefault(SUIT_LETTERS[plain(tile) // 10 - 1], []).append(digit)
    return "".join("".join(digits) + suit for suit, digits in groups.items())


def tile_name(tile: Tile) -> str:
    return mpsz([tile])


def invalid(loc: Loc, msg: str) -> InvalidInput:
    return InvalidInput.single(INVALID_RECORD, ("record", *loc), msg)


@dataclass(frozen=True, slots=True)
class Draw:
    seat: int
    tile: Tile
    loc: Loc


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    tile: Tile
    riichi: bool
    loc: Loc


CallKind = Literal["chi", "pon", "kan"]


@dataclass(frozen=True, slots=True)
class Call:
    """A chi, pon or open kan on the last discard: `tiles` are the meld's, the called tile included."""

    seat: int
    kind: CallKind
    tiles: tuple[Tile, ...]
    called: Tile
    from_seat: int
    loc: Loc


@dataclass(frozen=True, slots=True)
class SelfKan:
    """A concealed kan (`tiles` its four) or an added kan (`tiles` the one tile added to the pon)."""

    seat: int
    kind: Literal["ankan", "shouminkan"]
    tiles: tuple[Tile, ...]
    loc: Loc


@dataclass(frozen=True, slots=True)
class Kita:
    seat: int
    tile: Tile
    loc: Loc


Event = Draw | Discard | Call | SelfKan | Kita


@dataclass(frozen=True, slots=True)
class RecordedWin:
    """A win as the record states it: who, from whom, and its value; only compared, never used to score."""

    winner: int
    from_seat: int | None  # None: tsumo
    pao_seat: int | None
    han: int | None
    fu: int | None
    points: int | None  # the ron payment or the sum of the tsumo payments, without honba and sticks
    yaku: tuple[tuple[str, int], ...]  # (our yaku id, han), dora included
    yakuman: tuple[str, ...]  # our yakuman ids
    deltas: tuple[int, ...] | None  # this win's score changes, where the record gives them per win
    loc: Loc


EndKind = Literal["win", "draw", "nagashi", "abortive"]


@dataclass(frozen=True, slots=True)
class Ending:
    kind: EndKind
    wins: tuple[RecordedWin, ...] = ()
    abortive: str | None = None  # the contract's kind of abortive draw
    deltas: tuple[int, ...] | None = None  # the hand's score changes, riichi deposits left out
    loc: Loc = ()


@dataclass(frozen=True, slots=True)
class HandRecord:
    round_index: int  # 0 East 1, 1 East 2, ..., 4 South 1, ... (four per wind, with three players too)
    honba: int
    riichi_sticks: int
    scores: tuple[int, ...]  # before the hand
    dora_indicators: tuple[Tile, ...]  # every indicator shown by the end of the hand, kan dora included
    ura_indicators: tuple[Tile, ...]
    starting_hands: tuple[tuple[Tile, ...], ...]
    events: tuple[Event, ...]
    ending: Ending
    loc: Loc
    scores_after: tuple[int, ...] | None = None  # where the record states them beside its score changes (compared)


@dataclass(frozen=True, slots=True)
class RecordRules:
    """The rules the record states, as the options a client would send (the match is Tenhou's unless the caller asks
    for another): its room (four or three players) with its red fives, open tanyao and length."""

    players: int
    options: dict[str, object]

    @property
    def aka(self) -> bool:
        return bool(self.options.get("aka_dora", True))  # every preset a record may name has red fives


def stated_rules(players: int, aka: bool, open_tanyao: bool, hanchan: bool) -> RecordRules:
    return RecordRules(players, {"preset": "tenhou_sanma" if players == 3 else "tenhou", "aka_dora": aka,
                                 "open_tanyao": open_tanyao, "length": "hanchan" if hanchan else "tonpuusen"})


NO_AKA, NO_KUITAN, HANCHAN, SANMA = 0x02, 0x04, 0x08, 0x10  # bits of Tenhou's game type (mjlog GO type, a log's id)


def game_type_rules(bits: int, players: int | None = None) -> RecordRules:
    """The rules a Tenhou game type states (the players too, unless the record says)."""
    return stated_rules(players or (3 if bits & SANMA else 4), not bits & NO_AKA, not bits & NO_KUITAN, bool(bits & HANCHAN))


@dataclass(frozen=True, slots=True)
class GameRecord:
    format: Literal["tenhou6", "mjlog", "mjai", "majsoul"]
    rules: RecordRules
    hands: tuple[HandRecord, ...]
    final_scores: tuple[int, ...] | None
    names: tuple[str, ...] = field(default=())
