"""POST /hand/analyze and its batch form: validate, analyze with the core, write the core's answer as JSON."""

from typing import Any

import msgspec
from fastapi import APIRouter, Response
from pydantic import TypeAdapter, ValidationError

from app.answers import analysis_json, analyze, invalid_input_detail, validation_detail
from app.api.hand import json_response
from app.errors import InvalidInput
from app.heavy import heavy
from app.observability.metrics import count_analysed, count_refused_item
from app.schemas.analyze import HandAnalyzeBatchRequest, HandAnalyzeBatchResponse, HandAnalyzeRequest, HandAnalyzeResponse
from app.scoring.analysis import Analysis

router = APIRouter(tags=["hand"])
_encoder = msgspec.json.Encoder()
_validate_request = TypeAdapter(HandAnalyzeRequest).validate_python


def as_json(analysis: Analysis) -> dict[str, Any]:
    """The answer as JSON values: waits, improving tiles, ukeire and discards only where they apply."""
    return analysis_json(msgspec.to_builtins(analysis))


@router.post("/hand/analyze", response_model=HandAnalyzeResponse, operation_id="analyze_hand",
             summary="Shanten, every wait with what it pays, and the best discards")
async def hand_analyze(request: HandAnalyzeRequest) -> Response:
    """Shanten by form; with 13 tiles (less 3 per meld) every wait with the copies left, furiten and its value by
    ron and by tsumo, or the improving tiles; with 14, every discard with the same, best first."""
    return await heavy(analyze_answer, request)


def analyze_answer(request: HandAnalyzeRequest) -> Response:
    """The whole answer, written in a heavy-work process (app/heavy.py)."""
    answer = _encoder.encode(as_json(analyze(request)))
    count_analysed(1)
    return json_response(answer)


def _item(index: int, item: HandAnalyzeRequest | Any) -> dict[str, Any]:
    try:
        result = as_json(analyze(item if isinstance(item, HandAnalyzeRequest) else _validate_request(item)))
    except ValidationError as exc:
        detail = validation_detail(exc.errors(), ("body", "items", index))
    except InvalidInput as exc:
        detail = invalid_input_detail(exc, ("body", "items", index))
    else:
        count_analysed(1)
        return {"ok": True, "result": result}
    count_refused_item(detail)
    return {"ok": False, "detail": detail}


@router.post("/hand/analyze/batch", response_model=HandAnalyzeBatchResponse, operation_id="analyze_hands",
             summary="Analyze up to 100 hands in one request")
async def hand_analyze_batch(request: HandAnalyzeBatchRequest) -> Response:
    """Each item is a /hand/analyze request, analyzed on its own: one result or one error list per item, in order."""
    return await heavy(batch_answer, request.items)


def batch_answer(items: list[HandAnalyzeRequest | Any]) -> Response:
    """The whole answer, written in a heavy-work process (app/heavy.py)."""
    return json_response(_encoder.encode({"results": [_item(i, item) for i, item in enumerate(items)]}))
