"""What the evaluator takes in: the hand and its win context, as plain dataclasses."""

from dataclasses import dataclass
from typing import Literal

MeldType = Literal["chi", "pon", "kan", "shouminkan", "ankan"]
WinType = Literal["ron", "tsumo"]
Wind = Literal["east", "south", "west", "north"]


@dataclass(slots=True)
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
    """A validated hand: tile counts (concealed part, and everything including melds)."""

    concealed: list[int]
    melds: tuple[Meld, ...]
    win_tile: int
    red_fives: int
    all_tiles: list[int]
    dora_indicators: tuple[int, ...] = ()
    ura_dora_indicators: tuple[int, ...] = ()

    @property
    def is_closed(self) -> bool:
        return not any(m.is_open for m in self.melds)
