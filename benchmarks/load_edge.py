"""`make load-edge`: one worker (`python -m app`, MAHJONG_WORKERS=1) on a free loopback port, held to the contract's
"Under load, slow clients and shutdown".

1. Load: CLIENTS clients (64) post real game records to POST /records/verify for SECONDS, each on its keep-alive
   connection, waiting Retry-After after a 503 (as a client should); beside them one client asks GET /health in a loop.
   Printed: /health p50/p99/max, and every heavy answer counted as 200, 503 or other (a dropped connection or a
   timeout is other). Meanwhile, a client sends its headers and never ends them, one sends 40 KiB of headers, and one
   sends half a body: printed, when and how each was cut off.
2. Soak: SOAK records (10,000) verified, 8 clients at a time; the resident size of the worker and of its heavy-work
   processes printed fresh (before any request), before the soak (after the load), after its warm-up (the first
   tenth) and at the end.

Exit status 1 when a check fails: /health p99 over 250 ms, any heavy answer not 200 or 503, a slow or oversized client
not cut off within its limit (+1 s), or the resident size grown by more than RSS_SLACK_MB after the warm-up.
Run it on a quiet machine for figures; `python benchmarks/load_edge.py --help` for the knobs.
"""

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted((ROOT / "tests" / "fixtures" / "records" / "tenhou6").glob("*.json"))
HEALTH_P99_LIMIT = 0.250
# `python -m app` (one worker: the app is served in this process) with the pool's processes replaced by as many threads.
THREADS_INSTEAD = """
from concurrent.futures import ThreadPoolExecutor
import app.heavy, app.__main__
executors = {}
def in_threads(self):
    return executors.setdefault(self.processes, ThreadPoolExecutor(self.processes))
app.heavy.HeavyPool.executor = in_threads
app.__main__.main([])
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Connection:
    """One keep-alive HTTP/1.1 connection: a request, then its whole answer (Content-Length bodies)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if body:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        self.writer.write(head.encode() + b"\r\n" + body)
        await self.writer.drain()
        lines = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        headers = dict(line.lower().split(": ", 1) for line in lines[1:] if line)
        answer = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection") == "close":
            self.close()
        return int(lines[0].split()[1]), headers, answer

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def heavy_client(port: int, bodies: list[bytes], until: float, counts: Counter[str], start: int) -> None:
    connection = Connection(port)
    index = start
    while time.monotonic() < until:
        try:
            status, headers, _ = await asyncio.wait_for(
                connection.request("POST", "/records/verify", bodies[index % len(bodies)]), 60)
        except (TimeoutError, OSError, asyncio.IncompleteReadError) as exc:
            counts[f"other ({type(exc).__name__})"] += 1
            connection.close()
            continue
        index += 1
        counts[str(status) if status in (200, 503) else f"other ({status})"] += 1
        if status == 503:
            await asyncio.sleep(float(headers.get("retry-after", "1")))
    connection.close()


async def health_client(port: int, until: float, times: list[float]) -> None:
    connection = Connection(port)
    while time.monotonic() < until:
        started = time.monotonic()
        status, _, _ = await connection.request("GET", "/health")
        assert status == 200, status
        times.append(time.monotonic() - started)
        await asyncio.sleep(0.02)
    connection.close()


async def cut_off(port: int, name: str, first: bytes, more: bytes = b"", repeat: int = 0) -> tuple[str, float, str]:
    """Send `first` (then `more` `repeat` times), never finishing the request: how long until the server answered or
    closed, and its status line."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    started = time.monotonic()
    writer.write(first)
    try:
        for _ in range(repeat):
            writer.write(more)
            await writer.drain()
        answer = await asyncio.wait_for(reader.read(), 120)
    except (TimeoutError, OSError) as exc:
        answer = f"({type(exc).__name__})".encode()
    writer.close()
    return name, time.monotonic() - started, answer.split(b"\r\n", 1)[0].decode("latin-1") or "(closed)"


def slow_clients(port: int) -> list["asyncio.Future[tuple[str, float, str]]"]:
    record = b"POST /records/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
    return [
        asyncio.ensure_future(cut_off(port, "headers never ended", b"GET /health HTTP/1.1\r\nHost: x\r\n")),
        asyncio.ensure_future(cut_off(port, "40 KiB of headers", b"GET /health HTTP/1.1\r\nHost: x\r\n",
                                      b"X-Filler: " + b"a" * 1014 + b"\r\n", 40)),
        asyncio.ensure_future(cut_off(port, "half a body", record + b'{"record": ')),
    ]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def resident(pid: int) -> tuple[float, float]:
    """The worker's resident size and its heavy-work processes' together, in MB."""
    pool = [child for child in children(pid) if b"multiprocessing" in Path(f"/proc/{child}/cmdline").read_bytes()
            and b"resource_tracker" not in Path(f"/proc/{child}/cmdline").read_bytes()]
    return rss_kib(pid) / 1024, sum(rss_kib(child) for child in pool) / 1024


async def load(port: int, args: argparse.Namespace, bodies: list[bytes]) -> bool:
    counts: Counter[str] = Counter()
    times: list[float] = []
    slow = slow_clients(port)
    until = time.monotonic() + args.seconds
    await asyncio.gather(health_client(port, until, times),
                         *(heavy_client(port, bodies, until, counts, n) for n in range(args.clients)))
    cut = await asyncio.gather(*slow)
    times.sort()
    p50, p99, worst = statistics.median(times), times[int(len(times) * 0.99)], times[-1]
    print(f"load: {args.clients} clients posting records to /records/verify for {args.seconds} s, one worker")
    print(f"  /health: {len(times)} answers, p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {worst * 1000:.1f} ms")
    print(f"  heavy answers: {sum(counts.values())}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    limits = {"headers never ended": args.header_timeout, "40 KiB of headers": 0, "half a body": args.body_timeout}
    # Cut off with an answer, or (the server closing on bytes it has not read) a reset before the client could read it.
    expected = {"headers never ended": ("408",), "40 KiB of headers": ("431", "ConnectionResetError"),
                "half a body": ("408",)}
    ok = p99 < HEALTH_P99_LIMIT and set(counts) <= {"200", "503"} and counts["200"] > 0
    for name, seconds, status in cut:
        within = seconds <= limits[name] + 1 and any(word in status for word in expected[name])
        ok &= within
        print(f"  {name}: cut off after {seconds:.2f} s (limit {limits[name]} s): {status}{'' if within else '  <- FAIL'}")
    return ok


async def soak(port: int, pid: int, args: argparse.Namespace, bodies: list[bytes], fresh: tuple[float, float]) -> bool:
    warm = max(1, args.soak // 10)
    sent = 0
    counts: Counter[str] = Counter()
    marks: dict[str, tuple[float, float]] = {"fresh": fresh, "start": resident(pid)}

    async def client() -> None:
        nonlocal sent
        connection = Connection(port)
        while sent < args.soak:
            index = sent
            sent += 1
            status, _, _ = await connection.request("POST", "/records/verify", bodies[index % len(bodies)])
            counts[str(status)] += 1
            if sent == warm:
                marks["warm"] = resident(pid)
        connection.close()

    started = time.monotonic()
    await asyncio.gather(*(client() for _ in range(8)))
    marks["end"] = resident(pid)
    seconds = time.monotonic() - started
    grown = sum(marks["end"]) - sum(marks["warm"])
    print(f"soak: {args.soak} records in {seconds:.1f} s ({args.soak / seconds:.0f}/s), answers "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    for name, (worker, pool) in marks.items():
        print(f"  RSS {name:>5}: worker {worker:.1f} MB, heavy-work processes {pool:.1f} MB")
    print(f"  grown after the warm-up ({warm} records): {grown:+.1f} MB (allowed {args.rss_slack_mb} MB)")
    return grown <= args.rss_slack_mb and set(counts) == {"200"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("LOAD_EDGE_SECONDS", 40)))
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--soak", type=int, default=int(os.environ.get("LOAD_EDGE_SOAK", 10_000)))
    parser.add_argument("--header-timeout", type=int, default=int(os.environ.get("MAHJONG_HEADER_TIMEOUT", 10)))
    parser.add_argument("--body-timeout", type=int, default=int(os.environ.get("MAHJONG_BODY_TIMEOUT", 30)))
    parser.add_argument("--threads", action="store_true",
                        help="run the heavy work in threads instead of processes (to measure why it is not done so)")
    parser.add_argument("--rss-slack-mb", type=float, default=float(os.environ.get("RSS_SLACK_MB", 8)))
    args = parser.parse_args()
    bodies = [json.dumps({"record": json.loads(path.read_text())}).encode() for path in RECORDS]
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "MAHJONG_PORT": str(port), "MAHJONG_HOST": "127.0.0.1", "MAHJONG_WORKERS": "1",
               "MAHJONG_HEADER_TIMEOUT": str(args.header_timeout), "MAHJONG_BODY_TIMEOUT": str(args.body_timeout),
               "MAHJONG_LOG_LEVEL": "warning", "TMPDIR": tmp}
        log = Path(tmp) / "server.log"
        with log.open("wb") as sink:
            command = ["-c", THREADS_INSTEAD] if args.threads else ["-m", "app"]
            server = subprocess.Popen([sys.executable, *command], cwd=ROOT, env=env, stdout=sink, stderr=sink)
        try:
            wait_until_up(port, server)
            build = asyncio.run(Connection(port).request("GET", "/version"))[2]
            print(f"core build: {json.loads(build)['build']}; heavy work in {'threads' if args.threads else 'processes'}: "
                  f"{os.environ.get('MAHJONG_HEAVY_PROCESSES', 'auto')}")
            time.sleep(2)  # the pool's processes started
            fresh = resident(server.pid)
            ok = asyncio.run(load(port, args, bodies))
            time.sleep(1.5)  # the clients that backed off are gone
            ok &= asyncio.run(soak(port, server.pid, args, bodies, fresh)) if args.soak else True
        finally:
            server.terminate()
            status = server.wait(timeout=60)
        text = log.read_text()
        if status != 0 or "Traceback" in text:
            print(f"the server exited {status}:\n{text}")
            ok = False
    print("load-edge: " + ("all checks held" if ok else "FAILED"))
    return 0 if ok else 1


def wait_until_up(port: int, server: "subprocess.Popen[bytes]") -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("the server exited at start")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as probe:
                probe.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if probe.recv(64).startswith(b"HTTP/1.1 200"):
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not come up in 30 s")


if __name__ == "__main__":
    sys.exit(main())
