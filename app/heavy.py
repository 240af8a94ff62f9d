"""Heavy work off the event loop, with admission control (the contract's "Under load, slow clients and shutdown").

A route whose work costs CPU (a whole record, a match, a batch, an analysis) hands it to a pool of processes, so the
event loop keeps answering the light routes (/health, /rules, the page) at once while the work runs. A process pool,
not threads: the compiled core (mypyc) runs long stretches without giving the GIL back, and a thread holding it stalls
the loop as surely as running on it.

Adopting the pool is one line in the route: write the work as a module-level function of picklable arguments (the
validated request model, the language) that returns the whole answer (a Response, its JSON already written), and

    return await heavy(verify_answer, request, language)

The function runs in a pool process; an InvalidInput it raises is answered 422 there, as the app's handler does.
Each worker holds at most MAHJONG_HEAVY_PROCESSES requests at work and MAHJONG_HEAVY_QUEUE waiting; the next one is
answered 503 `overloaded` at once, with Retry-After. Counts a route makes in the pool (app.observability.metrics'
helpers) are made in the worker when the answer comes back.
"""

import asyncio
import contextvars
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from time import monotonic
from typing import TypeVarTuple

from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.api.errors import invalid_input_response, problem_response
from app.errors import InvalidInput
from app.heavy_process import start_pool_process
from app.observability.metrics import HEAVY_REFUSED, HEAVY_WAITED, HEAVY_WAITING, Forwarded, counts_forwarded, make_counts

Ts = TypeVarTuple("Ts")
RETRY_AFTER_SECONDS = 1
OVERLOADED_MSG = "The service is busy with other heavy requests; try again in a moment (see Retry-After)."
# Spawned, not forked: a fork of a worker copies its event loop, its threads and their locks mid-flight.
_CONTEXT = multiprocessing.get_context("spawn")


class Overloaded(Exception):
    """More heavy requests wait than the worker holds: answered 503 `overloaded` with Retry-After."""


def overloaded_response(msg: str = OVERLOADED_MSG) -> Response:
    return problem_response(503, "overloaded", [], msg, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})


def _warm() -> None:
    """Import what the heavy routes run, so the first request does not wait for it."""
    import app.api.analyze
    import app.api.match
    import app.api.records  # noqa: F401


def _work(work: Callable[..., Response], args: tuple[object, ...]) -> tuple[Response, float, Forwarded]:
    """In a pool process: the answer, when the work began (the monotonic clock is the machine's), the counts made."""
    started = monotonic()
    with counts_forwarded() as counts:
        try:
            answer = work(*args)
        except InvalidInput as exc:
            answer = invalid_input_response(exc)
    return answer, started, counts


# The processes, by their number: shared by every app of a process that asks for as many (tests make many apps).
_EXECUTORS: dict[int, ProcessPoolExecutor] = {}


class HeavyPool:
    """One worker's pool: `processes` at work, up to `queue` more waiting, the rest refused."""

    def __init__(self, processes: int, queue: int) -> None:
        self.processes = processes
        self.queue = queue
        self.in_hand = 0  # at work or waiting
        self.heavy_paths: set[str] = set()  # the paths whose route has called `heavy`: refused before their body

    @property
    def full(self) -> bool:
        return self.in_hand >= self.processes + self.queue

    @property
    def waiting(self) -> int:
        return max(0, self.in_hand - self.processes)

    def executor(self) -> ProcessPoolExecutor:
        executor = _EXECUTORS.get(self.processes)
        if executor is None:
            executor = _EXECUTORS[self.processes] = ProcessPoolExecutor(self.processes, mp_context=_CONTEXT,
                                                                        initializer=start_pool_process)
        return executor

    def start(self) -> None:
        """Start the processes now (at the app's startup) rather than at the first heavy request."""
        for _ in range(self.processes):
            self.executor().submit(_warm)

    def close(self) -> None:
        """Stop the processes (at the app's shutdown, when every request has its answer)."""
        executor = _EXECUTORS.pop(self.processes, None)
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    async def run(self, work: Callable[[*Ts], Response], *args: *Ts) -> Response:
        if self.full:
            HEAVY_REFUSED.inc()
            raise Overloaded
        self.in_hand += 1
        HEAVY_WAITING.set(self.waiting)
        try:
            return await self._in_pool(work, tuple(args))
        finally:
            self.in_hand -= 1
            HEAVY_WAITING.set(self.waiting)

    async def _in_pool(self, work: Callable[..., Response], args: tuple[object, ...]) -> Response:
        submitted = monotonic()
        for attempt in range(2):  # a process died (killed, out of memory): once more in a new pool, then 503
            try:
                answer, started, counts = await asyncio.wrap_future(self.executor().submit(_work, work, args))
                break
            except BrokenProcessPool:
                _EXECUTORS.pop(self.processes, None)
                if attempt:
                    HEAVY_REFUSED.inc()
                    raise Overloaded from None
        HEAVY_WAITED.observe(max(0.0, started - submitted))
        make_counts(counts)
        return answer


# The pool of the app serving the current request and the request's path (HeavyAdmission sets them); `heavy` outside
# any app makes a pool of its own.
current: contextvars.ContextVar[tuple[HeavyPool, str] | None] = contextvars.ContextVar("heavy_pool", default=None)
_fallback: list[HeavyPool] = []


async def heavy(work: Callable[[*Ts], Response], *args: *Ts) -> Response:
    """`work(*args)` in the current app's pool: its answer, or Overloaded (503) when the pool's queue is full."""
    serving = current.get()
    if serving is None:
        if not _fallback:
            _fallback.append(HeavyPool(1, 16))
        return await _fallback[0].run(work, *args)
    pool, path = serving
    pool.heavy_paths.add(path)
    return await pool.run(work, *args)


class HeavyAdmission:
    """ASGI layer that makes `pool` the current one for each request, and answers a request to a heavy route 503 at
    once, before its body is read or validated, while the pool is full (a heavy route is known from its first call
    of `heavy`; until then it is refused there, after its body)."""

    def __init__(self, app: ASGIApp, pool: HeavyPool) -> None:
        self.app = app
        self.pool = pool

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.pool.full and scope["path"] in self.pool.heavy_paths:
            HEAVY_REFUSED.inc()
            await overloaded_response()(scope, receive, send)
            return
        token = current.set((self.pool, scope["path"]))
        try:
            await self.app(scope, receive, send)
        finally:
            current.reset(token)


async def overloaded_handler(_: object, __: Exception) -> Response:
    """The app's handler of Overloaded."""
    return overloaded_response()
