"""The limits at the edge, against a real `python -m app` on a loopback port (the contract's "Under load, slow clients
and shutdown"): slow and oversized request heads, slow bodies, idle keep-alive connections, the security headers on
every answer, and a request line that cannot forge a log line. The deadlines are set short here (1 s) so the tests
are quick; their defaults (10 s, 30 s, 5 s, 32 KiB) are the settings' own."""

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.settings import Settings
from tests.served import Served, served

SECURITY = {"x-content-type-options": "nosniff", "referrer-policy": "no-referrer"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(tmp_path_factory.mktemp("edge"), HEADER_TIMEOUT="1", BODY_TIMEOUT="1", KEEP_ALIVE_TIMEOUT="1",
                ACCESS_LOG="true", LOG_FORMAT="text") as running:
        yield running


def connect(server: Served) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=10)


def answer_of(connection: socket.socket) -> tuple[int, dict[str, str], bytes, float]:
    """Status, headers and body of what the server writes until it closes, and the seconds that took."""
    started = time.monotonic()
    data = b""
    while chunk := connection.recv(65536):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body, time.monotonic() - started


def test_the_defaults_are_the_contracts() -> None:
    defaults = Settings()
    assert (defaults.header_timeout, defaults.body_timeout, defaults.keep_alive_timeout,
            defaults.max_header_bytes) == (10, 30, 5, 32768)


def test_headers_too_slow_are_408(server: Served) -> None:
    with connect(server) as connection:
        connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        status, headers, body, seconds = answer_of(connection)
    assert status == 408 and 0.9 < seconds < 2.5
    assert body == (b'{"detail": [{"type": "request_timeout", "loc": [], '
                    b'"msg": "The request\'s headers did not arrive within 1 s."}]}')
    assert headers.items() >= SECURITY.items()


def test_a_silent_connection_is_cut_at_the_header_deadline(server: Served) -> None:
    with connect(server) as connection:
        status, _, _, seconds = answer_of(connection)
    assert status == 408 and 0.9 < seconds < 2.5


def test_headers_without_end_are_431_once_over_32_kib(server: Served) -> None:
    with connect(server) as connection:
        connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        for index in range(40):  # 40 KiB, never finished
            try:
                connection.sendall(b"X-Filler-%02d: %s\r\n" % (index, b"a" * 1010))
            except OSError:  # the server has answered and closed
                break
        status, headers, body, _ = answer_of(connection)
    assert status == 431
    assert b'"type": "request_header_fields_too_large"' in body and b"limit of 32768 bytes" in body
    assert headers.items() >= SECURITY.items()


def test_one_header_over_the_limit_is_431_and_one_under_it_is_answered(server: Served) -> None:
    for size, expected in ((33_000, 431), (30_000, 200)):
        with connect(server) as connection:
            connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: " + b"a" * size + b"\r\n\r\n")
            assert answer_of(connection)[0] == expected, size


def test_a_body_too_slow_is_408(server: Served) -> None:
    with connect(server) as connection:
        connection.sendall(b"POST /hand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                           b"Content-Length: 100\r\n\r\n{")
        status, _, body, seconds = answer_of(connection)
    assert status == 408 and 0.9 < seconds < 2.5
    assert b"The request's body did not arrive within 1 s of its headers." in body


def test_an_idle_keep_alive_connection_is_closed(server: Served) -> None:
    with connect(server) as connection:
        connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        status, _, body, seconds = answer_of(connection)
    assert status == 200 and body.endswith(b'{"status":"ok"}') and 0.9 < seconds < 2.5


@pytest.mark.parametrize("path", ["/health", "/calculator", "/docs", "/", "/nowhere", "/rules"])
def test_every_answer_has_the_security_headers(server: Served, path: str) -> None:
    status, headers, _ = server.get(path)
    assert status == (404 if path == "/nowhere" else 200)
    lowered = {name.lower(): value for name, value in headers.items()}
    assert lowered.items() >= SECURITY.items()
    policy = lowered.get("content-security-policy")
    if lowered["content-type"].startswith("text/html"):
        assert policy is not None and "frame-ancestors 'none'" in policy and "default-src 'self'" in policy
        assert "http" not in policy and "*" not in policy  # no source outside the service's own origin
    else:
        assert policy is None


def test_a_request_line_cannot_forge_a_log_line(server: Served) -> None:
    with connect(server) as connection:
        connection.sendall(b"GET /x%0aFORGED%20line%0d%1b[31m HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert answer_of(connection)[0] == 404
    time.sleep(0.2)
    lines = server.log_lines()
    assert not any(line.startswith("FORGED") for line in lines)
    assert any(r"GET /x\x0aFORGED line\x0d\x1b[31m 404 " in line for line in lines)


def test_no_file_is_left_behind(tmp_path: Path) -> None:
    """One worker: its metrics directory (under TMPDIR) is gone once it has exited on SIGTERM, with status 0."""
    with served(tmp_path) as running:
        assert any(path.name.startswith("mahjong-metrics-") for path in tmp_path.iterdir())
        running.process.terminate()
        assert running.process.wait(timeout=15) == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == ["server.log"]
    assert "Traceback" not in (tmp_path / "server.log").read_text()
