"""POST /hand/score/batch: many hands, one result or error list per item, in order."""

from fastapi.testclient import TestClient

from app.schemas.hand import MAX_BATCH

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
