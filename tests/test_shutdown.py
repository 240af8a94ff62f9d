"""Graceful shutdown: after SIGTERM the requests in flight still get their answers, within
MAHJONG_SHUTDOWN_TIMEOUT; past it the server stops anyway."""

import json
import signal
import socket
import time
from pathlib import Path

from tests.served import served

HAND = {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"riichi": True}}


def start_request(port: int, body: bytes, sent: int) -> socket.socket:
    """A POST /hand/score/batch whose headers and first `sent` bytes of body are on their way; the rest is not."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    head = (f"POST /hand/score/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"X-Request-ID: in-flight-1\r\nContent-Length: {len(body)}\r\n\r\n").encode()
    connection.sendall(head + body[:sent])
    return connection


def read_answer(connection: socket.socket) -> tuple[str, bytes]:
    """The status line and body of the answer (the server closes the connection after it: it is shutting down)."""
    data = b""
    while chunk := connection.recv(65536):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return head.decode().splitlines()[0], body


def test_a_batch_in_flight_at_sigterm_gets_its_answer(tmp_path: Path) -> None:
    body = json.dumps({"items": [HAND] * 200}).encode()
    with served(tmp_path, WORKERS="2", LOG_FORMAT="json") as server:
        connection = start_request(server.port, body, len(body) // 2)
        time.sleep(0.3)  # the worker has read the headers and half of the body
        server.process.send_signal(signal.SIGTERM)
        time.sleep(1.0)  # the workers are shutting down, the request still in flight
        assert server.process.poll() is None
        connection.sendall(body[len(body) // 2:])
        status, answer = read_answer(connection)
        assert server.process.wait(timeout=10) == 0
        messages = [json.loads(line)["message"] for line in server.log_lines()]
    assert status == "HTTP/1.1 200 OK"
    results = json.loads(answer)["results"]
    assert len(results) == 200 and all(item["ok"] and item["result"]["han"] == 3 for item in results)
    assert "Received SIGTERM, exiting." in messages
    assert sum(message.startswith("Finished server process") for message in messages) == 2


def test_past_the_timeout_what_is_left_is_503_and_the_server_exits_0(tmp_path: Path) -> None:
    body = json.dumps({"items": [HAND]}).encode()
    with served(tmp_path, SHUTDOWN_TIMEOUT="2", LOG_FORMAT="json") as server:
        connection = start_request(server.port, body, 10)  # a client that never sends the rest
        time.sleep(0.3)
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        status, answer = read_answer(connection)
        answered = time.monotonic() - started
        assert server.process.wait(timeout=10) == 0
        elapsed = time.monotonic() - started
        log = server.log.read_text()
        connection.close()
    assert status == "HTTP/1.1 503 Service Unavailable"
    assert json.loads(answer)["detail"][0]["type"] == "overloaded"
    assert 1.2 < answered < 2.0 and elapsed < 3.5, (answered, elapsed)  # within the grace period of 2 s
    assert "Traceback" not in log and "CancelledError" not in log and '"level": "error"' not in log


def test_heavy_work_in_flight_at_sigterm_gets_its_answer(tmp_path: Path) -> None:
    """A replay at work in the pool when SIGTERM comes is answered 200; the pool and the worker then exit 0."""
    body = json.dumps({"items": [{"hand": {"tiles": "123456789m1234p", "win_tile": "1p"}}] * 100}).encode()
    with served(tmp_path, LOG_FORMAT="json") as server:
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        connection.sendall(b"POST /hand/analyze/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                           + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        time.sleep(0.05)
        server.process.send_signal(signal.SIGTERM)
        status, answer = read_answer(connection)
        assert server.process.wait(timeout=15) == 0
        log = server.log.read_text()
    assert status == "HTTP/1.1 200 OK"
    assert len(json.loads(answer)["results"]) == 100
    assert "Traceback" not in log
