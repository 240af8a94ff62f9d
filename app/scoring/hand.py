"""What the evaluator takes in (the hand and its win context), and the validated hand it works on."""

from dataclasses import dataclass

from app.scoring.suits import SuitPart
from app.scoring.tiles import GREEN_TILES, TERMINALS_AND_HONORS, packed_counts
from app.scoring.vocabulary import MeldType, Wind, WinType


@dataclass(frozen=True, slots=True, init=False)
class MeldInput:
    type: MeldType
    tiles: str

    def __init__(self, type: MeldType, tiles: str) -> None:
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "tiles", tiles)


@dataclass(frozen=True, slots=True, init=False)
class HandInput:
    tiles: str
    win_tile: str
    melds: tuple[MeldInput, ...] = ()

    def __init__(self, tiles: str, win_tile: str, melds: tuple[MeldInput, ...] = ()) -> None:
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "win_tile", win_tile)
        object.__setattr__(self, "melds", melds)


@dataclass(frozen=True, slots=True, init=False)
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
    kita: int = 0  # North tiles set aside (nukidora), three players only

    def __init__(
        self, win: WinType = "ron", seat_wind: Wind = "east", round_wind: Wind = "east", riichi: bool = False,
        double_riichi: bool = False, ippatsu: bool = False, haitei: bool = False, houtei: bool = False,
        rinshan: bool = False, chankan: bool = False, tenhou: bool = False, chiihou: bool = False,
        renhou: bool = False, nagashi_mangan: bool = False, dora_indicators: tuple[str, ...] = (),
        ura_dora_indicators: tuple[str, ...] = (), honba: int = 0, riichi_sticks: int = 0,
        pao_seat_wind: Wind | None = None, discarder_seat_wind: Wind | None = None, kita: int = 0
    ) -> None:
        object.__setattr__(self, "win", win)
        object.__setattr__(self, "seat_wind", seat_wind)
        object.__setattr__(self, "round_wind", round_wind)
        object.__setattr__(self, "riichi", riichi)
        object.__setattr__(self, "double_riichi", double_riichi)
        object.__setattr__(self, "ippatsu", ippatsu)
        object.__setattr__(self, "haitei", haitei)
        object.__setattr__(self, "houtei", houtei)
        object.__setattr__(self, "rinshan", rinshan)
        object.__setattr__(self, "chankan", chankan)
        object.__setattr__(self, "tenhou", tenhou)
        object.__setattr__(self, "chiihou", chiihou)
        object.__setattr__(self, "renhou", renhou)
        object.__setattr__(self, "nagashi_mangan", nagashi_mangan)
        object.__setattr__(self, "dora_indicators", dora_indicators)
        object.__setattr__(self, "ura_dora_indicators", ura_dora_indicators)
        object.__setattr__(self, "honba", honba)
        object.__setattr__(self, "riichi_sticks", riichi_sticks)
        object.__setattr__(self, "pao_seat_wind", pao_seat_wind)
        object.__setattr__(self, "discarder_seat_wind", discarder_seat_wind)
        object.__setattr__(self, "kita", kita)

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == "east"

    @property
    def is_tsumo(self) -> bool:
        return self.win == "tsumo"

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi


@dataclass(frozen=True, slots=True, eq=False, init=False)
class MeldFacts:
    """A called or declared meld: its kind and lowest tile, with what follows from them (see `make_meld`). Melds
    are made once per kind and tiles and shared, so they compare (and hash) by identity."""

    type: MeldType
    tile: int
    is_sequence: bool
    is_kan: bool
    is_open: bool
    tiles: tuple[int, ...]  # its distinct tiles
    all_outer: bool  # only terminals and honors
    simple: bool  # no terminal or honor
    outer: bool  # holds a terminal or an honor (chanta, junchan)
    green: bool  # only tiles of ryuuiisou
    packed: int  # every tile, a kan's four included, as packed counts (tiles.packed_counts)

    def __init__(
        self, type: MeldType, tile: int, is_sequence: bool, is_kan: bool, is_open: bool, tiles: tuple[int, ...],
        all_outer: bool, simple: bool, outer: bool, green: bool, packed: int
    ) -> None:
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "is_sequence", is_sequence)
        object.__setattr__(self, "is_kan", is_kan)
        object.__setattr__(self, "is_open", is_open)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "all_outer", all_outer)
        object.__setattr__(self, "simple", simple)
        object.__setattr__(self, "outer", outer)
        object.__setattr__(self, "green", green)
        object.__setattr__(self, "packed", packed)


def make_meld(meld_type: MeldType, tile: int) -> MeldFacts:
    is_sequence = meld_type == "chi"
    is_kan = meld_type in ("kan", "shouminkan", "ankan")
    tiles = (tile, tile + 1, tile + 2) if is_sequence else (tile,)
    return MeldFacts(
        type=meld_type,
        tile=tile,
        is_sequence=is_sequence,
        is_kan=is_kan,
        is_open=meld_type != "ankan",
        tiles=tiles,
        all_outer=all(t in TERMINALS_AND_HONORS for t in tiles),
        simple=not any(t in TERMINALS_AND_HONORS for t in tiles),
        outer=tiles[0] in TERMINALS_AND_HONORS or tiles[-1] in TERMINALS_AND_HONORS,
        green=all(t in GREEN_TILES for t in tiles),
        packed=packed_counts(tiles if is_sequence else tiles * (4 if is_kan else 3)),
    )


@dataclass(frozen=True, slots=True, init=False)
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
    packed: int  # every tile of every meld, a kan's four included, as packed counts

    def __init__(
        self, closed: bool, kans: int, ankans: int, sequences: int, sequence_bits: int, triplet_bits: int,
        honor_triplets: frozenset[int], suits: int, outer: bool, all_outer: bool, simple: bool, green: bool,
        packed: int
    ) -> None:
        object.__setattr__(self, "closed", closed)
        object.__setattr__(self, "kans", kans)
        object.__setattr__(self, "ankans", ankans)
        object.__setattr__(self, "sequences", sequences)
        object.__setattr__(self, "sequence_bits", sequence_bits)
        object.__setattr__(self, "triplet_bits", triplet_bits)
        object.__setattr__(self, "honor_triplets", honor_triplets)
        object.__setattr__(self, "suits", suits)
        object.__setattr__(self, "outer", outer)
        object.__setattr__(self, "all_outer", all_outer)
        object.__setattr__(self, "simple", simple)
        object.__setattr__(self, "green", green)
        object.__setattr__(self, "packed", packed)


def summarize_melds(melds: tuple[MeldFacts, ...]) -> MeldSummary:
    kans = ankans = sequences = sequence_bits = triplet_bits = suits = packed = 0
    honors: list[int] = []
    outer = all_outer = simple = green = True
    for m in melds:
        kans += m.is_kan
        ankans += not m.is_open
        packed += m.packed
        outer = outer and m.outer
        all_outer = all_outer and m.all_outer
        simple = simple and m.simple
        green = green and m.green
        if m.tile >= 27:
            honors.append(m.tile)
            continue
        suits |= 1 << m.tile // 9
        if m.is_sequence:
            sequences += 1
            sequence_bits |= 1 << m.tile
        else:
            triplet_bits |= 1 << m.tile
    return MeldSummary(closed=ankans == len(melds), kans=kans, ankans=ankans, sequences=sequences,
                       sequence_bits=sequence_bits, triplet_bits=triplet_bits, honor_triplets=frozenset(honors),
                       suits=suits, outer=outer, all_outer=all_outer, simple=simple, green=green, packed=packed)


@dataclass(slots=True, init=False)
class ParsedHand:
    """A validated hand: its concealed tiles by suit, its melds, and the tiles they all hold."""

    parts: tuple[SuitPart, ...]  # concealed tiles of m, p, s and honors
    melds: tuple[MeldFacts, ...]
    called: MeldSummary
    held: int  # every tile held, melds and kita included, as packed counts (tiles.packed_counts)
    win_tile: int
    red_fives: int
    dora_indicators: bytes
    ura_dora_indicators: bytes

    def __init__(
        self, parts: tuple[SuitPart, ...], melds: tuple[MeldFacts, ...], called: MeldSummary, held: int, win_tile: int,
        red_fives: int, dora_indicators: bytes, ura_dora_indicators: bytes
    ) -> None:
        self.parts = parts
        self.melds = melds
        self.called = called
        self.held = held
        self.win_tile = win_tile
        self.red_fives = red_fives
        self.dora_indicators = dora_indicators
        self.ura_dora_indicators = ura_dora_indicators

    def concealed_count(self, tile: int) -> int:
        return self.parts[tile // 9].counts[tile % 9]
