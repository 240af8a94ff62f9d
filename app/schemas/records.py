"""Request and response bodies of POST /records/verify and POST /records/convert."""

from typing import Annotated, Any

from pydantic import Field

from app.match.hand import Outcome
from app.match.rules import AbortiveDraw
from app.records.verify import FinalScores, Mismatch, RecordedValue, RecordedYaku, Verification, VerifiedHand, VerifiedWin
from app.schemas.common import StrictModel
from app.schemas.enums import ConvertTarget, MismatchField, RecordFormat
from app.schemas.from_core import answer_model
from app.schemas.settle import SettleRulesIn
from app.scoring import HandInput, MeldInput

MAX_RECORD_CHARS = 1 << 22  # as the body cap: 4 MiB


RecordIn = dict[str, Any] | list[Any] | Annotated[str, Field(max_length=MAX_RECORD_CHARS)]
RECORD_DESCRIPTION = ("A tenhou.net/6 JSON log (an object with `log`), a Tenhou mjlog XML document as a string, an mjai "
                      "log (a list of events, or JSON lines as a string) or a Mahjong Soul record (an object with `head` "
                      "and `data`).")


class RecordsVerifyRequest(StrictModel):
    """A whole game record and, optionally, the rules to verify it under."""

    record: RecordIn = Field(description=RECORD_DESCRIPTION)
    format: RecordFormat | None = Field(None, description="Detected from `record` when left out.")
    rules: SettleRulesIn | None = Field(
        None, description="Default: the record's own (tenhou or tenhou_sanma, with its red fives, open tanyao and length). "
        "With a preset: exactly these rules; options alone are laid over the record's own.")


# The answer and its parts, generated from the core's records (app/schemas/from_core.py).
MismatchOut = answer_model(
    Mismatch, "MismatchOut", retyped={"field": MismatchField},
    hand="The hand's index in the record; null for the whole game.",
    seat="The seat concerned; null where none is.",
    field="What differs: see the README's table.",
    recorded="What the record says.",
    computed="What the service computed.")
MeldOut = answer_model(MeldInput, "MeldOut")
RecordHandOut = answer_model(HandInput, "RecordHandOut", order=("tiles", "melds", "win_tile"))
RecordedYakuOut = answer_model(RecordedYaku, "RecordedYakuOut")
RecordedValueOut = answer_model(
    RecordedValue, "RecordedValueOut",
    points="The ron payment or the sum of the tsumo payments, without honba and sticks.",
    yaku="The record's yaku with their han, dora included.")
VerifiedWinOut = answer_model(
    VerifiedWin, "VerifiedWinOut",
    from_seat="The discarder; null for a tsumo.",
    hand="The hand as POST /hand/score was sent it.",
    context="The context as POST /hand/score was sent it.",
    score="The POST /hand/score answer; null where the tiles make no win.")
VerifiedHandOut = answer_model(
    VerifiedHand, "VerifiedHandOut", retyped={"result": Outcome, "abortive": AbortiveDraw | None},
    scores="The record's scores before the hand.",
    result="ron, tsumo, draw or abortive_draw.",
    riichi="The seats whose riichi was accepted.",
    tenpai="At an exhaustive draw, the tenpai seats, worked out from the hands.",
    recorded_deltas="The record's score changes (Tenhou's leave the riichi deposits out).",
    deltas="POST /match/settle's deltas (riichi deposits included).")
FinalScoresOut = answer_model(FinalScores, "FinalScoresOut")
RecordsVerifyResponse = answer_model(
    Verification, "RecordsVerifyResponse", retyped={"format": RecordFormat},
    rules="The rules applied.",
    verified="True exactly when `mismatches` is empty.",
    game_over="Whether the match is over after the last hand under the rules applied.",
    standings="POST /match/replay's standings after the last hand.",
    replay="A POST /match/replay request of this game (each win with its hand and context), so it can be replayed "
           "under other rules.")


class RecordsConvertRequest(StrictModel):
    """A whole game record and the format to write it in."""

    record: RecordIn = Field(description=RECORD_DESCRIPTION)
    format: RecordFormat | None = Field(None, description="Detected from `record` when left out.")
    to: ConvertTarget = Field(description="tenhou6: the tenhou.net/6 JSON; mjai: a JSON array of mjai events.")


class RecordsConvertResponse(StrictModel):
    """The record in the format asked for, with the service's values."""

    format: RecordFormat = Field(description="The format the record was read as.")
    to: ConvertTarget
    record: dict[str, Any] | list[dict[str, Any]] = Field(
        description="The tenhou.net/6 log (an object) or the mjai events (a list).")
