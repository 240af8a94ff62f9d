"""POST /hand/score/batch: many hands, one result or error list per item, in order."""

import json

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.schemas.hand import MAX_BATCH
from app.settings import Settings

GOOD = {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"riichi": True, "seat_wind": "south"}}
NO_YAKU = {"hand": {"tiles": "123567m456p22678s", "win_tile": "7s"}}
BAD_SCHEMA = {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"win": "draw"}}


def test_batch_scores_each_item_in_order(client: TestClient) -> None:
    response = client.post("/hand/score/batch", json={"items": [GOOD, NO_YAKU, BAD_SCHEMA, GOOD]})
    assert response.status_code == 200
    results = response.json()["results"]
    assert [r["ok"] for r in results] == [True, False, False, True]
    single = client.post("/hand/score", json=GOOD).json()
    assert results[0]["result"] == single == results[3]["result"]
    assert results[1]["detail"] == [{"type": "no_yaku", "loc": ["body", "items", 1, "hand"], "msg": results[1]["detail"][0]["msg"]}]
    assert results[2]["detail"][0]["type"] == "literal_error"
    assert results[2]["detail"][0]["loc"] == ["body", "items", 2, "context", "win"]


def test_batch_item_that_is_not_an_object(client: TestClient) -> None:
    results = client.post("/hand/score/batch", json={"items": [42, GOOD]}).json()["results"]
    assert results[0]["ok"] is False and results[0]["detail"][0]["type"] == "model_type"
    assert results[1]["ok"] is True


def test_batch_envelope_limits(client: TestClient) -> None:
    assert client.post("/hand/score/batch", json={"items": []}).status_code == 422
    too_many = client.post("/hand/score/batch", json={"items": [GOOD] * (MAX_BATCH + 1)})
    assert too_many.status_code == 422 and too_many.json()["detail"][0]["type"] == "too_long"
    assert client.post("/hand/score/batch", json=[GOOD]).status_code == 422


# Every context field spelled out, as a client that fills its whole form sends it: 517 bytes an item as compact JSON.
FULL_CONTEXT = {
    "hand": {"tiles": "234567m456p22678s", "melds": [], "win_tile": "8s"},
    "context": {"win": "ron", "seat_wind": "east", "round_wind": "east", "riichi": True, "double_riichi": False,
                "ippatsu": False, "haitei": False, "houtei": False, "rinshan": False, "chankan": False, "tenhou": False,
                "chiihou": False, "renhou": False, "nagashi_mangan": False, "dora_indicators": ["3m"],
                "ura_dora_indicators": ["1z"], "honba": 0, "riichi_sticks": 0, "pao_seat_wind": None,
                "discarder_seat_wind": "south", "kita": 0},
    "rules": {"preset": "tenhou", "aka_dora": True, "open_tanyao": True},
}


def batch_body(items: int) -> bytes:
    return json.dumps({"items": [FULL_CONTEXT] * items}, separators=(",", ":")).encode()


def test_a_full_batch_of_full_context_items_fits_the_batch_cap(client: TestClient) -> None:
    body = batch_body(MAX_BATCH)
    assert len(body) == 258_511  # over the 64 KiB any other request may send, well within the batch's 512 KiB
    response = client.post("/hand/score/batch", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 200
    results = response.json()["results"]
    assert len(results) == MAX_BATCH
    assert {(r["ok"], r["result"]["han"], r["result"]["fu"], r["result"]["points"]["total"]) for r in results} == {(True, 4, 30, 11600)}


def test_a_body_over_the_batch_cap_is_413(client: TestClient) -> None:
    cap = Settings().max_batch_body_bytes
    response = client.post("/hand/score/batch", content=b" " * (cap + 1), headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert response.json() == {"detail": [{"type": "request_too_large", "loc": ["body"],
                                           "msg": f"The request body is larger than the limit of {cap} bytes."}]}
    single = client.post("/hand/score", content=batch_body(MAX_BATCH), headers={"Content-Type": "application/json"})
    assert single.json()["detail"][0]["msg"] == "The request body is larger than the limit of 65536 bytes."


def test_the_batch_cap_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAHJONG_MAX_BATCH_BODY_BYTES", "1100")
    client = TestClient(create_app())
    assert client.post("/hand/score/batch", content=batch_body(3), headers={"Content-Type": "application/json"}).status_code == 413
    assert client.post("/hand/score/batch", content=batch_body(2), headers={"Content-Type": "application/json"}).status_code == 200
