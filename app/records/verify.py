"""A whole game record verified: every hand replayed, every win scored and every hand settled by the service's
own core (as /hand/score and /match/settle do), and each difference from what the record says named at its hand
and seat."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from app.errors import InvalidInput, Problem
from app.match.hand import HanFu, Outcome, PlayedHand, ScoredWin, Settlement, Tiles, Win, YakumanValue
from app.match.model import MatchState, Standing
from app.match.rules import AbortiveDraw, MatchRules
from app.match.settle import UnvaluedWin, settle_hand
from app.records.adapter import Context, core_win, full_context, is_tenpai
from app.records.model import GameRecord, HandRecord, RecordedWin
from app.records.names import MJAI_GRAIN
from app.records.replay import HandOutcome, WinHand, replay_hand
from app.records.rounds import hand_name, round_of
from app.scoring import HandInput, TypedHand
from app.scoring.result import ScoreResult
from app.scoring.typed import notation
from app.scoring.vocabulary import Wind

RIICHI_DEPOSIT = 1000
KITA_AS = "dora"  # Tenhou counts each kita as a dora; the converters may list it apart
RESULTS = {"draw": Outcome.DRAW, "nagashi": Outcome.DRAW, "abortive": Outcome.ABORTIVE_DRAW}


@dataclass(frozen=True, slots=True)
class RecordedYaku:
    id: str
    han: int


# What a mismatch compares: points or han or fu, a problem's type or an end ("over"), the yaku, or nothing.
MismatchValue = int | str | tuple[RecordedYaku, ...] | None


@dataclass(frozen=True, slots=True)
class Mismatch:
    hand: int | None
    seat: int | None
    field: str
    recorded: MismatchValue
    computed: MismatchValue
    msg: str


@dataclass(frozen=True, slots=True)
class RecordedValue:
    """A win's value as the record states it."""

    han: int | None
    fu: int | None
    points: int | None
    yaku: tuple[RecordedYaku, ...]
    yakuman: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VerifiedWin:
    winner: int
    from_seat: int | None
    pao_seat: int | None
    hand: HandInput
    context: Context
    recorded: RecordedValue
    score: ScoreResult | None


@dataclass(frozen=True, slots=True)
class VerifiedHand:
    index: int
    round_wind: Wind
    round_number: int
    honba: int
    riichi_sticks: int
    scores: tuple[int, ...]
    result: Outcome
    riichi: tuple[int, ...]
    tenpai: tuple[int, ...] | None
    nagashi: tuple[int, ...] | None
    abortive: AbortiveDraw | None
    wins: tuple[VerifiedWin, ...]
    recorded_deltas: tuple[int, ...]
    deltas: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class FinalScores:
    recorded: tuple[int, ...] | None
    computed: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class GameReplay:
    """The game as the match core replays it (POST /match/replay): the rules chosen, the scoreboard before the first
    hand, and each hand as played, each win by its tiles and the context facts the replay found."""

    rules: dict[str, object]
    state: MatchState
    hands: tuple[PlayedHand, ...]


@dataclass(frozen=True, slots=True)
class Verification:
    format: str
    players: int
    rules: dict[str, object]  # the preset and options chosen, as resolve_match_rules takes them
    verified: bool
    mismatches: tuple[Mismatch, ...]
    hands: tuple[VerifiedHand, ...]
    final_scores: FinalScores
    game_over: bool
    standings: tuple[Standing, ...]
    replay: GameReplay


@dataclass(frozen=True, slots=True)
class HandPlay:
    """What one hand's replay found and its settlement paid, for figures built on the same replay
    (app/records/stats.py)."""

    outcome: HandOutcome
    settlement: Settlement | None


def verify_game(record: GameRecord, rules: MatchRules, options: dict[str, object],
                played: list[HandPlay] | None = None) -> Verification:
    """The game verified; with `played`, each hand's replay and settlement appended to it too."""
    mismatches: list[Mismatch] = []
    hands: list[VerifiedHand] = []
    replay_hands: list[PlayedHand] = []
    last: Settlement | None = None
    for index, hand in enumerate(record.hands):
        checker = _HandCheck(index, hand, record, rules, mismatches)
        verified, played_hand, settled = checker.run()
        hands.append(verified)
        replay_hands.append(played_hand)
        if played is not None and checker.outcome is not None:
            played.append(HandPlay(checker.outcome, settled))
        _check_scores(index, record, hands, mismatches)
        _check_scores_after(index, hand, verified, mismatches)
        if settled is not None:
            _check_game_end(index, len(record.hands), settled, hand, record.final_scores is not None, mismatches)
            last = settled
    final = _final(record, last, mismatches)
    return Verification(
        record.format, record.rules.players, options, not mismatches, tuple(mismatches), tuple(hands), final,
        last is not None and last.end_check.game_over, () if last is None else last.end_check.standings,
        GameReplay(options, _state_before(record.hands[0]), tuple(replay_hands)),
    )


def _state_before(hand: HandRecord) -> MatchState:
    """The scoreboard the hand began with, as the record states it."""
    return MatchState(*round_of(hand.round_index), hand.honba, hand.riichi_sticks, hand.scores)


class _HandCheck:
    def __init__(self, index: int, hand: HandRecord, record: GameRecord, rules: MatchRules,
                 mismatches: list[Mismatch]) -> None:
        self.index, self.hand, self.record, self.rules, self.mismatches = index, hand, record, rules, mismatches
        self.players = record.rules.players
        self.where = hand_name(hand.round_index, hand.honba)
        self.state = _state_before(hand)
        self.outcome: HandOutcome | None = None

    def flag(self, seat: int | None, field: str, recorded: MismatchValue, computed: MismatchValue, msg: str) -> None:
        self.mismatches.append(Mismatch(self.index, seat, field, recorded, computed, f"{self.where}: {msg}"))

    def run(self) -> tuple[VerifiedHand, PlayedHand, Settlement | None]:
        """The hand verified, as played (each win by its tiles), and its settlement (None where it has none)."""
        outcome = self.outcome = replay_hand(self.hand, self.players, self.record.rules.aka)
        ending = self.hand.ending
        core = [core_win(win, self.rules.hand) for win in outcome.wins]
        played = self._played(outcome, core)
        settled = self._settle(played)
        recorded_deltas = ending.deltas or (0,) * self.players
        deltas = None if settled is None else settled.deltas
        if deltas is not None and ending.deltas is not None:  # a record that states no score changes is not compared
            self._check_deltas(recorded_deltas, deltas, outcome.riichi)
        scored = {} if settled is None else {win.winner: win for win in settled.wins}
        wins = tuple(self._win(win, recorded, core_pair, scored.get(win.winner), outcome)
                     for win, recorded, core_pair in zip(outcome.wins, ending.wins, core, strict=True))
        verified = VerifiedHand(
            self.index, self.state.round_wind, self.state.round_number, self.hand.honba, self.hand.riichi_sticks,
            self.hand.scores, played.result, outcome.riichi,
            played.tenpai if played.result is Outcome.DRAW else None,
            played.nagashi if played.result is Outcome.DRAW else None,
            played.abortive, wins, recorded_deltas, deltas)
        return verified, played, settled

    def _played(self, outcome: HandOutcome, core: list[tuple[TypedHand, Context]]) -> PlayedHand:
        ending = self.hand.ending
        if ending.kind == "win":
            wins = tuple(Win(win.winner, (Tiles(hand, tuple(context.items())),), win.from_seat, win.pao_seat)
                         for win, (hand, context) in zip(outcome.wins, core, strict=True))
            result = Outcome.TSUMO if outcome.wins[0].from_seat is None else Outcome.RON
            return PlayedHand(result, outcome.riichi, wins)
        if ending.kind == "abortive":
            return PlayedHand(Outcome.ABORTIVE_DRAW, outcome.riichi, abortive=AbortiveDraw(ending.abortive or ""))
        tenpai = tuple(seat for seat, (tiles, melds) in enumerate(outcome.tenpai_hands)
                       if is_tenpai(tiles, melds, self.rules.hand))
        nagashi = outcome.nagashi if self.rules.hand.nagashi_mangan else ()
        return PlayedHand(Outcome.DRAW, outcome.riichi, tenpai=tenpai, nagashi=nagashi)

    def _settle(self, played: PlayedHand) -> Settlement | None:
        """The hand settled; a win the tiles do not make is flagged and settled at the record's value instead."""
        try:
            return settle_hand(self.state, played, self.rules)
        except UnvaluedWin as exc:
            return self._at_recorded_value(played, exc)
        except InvalidInput as exc:
            self._cannot_settle(exc.problems)
            return None

    def _at_recorded_value(self, played: PlayedHand, unvalued: UnvaluedWin) -> Settlement | None:
        """The hand settled with the win the core could not value flagged and given the record's value (none where
        the record states none)."""
        win = played.wins[unvalued.index]
        self.flag(win.winner, "win", "a win", unvalued.problems[0].type,
                  f"seat {win.winner}'s win: {'; '.join(p.msg for p in unvalued.problems)}")
        value = _recorded_value(next(w for w in self.hand.ending.wins if w.winner == win.winner))
        if value is None:
            return None
        wins = tuple(replace(w, values=(value,)) if place == unvalued.index else w for place, w in enumerate(played.wins))
        try:
            return settle_hand(self.state, replace(played, wins=wins), self.rules)
        except InvalidInput as exc:
            self._cannot_settle(exc.problems)
            return None

    def _cannot_settle(self, problems: list[Problem]) -> None:
        msg = "; ".join(p.msg for p in problems)
        self.flag(None, "settle", None, None, f"the hand cannot be settled under these rules: {msg}")

    def _check_deltas(self, recorded: tuple[int, ...], deltas: tuple[int, ...], riichi: tuple[int, ...]) -> None:
        for seat, (said, change) in enumerate(zip(recorded, deltas, strict=True)):
            computed = change + (RIICHI_DEPOSIT if seat in riichi else 0)  # the record leaves the deposit out
            if said != computed:
                self.flag(seat, "deltas", said, computed,
                          f"seat {seat}'s score change is {said} in the record but {computed} here (riichi deposit aside)")

    def _win(self, win: WinHand, recorded: RecordedWin, core_pair: tuple[TypedHand, Context], scored: ScoredWin | None,
             outcome: HandOutcome) -> VerifiedWin:
        hand, sent = core_pair
        score = None if scored is None else scored.score
        if scored is not None and score is not None:
            self._compare(win.winner, recorded, scored, score)
        honba = self.hand.honba if scored is None or scored.honba_bonus else 0
        sticks = 0 if scored is None else scored.riichi_sticks_bonus // RIICHI_DEPOSIT
        context = full_context(win, sent, win.winner in outcome.riichi, honba, sticks, self.state.dealer, self.players)
        return VerifiedWin(win.winner, win.from_seat, win.pao_seat, notation(hand), context, _stated(recorded),
                           score)

    def _compare(self, seat: int, recorded: RecordedWin, scored: ScoredWin, score: ScoreResult) -> None:
        grain = MJAI_GRAIN if self.record.format == "mjai" else {}
        said, ours = _yaku_list(recorded, grain), _computed_yaku(score, grain)
        stated = bool(recorded.yaku or recorded.yakuman)  # a record that names no yaku (mjai's deltas only) is not compared
        if stated and Counter(said) != Counter(ours):
            self.flag(seat, "yaku", _as_yaku(said), _as_yaku(ours),
                      f"seat {seat}'s yaku are {_yaku_text(said)} in the record but {_yaku_text(ours)} here")
        if recorded.han is not None and recorded.han != scored.han:
            self.flag(seat, "han", recorded.han, scored.han, f"seat {seat}'s win is {recorded.han} han in the record but "
                                                              f"{scored.han} here")
        if recorded.fu is not None and score.limit == "none" and recorded.fu != scored.fu:
            self.flag(seat, "fu", recorded.fu, scored.fu, f"seat {seat}'s win is {recorded.fu} fu in the record but "
                                                          f"{scored.fu} here")
        if recorded.points is not None and recorded.points != scored.points:
            self.flag(seat, "points", recorded.points, scored.points,
                      f"seat {seat}'s win is worth {recorded.points} in the record but {scored.points} here "
                      "(honba and sticks aside)")


def _recorded_value(recorded: RecordedWin) -> HanFu | YakumanValue | None:
    if recorded.yakuman:
        return YakumanValue(len(recorded.yakuman))
    if recorded.han:
        return HanFu(recorded.han, recorded.fu)
    return None


def _yaku_list(recorded: RecordedWin, grain: dict[str, str]) -> list[tuple[str, int]]:
    entries = [(name, han) for name, han in recorded.yaku if han]
    return _merged(entries + [(name, 13) for name in recorded.yakuman], grain)


def _computed_yaku(score: ScoreResult, grain: dict[str, str]) -> list[tuple[str, int]]:
    entries = [(y.id, y.han) for y in score.yaku if y.han]
    return _merged(entries + [(y.id, 13 * y.multiplier) for y in score.yakuman], grain)


def _merged(entries: list[tuple[str, int]], grain: dict[str, str]) -> list[tuple[str, int]]:
    """Entries of one id added up (dora and kita counted as one dora entry; ids the record cannot tell apart as the
    one name it gives them: `grain`), sorted."""
    total: Counter[str] = Counter()
    for name, han in entries:
        total[KITA_AS if name == "kita" else grain.get(name, name)] += han
    return sorted(total.items())


def _as_yaku(entries: Iterable[tuple[str, int]]) -> tuple[RecordedYaku, ...]:
    return tuple(RecordedYaku(name, han) for name, han in entries)


def _yaku_text(entries: list[tuple[str, int]]) -> str:
    return ", ".join(f"{name} {han}" for name, han in entries) or "none"


def _stated(recorded: RecordedWin) -> RecordedValue:
    return RecordedValue(recorded.han, recorded.fu, recorded.points,
                         _as_yaku(recorded.yaku), recorded.yakuman)


def _check_scores(index: int, record: GameRecord, hands: list[VerifiedHand], mismatches: list[Mismatch]) -> None:
    """Each hand's starting scores are the hand before's plus its computed changes."""
    if index == 0 or hands[index - 1].deltas is None:
        return
    before = hands[index - 1]
    hand = record.hands[index]
    expected = tuple(s + d for s, d in zip(before.scores, before.deltas or (), strict=True))
    where = hand_name(hand.round_index, hand.honba)
    for seat, (said, ours) in enumerate(zip(hand.scores, expected, strict=True)):
        if said != ours:
            mismatches.append(Mismatch(index, seat, "scores", said, ours,
                                       f"{where}: seat {seat} starts with {said} in the record, but the hand before leaves "
                                       f"it {ours}"))


def _check_scores_after(index: int, hand: HandRecord, verified: VerifiedHand, mismatches: list[Mismatch]) -> None:
    """The scores a record states after a hand (mjai's hora and ryukyoku, Mahjong Soul's RecordHule) are its starting
    scores plus its computed changes."""
    if hand.scores_after is None or verified.deltas is None:
        return
    where = hand_name(hand.round_index, hand.honba)
    for seat, (said, start, change) in enumerate(zip(hand.scores_after, hand.scores, verified.deltas, strict=True)):
        if said != start + change:
            mismatches.append(Mismatch(index, seat, "scores", said, start + change,
                                       f"{where}: seat {seat} ends the hand with {said} in the record, but {start + change} "
                                       "here"))


def _check_game_end(index: int, count: int, settled: Settlement, hand: HandRecord, whole_game: bool,
                    mismatches: list[Mismatch]) -> None:
    """The match ends where the record ends (a record without final scores may be an excerpt: only a match over
    too early is flagged)."""
    over = settled.end_check.game_over
    last = index == count - 1
    if over == last or (last and not whole_game):
        return
    where = hand_name(hand.round_index, hand.honba)
    reason = settled.end_check.reason.value
    msg = (f"{where}: the match is over after this hand under these rules ({reason}), but the record plays on" if over
           else f"{where}: the record ends with this hand, but under these rules the match goes on ({reason})")
    mismatches.append(Mismatch(index, None, "game_end", "over" if last else "goes on", "over" if over else "goes on", msg))


def _final(record: GameRecord, last: Settlement | None, mismatches: list[Mismatch]) -> FinalScores:
    computed = None
    if last is not None:
        by_seat = {standing.seat: standing.points for standing in last.end_check.standings}
        computed = tuple(by_seat[seat] for seat in range(record.rules.players))
    said = record.final_scores
    if said is not None and computed is not None:
        for seat, (a, b) in enumerate(zip(said, computed, strict=True)):
            if a != b:
                mismatches.append(Mismatch(None, seat, "final_scores", a, b,
                                           f"seat {seat} ends with {a} in the record but {b} here"))
    return FinalScores(said, computed)
