"""Request and response bodies of POST /hand/points."""

from typing import Annotated, Self

from pydantic import Field, StrictBool, StrictInt, model_validator

from app.match.hanfu import FU_VALUES, MAX_YAKUMAN
from app.schemas.common import LIMIT_NAME, Count, StrictModel
from app.schemas.enums import Limit, WinType
from app.schemas.hand import HandRulesModel, PointsOut

# A win's value as han and fu, or as a number of yakuman (here and in /match/settle's wins).
Han = Annotated[StrictInt, Field(ge=1, le=99)]
Fu = Annotated[StrictInt, Field(ge=min(FU_VALUES), le=max(FU_VALUES))]
YakumanCount = Annotated[StrictInt, Field(ge=1, le=MAX_YAKUMAN)]


class HandPointsRequest(StrictModel):
    """A win's value without tiles: han and fu, or a number of yakuman."""

    han: Han | None = None
    fu: Fu | None = Field(
        None, description="With han; may be left out from 5 han on.")
    yakuman: YakumanCount | None = Field(
        None, description="How many yakuman (1 single, 2 double, ...), instead of han and fu.")
    dealer: StrictBool = Field(False, description="Whether the winner is the dealer.")
    win: WinType = "ron"
    honba: Count = 0
    riichi_sticks: Count = Field(0, description="Sticks on the table, 1000 points each to the winner.")
    rules: HandRulesModel = Field(default_factory=HandRulesModel)

    @model_validator(mode="after")
    def _one_value(self) -> Self:
        if (self.han is None) == (self.yakuman is None):
            raise ValueError("give the value one way: han (with fu below 5 han) or yakuman")
        if self.fu is not None and self.han is None:
            raise ValueError("fu goes with han")
        return self


class HandPointsResponse(StrictModel):
    han: int = Field(description="As sent; 13 per yakuman for a yakuman value.")
    fu: int | None
    limit: Limit
    limit_name: str | None = Field(description=LIMIT_NAME)
    base_points: int
    points: PointsOut = Field(description="The standard table's payments and the winner's total, as /hand/score gives them.")
