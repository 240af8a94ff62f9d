"""Settle a hand onto the scoreboard: every payment, the scores and sticks after it, the end check and the
next hand's scoreboard. Nothing is applied unless the whole hand is sound."""

from collections.abc import Iterator
from dataclasses import replace
from typing import Final

from app.errors import InvalidInput, Problem
from app.match.consistency import state_problems
from app.match.endcheck import check_match_end
from app.match.hand import (
    HanFu,
    Outcome,
    PlayedHand,
    ScoredWin,
    Settlement,
    Tiles,
    Transfer,
    TransferKind,
    Win,
    YakumanValue,
)
from app.match.model import HandResult, LastHand, MatchState, NextRound, Scores
from app.match.rules import Chombo, MatchRules, MultiRonHonba
from app.match.seats import seat_of, turn_order_from, wind_of
from app.match.settle_checks import RIICHI_DEPOSIT, hand_problems, match_over_problems
from app.match.win_context import counter_problems, riichi_flags, seat_winds, seating_problems
from app.match.win_value import HandRules, Seating, WinValue, nagashi_value, value_of_han, value_of_tiles

MANGAN_FROM_DEALER: Final = 4000
MANGAN_FROM_OTHERS: Final = 2000
YAKUMAN_HAN: Final = 13


class UnvaluedWin(InvalidInput):
    """A win whose value cannot be worked out from what was sent (its tiles make no win under the rules, or their
    context disagrees with the scoreboard): `index`, its place in hand.wins, beside the problems, each placed under
    that win. Nothing of the hand is settled."""

    def __init__(self, index: int, problems: list[Problem]) -> None:
        super().__init__(problems)
        self.index = index


def settle_hand(state: MatchState, hand: PlayedHand, rules: MatchRules) -> Settlement:
    _raise_if_any(state_problems(state, rules), match_over_problems(state, rules))
    _raise_if_any(hand_problems(state, hand, rules, rules.hand))
    transfers, wins = _transfers(state, hand, rules)
    deltas = tuple(sum(t.points for t in transfers if t.to_seat == seat) -
                   sum(t.points for t in transfers if t.from_seat == seat) for seat in range(state.players))
    after = replace(
        state,
        scores=tuple(score + delta for score, delta in zip(state.scores, deltas, strict=True)),
        riichi_sticks=_sticks_after(state, hand),
        penalties=_penalties_after(state, hand, rules),
    )
    check = check_match_end(after, _last_hand(state, hand), rules)
    next_state = None if check.next_round is None else _next_state(after, check.next_round)
    return Settlement(deltas, transfers, wins, after.scores, after.riichi_sticks, after.penalties, check, next_state)


def _raise_if_any(*problems: Iterator[Problem]) -> None:
    found = [problem for group in problems for problem in group]
    if found:
        raise InvalidInput(found)


def _transfers(state: MatchState, hand: PlayedHand,
               rules: MatchRules) -> tuple[tuple[Transfer, ...], tuple[ScoredWin, ...]]:
    if hand.result is Outcome.CHOMBO:
        return _chombo(state, hand, rules), ()
    deposits = [Transfer(seat, None, RIICHI_DEPOSIT, TransferKind.RIICHI_DEPOSIT) for seat in hand.riichi]
    match hand.result:
        case Outcome.RON | Outcome.TSUMO:
            paid, wins = _wins(state, hand, rules)
            return (*deposits, *paid), wins
        case Outcome.DRAW if hand.nagashi:
            return (*deposits, *_nagashi(state, hand, rules.hand)), ()
        case Outcome.DRAW:
            return (*deposits, *_tenpai_payments(state, hand, rules)), ()
    return tuple(deposits), ()


def _wins(state: MatchState, hand: PlayedHand, rules: MatchRules) -> tuple[list[Transfer], tuple[ScoredWin, ...]]:
    """Each win in turn order from the discarder; honba per multi_ron_honba, the sticks to the first winner."""
    order = _winners_in_turn_order(state, hand)
    by_winner = {win.winner: win for win in hand.wins}
    sticks = state.riichi_sticks + len(hand.riichi)
    transfers: list[Transfer] = []
    scored = []
    for place, winner in enumerate(order):
        first = place == 0
        honba = state.honba if first or rules.multi_ron_honba is MultiRonHonba.EACH_WINNER else 0
        value = _value(state, hand, by_winner[winner], honba, sticks if first else 0, rules.hand)
        paid = _paid(state, winner, value)
        if first and sticks:
            paid.append(Transfer(None, winner, sticks * RIICHI_DEPOSIT, TransferKind.RIICHI_STICKS))
        transfers += paid
        scored.append(_scored(winner, value, by_winner[winner], paid))
    return transfers, tuple(scored)


def _winners_in_turn_order(state: MatchState, hand: PlayedHand) -> list[int]:
    """The winners, first the nearest in turn order after the discarder (a tsumo has one)."""
    discarder = hand.wins[0].from_seat
    return turn_order_from(state.dealer if discarder is None else discarder, [win.winner for win in hand.wins],
                           state.players)


def _value(state: MatchState, hand: PlayedHand, win: Win, honba: int, sticks: int, rules: HandRules) -> WinValue:
    index = hand.wins.index(win)
    loc = ("hand", "wins", index)
    seats = {"seat_wind": win.winner, "discarder_seat_wind": win.from_seat, "pao_seat_wind": win.pao_seat}
    winds = seat_winds(state, seats)
    seating = Seating("ron" if hand.result is Outcome.RON else "tsumo", wind_of(win.winner, state),
                      state.round_wind, winds["discarder_seat_wind"], winds["pao_seat_wind"], honba, sticks)
    (given,) = win.values
    try:
        return _scored_value(state, hand, win, given, seating, seats, rules, loc)
    except InvalidInput as exc:
        raise UnvaluedWin(index, [_within(problem, loc) for problem in exc.problems]) from None


def _within(problem: Problem, loc: tuple[str | int, ...]) -> Problem:
    """A problem the scoring core found, placed under the win it belongs to (ours are placed already)."""
    if problem.loc[: len(loc)] == loc:
        return problem
    return Problem(problem.type, (*loc, *problem.loc), problem.msg)


def _scored_value(state: MatchState, hand: PlayedHand, win: Win, given: HanFu | YakumanValue | Tiles, seating: Seating,
                  seats: dict[str, int | None], rules: HandRules, loc: tuple[str | int, ...]) -> WinValue:
    match given:
        case HanFu(han, fu):
            return value_of_han(han, fu, 0, 0, seating, rules)
        case YakumanValue(count):
            pao = 0 if win.pao_seat is None else win.pao_yakuman or count
            return value_of_han(0, None, count, pao, seating, rules)
    sent = dict(given.context)
    _raise_if_any(seating_problems(sent, seating, seats, state, loc),
                  counter_problems(sent, state.honba, state.riichi_sticks + len(hand.riichi), loc))
    sent.update(riichi_flags(sent, win.winner in hand.riichi, win.winner, loc))
    return value_of_tiles(given.hand, sent, seating, rules)


def _paid(state: MatchState, winner: int, value: WinValue) -> list[Transfer]:
    paid = [Transfer(seat_of(p.payer, state), winner, p.points, TransferKind.PAO if p.liable else TransferKind.WIN)
            for p in value.payments]
    return paid + [Transfer(seat_of(p.payer, state), winner, p.points, TransferKind.HONBA) for p in value.honba]


def _scored(winner: int, value: WinValue, win: Win, paid: list[Transfer]) -> ScoredWin:
    (given,) = win.values
    han = YAKUMAN_HAN * given.count if isinstance(given, YakumanValue) else value.han
    return ScoredWin(
        winner, han, value.fu, value.limit, value.points,
        honba_bonus=sum(t.points for t in paid if t.kind is TransferKind.HONBA),
        riichi_sticks_bonus=sum(t.points for t in paid if t.kind is TransferKind.RIICHI_STICKS),
        score=value.score,
    )


def _nagashi(state: MatchState, hand: PlayedHand, rules: HandRules) -> Iterator[Transfer]:
    for seat in sorted(hand.nagashi):
        for payment in nagashi_value(wind_of(seat, state), rules).payments:
            yield Transfer(seat_of(payment.payer, state), seat, payment.points, TransferKind.NAGASHI_MANGAN)


def _tenpai_payments(state: MatchState, hand: PlayedHand, rules: MatchRules) -> Iterator[Transfer]:
    """Each noten seat pays each tenpai seat an equal share of noten_payment (none when all or none are tenpai)."""
    tenpai = sorted(hand.tenpai)
    noten = [seat for seat in range(state.players) if seat not in tenpai]
    if not tenpai or not noten or not rules.noten_payment:
        return
    share = rules.noten_payment // (len(tenpai) * len(noten))
    for payer in noten:
        for receiver in tenpai:
            yield Transfer(payer, receiver, share, TransferKind.TENPAI_PAYMENT)


def _chombo(state: MatchState, hand: PlayedHand, rules: MatchRules) -> tuple[Transfer, ...]:
    """A mangan paid as if the offender had lost a tsumo; nothing now where chombo is a penalty."""
    offender = hand.chombo
    assert offender is not None
    if rules.chombo is Chombo.PENALTY:
        return ()
    dealer = state.dealer
    return tuple(
        Transfer(offender, seat, MANGAN_FROM_DEALER if dealer in (seat, offender) else MANGAN_FROM_OTHERS,
                 TransferKind.CHOMBO)
        for seat in range(state.players) if seat != offender
    )


def _sticks_after(state: MatchState, hand: PlayedHand) -> int:
    """0 after a win; the hand's deposits join the table at a draw; after a chombo they are returned."""
    match hand.result:
        case Outcome.RON | Outcome.TSUMO:
            return 0
        case Outcome.CHOMBO:
            return state.riichi_sticks
    return state.riichi_sticks + len(hand.riichi)


def _penalties_after(state: MatchState, hand: PlayedHand, rules: MatchRules) -> Scores:
    penalties = state.penalty_points
    if hand.result is not Outcome.CHOMBO or rules.chombo is not Chombo.PENALTY:
        return penalties
    return tuple(p + (rules.chombo_penalty if seat == hand.chombo else 0) for seat, p in enumerate(penalties))


def _last_hand(state: MatchState, hand: PlayedHand) -> LastHand:
    """The hand as /match/end-check takes it."""
    match hand.result:
        case Outcome.RON | Outcome.TSUMO:
            winners = tuple(_winners_in_turn_order(state, hand))
            return LastHand(HandResult.WIN, winners=winners, dealer_ends=hand.dealer_ends)
        case Outcome.DRAW:
            return LastHand(HandResult.DRAW, dealer_tenpai=state.dealer in hand.tenpai, dealer_ends=hand.dealer_ends,
                            nagashi_winners=tuple(sorted(hand.nagashi)))
        case Outcome.ABORTIVE_DRAW:
            return LastHand(HandResult.ABORTIVE_DRAW)
    return LastHand(HandResult.CHOMBO)


def _next_state(after: MatchState, next_round: NextRound) -> MatchState:
    return replace(after, round_wind=next_round.round_wind, round_number=next_round.round_number,
                   dealer_seat=next_round.dealer_seat, honba=next_round.honba, riichi_sticks=next_round.riichi_sticks,
                   lap=next_round.lap)
