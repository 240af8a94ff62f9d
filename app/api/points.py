"""POST /hand/points: the payments of a win given as han and fu (or yakuman), without tiles."""

from fastapi import APIRouter, Response

from app.api.core_args import rules_of
from app.api.language import AcceptLanguage, LangQuery, choose, limit_name, set_headers
from app.errors import InvalidInput
from app.match.hanfu import han_fu_problems
from app.match.win_value import hand_points
from app.schemas.hand import PointsOut
from app.schemas.points import HandPointsRequest, HandPointsResponse

router = APIRouter(tags=["hand"])
YAKUMAN_HAN = 13


@router.post("/hand/points", response_model=HandPointsResponse, summary="Payments of a win from han and fu")
async def score_points(request: HandPointsRequest, response: Response, lang: LangQuery = None,
                       accept_language: AcceptLanguage = None) -> HandPointsResponse:
    """The limit, the standard payments and the winner's total: the same numbers /hand/score gives a hand of
    that han and fu (or yakuman), with honba and sticks."""
    han = request.han or 0
    if request.han is not None:
        problems = list(han_fu_problems(request.han, request.fu, (), "inconsistent_context"))
        if problems:
            raise InvalidInput(problems)
    limit, base, paid = hand_points(han, request.fu, request.yakuman or 0, request.dealer, request.win == "tsumo",
                                    request.honba, request.riichi_sticks, rules_of(request.rules))
    language = choose(lang, accept_language)
    set_headers(response, language)
    return HandPointsResponse(han=han or YAKUMAN_HAN * (request.yakuman or 0), fu=request.fu, limit=limit,
                              limit_name=limit_name(limit, language), base_points=base,
                              points=PointsOut.model_validate(paid))
