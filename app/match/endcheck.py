"""Whether a match is over after a hand and, if not, which hand comes next.

The checks run in the contract's order: tobi; whether the dealer keeps the seat; before all last the
match simply goes on; at all last or in enchousen, a dealer who keeps the seat may stop (agariyame,
tenpaiyame) or be overtaken by sudden death, and a dealer who loses it ends the match once the goal
is met (or enchousen runs out).
"""

from app.match.consistency import check_consistency
from app.match.model import ENDING_REASONS, EndCheck, HandResult, LastHand, MatchState, Reason, Scores
from app.match.rounds import Phase, following_round, is_last_enchousen_hand, phase_of, repeated_round
from app.match.rules import Agariyame, Enchousen, MatchRules, NagashiRenchan
from app.match.standings import final_standings, live_standings, ranks


def check_match_end(state: MatchState, hand: LastHand, rules: MatchRules) -> EndCheck:
    check_consistency(state, hand, rules)
    keeps_seat = dealer_keeps_seat(state.dealer, hand, rules)
    reason = judge(state, hand, rules, keeps_seat)
    if reason in ENDING_REASONS:
        standings = final_standings(state.scores, state.riichi_sticks, state.starting_dealer_seat, rules, state.penalties)
        return EndCheck(True, reason, None, standings)
    honba = next_honba(state.honba, hand, keeps_seat)
    next_round = repeated_round(state, honba) if keeps_seat else following_round(state, honba)
    return EndCheck(False, reason, next_round, live_standings(state.scores, state.starting_dealer_seat, rules))


def judge(state: MatchState, hand: LastHand, rules: MatchRules, keeps_seat: bool) -> Reason:
    if is_tobi(state.scores, rules):
        return Reason.TOBI
    phase = phase_of(state, rules)
    if phase is Phase.BEFORE_ALL_LAST:
        return Reason.DEALER_REPEAT if keeps_seat else Reason.DEALER_ROTATION
    if keeps_seat:
        return judge_dealer_repeat_at_the_end(state, hand, rules, phase)
    if phase is Phase.ALL_LAST:
        return Reason.ALL_LAST_COMPLETE if goal_met(state.scores, rules) else Reason.ENTER_ENCHOUSEN
    return judge_enchousen_rotation(state, hand, rules)


def is_tobi(scores: Scores, rules: MatchRules) -> bool:
    """The one judgement of tobi: the end check after a hand, and /match/settle (and so every replay) refusing a
    scoreboard on which the match is already over (settle_checks.match_over_problems) both ask it."""
    if not rules.tobi:
        return False
    lowest = min(scores)
    return lowest < 0 or (rules.tobi_at_zero and lowest == 0)


def dealer_keeps_seat(dealer: int, hand: LastHand, rules: MatchRules) -> bool:
    match hand.result:
        case HandResult.WIN:
            return dealer in hand.winners
        case HandResult.ABORTIVE_DRAW:
            return rules.abortive_draw_renchan
        case HandResult.CHOMBO:
            return True
        case HandResult.DRAW if hand.nagashi_winners and rules.nagashi_renchan is NagashiRenchan.DEALER_NAGASHI:
            return dealer in hand.nagashi_winners
        case HandResult.DRAW:
            return rules.tenpai_renchan and hand.dealer_tenpai


def dealer_won(dealer: int, hand: LastHand, rules: MatchRules) -> bool:
    """A win of the dealer's own; with nagashi_renchan dealer_nagashi their nagashi mangan counts too."""
    if hand.result is HandResult.WIN:
        return dealer in hand.winners
    return rules.nagashi_renchan is NagashiRenchan.DEALER_NAGASHI and dealer in hand.nagashi_winners


def judge_dealer_repeat_at_the_end(state: MatchState, hand: LastHand, rules: MatchRules, phase: Phase) -> Reason:
    if hand.result in (HandResult.ABORTIVE_DRAW, HandResult.CHOMBO):
        return Reason.DEALER_REPEAT
    stop = stopping_reason(state.dealer, hand, rules)
    if stop is not None and goal_met(state.scores, rules) and dealer_stops(state, hand, rules):
        return stop
    if phase is Phase.ENCHOUSEN and not rules.enchousen_renchan_priority and sudden_death(state.scores, hand, rules):
        return Reason.SUDDEN_DEATH_GOAL
    return Reason.DEALER_REPEAT


def stopping_reason(dealer: int, hand: LastHand, rules: MatchRules) -> Reason | None:
    """The reason the agariyame setting may end the match for a dealer who keeps the seat, if any."""
    if dealer_won(dealer, hand, rules):
        return Reason.AGARIYAME
    return Reason.TENPAIYAME if rules.tenpaiyame else None


def dealer_stops(state: MatchState, hand: LastHand, rules: MatchRules) -> bool:
    match rules.agariyame:
        case Agariyame.TOP_MUST_END:
            return ranks(state.scores, state.starting_dealer_seat, rules.tie_break)[state.dealer] == 1
        case Agariyame.OPTIONAL:
            return hand.dealer_ends is True
        case Agariyame.FORCED_RENCHAN:
            return False


def goal_met(scores: Scores, rules: MatchRules) -> bool:
    """The match may end at all last: no goal, no enchousen to play, or the top player at the goal."""
    return rules.goal_score is None or rules.enchousen is Enchousen.NONE or max(scores) >= rules.goal_score


def sudden_death(scores: Scores, hand: LastHand, rules: MatchRules) -> bool:
    """Someone at or above the goal in enchousen; after a draw only where draws can end it."""
    reached = rules.goal_score is not None and max(scores) >= rules.goal_score
    return reached and (hand.result is HandResult.WIN or rules.enchousen_draw_can_end)


def judge_enchousen_rotation(state: MatchState, hand: LastHand, rules: MatchRules) -> Reason:
    if sudden_death(state.scores, hand, rules):
        return Reason.SUDDEN_DEATH_GOAL
    if is_last_enchousen_hand(state, rules):
        return Reason.ENCHOUSEN_CAP
    return Reason.DEALER_ROTATION


def next_honba(honba: int, hand: LastHand, keeps_seat: bool) -> int:
    """+1 when the dealer keeps the seat and after every draw; 0 after a non-dealer win; the same after a
    chombo, whose hand is replayed."""
    if hand.result is HandResult.CHOMBO:
        return honba
    return honba + 1 if keeps_seat or hand.result is not HandResult.WIN else 0
