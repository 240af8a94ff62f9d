"""POST /hand/score and its batch form: validate into the core's dataclasses, score, serialize.

Both routes use `SinglePassJsonRoute` (app/api/single_pass.py): a plain JSON body is validated once, from
the raw bytes, straight into what `score_hand` takes (`ScoreArgs`, app/api/score_args.py). A batch whose
items are all valid requests is validated the same way in one pass, items included (`_ValidBatch`); only
a batch with a bad item (or a bad envelope) takes the item-by-item path that reports each problem where it
is, through the request models.
"""

import json
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import msgspec
from fastapi import APIRouter, Response
from pydantic import Field, TypeAdapter, ValidationError

from app.api.errors import invalid_input_detail, validation_detail
from app.api.language import AcceptLanguage, LangQuery, choose, localize, raw_headers
from app.api.score_args import ScoreArgs, to_args
from app.api.single_pass import SinglePassJsonRoute, single_pass_first
from app.errors import InvalidInput
from app.observability.metrics import count_refused_item, observe_batch
from app.schemas.common import StrictModel
from app.schemas.hand import MAX_BATCH, HandScoreBatchRequest, HandScoreBatchResponse, HandScoreRequest, HandScoreResponse
from app.scoring import ScoreResult, score_hand
from app.scoring.vocabulary import Language

T = TypeVar("T")

router = APIRouter(tags=["hand"], route_class=SinglePassJsonRoute)
BATCH_PATH = "/hand/score/batch"  # its body cap is MAHJONG_MAX_BATCH_BODY_BYTES (app.main)
# ScoreResult (dataclasses) as compact JSON, byte for byte what pydantic-core writes for it (tests check), faster
_encoder = msgspec.json.Encoder()
_validate_request = TypeAdapter(HandScoreRequest).validator.validate_python


def score(args: ScoreArgs) -> ScoreResult:
    return score_hand(args.hand, args.context, args.rules)


class JsonBytesResponse(Response):
    """A 200 answer of JSON already written: the headers Response would render for it, built without its general path
    (and, for an answer with names, its Content-Language and Vary)."""

    media_type = "application/json"

    def __init__(self, content: bytes, language: Language | None = None) -> None:
        self.status_code = 200
        self.background = None
        self.body = content
        self.raw_headers = [(b"content-length", b"%d" % len(content)), (b"content-type", b"application/json")]
        if language is not None:
            self.raw_headers += raw_headers(language)


async def _score_response(args: ScoreArgs, language: Language) -> Response:
    return JsonBytesResponse(_encoder.encode(localize(score(args), language)), language)


@router.post("/hand/score", response_model=HandScoreResponse, summary="Score a winning hand", operation_id="score_hand")
@single_pass_first(ScoreArgs, _score_response)
async def hand_score(request: HandScoreRequest, lang: LangQuery = None, accept_language: AcceptLanguage = None) -> Response:
    """Every yaku and yakuman with its han, the fu with its breakdown, the limit and the payments."""
    return await _score_response(to_args(request), choose(lang, accept_language))


def _write_scored(out: bytearray, index: int, args: ScoreArgs, language: Language) -> None:
    """Append the item's answer and a comma: {"ok":true,"result":...}, or the scorer's refusal."""
    try:
        result = localize(score(args), language)
    except InvalidInput as exc:
        out += _refused(invalid_input_detail(exc, ("body", "items", index)))
        return
    out += b'{"ok":true,"result":'
    _encoder.encode_into(result, out, -1)
    out += b"},"


def _write_item(out: bytearray, index: int, raw: Any, language: Language) -> None:
    """Append the answer to an item not validated yet, and a comma."""
    try:
        request = _validate_request(raw)
    except ValidationError as exc:
        out += _refused(validation_detail(exc.errors(), ("body", "items", index)))
        return
    _write_scored(out, index, to_args(request), language)


def _refused(detail: list[dict[str, object]]) -> bytes:
    count_refused_item(detail)
    return json.dumps({"ok": False, "detail": detail}).encode() + b","


def _results(write: Callable[[bytearray, int, T, Language], None], items: Sequence[T], language: Language) -> Response:
    """{"results":[...]}: each item's answer written by `write` into one buffer, in order."""
    out = bytearray(b'{"results":[')
    for index, item in enumerate(items):
        write(out, index, item, language)
    out[-1:] = b"]}"  # over the last answer's comma: a batch holds at least one item
    observe_batch(len(items))
    return JsonBytesResponse(bytes(out), language)


class _ValidBatch(StrictModel):
    """A batch whose every item is a valid request (the envelope's limits are HandScoreBatchRequest's)."""

    items: list[ScoreArgs] = Field(min_length=1, max_length=MAX_BATCH)


async def _score_valid_batch(batch: _ValidBatch, language: Language) -> Response:
    return _results(_write_scored, batch.items, language)


@router.post(BATCH_PATH, response_model=HandScoreBatchResponse,
             summary=f"Score up to {MAX_BATCH} hands in one request")
@single_pass_first(_ValidBatch, _score_valid_batch)
async def score_hands(request: HandScoreBatchRequest, lang: LangQuery = None,
                      accept_language: AcceptLanguage = None) -> Response:
    """Each item is a /hand/score request, scored on its own: one result or one error list per item, in order.
    A bad item does not fail the others; only a malformed envelope (no `items`, too many) is a 422."""
    return _results(_write_item, request.items, choose(lang, accept_language))
