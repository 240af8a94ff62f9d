"""Request and response bodies of POST /match/end-check, and the rules and scoreboard /match/settle shares."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from app.match.model import EndCheck, HandResult, LastHand, MatchState, NextRound, Standing
from app.schemas.common import Count
from app.schemas.enums import Wind
from app.schemas.from_core import answer_model
from app.schemas.rules import MatchRulesIn

Seat = Annotated[StrictInt, Field(ge=0, le=3, description="A seat, 0-3 in turn order (0-2 with three players).")]
SeatScore = Annotated[StrictInt, Field(ge=-1_000_000, le=1_000_000)]
PerSeat = Annotated[list[SeatScore], Field(min_length=3, max_length=4)]



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
