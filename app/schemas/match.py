"""Request and response bodies of POST /match/end-check, and the rules and scoreboard /match/settle shares."""

from typing import Annotated, Self

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from app.match.model import EndCheck, HandResult, LastHand, MatchState, Reason
from app.schemas.common import FROM_CORE
from app.schemas.enums import Wind
from app.schemas.rules import MatchRulesIn

Seat = Annotated[StrictInt, Field(ge=0, le=3, description="A seat, 0-3 in turn order (0-2 with three players).")]
Points = Annotated[StrictInt, Field(ge=-1_000_000, le=1_000_000)]
Count = Annotated[StrictInt, Field(ge=0, le=99)]
PerSeat = Annotated[list[Points], Field(min_length=3, max_length=4)]


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


class NextRoundOut(BaseModel):
    model_config = FROM_CORE

    round_wind: Wind
    round_number: int
    dealer_seat: int
    honba: int
    riichi_sticks: int
    lap: int


class StandingOut(BaseModel):
    model_config = FROM_CORE

    seat: int
    points: int = Field(description="Points; once the match is over, leftover riichi sticks included.")
    rank: int = Field(description="1-4; equal ranks where ties are shared.")
    leftover_riichi_points: int = Field(description="Points received from the sticks left on the table at the end.")
    penalty: int = Field(description="Points taken from the final result (state.penalties).")
    oka: float | None = Field(description="Once over: the oka share in thousands (first place only); else null.")
    uma: float | None = Field(description="Once over: the uma share in thousands (shared places share it); else null.")
    score: float | None = Field(
        description="Once over: (points - return_points) / 1000 + oka + uma - penalty / 1000, to one decimal "
        "(final_rounding says how); else null."
    )


class EndCheckResponse(BaseModel):
    model_config = FROM_CORE

    game_over: bool
    reason: Reason = Field(description="Why the match ends, or how it goes on.")
    next_round: NextRoundOut | None = Field(description="The next hand while the match goes on, else null.")
    standings: list[StandingOut] = Field(description="Every seat, best first.")

    @classmethod
    def from_core(cls, check: EndCheck) -> Self:
        return cls.model_validate(check)
