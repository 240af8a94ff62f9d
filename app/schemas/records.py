"""Request and response bodies of POST /records/verify, POST /records/convert and POST /records/stats."""

from typing import Annotated, Any

from pydantic import BeforeValidator, Field

from app.records.stats import PlayerStats, Rate, RecordStats
from app.records.verify import (
    FinalScores,
    GameReplay,
    Mismatch,
    RecordedValue,
    RecordedYaku,
    Verification,
    VerifiedHand,
    VerifiedWin,
)
from app.schemas.common import StrictModel, documented_as
from app.schemas.enums import ConvertTarget, MismatchField, RecordFormat
from app.schemas.from_core import answer_model
from app.schemas.hand import ContextModel
from app.schemas.settle import ReplayRequest, SettleHandIn, SettleRulesIn, SettleStateIn
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


def replay_request(replay: GameReplay) -> dict[str, Any]:
    """The game as POST /match/replay takes it: the rules as chosen (their keys in the order given), then the
    scoreboard and each hand as SettleStateIn and SettleHandIn write them, only the fields that apply."""
    return {"rules": replay.rules,
            "state": SettleStateIn.from_core(replay.state).model_dump(mode="json", exclude_unset=True),
            "hands": [SettleHandIn.from_core(hand).model_dump(mode="json", exclude_unset=True) for hand in replay.hands]}

# The answer and its parts, generated from the core's records (app/schemas/from_core.py).
MeldOut = answer_model(MeldInput, "MeldOut")
RecordHandOut = answer_model(HandInput, "RecordHandOut", order=("tiles", "melds", "win_tile"))
RecordedYakuOut = answer_model(RecordedYaku, "RecordedYakuOut")
MismatchOut = answer_model(
    Mismatch, "MismatchOut", retyped={"field": MismatchField},
    hand="The hand's index in the record; null for the whole game.",
    seat="The seat concerned; null where none is.",
    field="What differs: see the README's table.",
    recorded="What the record says: points, han or fu (an integer), the yaku, a word (`a win`, `over`, `goes on`) or "
             "null.",
    computed="What the service computed, of the same kind (for `win`, the problem's type).")
RecordedValueOut = answer_model(
    RecordedValue, "RecordedValueOut",
    points="The ron payment or the sum of the tsumo payments, without honba and sticks.",
    yaku="The record's yaku with their han, dora included.")
VerifiedWinOut = answer_model(
    VerifiedWin, "VerifiedWinOut", retyped={"context": documented_as(ContextModel)},
    from_seat="The discarder; null for a tsumo.",
    hand="The hand as POST /hand/score was sent it.",
    context="The context as POST /hand/score was sent it.",
    score="The POST /hand/score answer; null where the tiles make no win.")
VerifiedHandOut = answer_model(
    VerifiedHand, "VerifiedHandOut",
    scores="The record's scores before the hand.",
    result="ron, tsumo, draw or abortive_draw.",
    riichi="The seats whose riichi was accepted.",
    tenpai="At an exhaustive draw, the tenpai seats, worked out from the hands.",
    recorded_deltas="The record's score changes (Tenhou's leave the riichi deposits out).",
    deltas="POST /match/settle's deltas (riichi deposits included).")
FinalScoresOut = answer_model(FinalScores, "FinalScoresOut")
RecordsVerifyResponse = answer_model(
    Verification, "RecordsVerifyResponse",
    retyped={"format": RecordFormat, "rules": documented_as(SettleRulesIn),
             "replay": Annotated[documented_as(ReplayRequest), BeforeValidator(replay_request)]},
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


# POST /records/stats.
MAX_STATS_RECORDS = 500


class RecordsStatsRequest(StrictModel):
    """Game records in any format POST /records/verify reads and, optionally, the rules to replay them under."""

    records: list[RecordIn] = Field(
        min_length=1, max_length=MAX_STATS_RECORDS,
        description="1 to 500 records, each as POST /records/verify's `record` (its format detected).")
    rules: SettleRulesIn | None = Field(
        None, description="Default: each record's own, as POST /records/verify picks them. With a preset: exactly these "
        "rules for every record; options alone are laid over each record's own.")


RateOut = answer_model(Rate, "RateOut", count="How many.", of="Out of how many: a client divides.")
PlayerStatsOut = answer_model(
    PlayerStats, "PlayerStatsOut",
    name="The player's name; `NAME (seat N)` or `seat N` where a record names two seats alike or none.",
    seats="3 or 4: a player with both kinds of game has one entry for each.",
    placements="Games finished 1st, 2nd, ... (from the record's final scores, ties to the seat nearer the first "
               "dealer).",
    average_placement="The mean placement; null with no game.",
    win="Hands won, of hands played (a double ron: each winner wins).",
    tsumo="Wins by self-draw, of wins.",
    deal_in="Hands whose winning tile was the player's discard, kita or robbed kan (once per hand), of hands.",
    riichi="Hands in which it declared riichi (the declaration tile dealt into included), of hands.",
    call="Hands with at least one chi, pon or open kan (not concealed or added kans, not kita), of hands.",
    dama="Wins with no riichi and no call, of wins.",
    draw="Hands that ended in an exhaustive draw (nagashi mangan included, abortive draws not), of hands.",
    tenpai_at_draw="Exhaustive draws at which it was tenpai as Tenhou judges it, of those draws.",
    average_win="Mean points a win took from the others: value plus honba, no riichi deposits; null with no win.",
    average_deal_in="Mean points paid on a deal-in (value plus honba; a double ron's sum; with pao its own share).",
    average_win_turn="Mean of its discards before the win plus one (kans and kita are not discards).")
RecordsStatsResponse = answer_model(
    RecordStats, "RecordsStatsResponse",
    games="The records counted.", hands="Their hands in all.",
    unverified="Indexes of the records whose verification found mismatches (they still count).",
    players="One entry per player name and table size, in the order they first appear.")
