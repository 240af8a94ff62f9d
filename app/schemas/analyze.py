"""Request and response models of POST /hand/analyze (and its batch form)."""

from pydantic import Field
from pydantic.json_schema import SkipJsonSchema

from app.schemas.common import ErrorEntry, StrictModel, valid_or_sent
from app.schemas.from_core import answer_model
from app.schemas.hand import MAX_TILE_STRING, ContextModel, HandRulesModel, MeldModel
from app.scoring.analysis import Analysis, DiscardOption, ShantenByForm, TileLeft, WaitValue, WinOnWait

MAX_ANALYZE_BATCH = 100


class AnalyzeHandModel(StrictModel):
    tiles: str = Field(max_length=MAX_TILE_STRING, examples=["234567m456p2267s"],
                       description="Concealed tiles in MPSZ notation, melds excluded: 13 or 14, less 3 per meld")
    melds: list[MeldModel] = Field(default_factory=list, max_length=4)


class AnalyzeContextModel(ContextModel):
    """/hand/score's context (its `win` and `nagashi_mangan` ignored; haitei and rinshan value the tsumo only,
    houtei and chankan the ron only), plus the tiles seen."""

    visible: str = Field("", max_length=512, examples=["19m5s"],
                         description="tiles seen elsewhere (other players' discards and melds), MPSZ")
    discards: str = Field("", max_length=128, examples=["9s"], description="the player's own discards, MPSZ")


class HandAnalyzeRequest(StrictModel):
    hand: AnalyzeHandModel
    context: AnalyzeContextModel = Field(default_factory=AnalyzeContextModel)
    rules: HandRulesModel = Field(default_factory=HandRulesModel)


# The answer and its parts, generated from the core's records (app/schemas/from_core.py).
WinValueOut = answer_model(WinOnWait, "WinValueOut", yaku="yaku ids, dora included", yakuman="yakuman ids")
WaitOut = answer_model(
    WaitValue, "WaitOut",
    tile="plain fives (5m)",
    remaining="4 less the copies in the hand, melds, dora indicators, visible and discards",
    furiten="some wait of the hand is among its own discards",
    ron="the win by ron; null when it has no yaku, or with chankan when the hand or an indicator holds another copy of "
        "the tile (/hand/score refuses that chankan)",
    tsumo="the win by tsumo; null when it has no yaku")
TileLeftOut = answer_model(TileLeft, "TileLeftOut")
ShantenByFormOut = answer_model(ShantenByForm, "ShantenByFormOut", chiitoitsu="null with melds", kokushi="null with melds")
DiscardOut = answer_model(
    DiscardOption, "DiscardOut", omitted=("waits", "improving_tiles"),
    shanten="after the discard",
    waits="tenpai after the discard (the discard counts as seen and furiten)",
    improving_tiles="not tenpai after the discard",
    ukeire="the sum of remaining over the waits or improving tiles")
HandAnalyzeResponse = answer_model(
    Analysis, "HandAnalyzeResponse", omitted=("waits", "improving_tiles", "ukeire", "discards_analysis"),
    shanten="0 tenpai, -1 a complete 14-tile hand: the least of shanten_by_form",
    waits="13 tiles (less 3 per meld), tenpai: every wait",
    improving_tiles="13 tiles, not tenpai: the tiles that lower the shanten",
    ukeire="13 tiles: the sum of remaining over the waits or improving tiles",
    discards_analysis="14 tiles (less 3 per meld): every distinct discard, best first")


class HandAnalyzeBatchRequest(StrictModel):
    items: list[valid_or_sent(HandAnalyzeRequest)] = Field(  # type: ignore[valid-type]
        min_length=1, max_length=MAX_ANALYZE_BATCH,
        description=f"Up to {MAX_ANALYZE_BATCH} requests of POST /hand/analyze, each analyzed on its own")


class HandAnalyzeBatchItem(StrictModel):
    ok: bool
    result: HandAnalyzeResponse | SkipJsonSchema[None] = Field(None, description="the analysis, when ok")
    detail: list[ErrorEntry] | SkipJsonSchema[None] = Field(None, description="what is wrong with this item (as a 422 would say), when not ok")


class HandAnalyzeBatchResponse(StrictModel):
    results: list[HandAnalyzeBatchItem] = Field(description="one per item, in the order sent")
