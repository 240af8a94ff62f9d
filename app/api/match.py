"""POST /match/end-check, /match/settle and /match/replay."""

from fastapi import APIRouter, Response

from app.answers import end_checked, replayed, settled
from app.api.hand import model_response
from app.api.language import AcceptLanguage, LangQuery, choose, set_headers
from app.heavy import heavy
from app.schemas.match import EndCheckRequest, EndCheckResponse
from app.schemas.settle import ReplayRequest, ReplayResponse, SettleRequest, SettleResponse
from app.scoring.vocabulary import Language

router = APIRouter(tags=["match"])


@router.post(
    "/match/end-check",
    response_model=EndCheckResponse,
    operation_id="check_match_end",
    summary="Decide whether a match is over after a hand",
    description=(
        "Send the scoreboard after a settled hand and the match rules; get back whether the match is "
        "over (and why), the next hand if it goes on, and the standings, with oka and uma once it is over."
    ),
)
async def end_check(request: EndCheckRequest) -> EndCheckResponse:
    return EndCheckResponse.model_validate(end_checked(request))


@router.post(
    "/match/settle",
    response_model=SettleResponse,
    operation_id="settle_hand",
    summary="Settle a hand onto the scoreboard",
    description=(
        "Send the scoreboard before a hand, the rules and what happened (ron with one or more winners, tsumo, "
        "exhaustive draw, abortive draw, chombo); get back every payment, each seat's change, the scores and "
        "sticks after it, the end check of the new scoreboard and the next call's state."
    ),
)
async def settle(request: SettleRequest, response: Response, lang: LangQuery = None,
                 accept_language: AcceptLanguage = None) -> SettleResponse:
    language = choose(lang, accept_language)
    set_headers(response, language)
    return SettleResponse.model_validate(settled(request, language))


@router.post(
    "/match/replay",
    response_model=ReplayResponse,
    summary="Settle a whole match from its hands",
    description=(
        "Send a match as its list of hands (at most 256); each is settled in turn, as /match/settle would, and "
        "the answer ends with whether the match is over and its standings."
    ),
)
async def replay_match(request: ReplayRequest, lang: LangQuery = None,
                       accept_language: AcceptLanguage = None) -> Response:
    return await heavy(replay_answer, request, choose(lang, accept_language))


def replay_answer(request: ReplayRequest, language: Language) -> Response:
    """The whole answer, written in a heavy-work process (app/heavy.py)."""
    return model_response(ReplayResponse, replayed(request, language), language)
