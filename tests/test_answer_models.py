"""The edge declares no copy of a core record: the answer models are generated from the records, the request models
name every field of the record they are turned into, and the edge reaches into no private attribute of a library."""

import dataclasses
import re
from pathlib import Path

import msgspec
import pytest
from pydantic import BaseModel

from app.answers import score
from app.api.analyze import analyze, as_json
from app.errors import InvalidInput
from app.match.hand import ScoredWin, Settlement, Transfer
from app.match.model import EndCheck, LastHand, MatchState, NextRound, Standing
from app.match.replay import Replay
from app.records.verify import FinalScores, Mismatch, RecordedValue, RecordedYaku, Verification, VerifiedHand, VerifiedWin
from app.schemas.analyze import (
    DiscardOut,
    HandAnalyzeRequest,
    HandAnalyzeResponse,
    ShantenByFormOut,
    TileLeftOut,
    WaitOut,
    WinValueOut,
)
from app.schemas.hand import (
    ContextModel,
    FuItemOut,
    GroupOut,
    HandModel,
    HandScoreRequest,
    HandScoreResponse,
    MeldModel,
    PaymentOut,
    PointsOut,
    YakumanOut,
    YakuOut,
)
from app.schemas.match import EndCheckResponse, LastHandIn, MatchStateIn, NextRoundOut, StandingOut
from app.schemas.records import (
    FinalScoresOut,
    MeldOut,
    MismatchOut,
    RecordedValueOut,
    RecordedYakuOut,
    RecordHandOut,
    RecordsVerifyResponse,
    VerifiedHandOut,
    VerifiedWinOut,
)
from app.schemas.settle import NextStateOut, ReplayResponse, SettleResponse, TransferOut, WinOut
from app.scoring import HandInput, MeldInput, WinContext
from app.scoring.analysis import Analysis, DiscardOption, ShantenByForm, TileLeft, WaitValue, WinOnWait
from app.scoring.result import FuScore, Group, Payment, Points, ScoreResult, YakumanScore, YakuScore
from tests.handgen import generate

ROOT = Path(__file__).resolve().parent.parent
ANSWERS: list[tuple[type, type[BaseModel]]] = [
    (YakuScore, YakuOut), (YakumanScore, YakumanOut), (Points, PointsOut), (FuScore, FuItemOut), (Group, GroupOut),
    (Payment, PaymentOut), (ScoreResult, HandScoreResponse), (WinOnWait, WinValueOut), (WaitValue, WaitOut),
    (TileLeft, TileLeftOut), (ShantenByForm, ShantenByFormOut), (DiscardOption, DiscardOut), (Analysis, HandAnalyzeResponse),
    (NextRound, NextRoundOut), (Standing, StandingOut), (EndCheck, EndCheckResponse), (Transfer, TransferOut),
    (ScoredWin, WinOut), (MatchState, NextStateOut), (Settlement, SettleResponse), (Replay, ReplayResponse),
    (Mismatch, MismatchOut), (MeldInput, MeldOut), (HandInput, RecordHandOut), (RecordedYaku, RecordedYakuOut),
    (RecordedValue, RecordedValueOut), (VerifiedWin, VerifiedWinOut), (VerifiedHand, VerifiedHandOut),
    (FinalScores, FinalScoresOut), (Verification, RecordsVerifyResponse),
]
# The answers whose fields have always come in another order than their record's.
ORDERS: dict[type[BaseModel], list[str]] = {
    NextStateOut: ["round_wind", "round_number", "dealer_seat", "honba", "riichi_sticks", "lap", "starting_dealer_seat",
                   "scores", "penalties"],
    RecordHandOut: ["tiles", "melds", "win_tile"],
}
# Request models and the records they are turned into: a record's field the request cannot give is a bug.
REQUESTS: list[tuple[type[BaseModel], type]] = [
    (MeldModel, MeldInput), (HandModel, HandInput), (ContextModel, WinContext), (MatchStateIn, MatchState),
    (LastHandIn, LastHand),
]


def field_names(record: type) -> list[str]:
    return [f.name for f in dataclasses.fields(record)]


@pytest.mark.parametrize(("record", "model"), ANSWERS, ids=[model.__name__ for _, model in ANSWERS])
def test_each_answer_model_has_its_records_fields(record: type, model: type[BaseModel]) -> None:
    names = ORDERS.get(model, field_names(record))
    assert sorted(names) == sorted(field_names(record))
    assert list(model.model_fields) == names


@pytest.mark.parametrize(("model", "record"), REQUESTS, ids=[model.__name__ for model, _ in REQUESTS])
def test_each_request_model_gives_every_field_of_its_record(model: type[BaseModel], record: type) -> None:
    assert set(field_names(record)) <= set(model.model_fields)


def test_the_encoder_writes_a_record_as_its_model_would() -> None:
    """/hand/score and /hand/analyze write the core's records with msgspec: byte for byte what pydantic writes for the
    answer model generated from them."""
    encode = msgspec.json.Encoder().encode
    scored = analyzed = 0
    for case in generate(99, 300):
        if case.hand is None:
            continue
        context = {f: (list(v) if isinstance(v, tuple) else v) for f, v in dataclasses.asdict(case.ctx).items()}
        hand = {"tiles": case.hand.tiles, "melds": [{"type": m.type, "tiles": m.tiles} for m in case.hand.melds]}
        request = HandScoreRequest.model_validate({"hand": hand | {"win_tile": case.hand.win_tile}, "context": context})
        try:
            result = score(request)
        except InvalidInput:
            continue
        assert encode(result) == HandScoreResponse.model_validate(result).model_dump_json().encode()
        scored += 1
        analysis = HandAnalyzeRequest.model_validate({"hand": hand, "context": context | {"win": "ron"}})
        try:
            answer = as_json(analyze(analysis))
        except InvalidInput:
            continue
        written = encode(answer)
        assert written == HandAnalyzeResponse.model_validate_json(written).model_dump_json(exclude_unset=True).encode()
        analyzed += 1
    assert scored > 150 and analyzed > 100


PRIVATE_ATTRIBUTE = re.compile(r"(?<![\w.])(?!self\b|cls\b)[A-Za-z_]\w*\._[a-z]\w*")


def test_the_edge_uses_no_private_attribute() -> None:
    """No `obj._name` on another object (a library's internals) in the routes, schemas or middleware."""
    files = [*sorted((ROOT / "app" / "api").glob("*.py")), *sorted((ROOT / "app" / "schemas").glob("*.py")),
             ROOT / "app" / "middleware.py"]
    found = [f"{path.name}: {match}" for path in files for match in PRIVATE_ATTRIBUTE.findall(path.read_text())]
    assert found == []


def test_the_edge_writes_no_pydantic_core_schema() -> None:
    """Validation schemas come from the models' own declarations: no schema assembled by hand from pydantic-core."""
    sources = {path.relative_to(ROOT): path.read_text() for path in (ROOT / "app").rglob("*.py")}
    assert [path for path, text in sources.items()
            if "__get_pydantic_core_schema__" in text or "core_schema." in text or ".validator.validate" in text] == []
