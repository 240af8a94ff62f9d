"""What the evaluator takes in: the hand and its win context, as plain dataclasses."""

from dataclasses import dataclass, field
from typing import Literal

from app.scoring.fu_items import SET_FU, FuScore
from app.scoring.suits import SuitPart
from app.scoring.tiles import GREEN_TILES, TERMINALS_AND_HONORS, packed_counts

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
    """A called or declared meld: its kind and its lowest tile, and what follows from them (worked out once,
    since a meld is checked once per kind and tiles)."""

    type: MeldType
    tile: int
    is_sequence: bool = field(init=False)
    is_kan: bool = field(init=False)
    is_open: bool = field(init=False)
    tiles: tuple[int, ...] = field(init=False)  # its distinct tiles
    all_outer: bool = field(init=False)  # only terminals and honors
    simple: bool = field(init=False)  # no terminal or honor
    outer: bool = field(init=False)  # holds a terminal or an honor (chanta, junchan)
    green: bool = field(init=False)  # only tiles of ryuuiisou
    fu: FuScore | None = field(init=False)  # the fu of a triplet or kan; None for a chi
    packed: int = field(init=False)  # its tiles as packed counts (tiles.packed_counts)
    summary: "MeldSummary" = field(init=False)  # the summary of a hand whose only meld it is

    def __post_init__(self) -> None:
        tile = self.tile
        self.is_sequence = self.type == "chi"
        self.is_kan = self.type in ("kan", "shouminkan", "ankan")
        self.is_open = self.type != "ankan"
        self.tiles = (tile, tile + 1, tile + 2) if self.is_sequence else (tile,)
        self.all_outer = all(t in TERMINALS_AND_HONORS for t in self.tiles)
        self.simple = not any(t in TERMINALS_AND_HONORS for t in self.tiles)
        self.outer = self.tiles[0] in TERMINALS_AND_HONORS or self.tiles[-1] in TERMINALS_AND_HONORS
        self.green = all(t in GREEN_TILES for t in self.tiles)
        self.fu = None if self.is_sequence else SET_FU[tile][self.is_kan][self.is_open]
        self.packed = packed_counts(self.tiles if self.is_sequence else self.tiles * (4 if self.is_kan else 3))
        self.summary = _summary((self,))


@dataclass(slots=True)
class MeldSummary:
    """What a hand's melds add up to, for the facts of the hand and of each reading."""

    closed: bool  # no open meld (concealed kans only)
    kans: int
    ankans: int
    sequences: int
    sequence_bits: int  # bit t: a chi starts at tile t
    triplet_bits: int  # bit t: a pon or kan of the suited tile t
    honor_triplets: frozenset[int]  # honors called or declared as pon or kan
    suits: int  # bit per suit (m p s) a meld holds
    outer: bool  # every meld holds a terminal or an honor
    all_outer: bool  # only terminals and honors
    simple: bool  # no terminal or honor
    green: bool  # only tiles of ryuuiisou
    fu: tuple[FuScore, ...]  # the fu items of its pons and kans
    packed: int  # every tile of every meld, a kan's four included, as packed counts


NO_MELDS = MeldSummary(True, 0, 0, 0, 0, 0, frozenset(), 0, True, True, True, True, (), 0)


def summarize_melds(melds: tuple[Meld, ...]) -> MeldSummary:
    if len(melds) < 2:
        return melds[0].summary if melds else NO_MELDS
    return _summary(melds)


def _summary(melds: tuple[Meld, ...]) -> MeldSummary:
    closed = outer = all_outer = simple = green = True
    kans = ankans = sequences = sequence_bits = triplet_bits = suits = packed = 0
    honors: set[int] = set()
    fu = []
    for meld in melds:
        tile = meld.tile
        closed = closed and not meld.is_open
        outer = outer and meld.outer
        all_outer = all_outer and meld.all_outer
        simple = simple and meld.simple
        green = green and meld.green
        kans += meld.is_kan
        ankans += not meld.is_open
        packed += meld.packed
        if meld.fu:
            fu.append(meld.fu)
        if tile >= 27:
            honors.add(tile)
            continue
        suits |= 1 << tile // 9
        if meld.is_sequence:
            sequence_bits |= 1 << tile
            sequences += 1
        else:
            triplet_bits |= 1 << tile
    return MeldSummary(closed, kans, ankans, sequences, sequence_bits, triplet_bits, frozenset(honors), suits, outer,
                       all_outer, simple, green, tuple(fu), packed)


@dataclass(slots=True)
class ParsedHand:
    """A validated hand: its concealed tiles by suit, its melds, and the tiles they all hold."""

    parts: tuple[SuitPart, ...]  # concealed tiles of m, p, s and honors
    melds: tuple[Meld, ...]
    called: MeldSummary
    held: int  # every tile held, melds included, as packed counts (tiles.packed_counts)
    win_tile: int
    red_fives: int
    dora_indicators: bytes = b""
    ura_dora_indicators: bytes = b""

    def concealed_count(self, tile: int) -> int:
        return self.parts[tile // 9].counts[tile % 9]
