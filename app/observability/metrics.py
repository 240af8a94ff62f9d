"""The service's Prometheus metrics and their text exposition (GET /metrics).

Under `python -m app`, PROMETHEUS_MULTIPROC_DIR names a fresh directory (app/__main__.py)
before any worker starts, so prometheus-client keeps every value in a memory-mapped file of that worker
and /metrics, answered by any one worker, adds up all of them. Without it (tests, another ASGI server
run on its own) the values are this process's.
"""

import json
import os
import re
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.multiprocess import MultiProcessCollector
from starlette.requests import Request
from starlette.responses import Response

disable_created_metrics()  # no *_created series: multiprocess mode has none, so neither has one process
REGISTRY = CollectorRegistry(auto_describe=True)
SCORE_ROUTE = "/hand/score"
METRICS_ROUTE = "/metrics"
OTHER_ROUTE = "other"  # 404s and the docs assets: no route template, so no label per path
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
_ERROR_TYPE = re.compile(r"[a-z0-9_]{1,64}")
MAX_REJECTION_BODY = 65536  # larger error answers are not read for their types

REQUESTS = Counter(
    "mahjong_http_requests", "HTTP requests answered, by route template, method and status code",
    ["route", "method", "status"], registry=REGISTRY,
)
DURATION = Histogram(
    "mahjong_http_request_duration_seconds", "Time from a request's arrival to the end of its answer, by route",
    ["route"], registry=REGISTRY,
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
REJECTIONS = Counter(
    "mahjong_rejections", "Problems listed in rejected requests' answers (4xx), by the contract's error type",
    ["type"], registry=REGISTRY,
)
HANDS_SCORED = Counter(
    "mahjong_hands_scored",
    "Hands answered: one per POST /hand/score answered 200, one per item of a batch (refused items included)",
    registry=REGISTRY,
)
HANDS_ANALYSED = Counter(
    "mahjong_hands_analysed",
    "Hands analysed: one per POST /hand/analyze answered 200, one per item of its batch answered ok",
    registry=REGISTRY,
)
BATCH_ITEMS = Histogram(
    "mahjong_batch_items", "Items per POST /hand/score/batch request", registry=REGISTRY,
    buckets=(1, 2, 5, 10, 25, 50, 100, 250, 500),
)
BATCH_ITEMS_REFUSED = Counter(
    "mahjong_batch_items_refused", "Problems of the batch items answered with an error, by error type",
    ["type"], registry=REGISTRY,
)
HEAVY_WAITING = Gauge(
    "mahjong_heavy_waiting", "Heavy requests (app/heavy.py) waiting for a process of the pool now",
    registry=REGISTRY, multiprocess_mode="livesum",
)
HEAVY_WAITED = Histogram(
    "mahjong_heavy_wait_seconds", "Time a heavy request waited for a process of the pool, before its work began",
    registry=REGISTRY, buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
HEAVY_REFUSED = Counter(
    "mahjong_heavy_refused", "Heavy requests answered 503 overloaded: the pool's queue was full",
    registry=REGISTRY,
)
EDGE_CUT = Counter(
    "mahjong_edge_cut", "Requests cut off at the edge (app/edge.py), by reason",
    ["reason"], registry=REGISTRY,
)

# Counts made in a process of the heavy-work pool are handed back to the worker that asked for the work and made there
# (a pool process has no registry anyone reads): while `counts_forwarded` runs, the helpers below add them to its list.
Forwarded = list[tuple[str, tuple[int | list[dict[str, object]], ...]]]
_FORWARDING: list[Forwarded] = []


@contextmanager
def counts_forwarded() -> Iterator[Forwarded]:
    """The counts the helpers below make inside the block, as a list instead of in the registry."""
    _FORWARDING.append([])
    try:
        yield _FORWARDING[-1]
    finally:
        _FORWARDING.pop()


def _forwarded(name: str, *args: int | list[dict[str, object]]) -> bool:
    if not _FORWARDING:
        return False
    _FORWARDING[-1].append((name, args))
    return True


def make_counts(counts: Forwarded) -> None:
    """The counts a pool process handed back, made here."""
    for name, args in counts:
        _HELPERS[name](*args)


def error_type_label(value: object) -> str:
    return value if isinstance(value, str) and _ERROR_TYPE.fullmatch(value) else "other"


class RequestMetrics:
    """Counts answered requests; the labelled children are looked up once per (route, method, status)."""

    def __init__(self) -> None:
        self._counters: dict[tuple[str, str, int], Counter] = {}
        self._histograms: dict[str, Histogram] = {}

    def record(self, route: str, method: str, status: int, seconds: float) -> None:
        key = (route, method, status)
        counter = self._counters.get(key)
        if counter is None:
            counter = self._counters[key] = REQUESTS.labels(route, method if method in _METHODS else "other", str(status))
        counter.inc()
        histogram = self._histograms.get(route)
        if histogram is None:
            histogram = self._histograms[route] = DURATION.labels(route)
        histogram.observe(seconds)
        if status == 200 and route == SCORE_ROUTE:
            HANDS_SCORED.inc()


def count_rejection(body: bytes) -> None:
    """One count per entry of a rejection's {"detail": [{"type": ...}, ...]}, by its type."""
    if len(body) > MAX_REJECTION_BODY:
        return
    try:
        detail = json.loads(body).get("detail")
    except (ValueError, AttributeError):
        return
    for entry in detail if isinstance(detail, list) else ():
        REJECTIONS.labels(error_type_label(entry.get("type") if isinstance(entry, dict) else None)).inc()


def observe_batch(items: int) -> None:
    """A batch of `items` hands was answered."""
    if _forwarded("observe_batch", items):
        return
    BATCH_ITEMS.observe(items)
    HANDS_SCORED.inc(items)


def count_analysed(hands: int) -> None:
    if _forwarded("count_analysed", hands):
        return
    HANDS_ANALYSED.inc(hands)


def count_refused_item(detail: list[dict[str, object]]) -> None:
    if _forwarded("count_refused_item", detail):
        return
    for entry in detail:
        BATCH_ITEMS_REFUSED.labels(error_type_label(entry.get("type"))).inc()


_HELPERS: dict[str, Callable[..., None]] = {"observe_batch": observe_batch, "count_analysed": count_analysed,
                                            "count_refused_item": count_refused_item}


def exposition_registry() -> CollectorRegistry:
    """What /metrics reads: every worker's files in multiprocess mode, else this process's registry."""
    if "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
        return REGISTRY
    registry = CollectorRegistry()
    MultiProcessCollector(registry)
    return registry


def metrics_endpoint(registry: CollectorRegistry) -> Callable[[Request], Awaitable[Response]]:
    async def metrics(_: Request) -> Response:
        return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)

    return metrics
