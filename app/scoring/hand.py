"""What the evaluator takes in: the hand and its win context, as plain dataclasses."""

from dataclasses import dataclass
from typing import Literal

from app.scoring.suits import SuitPart

MeldType = Literal["chi", "pon", "kan", "shouminkan", "ankan"]
WinType = Literal["ron", "tsumo"]
Wind = Literal["east", "south", "west", "north"]


@dataclass(frozen=True, slots=True)
class MeldInput:
    type: MeldType
    tiles: str


@dataclass(frozen=True, slots=True)
class HandInput:
    tiles: str
    win_tile: str
    melds: tuple[MeldInput, ...] = ()


@dataclass(frozen=True, slots=True)
class WinContext:
    win: WinType = "ron"
    seat_wind: Wind = "east"
    round_wind: Wind = "east"
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    nagashi_mangan: bool = False
    dora_indicators: tuple[str, ...] = ()
    ura_dora_indicators: tuple[str, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    pao_seat_wind: Wind | None = None
    discarder_seat_wind: Wind | None = None

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == "east"

    @property
    def is_tsumo(self) -> bool:
        return self.win == "tsumo"

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi


@dataclass(slots=True)
class Meld:
    """A called or declared meld: its kind, its lowest tile, and whether it opens the hand."""

    type: MeldType
    tile: int

    @property
    def is_sequence(self) -> bool:
        return self.type == "chi"

    @property
    def is_kan(self) -> bool:
        return self.type in ("kan", "shouminkan", "ankan")

    @property
    def is_open(self) -> bool:
        return self.type != "ankan"


@dataclass(slots=True)
class ParsedHand:
    """A validated hand: its concealed tiles by suit, its melds, and the tiles they all hold."""

    parts: tuple[SuitPart, ...]  # concealed tiles of m, p, s and honors
    melds: tuple[Meld, ...]
    meld_tiles: bytes  # every tile of every meld, a kan's four included
    win_tile: int
    red_fives: int
    dora_indicators: bytes = b""
    ura_dora_indicators: bytes = b""

    def concealed_count(self, tile: int) -> int:
        return self.parts[tile // 9].counts[tile % 9]

    def count(self, tile: int) -> int:
        """Copies held, melds included."""
        return self.parts[tile // 9].counts[tile % 9] + (self.meld_tiles.count(tile) if self.meld_tiles else 0)
