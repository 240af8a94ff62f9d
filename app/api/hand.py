"""POST /hand/score and its batch form: validate into the core's dataclasses, score, serialize.

Both routes use `SinglePassJsonRoute` (app/api/single_pass.py): a plain JSON body is validated once, from
the raw bytes, straight into what `score_hand` takes (`ScoreArgs`, app/api/score_args.py). A batch whose
items are all valid requests is validated the same way in one pass, items included (`_ValidBatch`); only
a batch with a bad item (or a bad envelope) takes the item-by-item path that reports each problem where it
is, through the request models.
"""

import json
from collections.abc import Iterable
from typing import Any

from fastapi import APIRouter, Response
from pydantic import Field, TypeAdapter, ValidationError

from app.api.errors import invalid_input_detail, validation_detail
from app.api.score_args import ScoreArgs, to_args
from app.api.single_pass import SinglePassJsonRoute, single_pass_first
from app.errors import InvalidInput
from app.schemas.common import StrictModel
from app.schemas.hand import MAX_BATCH, HandScoreBatchRequest, HandScoreBatchResponse, HandScoreRequest, HandScoreResponse
from app.scoring import ScoreResult, score_hand


router = APIRouter(tags=["hand"], route_class=SinglePassJsonRoute)
_dump_result = TypeAdapter(ScoreResult).serializer.to_json  # ScoreResult (dataclasses) as compact JSON bytes
_validate_request = TypeAdapter(HandScoreRequest).validator.validate_python
_REJECTED = {422: {"description": "The request or the hand is not valid; `detail` says what and where"}}


def score(args: ScoreArgs) -> ScoreResult:
    return score_hand(args.hand, args.context, args.rules)


async def _score_response(args: ScoreArgs) -> Response:
    return Response(_dump_result(score(args)), media_type="application/json")


@router.post("/hand/score", response_model=HandScoreResponse, summary="Score a winning hand", responses=_REJECTED)
@single_pass_first(ScoreArgs, _score_response)
async def hand_score(request: HandScoreRequest) -> Response:
    """Every yaku and yakuman with its han, the fu with its breakdown, the limit and the payments."""
    return await _score_response(to_args(request))


def _scored_item(index: int, args: ScoreArgs) -> bytes:
    try:
        result = score(args)
    except InvalidInput as exc:
        return json.dumps({"ok": False, "detail": invalid_input_detail(exc, ("body", "items", index))}).encode()
    return b'{"ok":true,"result":' + _dump_result(result) + b"}"


def _batch_item(index: int, raw: Any) -> bytes:
    try:
        request = _validate_request(raw)
    except ValidationError as exc:
        return json.dumps({"ok": False, "detail": validation_detail(exc.errors(), ("body", "items", index))}).encode()
    return _scored_item(index, to_args(request))


def _results(parts: Iterable[bytes]) -> Response:
    return Response(b'{"results":[' + b",".join(parts) + b"]}", media_type="application/json")


class _ValidBatch(StrictModel):
    """A batch whose every item is a valid request (the envelope's limits are HandScoreBatchRequest's)."""

    items: list[ScoreArgs] = Field(min_length=1, max_length=MAX_BATCH)


async def _score_valid_batch(batch: _ValidBatch) -> Response:
    return _results(_scored_item(i, item) for i, item in enumerate(batch.items))


@router.post("/hand/score/batch", response_model=HandScoreBatchResponse, responses=_REJECTED,
             summary=f"Score up to {MAX_BATCH} hands in one request")
@single_pass_first(_ValidBatch, _score_valid_batch)
async def hand_score_batch(request: HandScoreBatchRequest) -> Response:
    """Each item is a /hand/score request, scored on its own: one result or one error list per item, in order.
    A bad item does not fail the others; only a malformed envelope (no `items`, too many) is a 422."""
    return _results(_batch_item(i, raw) for i, raw in enumerate(request.items))
