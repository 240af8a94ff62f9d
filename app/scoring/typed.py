"""The core's typed entry: a hand given by tile codes, as a game record or a bot holds it, not by MPSZ notation.

Tile codes are 0-33: 1-9m (0-8), 1-9p (9-17), 1-9s (18-26), then East South West North White Green Red (27-33).
A red five is a five (code 4, 13 or 22) counted among its suit's red fives. A meld says whose discard it was called
from (majiang-core's shoupai writes the same: a meld knows its source), by seat wind; a concealed kan has none.

    from app.scoring import HandRules, TypedHand, TypedMeld, WinContext, score
    from app.scoring.typed import counts_of

    # 234m 456p, White three times, 2p twice, and 345s called (chi) from East; won on 2p by the South seat
    hand = TypedHand(counts_of([1, 2, 3, 12, 13, 14, 31, 31, 31, 10, 10]), win_tile=10,
                     melds=(TypedMeld("chi", (23, 24, 25), from_seat="east"),))
    result = score(hand, WinContext(seat_wind="south"), HandRules())  # yakuhai haku: 1 han 30 fu

`score` validates it with the checks /hand/score makes after reading the notation (validate.parse_typed_hand:
counts, copies, red fives, the winning tile held, the number of players, the context) and runs the same pipeline;
/hand/score's MPSZ notation is read by an adapter in front of the same checks (validate.parse_hand), and `notation`
writes a typed hand back in it (to show it, or to send it to /hand/score).
"""

from dataclasses import dataclass
from typing import Final

from app.scoring.hand import HandInput, MeldInput
from app.scoring.vocabulary import MeldType, Wind

FIVES: Final = (4, 13, 22)


@dataclass(frozen=True, slots=True, init=False)
class TypedMeld:
    type: MeldType
    tiles: tuple[int, ...]  # its tile codes: 3 (chi, pon) or 4 (kans)
    red_fives: int = 0  # how many of its tiles are red fives
    from_seat: Wind | None = None  # whose discard it was called from; None for a concealed kan (or not known)

    def __init__(
        self, type: MeldType, tiles: tuple[int, ...], red_fives: int = 0, from_seat: Wind | None = None
    ) -> None:
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "red_fives", red_fives)
        object.__setattr__(self, "from_seat", from_seat)


@dataclass(frozen=True, slots=True, init=False)
class TypedHand:
    counts: tuple[int, ...]  # the concealed tiles, winning tile included: 34 counts, by tile code
    win_tile: int
    red_fives: tuple[int, int, int] = (0, 0, 0)  # concealed red fives of m, p, s (counted in `counts` as fives)
    win_red: bool = False  # the winning tile is a red five
    melds: tuple[TypedMeld, ...] = ()

    def __init__(
        self, counts: tuple[int, ...], win_tile: int, red_fives: tuple[int, int, int] = (0, 0, 0),
        win_red: bool = False, melds: tuple[TypedMeld, ...] = ()
    ) -> None:
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "win_tile", win_tile)
        object.__setattr__(self, "red_fives", red_fives)
        object.__setattr__(self, "win_red", win_red)
        object.__setattr__(self, "melds", melds)


def counts_of(tiles: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """34 counts of tile codes."""
    counts = [0] * 34
    for tile in tiles:
        counts[tile] += 1
    return tuple(counts)


def red_of(tile: int, reds: int = 1) -> tuple[int, int, int]:
    """`reds` red fives of the suit of `tile`, per suit m, p, s."""
    suit = tile // 9
    return (reds if suit == 0 else 0, reds if suit == 1 else 0, reds if suit == 2 else 0)


def notation(hand: TypedHand) -> HandInput:
    """The hand in MPSZ notation, as /hand/score takes it: tiles sorted by suit and rank, a red five written 0
    before its suit's plain fives."""
    concealed = [tile for tile, n in enumerate(hand.counts) for _ in range(n)]
    win_reds = red_of(hand.win_tile) if hand.win_red else (0, 0, 0)
    melds = tuple(MeldInput(m.type, written(sorted(m.tiles), red_of(min(m.tiles), m.red_fives))) for m in hand.melds)
    return HandInput(written(concealed, hand.red_fives), written([hand.win_tile], win_reds), melds)


def written(tiles: list[int], reds: tuple[int, int, int]) -> str:
    """MPSZ of sorted tile codes, the first `reds` fives of each suit (m, p, s) written 0."""
    out = []
    for suit, letter in enumerate("mpsz"):
        digits = "".join(str(tile % 9 + 1) for tile in tiles if tile // 9 == suit)
        if digits:
            out.append((digits.replace("5", "0", reds[suit]) if suit < 3 else digits) + letter)
    return "".join(out)
