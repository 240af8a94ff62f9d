"""POST /hand/score and its batch form: validate, score with the core, write the core's answer as JSON.

Both routes are JsonBodyRoutes (app/api/json_route.py). The answer is the core's ScoreResult encoded by msgspec (the
document's HandScoreResponse is generated from it). A batch's valid items are validated in the batch's own pass; an
item that is not a valid request is validated again on its own, so that its problems are reported where it is.
"""

import json
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import msgspec
from fastapi import APIRouter, Response
from pydantic import BaseModel, TypeAdapter, ValidationError

from app.answers import invalid_input_detail, scored, validation_detail
from app.api.json_route import JsonBodyRoute
from app.api.language import AcceptLanguage, LangQuery, choose, content_headers
from app.errors import InvalidInput
from app.heavy import heavy
from app.observability.metrics import count_refused_item, observe_batch
from app.schemas.hand import MAX_BATCH, HandScoreBatchRequest, HandScoreBatchResponse, HandScoreRequest, HandScoreResponse
from app.scoring.vocabulary import Language

T = TypeVar("T")

router = APIRouter(tags=["hand"], route_class=JsonBodyRoute)
BATCH_PATH = "/hand/score/batch"  # its body cap is MAHJONG_MAX_BATCH_BODY_BYTES (app.main)
_encoder = msgspec.json.Encoder()
_validate_request = TypeAdapter(HandScoreRequest).validate_python


def json_response(content: bytes, language: Language | None = None) -> Response:
    """A 200 answer of JSON already written (with Content-Language and Vary for an answer with names)."""
    return Response(content, media_type="application/json", headers=None if language is None else content_headers(language))


def model_response(model: type[BaseModel], result: object, language: Language | None = None) -> Response:
    """`result` as the route's answer `model`, written as FastAPI writes a response model (by alias): a heavy route's
    whole answer, made in its pool process (app/heavy.py)."""
    return json_response(model.model_validate(result, from_attributes=True).model_dump_json(by_alias=True).encode(),
                         language)


@router.post("/hand/score", response_model=HandScoreResponse, summary="Score a winning hand", operation_id="score_hand")
async def hand_score(request: HandScoreRequest, lang: LangQuery = None, accept_language: AcceptLanguage = None) -> Response:
    """Every yaku and yakuman with its han, the fu with its breakdown, the limit and the payments."""
    language = choose(lang, accept_language)
    return json_response(_encoder.encode(scored(request, language)), language)


def _write_item(out: bytearray, index: int, item: HandScoreRequest | Any, language: Language) -> None:
    """Append the item's answer and a comma: {"ok":true,"result":...}, or its problems (an item that is not a valid
    request is validated again, on its own, for them)."""
    try:
        request = item if isinstance(item, HandScoreRequest) else _validate_request(item)
        result = scored(request, language)
    except ValidationError as exc:
        out += _refused(validation_detail(exc.errors(), ("body", "items", index)))
    except InvalidInput as exc:
        out += _refused(invalid_input_detail(exc, ("body", "items", index)))
    else:
        out += b'{"ok":true,"result":'
        _encoder.encode_into(result, out, -1)
        out += b"},"


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
    return json_response(bytes(out), language)


@router.post(BATCH_PATH, response_model=HandScoreBatchResponse,
             summary=f"Score up to {MAX_BATCH} hands in one request")
async def score_hands(request: HandScoreBatchRequest, lang: LangQuery = None,
                      accept_language: AcceptLanguage = None) -> Response:
    """Each item is a /hand/score request, scored on its own: one result or one error list per item, in order.
    A bad item does not fail the others; only a malformed envelope (no `items`, too many) is a 422."""
    return await heavy(_results, _write_item, request.items, choose(lang, accept_language))
