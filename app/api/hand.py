"""POST /hand/score and its batch form: validate, translate to the core's dataclasses, score, serialize.

Both routes use `SinglePassJsonRoute` (app/api/single_pass.py): a plain JSON body is validated once, from
the raw bytes. A batch whose items are all valid requests is validated the same way in one pass, items
included (`_ValidBatch`); only a batch with a bad item (or a bad envelope) takes the item-by-item path
that reports each problem where it is.
"""

import json
from collections.abc import Iterable
from typing import Any

from fastapi import APIRouter, Response
from pydantic import Field, TypeAdapter, ValidationError

from app.api.errors import invalid_input_detail, validation_detail
from app.api.single_pass import SinglePassJsonRoute, single_pass_first
from app.errors import InvalidInput
from app.schemas.common import StrictModel
from app.schemas.hand import (
    MAX_BATCH, ContextModel, HandModel, HandRulesModel, HandScoreBatchRequest, HandScoreBatchResponse,
    HandScoreRequest, HandScoreResponse,
)
from app.scoring import HandInput, HandRules, MeldInput, ScoreResult, WinContext, resolve_hand_rules, score_hand


router = APIRouter(tags=["hand"], route_class=SinglePassJsonRoute)
_dump_result = TypeAdapter(ScoreResult).serializer.to_json  # ScoreResult (dataclasses) as compact JSON bytes
_validate_request = TypeAdapter(HandScoreRequest).validator.validate_python
_REJECTED = {422: {"description": "The request or the hand is not valid; `detail` says what and where"}}
_rules_cache: dict[tuple[tuple[str, object], ...], HandRules] = {}
_RULES_CACHE_SIZE = 4096


def to_hand(model: HandModel | None) -> HandInput | None:
    if model is None:
        return None
    melds = tuple(MeldInput(m.type, m.tiles) for m in model.melds)
    return HandInput(model.tiles, model.win_tile, melds)


def to_context(model: ContextModel) -> WinContext:
    fields = model.__dict__.copy()  # the validated fields, exactly WinContext's
    fields["dora_indicators"] = tuple(fields["dora_indicators"])
    fields["ura_dora_indicators"] = tuple(fields["ura_dora_indicators"])
    return WinContext(**fields)


def to_rules(model: HandRulesModel) -> HandRules:
    """The preset with the options sent beside it; HandRules is frozen, so one object serves every equal request."""
    key = tuple([(name, getattr(model, name)) for name in model.model_fields_set])
    rules = _rules_cache.get(key)
    if rules is None:
        overrides = {name: value for name, value in key if name != "preset" and value is not None}
        rules = resolve_hand_rules(model.preset, overrides)
        if len(_rules_cache) >= _RULES_CACHE_SIZE:
            _rules_cache.clear()
        _rules_cache[key] = rules
    return rules


def score_request(request: HandScoreRequest) -> ScoreResult:
    return score_hand(to_hand(request.hand), to_context(request.context), to_rules(request.rules))


@router.post("/hand/score", response_model=HandScoreResponse, summary="Score a winning hand", responses=_REJECTED)
async def hand_score(request: HandScoreRequest) -> Response:
    """Every yaku and yakuman with its han, the fu with its breakdown, the limit and the payments."""
    return Response(_dump_result(score_request(request)), media_type="application/json")


def _scored_item(index: int, request: HandScoreRequest) -> bytes:
    try:
        result = score_request(request)
    except InvalidInput as exc:
        return json.dumps({"ok": False, "detail": invalid_input_detail(exc, ("body", "items", index))}).encode()
    return b'{"ok":true,"result":' + _dump_result(result) + b"}"


def _batch_item(index: int, raw: Any) -> bytes:
    try:
        request = _validate_request(raw)
    except ValidationError as exc:
        return json.dumps({"ok": False, "detail": validation_detail(exc.errors(), ("body", "items", index))}).encode()
    return _scored_item(index, request)


def _results(parts: Iterable[bytes]) -> Response:
    return Response(b'{"results":[' + b",".join(parts) + b"]}", media_type="application/json")


class _ValidBatch(StrictModel):
    """A batch whose every item is a valid request (the envelope's limits are HandScoreBatchRequest's)."""

    items: list[HandScoreRequest] = Field(min_length=1, max_length=MAX_BATCH)


async def _score_valid_batch(batch: _ValidBatch) -> Response:
    return _results(_scored_item(i, item) for i, item in enumerate(batch.items))


@router.post("/hand/score/batch", response_model=HandScoreBatchResponse, responses=_REJECTED,
             summary=f"Score up to {MAX_BATCH} hands in one request")
@single_pass_first(_ValidBatch, _score_valid_batch)
async def hand_score_batch(request: HandScoreBatchRequest) -> Response:
    """Each item is a /hand/score request, scored on its own: one result or one error list per item, in order.
    A bad item does not fail the others; only a malformed envelope (no `items`, too many) is a 422."""
    return _results(_batch_item(i, raw) for i, raw in enumerate(request.items))
