"""Heavy work off the event loop, with admission control (app/heavy.py; the contract's "Under load, slow clients and
shutdown"): the pool holds `processes` at work and `queue` waiting, the next is refused at once; refused requests are
503 `overloaded` with Retry-After; the light routes answer while heavy work runs."""

import asyncio
import json
import os
import signal
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.responses import Response

from app import settings
from app.heavy import HeavyPool, Overloaded
from app.observability.metrics import HEAVY_REFUSED, HEAVY_WAITED
from tests.records_helpers import TENHOU6, body
from tests.served import Served, served


def slow_answer(seconds: float) -> Response:
    """Work that holds its process for `seconds` (run in the pool)."""
    time.sleep(seconds)
    return Response(f"slept {seconds}".encode())


async def three_at_once(pool: HeavyPool) -> list[bytes | str]:
    async def one(seconds: float) -> bytes | str:
        try:
            return bytes((await pool.run(slow_answer, seconds)).body)
        except Overloaded:
            return f"refused at {pool.in_hand} in hand"

    return list(await asyncio.gather(one(0.6), one(0.5), one(0.4)))


def test_the_pool_holds_one_at_work_and_one_waiting_and_refuses_the_next() -> None:
    pool = HeavyPool(processes=1, queue=1)
    asyncio.run(pool.run(slow_answer, 0.0))  # started, so the timing below is the work's alone
    refused = HEAVY_REFUSED._value.get()
    waited = HEAVY_WAITED._sum.get()
    started = time.monotonic()
    answers = asyncio.run(three_at_once(pool))
    assert answers == [b"slept 0.6", b"slept 0.5", "refused at 2 in hand"]
    assert 1.05 < time.monotonic() - started < 3  # one after the other in the one process
    assert HEAVY_REFUSED._value.get() == refused + 1
    assert HEAVY_WAITED._sum.get() - waited > 0.5  # the second waited for the first
    assert pool.in_hand == 0


def post(server: Served, path: str, payload: bytes) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(server.base + path, data=payload, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


@pytest.fixture(scope="module")
def busy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(tmp_path_factory.mktemp("heavy"), HEAVY_PROCESSES="1", HEAVY_QUEUE="1") as running:
        yield running


def test_past_the_queue_heavy_requests_are_503_at_once_and_health_answers(busy_server: Served) -> None:
    record = json.dumps(body(TENHOU6[0])).encode()
    answers: list[tuple[int, dict[str, str], bytes, float]] = []

    def client() -> None:
        for _ in range(3):
            started = time.monotonic()
            answers.append((*post(busy_server, "/records/verify", record), time.monotonic() - started))

    clients = [threading.Thread(target=client) for _ in range(8)]
    for thread in clients:
        thread.start()
    health = []
    while any(thread.is_alive() for thread in clients):
        started = time.monotonic()
        assert busy_server.get("/health")[0] == 200
        health.append(time.monotonic() - started)
    for thread in clients:
        thread.join()
    statuses = [status for status, *_ in answers]
    assert len(answers) == 24 and set(statuses) == {200, 503}, statuses
    for status, headers, answer, _ in answers:
        if status == 503:
            assert headers["retry-after"] == "1"
            assert json.loads(answer) == {"detail": [{"type": "overloaded", "loc": [], "msg": (
                "The service is busy with other heavy requests; try again in a moment (see Retry-After).")}]}
        else:
            assert json.loads(answer)["verified"] is True
    assert max(health) < 0.5, sorted(health)[-5:]  # the light route never waits behind the replays


def test_the_metrics_show_the_queue(busy_server: Served) -> None:
    metrics = busy_server.get("/metrics")[2].decode()
    assert "mahjong_heavy_waiting 0.0" in metrics
    refused = next(line for line in metrics.splitlines() if line.startswith("mahjong_heavy_refused_total"))
    assert float(refused.split()[1]) >= 1
    assert "mahjong_heavy_wait_seconds_count" in metrics


def test_heavy_answers_are_those_of_the_core(tmp_path: Path) -> None:
    """The pool's answer is the route's as before: a batch with a bad item, and its counts made in the worker."""
    with served(tmp_path) as running:
        items = [{"hand": {"tiles": "123456789m1234p"}}, {"hand": {"tiles": "12m"}}]
        status, _, answer = post(running, "/hand/analyze/batch", json.dumps({"items": items}).encode())
        metrics = running.get("/metrics")[2].decode()
    results = json.loads(answer)["results"]
    assert status == 200 and [item["ok"] for item in results] == [True, False]
    assert results[0]["result"]["shanten"] == 0
    assert results[1]["detail"][0]["loc"][:3] == ["body", "items", 1]
    assert "mahjong_hands_analysed_total 1.0" in metrics


@pytest.mark.parametrize(("quota", "expected"), [("max 100000", 2), ("150000 100000", 2), ("100000 100000", 1),
                                                  ("50000 100000", 1)])
def test_the_pool_size_follows_the_containers_cpu_quota(quota: str, expected: int, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Auto-sized, the pool has the CPUs the container may use (its quota, rounded up) shared among the workers."""
    (tmp_path / "cpu.max").write_text(quota + "\n")
    monkeypatch.setattr(settings, "_CPU_QUOTA_FILES", ((str(tmp_path / "cpu.max"), None),))
    monkeypatch.setattr(settings.os, "sched_getaffinity", lambda _: set(range(16)))
    assert settings.available_cpus() == (16 if quota.startswith("max") else expected)
    assert settings.Settings(workers=2).heavy_pool_size() == max(1, settings.available_cpus() // 2)
    assert settings.Settings(workers=2, heavy_processes=3).heavy_pool_size() == 3


def pool_processes(server: Served) -> list[int]:
    children = []
    for task in Path(f"/proc/{server.process.pid}/task").iterdir():
        children += [int(pid) for pid in (task / "children").read_text().split()]
    return [pid for pid in children if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes()]


def test_a_pool_process_killed_is_replaced(tmp_path: Path) -> None:
    """A pool process that dies (killed, out of memory) costs no request an error: the next ones are answered 200."""
    record = json.dumps(body(TENHOU6[0])).encode()
    with served(tmp_path, HEAVY_PROCESSES="1") as running:
        assert post(running, "/records/verify", record)[0] == 200
        (victim,) = pool_processes(running)
        os.kill(victim, signal.SIGKILL)
        time.sleep(0.2)
        assert [post(running, "/records/verify", record)[0] for _ in range(3)] == [200, 200, 200]
        assert victim not in pool_processes(running) and len(pool_processes(running)) == 1
        running.process.terminate()
        assert running.process.wait(timeout=15) == 0
        assert "Traceback" not in running.log.read_text()
