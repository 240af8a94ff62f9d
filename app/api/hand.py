"""POST /hand/score and its batch form: validate, translate to the core's dataclasses, score, serialize."""

import json
from typing import Any

from fastapi import APIRouter, Response
from pydantic import TypeAdapter, ValidationError

from app.api.errors import invalid_input_detail, validation_detail
from app.errors import InvalidInput
from app.schemas.hand import (
    MAX_BATCH, ContextModel, HandModel, HandRulesModel, HandScoreBatchRequest, HandScoreBatchResponse,
    HandScoreRequest, HandScoreResponse,
)
from app.scoring import HandInput, HandRules, MeldInput, ScoreResult, WinContext, resolve_hand_rules, score_hand

router = APIRouter(tags=["hand"])
_result_json = TypeAdapter(ScoreResult)
_request = TypeAdapter(HandScoreRequest)
_REJECTED = {422: {"description": "The request or the hand is not valid; `detail` says what and where"}}


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


@router.post("/hand/score", response_model=HandScoreResponse, summary="Score a winning hand", responses=_REJECTED)
async def hand_score(request: HandScoreRequest) -> Response:
    """Every yaku and yakuman with its han, the fu with its breakdown, the limit and the payments."""
    return Response(_result_json.dump_json(score_request(request)), media_type="application/json")


def _batch_item(index: int, raw: Any) -> bytes:
    prefix = ("body", "items", index)
    try:
        result = score_request(_request.validate_python(raw))
    except ValidationError as exc:
        return json.dumps({"ok": False, "detail": validation_detail(exc.errors(), prefix)}).encode()
    except InvalidInput as exc:
        return json.dumps({"ok": False, "detail": invalid_input_detail(exc, prefix)}).encode()
    return b'{"ok":true,"result":' + _result_json.dump_json(result) + b"}"


@router.post("/hand/score/batch", response_model=HandScoreBatchResponse, responses=_REJECTED,
             summary=f"Score up to {MAX_BATCH} hands in one request")
async def hand_score_batch(request: HandScoreBatchRequest) -> Response:
    """Each item is a /hand/score request, scored on its own: one result or one error list per item, in order.
    A bad item does not fail the others; only a malformed envelope (no `items`, too many) is a 422."""
    parts = b",".join(_batch_item(i, raw) for i, raw in enumerate(request.items))
    return Response(b'{"results":[' + parts + b"]}", media_type="application/json")
