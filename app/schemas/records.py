"""Request and response bodies of POST /records/verify."""

from typing import Annotated, Any

from pydantic import BaseModel, Field

from app.match.hand import Outcome
from app.match.rules import AbortiveDraw
from app.schemas.common import StrictModel
from app.schemas.enums import MeldType, MismatchField, RecordFormat, Wind
from app.schemas.from_core import FROM_CORE
from app.schemas.hand import HandScoreResponse
from app.schemas.match import StandingOut
from app.schemas.settle import SettleRulesIn


class RecordsVerifyRequest(StrictModel):
    """A whole game record and, optionally, the rules to verify it under."""

    record: dict[str, Any] | Annotated[str, Field(max_length=1 << 21)] = Field(
        description="A tenhou.net/6 JSON log (an object with `log`) or a Tenhou mjlog XML document as a string.")
    format: RecordFormat | None = Field(None, description="Detected from `record` when left out.")
    rules: SettleRulesIn | None = Field(
        None, description="Default: the record's own (tenhou or tenhou_sanma, with its red fives, open tanyao and length). "
        "With a preset: exactly these rules; options alone are laid over the record's own.")


class MismatchOut(BaseModel):
    model_config = FROM_CORE

    hand: int | None = Field(description="The hand's index in the record; null for the whole game.")
    seat: int | None = Field(description="The seat concerned; null where none is.")
    field: MismatchField = Field(description="What differs: see the README's table.")
    recorded: Any = Field(description="What the record says.")
    computed: Any = Field(description="What the service computed.")
    msg: str


class MeldOut(BaseModel):
    type: MeldType
    tiles: str


class RecordHandOut(BaseModel):
    tiles: str
    melds: list[MeldOut]
    win_tile: str


class RecordedYakuOut(BaseModel):
    id: str
    han: int


class RecordedValueOut(BaseModel):
    han: int | None
    fu: int | None
    points: int | None = Field(description="The ron payment or the sum of the tsumo payments, without honba and sticks.")
    yaku: list[RecordedYakuOut] = Field(description="The record's yaku with their han, dora included.")
    yakuman: list[str]


class VerifiedWinOut(BaseModel):
    model_config = FROM_CORE

    winner: int
    from_seat: int | None = Field(description="The discarder; null for a tsumo.")
    pao_seat: int | None
    hand: RecordHandOut = Field(description="The hand as POST /hand/score was sent it.")
    context: dict[str, Any] = Field(description="The context as POST /hand/score was sent it.")
    recorded: RecordedValueOut
    score: HandScoreResponse | None = Field(description="The POST /hand/score answer; null where the tiles make no win.")


class VerifiedHandOut(BaseModel):
    model_config = FROM_CORE

    index: int
    round_wind: Wind
    round_number: int
    honba: int
    riichi_sticks: int
    scores: list[int] = Field(description="The record's scores before the hand.")
    result: Outcome = Field(description="ron, tsumo, draw or abortive_draw.")
    riichi: list[int] = Field(description="The seats whose riichi was accepted.")
    tenpai: list[int] | None = Field(description="At an exhaustive draw, the tenpai seats, worked out from the hands.")
    nagashi: list[int] | None
    abortive: AbortiveDraw | None
    wins: list[VerifiedWinOut]
    recorded_deltas: list[int] = Field(description="The record's score changes (Tenhou's leave the riichi deposits out).")
    deltas: list[int] | None = Field(description="POST /match/settle's deltas (riichi deposits included).")


class FinalScoresOut(BaseModel):
    model_config = FROM_CORE

    recorded: list[int] | None
    computed: list[int] | None


class RecordsVerifyResponse(BaseModel):
    model_config = FROM_CORE

    format: RecordFormat
    players: int
    rules: dict[str, Any] = Field(description="The rules applied.")
    verified: bool = Field(description="True exactly when `mismatches` is empty.")
    mismatches: list[MismatchOut]
    hands: list[VerifiedHandOut]
    final_scores: FinalScoresOut
    game_over: bool = Field(description="Whether the match is over after the last hand under the rules applied.")
    standings: list[StandingOut] = Field(description="POST /match/replay's standings after the last hand.")
    replay: dict[str, Any] = Field(description="A POST /match/replay request of this game (each win with its hand and "
                                   "context), so it can be replayed under other rules.")
