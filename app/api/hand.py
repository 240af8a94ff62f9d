"""POST /hand/score: validate, translate to the core's dataclasses, score, serialize."""

from fastapi import APIRouter, Response
from pydantic import TypeAdapter

from app.schemas.hand import ContextModel, HandModel, HandRulesModel, HandScoreRequest, HandScoreResponse
from app.scoring import HandInput, HandRules, MeldInput, ScoreResult, WinContext, resolve_hand_rules, score_hand

router = APIRouter(tags=["hand"])
_result_json = TypeAdapter(ScoreResult)


def to_hand(model: HandModel | None) -> HandInput | None:
    if model is None:
        return None
    melds = tuple(MeldInput(m.type, m.tiles) for m in model.melds)
    return HandInput(model.tiles, model.win_tile, melds)


def to_context(model: ContextModel) -> WinContext:
    fields = model.model_dump()
    fields["dora_indicators"] = tuple(fields["dora_indicators"])
    fields["ura_dora_indicators"] = tuple(fields["ura_dora_indicators"])
    return WinContext(**fields)


def to_rules(model: HandRulesModel) -> HandRules:
    overrides = model.model_dump(exclude_none=True, exclude={"preset"})
    return resolve_hand_rules(model.preset, overrides)


def score_request(request: HandScoreRequest) -> ScoreResult:
    return score_hand(to_hand(request.hand), to_context(request.context), to_rules(request.rules))


@router.post("/hand/score", response_model=HandScoreResponse,
             summary="Score a winning hand",
             responses={422: {"description": "The request or the hand is not valid; `detail` says what and where"}})
async def hand_score(request: HandScoreRequest) -> Response:
    """Every yaku and yakuman with its han, the fu with its breakdown, the limit and the payments."""
    result = score_request(request)
    return Response(_result_json.dump_json(result), media_type="application/json")
