"""Players' statistics over game records, counted from the replay that verifies them (each hand's HandOutcome and
its settlement's payments), never from a second reading of a record format: a format the replay reads is counted.

Each figure is a count of a denominator, defined as amae-koromo and Tenhou define it (docs/stats.md):

- win: hands won (a double ron: each winner wins), of hands; tsumo: wins by self-draw, of wins;
- deal_in: hands in which the seat's discard, kita or robbed kan was won on (once per hand, a double ron too; a pao
  seat that did not discard has not dealt in), of hands;
- riichi: hands with a riichi declared (the declaration tile dealt into included); call: hands with a chi, pon or
  open kan; dama: wins with neither, of wins;
- draw: exhaustive draws (nagashi mangan included, abortive draws not), of hands; tenpai_at_draw: those the seat
  was tenpai at as Tenhou judges it (a wait only on tiles it holds all four of is not tenpai), of draws;
- average_win / average_deal_in: the points a win took / a deal-in paid (value and honba, no riichi deposits),
  average_win_turn: discards before the win plus one; placements from the final scores, ties to the seat nearer
  the first dealer.

`game_figures` counts one game (picklable, for a process pool); `stats_of` adds games up by player.
"""

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from app.match.hand import Outcome, Settlement, TransferKind
from app.match.rules import MatchRules
from app.records.model import GameRecord
from app.records.verify import HandPlay, Verification, VerifiedHand, verify_game

PAID_FOR_A_WIN = frozenset((TransferKind.WIN, TransferKind.PAO, TransferKind.HONBA))  # not riichi deposits or sticks
MEAN_DIGITS = 2


@dataclass(frozen=True, slots=True)
class Rate:
    count: int
    of: int


@dataclass(slots=True)
class Tally:
    """One player's counts, over one game or added up over many."""

    games: int = 0
    hands: int = 0
    placements: list[int] = field(default_factory=list)  # games finished 1st, 2nd, ...
    wins: int = 0
    tsumo: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    dama: int = 0
    draws: int = 0
    tenpai_at_draw: int = 0
    win_points: int = 0  # over the wins whose payments are known (a hand the rules cannot settle has none)
    valued_wins: int = 0
    deal_in_points: int = 0
    valued_deal_ins: int = 0
    win_turns: int = 0

    def add(self, other: "Tally") -> None:
        for name in _COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.placements = [a + b for a, b in zip(self.placements or [0] * len(other.placements), other.placements,
                                                   strict=True)]


_COUNTS = tuple(f.name for f in dataclasses.fields(Tally) if f.name != "placements")


@dataclass(frozen=True, slots=True)
class GameFigures:
    """One game counted: each seat's player name and counts."""

    players: int
    hands: int
    verified: bool
    seats: tuple[tuple[str, Tally], ...]


@dataclass(frozen=True, slots=True)
class PlayerStats:
    name: str
    seats: int
    games: int
    hands: int
    placements: tuple[int, ...]
    average_placement: float | None
    win: Rate
    tsumo: Rate
    deal_in: Rate
    riichi: Rate
    call: Rate
    dama: Rate
    draw: Rate
    tenpai_at_draw: Rate
    average_win: float | None
    average_deal_in: float | None
    average_win_turn: float | None


@dataclass(frozen=True, slots=True)
class RecordStats:
    games: int
    hands: int
    unverified: tuple[int, ...]
    players: tuple[PlayerStats, ...]


def game_figures(game: GameRecord, rules: MatchRules, options: dict[str, object]) -> GameFigures:
    """The game verified as POST /records/verify verifies it, and each seat's counts from that replay."""
    played: list[HandPlay] = []
    verification = verify_game(game, rules, options, played)
    players = game.rules.players
    tallies = [Tally(games=1, placements=[0] * players) for _ in range(players)]
    for hand, play in zip(verification.hands, played, strict=True):
        _count_hand(tallies, hand, play)
    for place, seat in enumerate(placement_order(final_scores(verification))):
        tallies[seat].placements[place] += 1
    names = seat_names(game.names, players)
    return GameFigures(players, len(game.hands), verification.verified, tuple(zip(names, tallies, strict=True)))


def _count_hand(tallies: list[Tally], hand: VerifiedHand, play: HandPlay) -> None:
    outcome, settlement = play.outcome, play.settlement
    for tally in tallies:
        tally.hands += 1
    for seat in outcome.declared:
        tallies[seat].riichi += 1
    for seat in outcome.opened:
        tallies[seat].calls += 1
    for win in outcome.wins:
        tally = tallies[win.winner]
        tally.wins += 1
        tally.tsumo += win.from_seat is None
        tally.dama += win.winner not in outcome.declared and win.winner not in outcome.opened
        tally.win_turns += outcome.discards[win.winner] + 1
        if settlement is not None:
            tally.win_points += _paid(settlement, to_seat=win.winner)
            tally.valued_wins += 1
    for seat in sorted({win.from_seat for win in outcome.wins if win.from_seat is not None}):
        tallies[seat].deal_ins += 1
        if settlement is not None:
            tallies[seat].deal_in_points += _paid(settlement, from_seat=seat)
            tallies[seat].valued_deal_ins += 1
    if hand.result is Outcome.DRAW:
        for seat, tally in enumerate(tallies):
            tally.draws += 1
            tally.tenpai_at_draw += seat in (hand.tenpai or ())


def _paid(settlement: Settlement, *, to_seat: int | None = None, from_seat: int | None = None) -> int:
    """What the hand's wins moved to a winner, or from a payer: values and honba, no riichi deposits or sticks."""
    return sum(t.points for t in settlement.payments if t.kind in PAID_FOR_A_WIN
               and (to_seat is None or t.to_seat == to_seat) and (from_seat is None or t.from_seat == from_seat))


def final_scores(verification: Verification) -> tuple[int, ...]:
    """The record's final scores; where it has none, the service's (leftover sticks given out as the rules say);
    where the last hand could not be settled either, the scores the last hand started with (none without a hand)."""
    final = verification.final_scores
    return final.recorded or final.computed or (verification.hands[-1].scores if verification.hands else ())


def placement_order(scores: Sequence[int]) -> list[int]:
    """The seats from 1st to last: highest score first, a tie to the seat nearer the first dealer (seat 0, the dealer
    of East 1 in every record the readers produce), as Tenhou breaks it."""
    return sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))


def seat_names(names: Sequence[str], players: int) -> list[str]:
    """Each seat's player: its name; `NAME (seat N)` where two seats share the name, `seat N` where it has none."""
    given = [names[seat].strip() if seat < len(names) else "" for seat in range(players)]
    return [f"seat {seat}" if not name else f"{name} (seat {seat})" if given.count(name) > 1 else name
            for seat, name in enumerate(given)]


def stats_of(figures: Iterable[GameFigures]) -> RecordStats:
    """The games added up by player (a name with three- and four-player games has one entry for each), players in
    the order they first appear."""
    tallies: dict[tuple[str, int], Tally] = {}
    games = hands = 0
    unverified: list[int] = []
    for index, game in enumerate(figures):
        games += 1
        hands += game.hands
        if not game.verified:
            unverified.append(index)
        for name, tally in game.seats:
            tallies.setdefault((name, game.players), Tally()).add(tally)
    players = tuple(player_stats(name, seats, tally) for (name, seats), tally in tallies.items())
    return RecordStats(games, hands, tuple(unverified), players)


def player_stats(name: str, seats: int, tally: Tally) -> PlayerStats:
    placed = sum(tally.placements)
    return PlayerStats(
        name, seats, tally.games, tally.hands, tuple(tally.placements),
        _mean(sum(place * n for place, n in enumerate(tally.placements, 1)), placed),
        win=Rate(tally.wins, tally.hands), tsumo=Rate(tally.tsumo, tally.wins), deal_in=Rate(tally.deal_ins, tally.hands),
        riichi=Rate(tally.riichi, tally.hands), call=Rate(tally.calls, tally.hands), dama=Rate(tally.dama, tally.wins),
        draw=Rate(tally.draws, tally.hands), tenpai_at_draw=Rate(tally.tenpai_at_draw, tally.draws),
        average_win=_mean(tally.win_points, tally.valued_wins),
        average_deal_in=_mean(tally.deal_in_points, tally.valued_deal_ins),
        average_win_turn=_mean(tally.win_turns, tally.wins),
    )


def _mean(total: int, count: int) -> float | None:
    return round(total / count, MEAN_DIGITS) if count else None
