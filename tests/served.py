"""`python -m app` as a real server process on a free loopback port, for the tests that need one."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        request = urllib.request.Request(self.base + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def post(self, path: str, body: object) -> tuple[int, bytes]:
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.read()

    def log_lines(self) -> list[str]:
        return self.log.read_text(encoding="utf-8").splitlines()


@contextmanager
def served(tmp_path: Path, command: tuple[str, ...] = ("-m", "app"), **env: str) -> Iterator[Served]:
    """`python COMMAND` (the server) with MAHJONG_* `env` (names without the prefix), up and answering /health;
    stopped after."""
    port = free_port()
    log = tmp_path / "server.log"
    environment = {**os.environ, "MAHJONG_HOST": "127.0.0.1", "MAHJONG_PORT": str(port), "TMPDIR": str(tmp_path),
                   **{f"MAHJONG_{name}": value for name, value in env.items()}}
    environment.pop("PROMETHEUS_MULTIPROC_DIR", None)
    with log.open("wb") as sink:
        process = subprocess.Popen([sys.executable, *command], cwd=ROOT, env=environment, stdout=sink, stderr=sink,
                                   start_new_session=True)
    server = Served(process, port, log)
    try:
        _wait_until_up(server)
        yield server
    finally:
        stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, as an orchestrator stops it; its whole process group is killed if it is not gone in 15 s."""
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


def _wait_until_up(server: Served, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise AssertionError(f"the server exited: {server.log.read_text()}")
        try:
            if server.get("/health")[0] == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"the server did not answer in {seconds} s: {server.log.read_text()}")
