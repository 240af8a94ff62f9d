from fastapi import APIRouter

from app.match.endcheck import check_match_end
from app.match.rules import resolve_match_rules
from app.schemas.match import EndCheckRequest, EndCheckResponse

router = APIRouter()


@router.post(
    "/match/end-check",
    response_model=EndCheckResponse,
    tags=["match"],
    summary="Decide whether a match is over after a hand",
    description=(
        "Send the scoreboard after a settled hand and the match rules; get back whether the match is "
        "over (and why), the next hand if it goes on, and the standings, with oka and uma once it is over."
    ),
)
async def end_check(request: EndCheckRequest) -> EndCheckResponse:
    rules = resolve_match_rules(request.rules.preset, request.rules.overrides())
    check = check_match_end(request.state.to_core(), request.last_hand.to_core(), rules)
    return EndCheckResponse.from_core(check)
