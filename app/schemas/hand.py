"""Request and response models of POST /hand/score."""

from typing import Annotated, Any

from pydantic import Field, StrictBool, StrictInt, create_model
from pydantic.json_schema import SkipJsonSchema

from app.schemas.common import IN_ANSWER_LANGUAGE, LIMIT_NAME, ErrorEntry, StrictModel, valid_or_sent
from app.schemas.enums import MeldType, Wind, WinType
from app.schemas.from_core import answer_model
from app.schemas.rules import HandRulesModel
from app.scoring.context_flags import CONTEXT_FLAGS
from app.scoring.result import FuScore, Group, Payment, Points, ScoreResult, YakumanScore, YakuScore

MAX_TILE_STRING = 64
Indicator = Annotated[str, Field(max_length=4, examples=["3m"])]


class MeldModel(StrictModel):
    type: MeldType
    tiles: str = Field(max_length=16, description="3 tiles for chi and pon, 4 for kans", examples=["456p"])


class HandModel(StrictModel):
    tiles: str = Field(max_length=MAX_TILE_STRING, description="Concealed tiles in MPSZ notation, winning tile included, melds excluded",
                       examples=["234567m456p22678s"])
    melds: list[MeldModel] = Field(default_factory=list, max_length=4)
    win_tile: str = Field(max_length=4, description="The winning tile, one of hand.tiles", examples=["8s"])


def _flag_fields() -> dict[str, Any]:
    """A StrictBool field per flag of the core's one flag table, with its meaning."""
    return {flag.name: (StrictBool, Field(False, description=flag.meaning)) for flag in CONTEXT_FLAGS}


ContextModel = create_model(
    "ContextModel", __base__=StrictModel,
    win=(WinType, Field("ron", description="ron (on a discard) or tsumo (self-drawn)")),
    seat_wind=(Wind, Field("east", description="east is the dealer")),
    round_wind=(Wind, Field("east", description="the wind of the round being played")),
    **_flag_fields(),
    dora_indicators=(list[Indicator], Field(default_factory=list, max_length=5,
                                            description="the dora indicators shown, up to 5")),
    ura_dora_indicators=(list[Indicator], Field(default_factory=list, max_length=5,
                                                description="counted only with riichi or double riichi")),
    honba=(StrictInt, Field(0, ge=0, le=99, description="repeat counters on the table, rules.honba_points each (300; "
                                                        "200 in the sanma presets)")),
    riichi_sticks=(StrictInt, Field(0, ge=0, le=99, description="sticks on the table, 1000 points each to the winner")),
    pao_seat_wind=(Wind | None, Field(None, description="seat of the player liable (pao) for daisangen or daisuushii "
                                                        "(suukantsu too with rules.pao_suukantsu)")),
    discarder_seat_wind=(Wind | None, Field(None, description="seat of the player who dealt in, on a ron")),
    kita=(StrictInt, Field(0, ge=0, le=4, description="three players: North tiles the winner set aside (nukidora), "
                                                      "one han each and each a North for the dora indicators")),
)


class HandScoreRequest(StrictModel):
    hand: HandModel | None = Field(None, description="required unless context.nagashi_mangan is true")
    context: ContextModel = Field(default_factory=ContextModel)
    rules: HandRulesModel = Field(default_factory=HandRulesModel)


# The answer's parts, generated from the core's records (app/schemas/from_core.py).
YakuOut = answer_model(YakuScore, "YakuOut", name=IN_ANSWER_LANGUAGE)
YakumanOut = answer_model(YakumanScore, "YakumanOut", name=IN_ANSWER_LANGUAGE)
PointsOut = answer_model(Points, "PointsOut")
FuItemOut = answer_model(
    FuScore, "FuItemOut", tiles="the triplet, kan or pair that earns it; null for the others (base, menzen_ron, tsumo, waits)")
GroupOut = answer_model(Group, "GroupOut", winning="the group the winning tile completed")
PaymentOut = answer_model(Payment, "PaymentOut", points="honba included", liable="paid as the player liable (pao) for a yakuman")
HandScoreResponse = answer_model(
    ScoreResult, "HandScoreResponse",
    wait="how the winning tile completed the hand in the reading scored",
    payments="who pays the winner what, honba included; riichi sticks come from the table",
    limit_name=LIMIT_NAME)


MAX_BATCH = 500


class HandScoreBatchRequest(StrictModel):
    items: list[valid_or_sent(HandScoreRequest)] = Field(  # type: ignore[valid-type]
        min_length=1, max_length=MAX_BATCH,
        description=f"Up to {MAX_BATCH} requests of POST /hand/score, each scored on its own")


class HandScoreBatchItem(StrictModel):
    ok: bool
    result: HandScoreResponse | SkipJsonSchema[None] = Field(None, description="the scoring, when ok")
    detail: list[ErrorEntry] | SkipJsonSchema[None] = Field(None, description="what is wrong with this item (as a 422 would say), when not ok")


class HandScoreBatchResponse(StrictModel):
    results: list[HandScoreBatchItem] = Field(description="one per item, in the order sent")
