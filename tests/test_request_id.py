"""X-Request-ID: a sane one from the client is kept, anything else is replaced, and every answer carries it."""

import re

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.observability.request_id import MAX_LENGTH, request_id_from
from app.settings import Settings

GENERATED = re.compile(r"[0-9a-f]{32}")


@pytest.fixture
def probe() -> TestClient:
    app = create_app(Settings(max_body_bytes=100))

    @app.get("/_boom")
    async def boom() -> None:
        raise RuntimeError("secret internals")

    return TestClient(app, raise_server_exceptions=False)


@pytest.mark.parametrize(("method", "path", "body", "status"), [
    ("GET", "/health", None, 200),
    ("GET", "/no-such-page", None, 404),
    ("DELETE", "/health", None, 405),
    ("POST", "/hand/score", b'{"hand":', 422),
    ("POST", "/hand/score", b"x" * 101, 413),
    ("GET", "/_boom", None, 500),
])
def test_every_answer_carries_the_clients_request_id(probe: TestClient, method: str, path: str, body: bytes | None,
                                                    status: int) -> None:
    response = probe.request(method, path, content=body,
                             headers={"X-Request-ID": "c0ffee-42", "Content-Type": "application/json"})
    assert response.status_code == status
    assert response.headers.get_list("x-request-id") == ["c0ffee-42"]


def test_an_answer_without_one_gets_a_new_id_each_time(probe: TestClient) -> None:
    ids = [probe.get("/health").headers["x-request-id"] for _ in range(3)]
    assert all(GENERATED.fullmatch(i) for i in ids)
    assert len(set(ids)) == 3


@pytest.mark.parametrize("value", [
    "4bf92f3577b34da6a3ce929d0e0e4736",
    "01J9Z3Q4W1X2Y3Z4A5B6C7D8E9",
    "Root=1-67891233-abcdef012345678912345678",
    "a" * MAX_LENGTH,
    "x.y:z+/=_-",
])
def test_sane_ids_are_kept(value: str) -> None:
    assert request_id_from([(b"x-request-id", value.encode())]) == value


@pytest.mark.parametrize("value", [b"", b"a" * (MAX_LENGTH + 1), b"two words", b"line\nbreak", b"caf\xc3\xa9",
                                   b"<script>", b'quote"d', b"\xff\xfe"])
def test_other_ids_are_replaced_not_refused(value: bytes) -> None:
    assert GENERATED.fullmatch(request_id_from([(b"x-request-id", value)]))


def test_an_invalid_id_is_not_an_error_for_the_client(probe: TestClient) -> None:
    response = probe.get("/health", headers={"X-Request-ID": "x" * 500})
    assert response.status_code == 200
    assert GENERATED.fullmatch(response.headers["x-request-id"])


def test_the_first_header_counts() -> None:
    assert request_id_from([(b"accept", b"*/*"), (b"x-request-id", b"first"), (b"x-request-id", b"second")]) == "first"
