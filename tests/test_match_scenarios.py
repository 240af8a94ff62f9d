"""POST /match/end-check scenario table: every option on both sides, every preset, every sentence of
the seed rule text (shared/seeds/001), each row naming the rule its expectation comes from.

Seats are 0-3 with seat 0 the starting dealer unless a row says otherwise, so the dealer of hand N
of any wind is seat N-1 (South 4 and West 4: seat 3; West 2: seat 1).
"""

from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import app

client = TestClient(app)

SEED = "seed 001 (riichi.wiki, End game scenarios)"
CONTRACT = "CONTRACT.md, POST /match/end-check"

NextRound = tuple[str, int, int, int, int, int]  # wind, number, dealer_seat, honba, riichi_sticks, lap


@dataclass(frozen=True)
class Scenario:
    id: str
    rule: str  # where the expectation comes from
    rules: dict[str, Any]
    state: dict[str, Any]
    last_hand: dict[str, Any]
    reason: str
    next_round: NextRound | None = None
    final_points: list[int] | None = None  # by seat, once over


def at(wind: str, number: int, scores: list[int], honba: int = 0, sticks: int = 0, **more: Any) -> dict[str, Any]:
    """The state after hand `wind number`."""
    state = {"round_wind": wind, "round_number": number, "scores": scores, "honba": honba, "riichi_sticks": sticks}
    return state | more


def win(*seats: int) -> dict[str, Any]:
    return {"result": "win", "winners": list(seats)}


def draw(tenpai: bool = False, nagashi: tuple[int, ...] = (), **more: Any) -> dict[str, Any]:
    return {"result": "draw", "dealer_tenpai": tenpai, "nagashi_winners": list(nagashi)} | more


ABORTIVE = {"result": "abortive_draw"}
CHOMBO = {"result": "chombo"}
CONTRACT_SETTLE = "CONTRACT.md, POST /match/settle"
SANMA = "CONTRACT.md, Three-player mahjong (sanma)"
ENDING_REASONS = {"tobi", "all_last_complete", "agariyame", "tenpaiyame", "sudden_death_goal", "enchousen_cap"}
TENHOU = {"preset": "tenhou"}
SEED_RULES = {"preset": "tenhou", "enchousen_draw_can_end": False}  # the seed: "ryuukyoku cannot end the game"


def tenhou(**options: Any) -> dict[str, Any]:
    return TENHOU | options


# fmt: off
SCENARIOS = [
    # --- The seed's own sentences -------------------------------------------------------------------
    Scenario("seed-hanchan-ends-when-dealer-loses-south-4",
             f"{SEED}: the game ends after the dealer loses in South 4 (hanchan)",
             TENHOU, at("south", 4, [35000, 24000, 21000, 20000]), win(0), "all_last_complete"),
    Scenario("seed-tonpuusen-ends-when-dealer-loses-east-4",
             f"{SEED}: ... or East 4 (tonpuusen)",
             tenhou(length="tonpuusen"), at("east", 4, [35000, 24000, 21000, 20000]), win(1), "all_last_complete"),
    Scenario("seed-ends-early-when-a-player-runs-out-of-points",
             f"{SEED}: a game can end early if a player runs out of points",
             TENHOU, at("east", 2, [55000, -1000, 26000, 20000]), win(0), "tobi"),
    Scenario("seed-south-3-is-not-all-last",
             f"{SEED}: all last is South 4 for hanchans",
             TENHOU, at("south", 3, [35000, 24000, 21000, 20000]), win(0), "dealer_rotation",
             next_round=("south", 4, 3, 0, 0, 0)),
    Scenario("seed-all-last-dealer-win-is-a-renchan",
             f"{SEED}: a dealer win results in a renchan as usual",
             tenhou(agariyame="forced_renchan"), at("south", 4, [35000, 20000, 21000, 24000], honba=2), win(3),
             "dealer_repeat", next_round=("south", 4, 3, 3, 0, 0)),
    Scenario("seed-ends-once-dealer-fails-renchan-and-top-reached-goal",
             f"{SEED}: once the dealer fails to renchan and the top player has reached the goal, the game ends",
             TENHOU, at("south", 4, [31000, 25000, 24000, 20000]), draw(tenpai=False), "all_last_complete"),
    Scenario("seed-goal-score-top-exactly-at-goal-ends",
             f"{SEED}: the goal score is the minimum the top player must have",
             TENHOU, at("south", 4, [30000, 26000, 24000, 20000]), win(2), "all_last_complete"),
    Scenario("seed-goal-score-top-below-goal-enters-enchousen",
             f"{SEED}: if first place is below the goal score by all last, the game starts an enchousen",
             TENHOU, at("south", 4, [29900, 26100, 24000, 20000], honba=1, sticks=1), draw(), "enter_enchousen",
             next_round=("west", 1, 0, 2, 1, 0)),
    Scenario("seed-some-rules-have-no-goal",
             f"{SEED}: some rules do not have a goal score",
             tenhou(goal_score=None), at("south", 4, [29000, 27000, 24000, 20000]), win(2), "all_last_complete"),
    Scenario("seed-enchousen-win-above-goal-ends",
             f"{SEED}: during enchousen, when a player wins and scores above the goal score, the game ends",
             SEED_RULES, at("west", 1, [26000, 31000, 23000, 20000]), win(1), "sudden_death_goal"),
    Scenario("seed-enchousen-ryuukyoku-cannot-end",
             f"{SEED}: however, ryuukyoku cannot end the game",
             SEED_RULES, at("west", 2, [30500, 26500, 23000, 20000], honba=1), draw(tenpai=False), "dealer_rotation",
             next_round=("west", 3, 2, 2, 0, 0)),
    Scenario("seed-enchousen-capped-after-west-4",
             f"{SEED}: past West 4 (hanchan) the game ends even though no one reached the goal",
             SEED_RULES, at("west", 4, [29000, 27000, 24000, 20000]), win(1), "enchousen_cap"),
    Scenario("seed-enchousen-capped-after-south-4-in-tonpuusen",
             f"{SEED}: past ... South 4 (tonpuusen) the game ends",
             tenhou(length="tonpuusen"), at("south", 4, [29000, 27000, 24000, 20000]), draw(), "enchousen_cap"),
    Scenario("seed-house-rule-indefinite-enchousen",
             f"{SEED}: a few house rules may allow indefinite enchousen",
             tenhou(enchousen="unlimited"), at("west", 4, [29000, 27000, 24000, 20000]), win(1), "dealer_rotation",
             next_round=("north", 1, 0, 0, 0, 0)),
    Scenario("seed-tobi-below-zero-ends",
             f"{SEED}: tobi ends the game once a player falls below 0 points",
             TENHOU, at("south", 1, [45000, 31000, 24100, -100]), win(0), "tobi"),
    Scenario("seed-tobi-disabled-plays-on",
             f"{SEED}: some game settings disable tobi, so the game continues when a player goes negative",
             tenhou(tobi=False), at("south", 1, [45000, 31000, 29000, -5000]), win(1), "dealer_rotation"),
    Scenario("seed-agariyame-forced-renchan-even-first",
             f"{SEED}: a dealer must start a new renchan if they win in all last, even if in 1st place",
             tenhou(agariyame="forced_renchan"), at("south", 4, [25000, 20000, 15000, 40000]), win(3),
             "dealer_repeat"),
    Scenario("seed-agariyame-optional-any-place-may-end",
             f"{SEED}: any dealer, regardless of place, can choose to end the round once they win in all last",
             tenhou(agariyame="optional"), at("south", 4, [36000, 30000, 7000, 27000]),
             win(3) | {"dealer_ends": True}, "agariyame"),
    Scenario("seed-agariyame-optional-dealer-plays-on",
             f"{SEED}: agariyame optional: ending is the dealer's choice",
             tenhou(agariyame="optional"), at("south", 4, [20000, 20000, 15000, 45000]), win(3), "dealer_repeat"),
    Scenario("seed-agariyame-top-dealer-must-end",
             f"{SEED}: a 1st-place dealer must end the game once they win in all last",
             TENHOU, at("south", 4, [25000, 20000, 15000, 40000]), win(3), "agariyame"),
    Scenario("seed-agariyame-non-first-dealer-must-renchan",
             f"{SEED}: non-1st place dealers must renchan if they win",
             TENHOU, at("south", 4, [40000, 20000, 15000, 25000]), win(3), "dealer_repeat"),
    Scenario("seed-tenpai-renchan-same-rules-as-winning",
             f"{SEED}: with tenpai-renchan the same rules apply for a dealer in tenpai as for winning",
             TENHOU, at("south", 4, [25000, 20000, 14000, 41000], sticks=1), draw(tenpai=True), "tenpaiyame",
             final_points=[25000, 20000, 14000, 42000]),

    # --- The contract's order of checks ------------------------------------------------------------
    Scenario("contract-1-tobi-before-agariyame",
             f"{CONTRACT}, step 1: tobi ends the match before anything else",
             TENHOU, at("south", 4, [30000, -2000, 12000, 60000]), win(3), "tobi"),
    Scenario("contract-2-multiple-ron-with-dealer-keeps-seat",
             f"{CONTRACT}, step 2: a win that includes the dealer (a multiple ron too)",
             TENHOU, at("east", 2, [20000, 33000, 29000, 18000], honba=1), win(3, 1), "dealer_repeat",
             next_round=("east", 2, 1, 2, 0, 0)),
    Scenario("contract-2-multiple-ron-dealer-keeps-seat-at-all-last",
             f"{CONTRACT}, steps 2 and 4: the dealer's part of a double ron is a dealer win for agariyame",
             TENHOU, at("south", 4, [15000, 20000, 31000, 34000]), win(2, 3), "agariyame"),
    Scenario("contract-3-before-all-last-top-dealer-goes-on",
             f"{CONTRACT}, step 3: before all last the match simply goes on",
             TENHOU, at("east", 4, [25000, 20000, 15000, 40000]), win(3), "dealer_repeat"),
    Scenario("contract-4-abortive-draw-never-ends-match",
             f"{CONTRACT}, step 4: an abortive draw never ends the match (no agariyame)",
             TENHOU, at("south", 4, [25000, 20000, 15000, 40000], sticks=1), ABORTIVE, "dealer_repeat",
             next_round=("south", 4, 3, 1, 1, 0)),
    Scenario("contract-goal-judged-before-leftover-sticks",
             f"{CONTRACT}, step 7: the goal is judged on scores, before leftover sticks are handed out",
             TENHOU, at("south", 4, [29500, 26500, 24000, 18000], sticks=2), draw(), "enter_enchousen",
             next_round=("west", 1, 0, 1, 2, 0)),
    Scenario("contract-7-honba-reset-after-non-dealer-win",
             f"{CONTRACT}, step 7: honba 0 after a non-dealer win",
             TENHOU, at("east", 3, [30000, 25000, 20000, 25000], honba=4), win(0), "dealer_rotation",
             next_round=("east", 4, 3, 0, 0, 0)),
    Scenario("contract-7-honba-plus-one-after-draw-seat-passes",
             f"{CONTRACT}, step 7: honba +1 after every draw even when the seat passes; sticks stay",
             TENHOU, at("east", 4, [30000, 25000, 20000, 25000], honba=1, sticks=3), draw(tenpai=False),
             "dealer_rotation", next_round=("south", 1, 0, 2, 3, 0)),
    Scenario("contract-starting-dealer-seat-moves-the-dealer",
             f"{CONTRACT}: the dealer is (starting_dealer_seat + round_number - 1) mod 4",
             TENHOU, at("south", 4, [25000, 20000, 15000, 40000], starting_dealer_seat=3, dealer_seat=2), win(2),
             "dealer_repeat", next_round=("south", 4, 2, 1, 0, 0)),
    Scenario("contract-starting-dealer-seat-all-last-top-dealer",
             f"{CONTRACT}: with starting_dealer_seat 3 the South 4 dealer is seat 2",
             TENHOU, at("south", 4, [25000, 20000, 40000, 15000], starting_dealer_seat=3), win(2), "agariyame"),

    # --- Every option, both sides ------------------------------------------------------------------
    Scenario("option-length-hanchan-east-4-is-not-all-last",
             "option length=hanchan: the regular all last is South 4",
             TENHOU, at("east", 4, [35000, 24000, 21000, 20000]), win(1), "dealer_rotation",
             next_round=("south", 1, 0, 0, 0, 0)),
    Scenario("option-goal-score-custom-value",
             "option goal_score: the top player must reach it",
             tenhou(goal_score=35000), at("south", 4, [34000, 26000, 21000, 19000]), win(0), "enter_enchousen"),
    Scenario("option-goal-score-null-without-enchousen",
             "option goal_score=null: no goal",
             tenhou(goal_score=None, enchousen="none"), at("south", 4, [26000, 25000, 25000, 24000]), win(0),
             "all_last_complete"),
    Scenario("option-tobi-at-zero-off-zero-plays-on",
             "option tobi_at_zero=false: exactly 0 does not end the match (Tenhou)",
             TENHOU, at("east", 3, [40000, 0, 30000, 30000]), win(0), "dealer_rotation"),
    Scenario("option-tobi-at-zero-on-zero-ends",
             "option tobi_at_zero=true: exactly 0 already ends it",
             tenhou(tobi_at_zero=True), at("east", 3, [40000, 0, 30000, 30000]), win(0), "tobi"),
    Scenario("option-tobi-at-zero-needs-tobi",
             "option tobi_at_zero only sharpens tobi: without tobi nothing ends",
             tenhou(tobi=False, tobi_at_zero=True), at("east", 3, [40000, 0, 30000, 30000]), win(0),
             "dealer_rotation"),
    Scenario("option-agariyame-needs-goal",
             f"{CONTRACT}, step 4: agariyame applies only when the goal is met",
             TENHOU, at("south", 4, [24000, 23000, 24000, 29000]), win(3), "dealer_repeat"),
    Scenario("option-agariyame-optional-needs-goal",
             f"{CONTRACT}, step 4: optional agariyame needs the goal too",
             tenhou(agariyame="optional"), at("south", 4, [24000, 23000, 24000, 29000]),
             win(3) | {"dealer_ends": True}, "dealer_repeat"),
    Scenario("option-agariyame-dealer-ends-false-plays-on",
             "option agariyame=optional: dealer_ends false continues",
             tenhou(agariyame="optional"), at("south", 4, [25000, 20000, 15000, 40000]),
             win(3) | {"dealer_ends": False}, "dealer_repeat"),
    Scenario("option-tenpai-renchan-on",
             "option tenpai_renchan=true: a tenpai dealer keeps the seat",
             TENHOU, at("east", 1, [26500, 24500, 24500, 24500]), draw(tenpai=True), "dealer_repeat",
             next_round=("east", 1, 0, 1, 0, 0)),
    Scenario("option-tenpai-renchan-off",
             "option tenpai_renchan=false: only a win keeps the seat",
             tenhou(tenpai_renchan=False), at("east", 1, [26500, 24500, 24500, 24500]), draw(tenpai=True),
             "dealer_rotation", next_round=("east", 2, 1, 1, 0, 0)),
    Scenario("option-tenpai-renchan-off-all-last-tenpai-dealer-loses-seat",
             "option tenpai_renchan=false at all last: the seat passes and the match ends",
             tenhou(tenpai_renchan=False), at("south", 4, [25000, 20000, 14000, 41000]), draw(tenpai=True),
             "all_last_complete"),
    Scenario("option-tenpaiyame-off",
             "option tenpaiyame=false: a dealer kept by tenpai plays on",
             tenhou(tenpaiyame=False), at("south", 4, [25000, 20000, 14000, 41000]), draw(tenpai=True),
             "dealer_repeat"),
    Scenario("option-tenpaiyame-optional-dealer-ends",
             "option tenpaiyame with agariyame=optional: the tenpai dealer may stop",
             tenhou(agariyame="optional"), at("south", 4, [35000, 20000, 14000, 31000]),
             draw(tenpai=True, dealer_ends=True), "tenpaiyame"),
    Scenario("option-tenpaiyame-forced-renchan",
             "option tenpaiyame with agariyame=forced_renchan: the tenpai dealer goes on",
             tenhou(agariyame="forced_renchan"), at("south", 4, [25000, 20000, 14000, 41000]), draw(tenpai=True),
             "dealer_repeat"),
    Scenario("option-enchousen-none-ends-below-goal",
             "option enchousen=none: all last ends the match although the top is below the goal",
             tenhou(enchousen="none"), at("south", 4, [28000, 26000, 24000, 22000]), win(1), "all_last_complete"),
    Scenario("option-enchousen-none-agariyame-below-goal",
             f"{CONTRACT}, step 4: with enchousen none the goal counts as met for agariyame",
             tenhou(enchousen="none"), at("south", 4, [24000, 23000, 24000, 29000]), win(3), "agariyame"),
    Scenario("option-enchousen-one-wind-round-west-3-goes-on",
             "option enchousen=one_wind_round: West 1-3 go on below the goal",
             TENHOU, at("west", 3, [29000, 27000, 24000, 20000]), win(3), "dealer_rotation",
             next_round=("west", 4, 3, 0, 0, 0)),
    Scenario("option-enchousen-one-wind-round-cap-after-draw",
             "option enchousen=one_wind_round: the cap ends it after a draw too",
             TENHOU, at("west", 4, [29000, 27000, 24000, 20000], sticks=1), draw(),
             "enchousen_cap", final_points=[30000, 27000, 24000, 20000]),
    Scenario("option-enchousen-one-wind-round-west-4-renchan-goes-on",
             "option enchousen=one_wind_round: the West 4 dealer's renchan repeats West 4 (Tenhou)",
             TENHOU, at("west", 4, [27000, 25000, 20000, 28000]), win(3), "dealer_repeat",
             next_round=("west", 4, 3, 1, 0, 0)),
    Scenario("option-enchousen-unlimited-wraps-to-east-with-lap",
             "option enchousen=unlimited: after North 4 comes East 1 with lap + 1",
             tenhou(enchousen="unlimited"), at("north", 4, [29000, 27000, 24000, 20000], sticks=2), draw(),
             "dealer_rotation", next_round=("east", 1, 0, 1, 2, 1)),
    Scenario("option-enchousen-unlimited-lap-1-sudden-death",
             "option enchousen=unlimited: sudden death still ends it in a later lap",
             tenhou(enchousen="unlimited"), at("east", 2, [22000, 27000, 31000, 20000], lap=1), win(2),
             "sudden_death_goal"),
    Scenario("option-enchousen-tonpuusen-enter-south",
             "option enchousen with length=tonpuusen: the extra round is South",
             tenhou(length="tonpuusen"), at("east", 4, [29000, 27000, 24000, 20000]), win(1), "enter_enchousen",
             next_round=("south", 1, 0, 0, 0, 0)),
    Scenario("option-renchan-priority-on-dealer-repeats",
             "option enchousen_renchan_priority=true: a dealer renchan goes on although someone reached the goal",
             TENHOU, at("west", 2, [31000, 29000, 22000, 18000]), win(1), "dealer_repeat",
             next_round=("west", 2, 1, 1, 0, 0)),
    Scenario("option-renchan-priority-off-goal-ends",
             "option enchousen_renchan_priority=false: someone at the goal ends enchousen anyway",
             tenhou(enchousen_renchan_priority=False), at("west", 2, [31000, 29000, 22000, 18000]), win(1),
             "sudden_death_goal"),
    Scenario("option-renchan-priority-top-dealer-stops-by-agariyame",
             f"{CONTRACT}, step 4: a first-place dealer at the goal ends enchousen by agariyame",
             TENHOU, at("west", 2, [25000, 33000, 22000, 20000]), win(1), "agariyame"),
    Scenario("option-draw-can-end-on",
             "option enchousen_draw_can_end=true: tenpai payments can end enchousen (Tenhou)",
             TENHOU, at("west", 2, [30500, 26500, 23000, 20000], honba=1), draw(tenpai=False), "sudden_death_goal"),
    Scenario("option-draw-can-end-off-at-renchan",
             "option enchousen_draw_can_end=false: a draw never ends enchousen, even without renchan priority",
             tenhou(enchousen_draw_can_end=False, enchousen_renchan_priority=False),
             at("west", 2, [30500, 26500, 23000, 20000]), draw(tenpai=True), "dealer_repeat"),
    Scenario("option-draw-can-end-on-at-renchan-without-priority",
             "options enchousen_draw_can_end=true, renchan_priority=false: the tenpai dealer is overtaken",
             tenhou(enchousen_renchan_priority=False), at("west", 2, [30500, 26500, 23000, 20000]),
             draw(tenpai=True), "sudden_death_goal"),
    Scenario("option-abortive-draw-renchan-on",
             "option abortive_draw_renchan=true: an abortive draw repeats the hand",
             TENHOU, at("east", 3, [25000, 25000, 25000, 25000], honba=0, sticks=1), ABORTIVE, "dealer_repeat",
             next_round=("east", 3, 2, 1, 1, 0)),
    Scenario("option-abortive-draw-renchan-off",
             "option abortive_draw_renchan=false: the seat passes, honba +1",
             tenhou(abortive_draw_renchan=False), at("east", 3, [25000, 25000, 25000, 25000], sticks=1), ABORTIVE,
             "dealer_rotation", next_round=("east", 4, 3, 1, 1, 0)),
    Scenario("option-abortive-draw-renchan-off-all-last-ends",
             "option abortive_draw_renchan=false at all last: the seat passes and the goal decides",
             tenhou(abortive_draw_renchan=False), at("south", 4, [25000, 20000, 15000, 40000]), ABORTIVE,
             "all_last_complete"),
    Scenario("option-nagashi-dealer-tenpai-other-nagashi-dealer-tenpai",
             "option nagashi_renchan=dealer_tenpai: the tenpai dealer keeps the seat after another's nagashi",
             TENHOU, at("east", 2, [21000, 27000, 33000, 19000]), draw(tenpai=True, nagashi=(2,)), "dealer_repeat"),
    Scenario("option-nagashi-dealer-tenpai-own-nagashi-noten",
             "option nagashi_renchan=dealer_tenpai: a noten dealer loses the seat despite a nagashi",
             TENHOU, at("east", 2, [21000, 37000, 21000, 21000]), draw(tenpai=False, nagashi=(1,)),
             "dealer_rotation"),
    Scenario("option-nagashi-dealer-nagashi-other-nagashi",
             "option nagashi_renchan=dealer_nagashi: another's nagashi passes the seat, tenpai or not",
             tenhou(nagashi_renchan="dealer_nagashi"), at("east", 2, [21000, 27000, 33000, 19000]),
             draw(tenpai=True, nagashi=(2,)), "dealer_rotation", next_round=("east", 3, 2, 1, 0, 0)),
    Scenario("option-nagashi-dealer-nagashi-own-nagashi",
             "option nagashi_renchan=dealer_nagashi: the dealer's own nagashi keeps the seat",
             tenhou(nagashi_renchan="dealer_nagashi"), at("east", 2, [21000, 37000, 21000, 21000]),
             draw(tenpai=False, nagashi=(1,)), "dealer_repeat"),
    Scenario("option-nagashi-dealer-nagashi-counts-as-win-for-agariyame",
             f"{CONTRACT}, step 4: with dealer_nagashi the dealer's nagashi mangan counts as a win",
             tenhou(nagashi_renchan="dealer_nagashi", tenpaiyame=False),
             at("south", 4, [22000, 21000, 20000, 37000]), draw(tenpai=False, nagashi=(3,)), "agariyame"),
    Scenario("option-nagashi-dealer-tenpai-is-a-tenpai-draw-for-tenpaiyame",
             f"{CONTRACT}, step 4: with dealer_tenpai a nagashi is a draw, so tenpaiyame decides",
             tenhou(tenpaiyame=False), at("south", 4, [22000, 21000, 20000, 37000]),
             draw(tenpai=True, nagashi=(3,)), "dealer_repeat"),
    Scenario("option-tie-break-seat-order-dealer-ranks-below-tie",
             "option tie_break=seat_order: equal points rank the seat nearer the starting dealer higher",
             TENHOU, at("south", 4, [35000, 20000, 10000, 35000]), win(3), "dealer_repeat"),
    Scenario("option-tie-break-shared-first-counts-as-first",
             f"{CONTRACT}, step 4: shared first counts as first for agariyame",
             tenhou(tie_break="shared"), at("south", 4, [35000, 20000, 10000, 35000]), win(3), "agariyame",
             final_points=[35000, 20000, 10000, 35000]),
    Scenario("option-leftover-riichi-to-first",
             "option leftover_riichi=to_first: sticks left at the end go to first place",
             TENHOU, at("south", 4, [34000, 26000, 21000, 16000], sticks=3), draw(), "all_last_complete",
             final_points=[37000, 26000, 21000, 16000]),
    Scenario("option-leftover-riichi-lost",
             "option leftover_riichi=lost: sticks left at the end go to nobody",
             tenhou(leftover_riichi="lost"), at("south", 4, [34000, 26000, 21000, 16000], sticks=3), draw(),
             "all_last_complete", final_points=[34000, 26000, 21000, 16000]),
    Scenario("option-leftover-riichi-split-among-shared-first",
             f"{CONTRACT}: shared first splits the sticks, each share rounded down to 100",
             tenhou(tie_break="shared"), at("south", 4, [33000, 33000, 18000, 15000], sticks=1), draw(),
             "all_last_complete", final_points=[33500, 33500, 18000, 15000]),
    Scenario("option-leftover-riichi-three-way-split-rounds-down",
             f"{CONTRACT}: 1000 split three ways is 300 each",
             tenhou(tie_break="shared", goal_score=None), at("south", 4, [27000, 27000, 27000, 18000], sticks=1),
             draw(), "all_last_complete", final_points=[27300, 27300, 27300, 18000]),

    # --- Presets -------------------------------------------------------------------------------------
    Scenario("tenhou-tenpaiyame-top-dealer-at-30000",
             "Tenhou manual: automatic tenpai-yame for a first-place dealer at 30,000 or more",
             TENHOU, at("south", 4, [26000, 24000, 19000, 31000]), draw(tenpai=True), "tenpaiyame"),
    Scenario("tenhou-top-tenpai-dealer-below-30000-plays-on",
             "Tenhou manual: a tenpai dealer first but below 30,000 repeats South 4",
             TENHOU, at("south", 4, [25000, 24000, 22000, 29000]), draw(tenpai=True), "dealer_repeat"),
    Scenario("tenhou-west-tenpai-dealer-not-top-repeats",
             "Tenhou manual: in the west round a tenpai dealer not first repeats, although another has 30,000",
             TENHOU, at("west", 3, [31500, 22500, 27500, 18500]), draw(tenpai=True), "dealer_repeat"),
    Scenario("tenhou-west-4-noten-dealer-ends",
             "Tenhou manual: West 4 is the very last hand; a noten dealer ends it",
             TENHOU, at("west", 4, [28000, 27000, 25000, 20000], honba=2), draw(tenpai=False), "enchousen_cap"),
    Scenario("tenhou-abortive-draws-are-renchan",
             "Tenhou manual: every abortive draw counts as renchan",
             {"preset": "tenhou"}, at("south", 2, [25000, 25000, 25000, 25000]), ABORTIVE, "dealer_repeat"),
    Scenario("mahjong-soul-agariyame-top-dealer",
             "Mahjong Soul room rule have_helezhongju: the first-place all-last dealer's win ends the match",
             {"preset": "mahjong_soul"}, at("south", 4, [25000, 20000, 15000, 40000]), win(3), "agariyame"),
    Scenario("mahjong-soul-west-entry",
             "Mahjong Soul room rule have_nanruxiru: below 30,000 after South 4 the west round follows",
             {"preset": "mahjong_soul"}, at("south", 4, [29000, 27000, 24000, 20000]), win(1), "enter_enchousen"),
    Scenario("mahjong-soul-bust-below-zero",
             "Mahjong Soul room rule can_jifei: a player below 0 ends the match",
             {"preset": "mahjong_soul"}, at("east", 1, [41000, 25000, 34100, -100]), win(0), "tobi"),
    Scenario("mleague-no-tobi",
             "M.League rules: no tobi, play goes on below 0",
             {"preset": "mleague"}, at("east", 3, [-1600, 41200, 35400, 25000]), win(1), "dealer_rotation"),
    Scenario("mleague-no-agariyame",
             "M.League rules: the South 4 dealer plays on after a win even when first",
             {"preset": "mleague"}, at("south", 4, [25000, 20000, 15000, 40000]), win(3), "dealer_repeat"),
    Scenario("mleague-no-goal-no-west-round",
             "M.League rules: no west round, the match ends after South 4 whatever the top score",
             {"preset": "mleague"}, at("south", 4, [27000, 26000, 24000, 23000]), win(0), "all_last_complete"),
    Scenario("wrc-ends-after-south-4",
             "WRC rules 5.9: the game ends after South 4, no goal, no extra round",
             {"preset": "wrc"}, at("south", 4, [31000, 30000, 30000, 29000]), draw(), "all_last_complete"),
    Scenario("wrc-no-agari-yame",
             "WRC rules 5.9.1: no agari yame, the dealer's win is a renchan",
             {"preset": "wrc"}, at("south", 4, [30000, 25000, 20000, 45000]), win(3), "dealer_repeat"),
    Scenario("wrc-negative-scores-play-on",
             "WRC rules 5.9: scores may go negative, the game goes on",
             {"preset": "wrc"}, at("east", 2, [30000, -8000, 48000, 50000]), win(3), "dealer_rotation"),
    Scenario("ema-nagashi-of-non-dealer-passes-the-seat",
             "EMA RCR 2016: nagashi mangan counts as a win; the seat passes unless the dealer made it",
             {"preset": "ema"}, at("east", 1, [26000, 38000, 28000, 28000]), draw(tenpai=True, nagashi=(1,)),
             "dealer_rotation"),
    Scenario("ema-no-agariyame",
             "EMA RCR 2016: the game ends after South 4, a dealer win goes on",
             {"preset": "ema"}, at("south", 4, [30000, 25000, 20000, 45000]), win(3), "dealer_repeat"),
    Scenario("ema-tenpai-renchan",
             "EMA RCR 2016 3.4.11: the dealer stays East if tenpai at an exhaustive draw",
             {"preset": "ema"}, at("south", 4, [30000, 25000, 20000, 45000]), draw(tenpai=True), "dealer_repeat"),
    Scenario("default-preset-is-tenhou",
             "README/CONTRACT: without rules the default preset (tenhou) applies",
             {}, at("south", 4, [25000, 20000, 15000, 40000]), win(3), "agariyame"),
    # --- Chombo: the hand is replayed ----------------------------------------------------------------
    Scenario("chombo-replays-the-hand-with-the-same-honba",
             f"{CONTRACT_SETTLE}: chombo (mangan_payment) replays the hand, same dealer, same honba",
             TENHOU, at("east", 2, [33000, 21000, 23000, 23000], honba=2, sticks=1), CHOMBO, "dealer_repeat",
             next_round=("east", 2, 1, 2, 1, 0)),
    Scenario("chombo-never-ends-the-match-at-all-last",
             f"{CONTRACT}: only tobi ends the match outside a settled hand's own result; a chombo is replayed",
             TENHOU, at("south", 4, [20000, 20000, 20000, 40000]), CHOMBO, "dealer_repeat",
             next_round=("south", 4, 3, 0, 0, 0)),
    Scenario("chombo-tobi-ends-it",
             f"{CONTRACT}: tobi ends the match before anything else",
             TENHOU, at("east", 1, [-2000, 47000, 29000, 26000]), CHOMBO, "tobi"),
    # --- Three players (sanma) --------------------------------------------------------------------------
    Scenario("sanma-east-3-passes-to-south-1",
             f"{SANMA}: a wind round has three hands",
             {"preset": "tenhou_sanma"}, at("east", 3, [35000, 35000, 35000]), win(0), "dealer_rotation",
             next_round=("south", 1, 0, 0, 0, 0)),
    Scenario("sanma-south-3-ends-with-the-top-at-40000",
             f"{SANMA}; Tenhou three-player: 40,000 goal, the end after South 3",
             {"preset": "tenhou_sanma"}, at("south", 3, [45000, 35000, 25000]), win(0), "all_last_complete",
             final_points=[45000, 35000, 25000]),
    Scenario("sanma-south-3-below-the-goal-enters-west",
             f"{SANMA}; Tenhou three-player: West sudden death while nobody has 40,000",
             {"preset": "tenhou_sanma"}, at("south", 3, [39000, 36000, 30000]), win(1), "enter_enchousen",
             next_round=("west", 1, 0, 0, 0, 0)),
    Scenario("sanma-west-sudden-death",
             f"{SANMA}; Tenhou three-player: in West, someone at 40,000 ends it",
             {"preset": "tenhou_sanma"}, at("west", 1, [34000, 41000, 30000]), win(1), "sudden_death_goal"),
    Scenario("sanma-west-3-is-the-last-hand",
             f"{SANMA}: one_wind_round enchousen ends after West 3",
             {"preset": "tenhou_sanma"}, at("west", 3, [38000, 37000, 30000]), win(0), "enchousen_cap"),
    Scenario("sanma-tobi",
             f"{SANMA}; Tenhou three-player: below 0 ends the match",
             {"preset": "tenhou_sanma"}, at("east", 2, [60000, -1000, 46000]), win(0), "tobi"),
    Scenario("sanma-agariyame-of-the-top-dealer",
             f"{SANMA}; Tenhou three-player: the South 3 dealer (seat 2) first at 40,000 ends it on a win",
             {"preset": "tenhou_sanma"}, at("south", 3, [30000, 30000, 45000]), win(2), "agariyame"),
    Scenario("sanma-dealer-not-first-repeats-south-3",
             f"{CONTRACT} step 4, three players",
             {"preset": "tenhou_sanma"}, at("south", 3, [45000, 20000, 40000]), win(2), "dealer_repeat",
             next_round=("south", 3, 2, 1, 0, 0)),
    Scenario("sanma-tenpaiyame",
             f"{CONTRACT} step 4 (tenpaiyame), three players",
             {"preset": "tenhou_sanma"}, at("south", 3, [30000, 30000, 45000], sticks=1), draw(tenpai=True),
             "tenpaiyame", final_points=[30000, 30000, 46000]),
    Scenario("sanma-tonpuusen-ends-after-east-3",
             f"{SANMA}: the regular all last of a tonpuusen is East 3",
             {"preset": "tenhou_sanma", "length": "tonpuusen"}, at("east", 3, [45000, 35000, 25000]), win(1),
             "all_last_complete"),
    Scenario("sanma-unlimited-goes-from-west-3-to-north-1",
             f"{SANMA}: unlimited goes from West 3 to North 1",
             {"preset": "tenhou_sanma", "enchousen": "unlimited"}, at("west", 3, [38000, 37000, 30000]), win(0),
             "dealer_rotation", next_round=("north", 1, 0, 0, 0, 0)),
    Scenario("sanma-unlimited-wraps-from-north-3-to-east-1",
             f"{SANMA}: ... and from North 3 to East 1 with lap + 1",
             {"preset": "tenhou_sanma", "enchousen": "unlimited"}, at("north", 3, [38000, 37000, 30000]), win(0),
             "dealer_rotation", next_round=("east", 1, 0, 0, 0, 1)),
    Scenario("sanma-mahjong-soul-ends-after-south-3",
             f"{SANMA}; Mahjong Soul three-player: as Tenhou's, 40,000 goal",
             {"preset": "mahjong_soul_sanma"}, at("south", 3, [41000, 34000, 30000]), win(0), "all_last_complete"),
    Scenario("sanma-mahjong-soul-west-entry",
             f"{SANMA}; Mahjong Soul three-player: West entry below 40,000",
             {"preset": "mahjong_soul_sanma"}, at("south", 3, [39000, 36000, 30000]), draw(), "enter_enchousen",
             next_round=("west", 1, 0, 1, 0, 0)),
]
# fmt: on


def end_check(rules: dict[str, Any], state: dict[str, Any], last_hand: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/match/end-check", json={"rules": rules, "state": state, "last_hand": last_hand})
    assert response.status_code == 200, response.json()
    body: dict[str, Any] = response.json()
    return body


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_scenario(scenario: Scenario) -> None:
    body = end_check(scenario.rules, scenario.state, scenario.last_hand)
    assert body["reason"] == scenario.reason, scenario.rule
    over = scenario.reason in ENDING_REASONS
    assert body["game_over"] is over, scenario.rule
    assert (body["next_round"] is None) is over, scenario.rule
    if scenario.next_round is not None:
        keys = ("round_wind", "round_number", "dealer_seat", "honba", "riichi_sticks", "lap")
        assert tuple(body["next_round"][key] for key in keys) == scenario.next_round, scenario.rule
    if scenario.final_points is not None:
        points = {standing["seat"]: standing["points"] for standing in body["standings"]}
        assert [points[seat] for seat in range(len(points))] == scenario.final_points, scenario.rule


def test_scenario_ids_are_unique() -> None:
    assert len({s.id for s in SCENARIOS}) == len(SCENARIOS)


@pytest.mark.parametrize("preset", ["tenhou", "mahjong_soul", "mleague", "wrc", "ema", "tenhou_sanma",
                                    "mahjong_soul_sanma"])
def test_every_preset_has_scenarios(preset: str) -> None:
    assert any(s.rules.get("preset") == preset and len(s.rules) == 1 for s in SCENARIOS)
