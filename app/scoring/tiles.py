"""Tiles as indices 0-33 (1-9m, 1-9p, 1-9s, East South West North White Green Red) and MPSZ notation."""

from dataclasses import dataclass

SUITS = "mpsz"
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
WIND_NAMES = ("east", "south", "west", "north")
TERMINALS_AND_HONORS = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))
GREEN_TILES = frozenset((19, 20, 21, 23, 25, HATSU))  # 2 3 4 6 8 sou and hatsu


class TileNotationError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class TileList:
    """A parsed tile string: tile indices in the order written, and which of them were red fives."""

    tiles: tuple[int, ...]
    red: tuple[bool, ...]


def is_honor(tile: int) -> bool:
    return tile >= 27


def suit_of(tile: int) -> int:
    return tile // 9


def rank_of(tile: int) -> int:
    """1-9 for suited tiles; 1-7 for honors."""
    return tile % 9 + 1


def tile_name(tile: int) -> str:
    return f"{rank_of(tile)}{SUITS[suit_of(tile)]}"


def wind_tile(wind: str) -> int:
    return EAST + WIND_NAMES.index(wind)


def format_tiles(tiles: list[int] | tuple[int, ...]) -> str:
    """MPSZ notation, grouped by suit in the order given: [0, 1, 2, 27] -> '123m1z'."""
    out: list[str] = []
    for i, tile in enumerate(tiles):
        out.append(str(rank_of(tile)))
        if i + 1 == len(tiles) or suit_of(tiles[i + 1]) != suit_of(tile):
            out.append(SUITS[suit_of(tile)])
    return "".join(out)


def parse_tiles(text: str) -> TileList:
    tiles: list[int] = []
    red: list[bool] = []
    pending = ""
    for char in text:
        if char.isdigit():
            pending += char
            continue
        suit = SUITS.find(char)
        if suit < 0:
            raise TileNotationError(
                f"'{char}' is not a suit letter: write digits followed by m, p, s or z (for example '123m55z')"
            )
        if not pending:
            raise TileNotationError(f"the suit letter '{char}' has no digits before it")
        for digit in pending:
            tiles.append(_tile_index(int(digit), suit))
            red.append(digit == "0")
        pending = ""
    if pending:
        raise TileNotationError(f"the digits '{pending}' have no suit letter after them (m, p, s or z)")
    return TileList(tuple(tiles), tuple(red))


def parse_single_tile(text: str) -> tuple[int, bool]:
    parsed = parse_tiles(text)
    if len(parsed.tiles) != 1:
        raise TileNotationError(f"'{text}' must be exactly one tile, such as '5m' or '7z'")
    return parsed.tiles[0], parsed.red[0]


def _tile_index(digit: int, suit: int) -> int:
    if suit == 3:
        if not 1 <= digit <= 7:
            raise TileNotationError(f"'{digit}z' is not a tile: honors are 1z-7z (East South West North White Green Red)")
        return 27 + digit - 1
    rank = 5 if digit == 0 else digit
    return suit * 9 + rank - 1


def dora_from_indicator(indicator: int) -> int:
    """The tile an indicator points at: 9 wraps to 1, North to East, Red to White."""
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator <= NORTH:
        return EAST if indicator == NORTH else indicator + 1
    return HAKU if indicator == CHUN else indicator + 1
