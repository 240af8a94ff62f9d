"""GET /metrics: requests by route and status, latency, hands, batch sizes and rejections, in one process and
added up over uvicorn's workers (prometheus-client's multiprocess mode)."""

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.observability.metrics import MAX_REJECTION_BODY, REGISTRY, count_rejection, error_type_label
from app.settings import Settings
from tests.served import Served, served

HAND = {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"riichi": True}}
NO_YAKU = {"hand": {"tiles": "123567m456p22678s", "win_tile": "7s"}}


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


class Deltas:
    """Sample values now, to compare with after some requests (the registry lives as long as the test process)."""

    def __init__(self, *samples: tuple[str, dict[str, str]]) -> None:
        self.samples = samples
        self.before = [sample(name, **labels) for name, labels in samples]

    def now(self) -> list[float]:
        return [sample(name, **labels) - before for (name, labels), before in zip(self.samples, self.before)]


def test_requests_are_counted_by_route_method_and_status(client: TestClient) -> None:
    deltas = Deltas(("mahjong_http_requests_total", {"route": "/health", "method": "GET", "status": "200"}),
                    ("mahjong_http_request_duration_seconds_count", {"route": "/health"}),
                    ("mahjong_http_requests_total", {"route": "other", "method": "GET", "status": "404"}),
                    ("mahjong_http_requests_total", {"route": "/health", "method": "DELETE", "status": "405"}))
    for _ in range(3):
        client.get("/health")
    client.get("/no-such-page")
    client.delete("/health")
    assert deltas.now() == [3, 3 + 1, 1, 1]  # the 405 is timed under /health too


def test_hands_scored_count_single_answers_and_batch_items(client: TestClient) -> None:
    deltas = Deltas(("mahjong_hands_scored_total", {}), ("mahjong_batch_items_count", {}),
                    ("mahjong_batch_items_sum", {}), ("mahjong_batch_items_refused_total", {"type": "no_yaku"}),
                    ("mahjong_rejections_total", {"type": "no_yaku"}))
    assert client.post("/hand/score", json=HAND).status_code == 200
    assert client.post("/hand/score", json=NO_YAKU).status_code == 422
    assert client.post("/hand/score/batch", json={"items": [HAND, NO_YAKU, HAND]}).status_code == 200
    assert deltas.now() == [1 + 3, 1, 3, 1, 1]


def test_rejections_are_counted_by_error_type(client: TestClient) -> None:
    deltas = Deltas(("mahjong_rejections_total", {"type": "invalid_tile"}),
                    ("mahjong_rejections_total", {"type": "json_invalid"}),
                    ("mahjong_rejections_total", {"type": "request_too_large"}),
                    ("mahjong_rejections_total", {"type": "missing"}),
                    ("mahjong_rejections_total", {"type": "unsupported_media_type"}))
    bad_tile = {"hand": {"tiles": "234567m456p22678x", "win_tile": "8s"}}
    assert client.post("/hand/score", json=bad_tile).status_code == 422
    assert client.post("/hand/score", content=b'{"hand":', headers={"Content-Type": "application/json"}).status_code == 422
    assert client.post("/hand/score", content=b"x" * 70000).status_code == 413
    assert client.post("/match/end-check", json={}).status_code == 422  # state and last_hand missing
    assert client.post("/hand/score", content=b"hand=1", headers={"Content-Type": "application/x-www-form-urlencoded"}).status_code == 415
    assert deltas.now() == [1, 1, 1, 2, 1]


def rejections() -> float:
    return sum(s.value for m in REGISTRY.collect() if m.name == "mahjong_rejections" for s in m.samples)


def test_an_unreadable_or_oversized_answer_counts_nothing() -> None:
    before = rejections()
    for body in (b"not json", b"[1, 2]", b'{"detail": "text"}', b'{"detail": [{"type": "x"}]}' + b" " * MAX_REJECTION_BODY):
        count_rejection(body)
    assert rejections() == before
    count_rejection(b'{"detail": [{"type": "x"}, "odd entry"]}')
    assert rejections() == before + 2
    assert sample("mahjong_rejections_total", type="other") >= 1


def test_error_types_outside_the_known_shape_share_one_label() -> None:
    assert error_type_label("too_many_copies") == "too_many_copies"
    assert [error_type_label(v) for v in ("Bad Type", "x" * 65, None, 3)] == ["other"] * 4


def test_scrapes_are_not_counted(client: TestClient) -> None:
    deltas = Deltas(("mahjong_http_requests_total", {"route": "other", "method": "GET", "status": "200"}),
                    ("mahjong_http_request_duration_seconds_count", {"route": "other"}))
    for _ in range(2):
        scrape = client.get("/metrics")
        assert scrape.status_code == 200
        assert scrape.headers["content-type"].startswith("text/plain")
    assert deltas.now() == [0, 0]


def test_the_metrics_setting_turns_them_off() -> None:
    quiet = TestClient(create_app(Settings(metrics=False)))
    deltas = Deltas(("mahjong_http_requests_total", {"route": "/health", "method": "GET", "status": "200"}))
    assert quiet.get("/health").status_code == 200
    missing = quiet.get("/metrics")
    assert missing.status_code == 404
    assert missing.json()["detail"][0]["type"] == "not_found"
    assert deltas.now() == [0]


def serving_pids(server: Served) -> set[int]:
    """The workers that wrote an access line so far."""
    return {entry["pid"] for entry in map(json.loads, server.log_lines()) if entry["logger"] == "app.access"}


def send_until_both_workers_served(server: Served) -> int:
    """GET /health, 20 at a time from 4 threads, until both workers have answered some; how many were sent."""
    sent = 0
    with ThreadPoolExecutor(4) as pool:
        while len(serving_pids(server)) < 2 and sent < 2000:
            assert list(pool.map(lambda _: server.get("/health")[0], range(20))) == [200] * 20
            sent += 20
    return sent


def test_the_counts_of_every_worker_add_up(tmp_path: Path) -> None:
    with served(tmp_path, WORKERS="2", LOG_FORMAT="json", ACCESS_LOG="true") as server:
        sent = send_until_both_workers_served(server)
        assert len(serving_pids(server)) == 2, "both workers served"
        assert server.post("/hand/score", HAND)[0] == 200
        assert server.post("/hand/score/batch", {"items": [HAND, NO_YAKU, HAND]})[0] == 200
        server.get("/metrics")
        status, headers, body = server.get("/metrics")
    assert status == 200
    lines = body.decode().splitlines()
    health = sent + 1  # and the start-up probe
    for line in (
        f'mahjong_http_requests_total{{method="GET",route="/health",status="200"}} {health}.0',
        f'mahjong_http_request_duration_seconds_count{{route="/health"}} {health}.0',
        'mahjong_http_requests_total{method="POST",route="/hand/score",status="200"} 1.0',
        'mahjong_http_requests_total{method="POST",route="/hand/score/batch",status="200"} 1.0',
        "mahjong_hands_scored_total 4.0",
        "mahjong_hands_analysed_total 0.0",
        "mahjong_batch_items_count 1.0",
        "mahjong_batch_items_sum 3.0",
        'mahjong_batch_items_bucket{le="2.0"} 0.0',
        'mahjong_batch_items_bucket{le="5.0"} 1.0',
        'mahjong_batch_items_refused_total{type="no_yaku"} 1.0',
        "# TYPE mahjong_http_request_duration_seconds histogram",
    ):
        assert line in lines, line
    assert not [line for line in lines if 'route="other"' in line], "the scrapes are not counted"
    assert not list(tmp_path.glob("mahjong-metrics-*")), "the metrics directory is removed at exit"


@pytest.mark.parametrize("value", ["maybe", "2"])
def test_metrics_setting_must_be_a_boolean(value: str) -> None:
    with pytest.raises(ValueError, match="MAHJONG_METRICS"):
        Settings.from_env({"MAHJONG_METRICS": value})
