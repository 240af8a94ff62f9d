"""The JSON path of POST /hand/score and /hand/score/batch answers exactly as FastAPI's standard one.

An `application/json` body goes through JsonBodyRoute's path (validated once from the bytes); the same body
sent as `application/merge-patch+json` is still JSON to FastAPI but takes its standard handler. Every body
below must get the same status and the same JSON both ways.
"""

import asyncio
import json
import random

import fastapi.routing
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from app.answers import score
from app.errors import InvalidInput
from app.schemas.common import ErrorResponse
from app.schemas.hand import HandScoreRequest, HandScoreResponse
from app.scoring import ScoreResult
from tests.handgen import generate

FAST = {"Content-Type": "application/json"}
STANDARD = {"Content-Type": "application/merge-patch+json"}

VALID = {"hand": {"tiles": "234567m456p22678s", "melds": [], "win_tile": "8s"},
         "context": {"win": "ron", "seat_wind": "east", "riichi": True, "dora_indicators": ["3m"]},
         "rules": {"preset": "tenhou"}}
OPEN = {"hand": {"tiles": "123m789p55s", "melds": [{"type": "pon", "tiles": "777z"}, {"type": "chi", "tiles": "345s"}],
                 "win_tile": "3m"}, "context": {"win": "tsumo", "seat_wind": "south", "honba": 1},
        "rules": {"preset": "mleague", "honba_points": 600}}

RAW_BODIES = [
    b"",
    b"{",
    b"[]",
    b"null",
    b'{"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "hand": {"tiles": "123m", "win_tile": "1m"}}',
    b'{"hand": {"tiles": "\\ud800", "win_tile": "8s"}}',
    b'\xef\xbb\xbf{"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"riichi": true}}',
    b'{"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"riichi": "yes", "honba": "2"}}',
    b'{"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"riichi": true, "honba": 2.0}}',
    b'{"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"riichi": true, "honba": NaN}}',
    b'{"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"riichi": true, "honba": 1e400}}',
    b'{"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "rules": {"double_wind_pair_fu": 2.0}}',
    b'{"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "rules": {"double_wind_pair_fu": "2"}}',
    '{"hand": {"tiles": "２34567m456p22678s", "win_tile": "8s"}, "context": {"riichi": true}}'.encode(),
    b'{"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"riichi": true, "honba": -0}}',
    b'{"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"riichi": true, "honba": 1E1}}',
    b'{"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"honba": ' + b"9" * 5000 + b"}}",
    b'{"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"riichi": true}} trailing',
    json.dumps(VALID).encode("utf-16"),
]

# Valid requests with one field replaced by an odd value each: every answer must agree.
ODD_VALUES = [None, True, False, 0, 1, 2, -1, 1.5, 2.0, 100, "", "2", "true", "east", "8s", "234567m456p22678s",
              [], ["3m"], [1], {}, {"a": 1}, "x" * 70]
FIELDS = [("hand", "tiles"), ("hand", "win_tile"), ("hand", "melds"), ("hand", "extra"), ("context", "win"),
          ("context", "seat_wind"), ("context", "riichi"), ("context", "honba"), ("context", "dora_indicators"),
          ("context", "pao_seat_wind"), ("rules", "preset"), ("rules", "aka_dora"), ("rules", "double_wind_pair_fu"),
          ("rules", "honba_points"), ("rules", "renhou"), ("rules", "max_red_fives_per_suit")]


def answer(client: TestClient, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, object]:
    response = client.post(path, content=body, headers=headers)
    try:
        return response.status_code, response.json()
    except ValueError:
        return response.status_code, response.text


def assert_same(client: TestClient, path: str, body: bytes) -> tuple[int, object]:
    fast = answer(client, path, body, FAST)
    assert fast == answer(client, path, body, STANDARD), body[:300]
    return fast


def odd_bodies() -> list[bytes]:
    out = []
    for base in (VALID, OPEN):
        for section, key in FIELDS:
            for value in ODD_VALUES:
                body = json.loads(json.dumps(base))
                body.setdefault(section, {})[key] = value
                out.append(json.dumps(body).encode())
    return out


def generated_bodies(n: int) -> list[dict]:
    bodies = []
    for case in generate(777, n):
        if case.hand is None:
            continue
        context = {k: (list(v) if isinstance(v, tuple) else v) for k, v in
                   ((f, getattr(case.ctx, f)) for f in case.ctx.__dataclass_fields__)}
        bodies.append({"hand": {"tiles": case.hand.tiles, "win_tile": case.hand.win_tile,
                                "melds": [{"type": m.type, "tiles": m.tiles} for m in case.hand.melds]},
                       "context": context, "rules": {"preset": "tenhou", "aka_dora": case.rules.aka_dora}})
    return bodies


@pytest.mark.parametrize("body", RAW_BODIES, ids=range(len(RAW_BODIES)))
def test_raw_bodies_answer_alike(client: TestClient, body: bytes) -> None:
    assert_same(client, "/hand/score", body)
    assert_same(client, "/hand/score/batch", b'{"items": [' + body + b"]}")


def test_odd_values_answer_alike(client: TestClient) -> None:
    statuses = {assert_same(client, "/hand/score", body)[0] for body in odd_bodies()}
    assert statuses == {200, 422}


def test_generated_hands_answer_alike_single_and_batch(client: TestClient) -> None:
    bodies = generated_bodies(300)
    outcomes = [assert_same(client, "/hand/score", json.dumps(b).encode()) for b in bodies]
    assert {status for status, _ in outcomes} == {200, 422}  # scored hands, and no-yaku or incomplete ones
    for status, answer_ in outcomes:  # each answer is what the OpenAPI document promises
        if status == 200:
            HandScoreResponse.model_validate(answer_)
        else:
            ErrorResponse.model_validate(answer_)
    status, batch = assert_same(client, "/hand/score/batch", json.dumps({"items": bodies[:100]}, separators=(",", ":")).encode())
    assert status == 200
    for (single_status, single), item in zip(outcomes, batch["results"]):
        assert item["ok"] == (single_status == 200)
        if item["ok"]:
            assert item["result"] == single


def test_answers_are_written_byte_for_byte_as_pydantic_core_writes_them(client: TestClient) -> None:
    """The encoder (msgspec) writes a ScoreResult exactly as its pydantic-core serializer does, and a batch answer
    is its items' answers in order, each framed as {"ok":true,"result":...} or {"ok": false, "detail": [...]}."""
    dump = TypeAdapter(ScoreResult).serializer.to_json
    validate = TypeAdapter(HandScoreRequest).validate_python
    bodies = generated_bodies(200)[:120]
    expected = []
    for index, body in enumerate(bodies):
        single = client.post("/hand/score", json=body)
        try:
            result = score(validate(body))
        except InvalidInput:
            assert single.status_code == 422
            expected.append(None)
            continue
        assert single.status_code == 200 and single.content == dump(result)
        expected.append(b'{"ok":true,"result":' + dump(result) + b"}")
    assert expected.count(None) > 3 and len(bodies) - expected.count(None) > 80
    response = client.post("/hand/score/batch", json={"items": bodies})
    results = response.json()["results"]
    items = [item or json.dumps(results[i]).encode() for i, item in enumerate(expected)]
    assert response.status_code == 200 and response.content == b'{"results":[' + b",".join(items) + b"]}"


def test_batches_with_bad_items_or_envelopes_answer_alike(client: TestClient) -> None:
    rng = random.Random(5)
    odd = odd_bodies()
    for _ in range(20):
        items = [VALID, OPEN] + [json.loads(rng.choice(odd)) for _ in range(6)]
        rng.shuffle(items)
        assert_same(client, "/hand/score/batch", json.dumps({"items": items}).encode())
    for envelope in ({"items": []}, {"items": [VALID] * 501}, {"items": [VALID], "extra": 1}, {"items": VALID},
                     {"items": [VALID, 42, None, "x"]}, [VALID], {}):
        assert_same(client, "/hand/score/batch", json.dumps(envelope).encode())


def test_plain_json_skips_fastapis_dependency_solving(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """FastAPI's dependency solving (its body parsing and validation) runs only for the other content types."""
    calls = []
    solve = fastapi.routing.solve_dependencies

    async def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return await solve(*args, **kwargs)

    monkeypatch.setattr(fastapi.routing, "solve_dependencies", counting)
    for headers in (FAST, {"Content-Type": "application/json; charset=utf-8"}, {"Content-Type": "Application/JSON"}):
        assert client.post("/hand/score", json=VALID, headers=headers).status_code == 200
        assert client.post("/hand/score/batch", json={"items": [VALID, OPEN]}, headers=headers).status_code == 200
    assert calls == []
    assert client.post("/hand/score", json=VALID, headers=STANDARD).status_code == 200
    assert calls == [1]


def test_a_body_in_chunks_answers_as_in_one(client: TestClient) -> None:
    body = json.dumps(VALID).encode()
    whole = answer(client, "/hand/score", body, FAST)
    for headers in (FAST, STANDARD):
        response = client.post("/hand/score", content=(body[i:i + 7] for i in range(0, len(body), 7)), headers=headers)
        assert (response.status_code, response.json()) == whole


@pytest.mark.parametrize("headers", [FAST, STANDARD], ids=["json_route", "standard"])
def test_a_disconnect_before_the_body_ends_is_a_400(app: FastAPI, headers: dict[str, str]) -> None:
    messages = [{"type": "http.request", "body": b'{"hand": ', "more_body": True}]
    sent: list[dict] = []

    async def receive() -> dict:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/hand/score", "raw_path": b"/hand/score", "query_string": b"",
             "root_path": "", "headers": [(b"content-type", headers["Content-Type"].encode())]}
    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 400 and json.loads(sent[1]["body"])["detail"][0]["msg"] == "There was an error parsing the body"


@pytest.mark.parametrize("query", ["", "?lang=ja", "?lang=xx", "?lang=en&lang=ko", "?lang="])
@pytest.mark.parametrize("accept", [None, "vi", "fr;q=0.9, zh-CN;q=0.8"])
def test_the_language_is_chosen_alike(client: TestClient, query: str, accept: str | None) -> None:
    answers = []
    for headers in (FAST, STANDARD):
        sent = {**headers, **({"Accept-Language": accept} if accept else {})}
        response = client.post("/hand/score" + query, content=json.dumps(VALID).encode(), headers=sent)
        answers.append((response.status_code, response.json(), response.headers.get("content-language"),
                        response.headers.get("vary")))
    assert answers[0] == answers[1]
