"""Request and response bodies of POST /match/end-check, and the rules and scoreboard /match/settle shares."""

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationInfo, field_validator

from app.match.model import EndCheck, HandResult, LastHand, MatchState, NextRound, Standing
from app.match.rules import (
    MATCH_OPTION_DOCS,
    AbortiveDraw,
    Agariyame,
    Chombo,
    Enchousen,
    FinalRounding,
    LeftoverRiichi,
    Length,
    MultiRon,
    MultiRonHonba,
    NagashiRenchan,
    TieBreak,
)
from app.schemas.common import Count
from app.schemas.enums import Players, Preset, Wind
from app.schemas.from_core import answer_model
from app.scoring.vocabulary import DEFAULT_PRESET

Seat = Annotated[StrictInt, Field(ge=0, le=3, description="A seat, 0-3 in turn order (0-2 with three players).")]
SeatScore = Annotated[StrictInt, Field(ge=-1_000_000, le=1_000_000)]
UmaPlace = Annotated[StrictInt, Field(ge=-100, le=100)]
UmaRow = Annotated[list[UmaPlace], Field(min_length=3, max_length=4)]
PerSeat = Annotated[list[SeatScore], Field(min_length=3, max_length=4)]


def _option(name: str) -> Any:
    """An optional rule option: left out, the preset's value applies."""
    return Field(None, description=MATCH_OPTION_DOCS[name])


class MatchRulesIn(BaseModel):
    """A preset plus any option that overrides it (`null` only for goal_score: no goal, and floating_uma: plain uma)."""

    model_config = ConfigDict(extra="forbid")

    preset: Preset | None = Field(None, description=f"Named rule set; without it, {DEFAULT_PRESET}.")
    players: Players | None = _option("players")
    length: Length | None = _option("length")
    goal_score: Annotated[StrictInt, Field(ge=0, le=1_000_000)] | None = _option("goal_score")
    tobi: StrictBool | None = _option("tobi")
    tobi_at_zero: StrictBool | None = _option("tobi_at_zero")
    agariyame: Agariyame | None = _option("agariyame")
    tenpai_renchan: StrictBool | None = _option("tenpai_renchan")
    tenpaiyame: StrictBool | None = _option("tenpaiyame")
    enchousen: Enchousen | None = _option("enchousen")
    enchousen_renchan_priority: StrictBool | None = _option("enchousen_renchan_priority")
    enchousen_draw_can_end: StrictBool | None = _option("enchousen_draw_can_end")
    abortive_draw_renchan: StrictBool | None = _option("abortive_draw_renchan")
    nagashi_renchan: NagashiRenchan | None = _option("nagashi_renchan")
    tie_break: TieBreak | None = _option("tie_break")
    leftover_riichi: LeftoverRiichi | None = _option("leftover_riichi")
    start_points: Annotated[StrictInt, Field(gt=0, le=1_000_000)] | None = _option("start_points")
    return_points: Annotated[StrictInt, Field(gt=0, le=1_000_000)] | None = _option("return_points")
    uma: UmaRow | None = _option("uma")
    floating_uma: Annotated[list[UmaRow], Field(min_length=2, max_length=3)] | None = _option("floating_uma")
    final_rounding: FinalRounding | None = _option("final_rounding")
    multi_ron: MultiRon | None = _option("multi_ron")
    multi_ron_honba: MultiRonHonba | None = _option("multi_ron_honba")
    noten_payment: Annotated[StrictInt, Field(ge=0, le=100_000)] | None = _option("noten_payment")
    abortive_draws: Annotated[list[AbortiveDraw], Field(max_length=5)] | None = _option("abortive_draws")
    chombo: Chombo | None = _option("chombo")
    chombo_penalty: Annotated[StrictInt, Field(ge=0, le=1_000_000)] | None = _option("chombo_penalty")
    riichi_needs_points: StrictBool | None = _option("riichi_needs_points")

    @field_validator("*")
    @classmethod
    def _null_only_for_goal_score(cls, value: object, info: ValidationInfo) -> object:
        if value is None and info.field_name not in ("preset", "goal_score", "floating_uma"):
            raise ValueError(f"{info.field_name} cannot be null; leave it out to keep the preset's value")
        return value

    def overrides(self) -> dict[str, object]:
        """The options the client set, by name."""
        return self.model_dump(exclude_unset=True, exclude={"preset"})


class MatchStateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    round_wind: Wind = Field(description="Wind of the hand just played.")
    round_number: StrictInt = Field(ge=1, le=4, description="Hand number within the wind, 1-4 (1-3 with three players).")
    honba: Count = Field(0, description="Honba of the hand just played.")
    riichi_sticks: Count = Field(0, description="Riichi sticks left on the table after the hand (0 after a win).")
    scores: PerSeat = Field(
        description="Points of each seat, seat 0 first (4, or 3 with three players) after the hand's payments, "
        "sticks on the table excluded.",
    )
    starting_dealer_seat: Seat = Field(0, description="The seat that dealt East 1.")
    dealer_seat: Seat | None = Field(None, description="Dealer of the hand just played; checked against the round.")
    lap: Count = Field(0, description="How often play wrapped from North 4 back to East (unlimited enchousen only).")
    penalties: PerSeat | None = Field(
        None, description="Points each seat loses from its final result (chombo as a penalty); none by default."
    )

    def to_core(self) -> MatchState:
        fields = self.model_dump(exclude={"scores", "penalties"})
        return MatchState(**fields, scores=tuple(self.scores), penalties=tuple(self.penalties or ()))


class LastHandIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    result: HandResult = Field(description="win, draw (exhaustive), abortive_draw, or chombo (its hand is replayed).")
    winners: list[Seat] = Field(
        default_factory=list, max_length=3, description="Winning seats; several for a multiple ron."
    )
    dealer_tenpai: StrictBool = Field(False, description="Whether the dealer was tenpai, read at an exhaustive draw.")
    dealer_ends: StrictBool | None = Field(
        None, description="The dealer's own choice to stop where agariyame is optional (null: continue)."
    )
    nagashi_winners: list[Seat] = Field(
        default_factory=list, max_length=4, description="Seats that made nagashi mangan at an exhaustive draw."
    )

    def to_core(self) -> LastHand:
        fields = self.model_dump(exclude={"winners", "nagashi_winners"})
        return LastHand(**fields, winners=tuple(self.winners), nagashi_winners=tuple(self.nagashi_winners))


class EndCheckRequest(BaseModel):
    """A scoreboard after a hand has been settled, plus the match rules."""

    model_config = ConfigDict(extra="forbid")

    rules: MatchRulesIn = Field(default_factory=lambda: MatchRulesIn(), description="Preset and option overrides.")
    state: MatchStateIn
    last_hand: LastHandIn


# The answer and its parts, generated from the core's records (app/schemas/from_core.py).
NextRoundOut = answer_model(NextRound, "NextRoundOut")
StandingOut = answer_model(
    Standing, "StandingOut",
    points="Points; once the match is over, leftover riichi sticks included.",
    rank="1-4; equal ranks where ties are shared.",
    leftover_riichi_points="Points received from the sticks left on the table at the end.",
    penalty="Points taken from the final result (state.penalties).",
    oka="Once over: the oka share in thousands (first place only); else null.",
    uma="Once over: the uma share in thousands (shared places share it); else null.",
    score="Once over: (points - return_points) / 1000 + oka + uma - penalty / 1000, to one decimal "
          "(final_rounding says how); else null.")
EndCheckResponse = answer_model(
    EndCheck, "EndCheckResponse",
    reason="Why the match ends, or how it goes on.",
    next_round="The next hand while the match goes on, else null.",
    standings="Every seat, best first.")
