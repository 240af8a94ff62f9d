"""What POST /hand/score, /hand/analyze, /match/settle, /match/replay and /match/end-check answer, with no web
framework: the part of their routes between the body as parsed JSON and the answer's JSON, shared by the routes
(app/api/hand.py, analyze.py, match.py) and by the calculator page's offline engine, which runs this very module under
Pyodide in a Web Worker (app/web/offline.js; `make offline-engine` packages it with the core and the schemas).

Nothing here imports FastAPI, Starlette or msgspec: the request models and the answer models are pydantic's
(app/schemas), the names of an answer's language are looked up in the core's tables, and every rejection is the
contract's {"detail": [{"type", "loc", "msg"}]}, as app/api/errors.py answers it. The routes write the core's records
with msgspec (fast); offline they are written by their answer models, the models the document is generated from
(tests/test_answers.py: the same JSON).
"""

import json
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import TypeAdapter, ValidationError

from app.api.core_args import context_of, hand_of, melds_of, rules_of
from app.errors import InvalidInput
from app.match.endcheck import check_match_end
from app.match.hand import Settlement
from app.match.model import EndCheck
from app.match.replay import Replay, replay
from app.match.settle import settle_hand
from app.schemas.analyze import DiscardOut, HandAnalyzeRequest, HandAnalyzeResponse
from app.schemas.enums import Language as LanguageName
from app.schemas.hand import HandScoreRequest, HandScoreResponse
from app.schemas.match import EndCheckRequest, EndCheckResponse
from app.schemas.settle import ReplayRequest, ReplayResponse, SettleRequest, SettleResponse
from app.scoring import ScoreResult, score_hand
from app.scoring.analysis import Analysis, AnalysisInput, analyze_hand
from app.scoring.names import LIMIT_NAMES
from app.scoring.result import YakumanScore, YakuScore
from app.scoring.vocabulary import DEFAULT_LANGUAGE, LANGUAGES, Language
from app.scoring.yaku import YAKU_TABLES, YAKUMAN_TABLES

# Each language's names by id: yaku, yakuman, limits.
_YAKU = {language: {y.id: y.names.of(language) for table in YAKU_TABLES for y in table} for language in LANGUAGES}
_YAKUMAN = {language: {y.id: y.names.of(language) for table in YAKUMAN_TABLES for y in table} for language in LANGUAGES}
_LIMITS = {language: {limit: names.of(language) for limit, names in LIMIT_NAMES.items()} for language in LANGUAGES}


def limit_name(limit: str, language: Language) -> str | None:
    return _LIMITS[language].get(limit)


def localize(result: ScoreResult, language: Language) -> ScoreResult:
    """The answer with its names in `language` (the core names them in English); it is the caller's, so changed in place."""
    if language == DEFAULT_LANGUAGE:
        return result
    yaku, yakuman = _YAKU[language], _YAKUMAN[language]
    result.yaku = tuple([YakuScore(y.id, yaku[y.id], y.han) for y in result.yaku])
    result.yakuman = tuple([YakumanScore(y.id, yakuman[y.id], y.multiplier) for y in result.yakuman])
    result.limit_name = limit_name(result.limit, language)
    return result


def localize_settlement(settled: Settlement, language: Language) -> Settlement:
    """The names of each win's scoring (where tiles were sent) in `language`; changed in place."""
    for win in settled.wins:
        if win.score is not None:
            localize(win.score, language)
    return settled


def problem(type_: str, loc: Sequence[str | int], msg: str) -> dict[str, object]:
    return {"type": type_, "loc": list(loc), "msg": msg}


def validation_detail(errors: Sequence[Any], prefix: Sequence[str | int] = ()) -> list[dict[str, object]]:
    """Pydantic's errors with their own `type` and `loc` (after `prefix`), minus `input`/`ctx`/`url`."""
    detail = []
    for error in errors:
        msg = str(error.get("msg", "Invalid request"))
        reason = (error.get("ctx") or {}).get("error")
        if error.get("type") == "json_invalid" and reason:
            msg = f"{msg}: {reason}"
        detail.append(problem(str(error.get("type", "invalid")), [*prefix, *error.get("loc", ())], msg))
    return detail


def invalid_input_detail(exc: InvalidInput, prefix: Sequence[str | int] = ("body",)) -> list[dict[str, object]]:
    return [problem(p.type, [*prefix, *p.loc], p.msg) for p in exc.problems]


def score(request: HandScoreRequest) -> ScoreResult:
    return score_hand(hand_of(request.hand), context_of(request.context), rules_of(request.rules))


def scored(request: HandScoreRequest, language: Language) -> ScoreResult:
    """POST /hand/score's answer as the core's record, its names in `language`."""
    return localize(score(request), language)


def settled(request: SettleRequest, language: Language) -> Settlement:
    """POST /match/settle's answer as the core's record, the names of its wins' scorings in `language`."""
    settlement = settle_hand(request.state.to_core(), request.hand.to_core(), request.rules.to_core())
    return localize_settlement(settlement, language)


def replayed(request: ReplayRequest, language: Language) -> Replay:
    """POST /match/replay's answer as the core's record: every hand settled in turn, the names of its wins' scorings in
    `language`."""
    state = None if request.state is None else request.state.to_core()
    result = replay(state, tuple(hand.to_core() for hand in request.hands), request.rules.to_core())
    for settlement in result.hands:
        localize_settlement(settlement, language)
    return result


def end_checked(request: EndCheckRequest) -> EndCheck:
    """POST /match/end-check's answer as the core's record (it names nothing, so it has no language)."""
    return check_match_end(request.state.to_core(), request.last_hand.to_core(), request.rules.to_core())


def analyze(request: HandAnalyzeRequest) -> Analysis:
    hand, context = request.hand, request.context
    given = AnalysisInput(hand.tiles, melds_of(hand.melds), context.visible, context.discards)
    return analyze_hand(given, context_of(context), rules_of(request.rules))


# Keys left out of an analysis where they do not apply (13 tiles or 14, tenpai or not): the answer models' optional ones.
_WHERE_THEY_APPLY = frozenset(name for model in (HandAnalyzeResponse, DiscardOut)
                              for name, field in model.model_fields.items() if not field.is_required())


def _applying(value: dict[str, Any]) -> dict[str, Any]:
    return {key: item for key, item in value.items() if item is not None or key not in _WHERE_THEY_APPLY}


def analysis_json(values: dict[str, Any]) -> dict[str, Any]:
    """POST /hand/analyze's answer from the analysis as JSON values: waits, improving tiles, ukeire and discards only
    where they apply."""
    out = _applying(values)
    if "discards_analysis" in out:
        out["discards_analysis"] = [_applying(option) for option in out["discards_analysis"]]
    return out


# An answer as the routes give it: the status and the JSON body.
Answer = tuple[int, Any]
_LANGUAGE = TypeAdapter(LanguageName)


def _written_by(answer_model: type[Any]) -> Callable[[object], Any]:
    """A core record as JSON values, written by its answer model (as FastAPI writes a response model)."""
    return lambda record: answer_model.model_validate(record).model_dump(mode="json")


def _answering(request_model: type[Any], answer_of: Callable[[Any, Language], object],
               write: Callable[[object], Any]) -> Callable[[object, Language], Answer]:
    """The route's answer to a parsed JSON body: the request validated by its model (errors at `body`), the core's
    record written as JSON values, or the core's problems."""
    validate = TypeAdapter(request_model).validate_python

    def answer(body: object, language: Language) -> Answer:
        try:
            request = validate(body)
        except ValidationError as exc:
            return 422, {"detail": validation_detail(exc.errors(), ("body",))}
        try:
            record = answer_of(request, language)
        except InvalidInput as exc:
            return 422, {"detail": invalid_input_detail(exc)}
        return 200, write(record)

    return answer


# The routes the page calls, by their path relative to the page.
ROUTES: dict[str, Callable[[object, Language], Answer]] = {
    "hand/score": _answering(HandScoreRequest, scored, _written_by(HandScoreResponse)),
    "hand/analyze": _answering(HandAnalyzeRequest, lambda request, _: analyze(request),
                               lambda record: analysis_json(_written_by(HandAnalyzeResponse)(record))),
    "match/settle": _answering(SettleRequest, settled, _written_by(SettleResponse)),
    "match/replay": _answering(ReplayRequest, replayed, _written_by(ReplayResponse)),
    "match/end-check": _answering(EndCheckRequest, lambda request, _: end_checked(request),
                                  _written_by(EndCheckResponse)),
}
# Those whose answers have names, and so a `lang` (the others leave it unread, as any unknown query parameter).
NAMED = frozenset({"hand/score", "match/settle", "match/replay"})


def answer_json(path: str, body: str, lang: str | None) -> str:
    """{"status", "body"} as JSON: what the service answers to POST `path`?lang=`lang` with the JSON `body` (the
    offline engine's one entry point; every route the page calls offline is in ROUTES)."""
    status, content = _answer(path, body, lang)
    return json.dumps({"status": status, "body": content}, ensure_ascii=False)


def _answer(path: str, body: str, lang: str | None) -> Answer:
    if path not in ROUTES:
        return 404, {"detail": [problem("not_found", ["path"], "Not Found")]}
    try:
        language: Language = DEFAULT_LANGUAGE if lang is None or path not in NAMED else _LANGUAGE.validate_python(lang)
    except ValidationError as exc:
        return 422, {"detail": validation_detail(exc.errors(), ("query", "lang"))}
    try:
        parsed = json.loads(body)
    except ValueError as exc:
        return 422, {"detail": [problem("json_invalid", ["body"], f"JSON decode error: {exc}")]}
    return ROUTES[path](parsed, language)
