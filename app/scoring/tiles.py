"""Tiles as indices 0-33 (1-9m, 1-9p, 1-9s, East South West North White Green Red) and MPSZ notation."""

import re
from dataclasses import dataclass
from typing import Final

from app.scoring.vocabulary import WIND_NAMES, Wind

SUITS: Final = "mpsz"
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (HAKU, HATSU, CHUN)
TERMINALS_AND_HONORS: Final = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))
GREEN_TILES: Final = frozenset((19, 20, 21, 23, 25, HATSU))  # 2 3 4 6 8 sou and hatsu

_WELL_FORMED: Final = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)*")
_GROUP: Final = re.compile(r"([0-9]+)([mpsz])")
# Per suit letter, a table turning each digit into the character whose code is the tile's index.
_TO_INDEX: Final = {
    suit: str.maketrans({str(d): chr(s * 9 + (4 if d == 0 else d - 1)) for d in range(10)})
    for s, suit in enumerate("mps")
} | {"z": str.maketrans({str(d): chr(26 + d) for d in range(1, 8)})}


NO_REDS: Final = (0, 0, 0)
NOT_IN_SANMA: Final = frozenset(range(1, 8))  # 2m-8m: not in a three-player set


class TileNotationError(ValueError):
    pass


@dataclass(frozen=True, slots=True, init=False)
class TileList:
    """A parsed tile string: tile indices in the order written, and how many red fives of m, p, s."""

    tiles: bytes
    reds: tuple[int, int, int]

    def __init__(self, tiles: bytes, reds: tuple[int, int, int]) -> None:
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "reds", reds)


def is_honor(tile: int) -> bool:
    return tile >= 27


def suit_of(tile: int) -> int:
    return tile // 9


def rank_of(tile: int) -> int:
    """1-9 for suited tiles; 1-7 for honors."""
    return tile % 9 + 1


def tile_name(tile: int) -> str:
    return f"{rank_of(tile)}{SUITS[suit_of(tile)]}"


def wind_tile(wind: Wind) -> int:
    return EAST + WIND_NAMES.index(wind)


def format_tiles(tiles: list[int] | tuple[int, ...]) -> str:
    """MPSZ notation, grouped by suit in the order given: [0, 1, 2, 27] -> '123m1z'."""
    out: list[str] = []
    for i, tile in enumerate(tiles):
        out.append(str(rank_of(tile)))
        if i + 1 == len(tiles) or suit_of(tiles[i + 1]) != suit_of(tile):
            out.append(SUITS[suit_of(tile)])
    return "".join(out)


def suit_groups(text: str) -> list[tuple[str, str]]:
    """'123m0p55z' -> [('123', 'm'), ('0', 'p'), ('55', 'z')], or TileNotationError saying what is wrong."""
    if not _WELL_FORMED.fullmatch(text):
        raise TileNotationError(_notation_problem(text))
    return _GROUP.findall(text)


def parse_tiles(text: str) -> TileList:
    single = SINGLE_TILES.get(text)
    if single is not None:
        return single
    groups = suit_groups(text)
    codes = "".join(digits.translate(_TO_INDEX[suit]) for digits, suit in groups)
    return TileList(codes.encode("latin-1"), _count_reds(groups) if "0" in text else NO_REDS)


def _count_reds(groups: list[tuple[str, str]]) -> tuple[int, int, int]:
    reds = [0, 0, 0, 0]
    for digits, suit in groups:
        reds["mpsz".index(suit)] += digits.count("0")
    return reds[0], reds[1], reds[2]


def _red_of(suit: int, digit: int) -> tuple[int, int, int]:
    """The red fives per suit of one written tile."""
    red = int(digit == 0)
    return (red if suit == 0 else 0, red if suit == 1 else 0, red if suit == 2 else 0)


SINGLE_TILES: Final[dict[str, TileList]] = {
    f"{digit}{suit}": TileList(bytes([s * 9 + (4 if digit == 0 else digit - 1)]), _red_of(s, digit))
    for s, suit in enumerate("mps") for digit in range(10)
} | {f"{digit}z": TileList(bytes([26 + digit]), NO_REDS) for digit in range(1, 8)}

TILE_OF: Final = {text: tiles.tiles[0] for text, tiles in SINGLE_TILES.items()}  # '3m' -> 2, '0p' (red five) -> 13


def _notation_problem(text: str) -> str:
    pending = ""
    for char in text:
        if char in "0123456789":
            pending += char
        elif char.isdigit():
            return f"'{char}' is not one of the digits 0-9: write tiles with ASCII digits (for example '123m55z')"
        elif char not in SUITS:
            return f"'{char}' is not a suit letter: write digits followed by m, p, s or z (for example '123m55z')"
        elif not pending:
            return f"the suit letter '{char}' has no digits before it"
        elif char == "z" and any(d in "089" for d in pending):
            bad = next(d for d in pending if d in "089")
            return f"'{bad}z' is not a tile: honors are 1z-7z (East South West North White Green Red)"
        else:
            pending = ""
    if pending:
        return f"the digits '{pending}' have no suit letter after them (m, p, s or z)"
    return "write digits followed by their suit letter m, p, s or z (for example '123m55z')"


def _group_names(size: int, step: int) -> tuple[str, ...]:
    """Every group of `size` tiles starting at each tile, in MPSZ: '234m' for a sequence from 2m, '777z'."""
    return tuple(format_tiles([t + i * step for i in range(size)]) if t + (size - 1) * step < 34 else "" for t in range(34))


SEQUENCE_NAMES: Final = _group_names(3, 1)
PAIR_NAMES: Final = _group_names(2, 0)
TRIPLET_NAMES: Final = _group_names(3, 0)
KAN_NAMES: Final = _group_names(4, 0)


def dora_from_indicator(indicator: int, players: int) -> int:
    """The tile an indicator points at: 9 wraps to 1, North to East, Red to White; with three players the
    manzu left are 1m and 9m, each pointing at the other."""
    if indicator < 27:
        if players == 3 and indicator in (0, 8):
            return 8 - indicator
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator <= NORTH:
        return EAST if indicator == NORTH else indicator + 1
    return HAKU if indicator == CHUN else indicator + 1


# Per number of players: indicator -> the dora it points at.
DORA_TARGETS: Final = {players: tuple(dora_from_indicator(t, players) for t in range(34)) for players in (3, 4)}

# Tile counts packed into one int, 16 bits a tile (tile t at bit 16 * t): adding two such ints adds the counts.
# Bit 15 of a field is set by the probe exactly when that tile's count is 5 or more.
COUNT_BITS: Final = 16
ONE_OF: Final = tuple(1 << COUNT_BITS * t for t in range(34))
_OVER_FOUR_PROBE: Final = sum((1 << COUNT_BITS - 1) - 5 << COUNT_BITS * t for t in range(34))
_OVER_FOUR_FLAGS: Final = sum(1 << COUNT_BITS - 1 << COUNT_BITS * t for t in range(34))
COUNT_MASK: Final = (1 << COUNT_BITS) - 1


def packed_counts(tiles: bytes | list[int] | tuple[int, ...]) -> int:
    total = 0
    for tile in tiles:
        total += ONE_OF[tile]
    return total


def packed_count(packed: int, tile: int) -> int:
    return packed >> COUNT_BITS * tile & COUNT_MASK


def any_over_four(packed: int) -> bool:
    """Whether some tile is counted five times or more (counts below 32,000)."""
    return bool((packed + _OVER_FOUR_PROBE) & _OVER_FOUR_FLAGS)
