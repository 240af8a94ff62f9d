"""One hand replayed from its starting hands and its play, as either reader gives it: every move checked
(a seat discards only what it holds, calls only the discard just made, no fifth copy), and each win's hand and
circumstances worked out from the play, never from the record's yaku.

A seat keeps its hand as majiang-core's Shoupai does: its concealed tiles, and its melds with the seat each
called tile came from."""

from collections import Counter
from dataclasses import dataclass, field

from app.errors import InvalidInput
from app.records.model import (
    NORTH,
    RED_FIVES,
    Call,
    Discard,
    Draw,
    Event,
    HandRecord,
    Kita,
    RecordedWin,
    SelfKan,
    Tile,
    invalid,
    is_terminal_or_honor,
    kind,
    plain,
    tile_name,
)
from app.records.rounds import hand_name
from app.scoring.vocabulary import MeldType

LIVE_WALL = {4: 136 - 14 - 13 * 4, 3: 108 - 14 - 13 * 3}  # draws before the wall runs out: the dead wall keeps 14
DRAGONS = frozenset((45, 46, 47))
WINDS = frozenset((41, 42, 43, 44))


@dataclass(frozen=True, slots=True)
class Meld:
    kind: MeldType
    tiles: tuple[Tile, ...]
    from_seat: int | None = None  # the seat the called tile came from; None for a concealed kan
    called: Tile | None = None


@dataclass(frozen=True, slots=True)
class WinHand:
    """A win as the play made it: the winner's tiles (win tile included) and melds, and its circumstances."""

    winner: int
    from_seat: int | None  # None: tsumo
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    win_tile: Tile
    kita: int
    seat_wind: int  # 0 East (the dealer) ... 3 North
    round_wind: int
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    haitei: bool
    houtei: bool
    rinshan: bool
    chankan: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    dora_indicators: tuple[Tile, ...]
    ura_indicators: tuple[Tile, ...]
    pao_seat: int | None


@dataclass(frozen=True, slots=True)
class HandOutcome:
    riichi: tuple[int, ...]  # seats whose riichi was accepted
    wins: tuple[WinHand, ...]  # in the record's order
    tenpai_hands: tuple[tuple[tuple[Tile, ...], tuple[Meld, ...]], ...]  # each seat's tiles at an exhaustive draw
    nagashi: tuple[int, ...]  # seats that discarded only terminals and honors, none of them called
    # For the players' statistics (app/records/stats.py):
    declared: tuple[int, ...] = ()  # seats that declared riichi, a declaration tile won on included
    opened: tuple[int, ...] = ()  # seats that made a chi, pon or open kan (concealed kans and kita open nothing)
    discards: tuple[int, ...] = ()  # each seat's discards when the hand ended (a winner's: before its win)


@dataclass(slots=True)
class _Seat:
    hand: Counter[Tile] = field(default_factory=Counter)
    concealed: int = 13  # tiles in `hand`
    melds: list[Meld] = field(default_factory=list)
    kita: int = 0
    draws: int = 0
    discards: int = 0
    outer_discards_only: bool = True  # nagashi: every discard a terminal or honor ...
    discard_called: bool = False  # ... and none of them called
    riichi: bool = False
    declared: bool = False  # riichi declared, accepted or not
    double_riichi: bool = False
    ippatsu: bool = False
    pao: int | None = None

    @property
    def size(self) -> int:
        """Tiles held, a kan counted as three: 13 between turns, 14 on one's turn."""
        return self.concealed + 3 * len(self.melds)

    @property
    def closed(self) -> bool:
        return all(m.kind == "ankan" for m in self.melds)


class HandReplay:
    def __init__(self, record: HandRecord, players: int, aka: bool) -> None:
        self.record, self.players, self.aka = record, players, aka
        self.where = hand_name(record.round_index, record.honba)
        self.dealer = record.round_index % 4
        self.seats = [_Seat(Counter(tiles), len(tiles)) for tiles in record.starting_hands]
        self.live = LIVE_WALL[players]
        self.interrupted = False  # a call, kan or kita has been made: no more first-turn wins or double riichi
        self.kan_pending = False  # a kan or kita just made: ippatsu ends unless this very move is robbed
        self.replacement = False  # the last draw was a replacement after a kan or kita
        self.replacing = False  # a kan or kita was just made: the next draw is its replacement
        self.pending_riichi: int | None = None
        self.added: Tile | None = None  # the tile of the last added kan, which a chankan robs
        self.last: Event | None = None
        self.seen: Counter[int] = Counter()
        self.reds: Counter[Tile] = Counter()
        for seat, tiles in enumerate(record.starting_hands):
            for tile in tiles:
                self._count(tile, record.loc, f"seat {seat}'s starting hand")
        for tile in (*record.dora_indicators, *record.ura_indicators):
            self._count(tile, record.loc, "the dora indicators")

    def _fail(self, event: Event | None, msg: str) -> InvalidInput:
        return invalid(self.record.loc if event is None else event.loc, f"{self.where}: {msg}")

    def _count(self, tile: Tile, loc: tuple[str | int, ...], what: str) -> None:
        self.seen[kind(tile)] += 1
        if tile in RED_FIVES:
            self.reds[tile] += 1
            if not self.aka or self.reds[tile] > 1:
                allowed = "one red five of each suit" if self.aka else "no red fives (its rules have none)"
                raise invalid(loc, f"{self.where}: {what} holds another red {tile_name(tile)}; the game has {allowed}")
        if self.seen[kind(tile)] > 4:
            raise invalid(loc, f"{self.where}: {what} holds a fifth {tile_name(plain(tile))}")

    def play(self) -> None:
        for event in self.record.events:
            self._step(event)
            self.last = event

    def _step(self, event: Event) -> None:
        if self.pending_riichi is not None:  # the riichi discard was not won on: the riichi stands
            self.seats[self.pending_riichi].riichi = True
            self.pending_riichi = None
        if self.kan_pending:
            self._end_ippatsu()
            self.kan_pending = False
        match event:
            case Draw():
                self._draw(event)
            case Discard():
                self._discard(event)
            case Call():
                self._call(event)
            case SelfKan():
                self._self_kan(event)
            case Kita():
                self._kita(event)

    def _end_ippatsu(self) -> None:
        for seat in self.seats:
            seat.ippatsu = False

    def _draw(self, event: Draw) -> None:
        seat = self.seats[event.seat]
        if seat.size != 13:
            raise self._fail(event, f"seat {event.seat} draws out of turn (it holds {seat.size} tiles)")
        waiting = [i for i, other in enumerate(self.seats) if other.size != 13]
        if waiting:
            raise self._fail(event, f"seat {event.seat} draws before seat {waiting[0]} has discarded")
        if self.live == 0:
            raise self._fail(event, f"seat {event.seat} draws {tile_name(event.tile)} from an empty wall")
        self._count(event.tile, event.loc, f"seat {event.seat}'s draw")
        self.replacement, self.replacing = self.replacing, False
        self.live -= 1
        seat.draws += 1
        seat.hand[event.tile] += 1
        seat.concealed += 1

    def _take(self, event: Event, seat_index: int, tile: Tile, doing: str) -> None:
        seat = self.seats[seat_index]
        if seat.hand[tile] == 0:
            raise self._fail(event, f"seat {seat_index} {doing} {tile_name(tile)}, which it does not hold")
        seat.hand[tile] -= 1
        seat.concealed -= 1
        if not seat.hand[tile]:
            del seat.hand[tile]

    def _discard(self, event: Discard) -> None:
        seat = self.seats[event.seat]
        if seat.size != 14:
            raise self._fail(event, f"seat {event.seat} discards out of turn (it holds {seat.size} tiles)")
        self._take(event, event.seat, event.tile, "discards")
        if seat.riichi:
            seat.ippatsu = False
        if event.riichi:
            if seat.riichi or not seat.closed:
                reason = "already in riichi" if seat.riichi else "with an open hand"
                raise self._fail(event, f"seat {event.seat} declares riichi {reason}")
            seat.double_riichi = seat.discards == 0 and not self.interrupted
            seat.declared = True
            seat.ippatsu = True
            self.pending_riichi = event.seat
        seat.discards += 1
        seat.outer_discards_only &= is_terminal_or_honor(event.tile)

    def _call(self, event: Call) -> None:
        last = self.last
        if not isinstance(last, Discard) or last.seat != event.from_seat or last.tile != event.called:
            raise self._fail(event, f"seat {event.seat} calls {tile_name(event.called)} from seat {event.from_seat}, "
                                    "which is not the tile just discarded")
        if event.seat == event.from_seat:
            raise self._fail(event, f"seat {event.seat} calls its own discard")
        if event.kind == "chi" and (self.players == 3 or (event.from_seat + 1) % self.players != event.seat):
            raise self._fail(event, f"seat {event.seat} calls chi from seat {event.from_seat}; chi is only on the discard "
                                    "of the seat before, in a four-player game")
        if not _is_meld(event.kind, event.tiles):
            raise self._fail(event, f"seat {event.seat}'s {event.kind} of {_names(event.tiles)} is not a real {event.kind}")
        own = list(event.tiles)
        own.remove(event.called)
        for tile in own:
            self._take(event, event.seat, tile, f"calls {event.kind} with")
        seat = self.seats[event.seat]
        seat.melds.append(Meld(event.kind, event.tiles, event.from_seat, event.called))
        self.seats[event.from_seat].discard_called = True
        self.interrupted = True
        self._end_ippatsu()
        self.replacing = event.kind == "kan"
        if event.kind != "chi":
            self._liability(seat, event)

    def _liability(self, seat: _Seat, event: Call) -> None:
        """Pao: the call that completes a player's third dragon set or fourth wind set."""
        for group, needed in ((DRAGONS, 3), (WINDS, 4)):
            if plain(event.called) in group and sum(plain(m.tiles[0]) in group and m.kind != "chi" for m in seat.melds) == needed:
                seat.pao = event.from_seat

    def _self_kan(self, event: SelfKan) -> None:
        seat = self.seats[event.seat]
        if seat.size != 14:
            raise self._fail(event, f"seat {event.seat} declares a kan out of turn")
        if event.kind == "ankan":
            for tile in event.tiles:
                self._take(event, event.seat, tile, "declares a concealed kan with")
            seat.melds.append(Meld("ankan", event.tiles))
        else:
            self._added_kan(seat, event)
        self.interrupted = True
        self.kan_pending = True
        self.replacing = True

    def _added_kan(self, seat: _Seat, event: SelfKan) -> None:
        pons = [i for i, m in enumerate(seat.melds) if m.kind == "pon" and plain(m.tiles[0]) == plain(event.tiles[0])]
        if not pons:
            raise self._fail(event, f"seat {event.seat} adds {tile_name(plain(event.tiles[0]))} to a pon it has not made")
        pon = seat.melds[pons[0]]
        added = Counter(event.tiles) - Counter(pon.tiles)
        if sum(added.values()) != 1:
            raise self._fail(event, f"seat {event.seat}'s added kan {_names(event.tiles)} is not its pon and one tile")
        (tile,) = added
        self._take(event, event.seat, tile, "adds to its pon")
        self.added = tile
        seat.melds[pons[0]] = Meld("shouminkan", (*pon.tiles, tile), pon.from_seat, pon.called)

    def _kita(self, event: Kita) -> None:
        if self.players != 3:
            raise self._fail(event, "kita exists only in three-player games")
        self._take(event, event.seat, NORTH, "sets aside as kita")
        self.seats[event.seat].kita += 1
        self.interrupted = True  # Tenhou counts a kita as a call: it ends double riichi and chiihou for all,
        self.kan_pending = True  # and, as a kan does, ippatsu once it stands: a ron on the kita itself keeps it
        self.replacing = True

    # The end of the hand.

    def outcome(self) -> HandOutcome:
        ending = self.record.ending
        if self.pending_riichi is not None and ending.kind != "win" and ending.abortive != "sanchahou":
            self.seats[self.pending_riichi].riichi = True  # the last discard was a riichi, and nobody won on it
        wins = tuple(self._win(win) for win in ending.wins)
        riichi = tuple(i for i, seat in enumerate(self.seats) if seat.riichi)
        if ending.kind in ("draw", "nagashi") and self.live:
            raise self._fail(None, f"the hand ends in an exhaustive draw with {self.live} tiles left in the wall")
        exhausted = ending.kind in ("draw", "nagashi")
        tenpai_hands = tuple((tuple(seat.hand.elements()), tuple(seat.melds)) for seat in self.seats) if exhausted else ()
        nagashi = tuple(i for i, seat in enumerate(self.seats)
                        if exhausted and seat.discards and seat.outer_discards_only and not seat.discard_called)
        return HandOutcome(riichi, wins, tenpai_hands, nagashi,
                           declared=tuple(i for i, seat in enumerate(self.seats) if seat.declared),
                           opened=tuple(i for i, seat in enumerate(self.seats) if not seat.closed),
                           discards=tuple(seat.discards for seat in self.seats))

    def _win(self, win: RecordedWin) -> WinHand:
        if win.from_seat is None:
            return self._tsumo(win)
        return self._ron(win, win.from_seat)

    def _tsumo(self, win: RecordedWin) -> WinHand:
        last = self.last
        if not isinstance(last, Draw) or last.seat != win.winner:
            raise invalid(win.loc, f"{self.where}: the record has seat {win.winner} win by tsumo, but the last move is "
                                   f"{_move(last)}")
        seat = self.seats[win.winner]
        first = seat.draws == 1 and not self.interrupted
        dealer = win.winner == self.dealer
        return self._hand(win, tuple(seat.hand.elements()), last.tile, rinshan=self.replacement,
                          haitei=not self.replacement and self.live == 0, tenhou=first and dealer, chiihou=first and not dealer)

    def _ron(self, win: RecordedWin, from_seat: int) -> WinHand:
        last = self.last
        robbed = isinstance(last, SelfKan | Kita)
        if not isinstance(last, Discard | SelfKan | Kita) or last.seat != from_seat or last.seat == win.winner:
            raise invalid(win.loc, f"{self.where}: the record has seat {win.winner} win on seat {from_seat}'s tile, but the "
                                   f"last move is {_move(last)}")
        seat = self.seats[win.winner]
        if seat.size != 13:
            raise invalid(win.loc, f"{self.where}: seat {win.winner} wins by ron holding {seat.size} tiles")
        tile = self._won_tile(last)
        renhou = seat.draws == 0 and not self.interrupted and win.winner != self.dealer
        return self._hand(win, (*seat.hand.elements(), tile), tile, houtei=not robbed and self.live == 0,
                          chankan=isinstance(last, SelfKan) and last.kind == "shouminkan", renhou=renhou)

    def _won_tile(self, last: Discard | SelfKan | Kita) -> Tile:
        if isinstance(last, Discard | Kita):
            return last.tile
        return self.added if last.kind == "shouminkan" and self.added is not None else last.tiles[0]

    def _hand(self, win: RecordedWin, concealed: tuple[Tile, ...], tile: Tile, *, rinshan: bool = False,
              haitei: bool = False, houtei: bool = False, chankan: bool = False, tenhou: bool = False,
              chiihou: bool = False, renhou: bool = False) -> WinHand:
        seat = self.seats[win.winner]
        in_riichi = seat.riichi
        return WinHand(
            win.winner, win.from_seat, concealed, tuple(seat.melds), tile, seat.kita,
            seat_wind=(win.winner - self.dealer) % self.players, round_wind=self.record.round_index // 4 % 4,
            riichi=in_riichi and not seat.double_riichi, double_riichi=in_riichi and seat.double_riichi,
            ippatsu=in_riichi and seat.ippatsu, haitei=haitei, houtei=houtei, rinshan=rinshan, chankan=chankan,
            tenhou=tenhou, chiihou=chiihou, renhou=renhou, dora_indicators=self.record.dora_indicators,
            ura_indicators=self.record.ura_indicators if in_riichi else (), pao_seat=seat.pao,
        )


def replay_hand(record: HandRecord, players: int, aka: bool) -> HandOutcome:
    replay = HandReplay(record, players, aka)
    replay.play()
    return replay.outcome()


def _is_meld(meld_kind: str, tiles: tuple[Tile, ...]) -> bool:
    kinds = sorted(kind(t) for t in tiles)
    if meld_kind == "chi":
        return kinds[2] < 27 and kinds[0] // 9 == kinds[2] // 9 and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]
    return len(set(kinds)) == 1 and len(kinds) == (4 if meld_kind == "kan" else 3)


def _names(tiles: tuple[Tile, ...]) -> str:
    return " ".join(tile_name(t) for t in tiles)


def _move(event: Event | None) -> str:
    match event:
        case None:
            return "none"
        case Draw():
            return f"seat {event.seat} drawing {tile_name(event.tile)}"
        case Discard():
            return f"seat {event.seat} discarding {tile_name(event.tile)}"
        case Call():
            return f"seat {event.seat}'s {event.kind}"
        case SelfKan():
            return f"seat {event.seat}'s kan"
    return f"seat {event.seat}'s kita"
