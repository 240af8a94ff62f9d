"""The service foundation: settings, error shape for every rejection, body-size cap, 500 handler."""

import asyncio

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

from app.errors import InvalidInput, Problem
from app.main import create_app
from app.middleware import BodySizeLimit
from app.settings import Settings, SettingsError


class Echo(BaseModel):
    count: int
    name: str = ""


def make_app(**settings: object) -> FastAPI:
    app = create_app(Settings(**settings))  # type: ignore[arg-type]

    @app.post("/_echo")
    async def echo(body: Echo) -> Echo:
        return body

    @app.get("/_boom")
    async def boom() -> None:
        raise RuntimeError("secret internals /etc/passwd")

    return app


@pytest.fixture
def probe() -> TestClient:
    return TestClient(make_app(max_body_bytes=1000), raise_server_exceptions=False)


def assert_contract_shape(body: object) -> None:
    """{"detail": [{"type": str, "loc": list, "msg": str}, ...]} and nothing else per entry."""
    assert isinstance(body, dict) and set(body) == {"detail"}
    assert isinstance(body["detail"], list) and body["detail"]
    for entry in body["detail"]:
        assert set(entry) == {"type", "loc", "msg"}
        assert isinstance(entry["type"], str) and entry["type"]
        assert isinstance(entry["loc"], list)
        assert isinstance(entry["msg"], str) and entry["msg"]


def test_health(client: TestClient) -> None:
    response = client.get("/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


# --- settings -------------------------------------------------------------------------------


def test_settings_defaults() -> None:
    assert Settings.from_env({}) == Settings(
        host="127.0.0.1", port=8000, workers=1, log_level="info", access_log=False, max_body_bytes=65536,
        max_batch_body_bytes=524288, max_record_body_bytes=4194304,
    )


def test_settings_from_env() -> None:
    env = {
        "MAHJONG_HOST": "0.0.0.0",
        "MAHJONG_PORT": "9000",
        "MAHJONG_WORKERS": "4",
        "MAHJONG_LOG_LEVEL": "WARNING",
        "MAHJONG_ACCESS_LOG": "true",
        "MAHJONG_MAX_BODY_BYTES": "2048",
    }
    assert Settings.from_env(env) == Settings("0.0.0.0", 9000, 4, "warning", True, 2048)
    assert Settings.from_env({"MAHJONG_MAX_BATCH_BODY_BYTES": "1048576"}).max_batch_body_bytes == 1048576
    assert Settings.from_env({"MAHJONG_MAX_RECORD_BODY_BYTES": "4096"}).max_record_body_bytes == 4096


def test_settings_blank_values_mean_default() -> None:
    assert Settings.from_env({"MAHJONG_PORT": " ", "MAHJONG_LOG_LEVEL": ""}) == Settings()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("MAHJONG_PORT", "http"),
        ("MAHJONG_PORT", "0"),
        ("MAHJONG_PORT", "70000"),
        ("MAHJONG_WORKERS", "0"),
        ("MAHJONG_LOG_LEVEL", "loud"),
        ("MAHJONG_ACCESS_LOG", "maybe"),
        ("MAHJONG_MAX_BODY_BYTES", "-1"),
        ("MAHJONG_MAX_BATCH_BODY_BYTES", "0"),
        ("MAHJONG_MAX_RECORD_BODY_BYTES", "big"),
    ],
)
def test_settings_reject_bad_values(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name):
        Settings.from_env({name: value})


# --- one error shape for every rejection -------------------------------------------------------


def test_schema_error_keeps_pydantic_type(probe: TestClient) -> None:
    response = probe.post("/_echo", json={"count": "many"})
    assert response.status_code == 422
    assert_contract_shape(response.json())
    assert response.json()["detail"][0]["type"] == "int_parsing"
    assert response.json()["detail"][0]["loc"] == ["body", "count"]
    assert "many" not in response.text  # Pydantic's `input` is not echoed


def test_missing_field(probe: TestClient) -> None:
    response = probe.post("/_echo", json={})
    assert response.status_code == 422
    assert_contract_shape(response.json())
    assert response.json()["detail"] == [{"type": "missing", "loc": ["body", "count"], "msg": "Field required"}]


@pytest.mark.parametrize("body", [b"{", b'{"count": 1,}', b"not json", b'{"count": 1'])
def test_malformed_json(probe: TestClient, body: bytes) -> None:
    response = probe.post("/_echo", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    assert_contract_shape(response.json())
    [entry] = response.json()["detail"]
    assert entry["type"] == "json_invalid"
    assert entry["loc"][0] == "body"
    assert entry["msg"].startswith("JSON decode error")


def test_not_found_and_method_not_allowed(probe: TestClient) -> None:
    missing = probe.get("/no-such-endpoint")
    assert missing.status_code == 404
    assert_contract_shape(missing.json())
    assert missing.json()["detail"][0]["type"] == "not_found"

    wrong_method = probe.delete("/health")
    assert wrong_method.status_code == 405
    assert_contract_shape(wrong_method.json())
    assert wrong_method.json()["detail"][0]["type"] == "method_not_allowed"


def test_unhandled_error_is_a_generic_500(probe: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    response = probe.get("/_boom")
    assert response.status_code == 500
    assert response.json() == {
        "detail": [{"type": "internal_error", "loc": [], "msg": "Internal server error; it has been logged."}]
    }
    for leak in ("secret", "Traceback", "RuntimeError", "passwd"):
        assert leak not in response.text
    assert any("RuntimeError" in record.getMessage() for record in caplog.records)  # logged server-side


def test_invalid_input_from_the_cores_is_422() -> None:
    app = create_app(Settings())

    @app.post("/_core")
    async def core() -> None:
        raise InvalidInput([Problem("too_many_copies", ("hand", "tiles"), "5m appears 5 times")])

    response = TestClient(app).post("/_core")
    assert response.status_code == 422
    assert response.json() == {
        "detail": [{"type": "too_many_copies", "loc": ["body", "hand", "tiles"], "msg": "5m appears 5 times"}]
    }


# --- request body cap --------------------------------------------------------------------------


def test_body_within_the_cap_passes(probe: TestClient) -> None:
    body = '{"count": 1, "name": "' + "x" * (1000 - 24) + '"}'
    assert len(body) == 1000
    response = probe.post("/_echo", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 200
    assert response.json()["count"] == 1


def test_body_over_the_cap_by_content_length(probe: TestClient) -> None:
    response = probe.post("/_echo", content=b"x" * 1001, headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert_contract_shape(response.json())
    assert response.json()["detail"][0]["type"] == "request_too_large"
    assert "1000 bytes" in response.json()["detail"][0]["msg"]


def test_streamed_body_over_the_cap_without_content_length(probe: TestClient) -> None:
    def chunks():
        for _ in range(11):
            yield b"x" * 100

    response = probe.post("/_echo", content=chunks(), headers={"Content-Type": "application/json"})
    assert "content-length" not in {k.lower() for k in response.request.headers}
    assert response.status_code == 413
    assert response.json()["detail"][0]["type"] == "request_too_large"


def test_lying_content_length_is_still_counted() -> None:
    """A Content-Length under the cap does not let a longer streamed body through."""
    reached_app = False

    async def app(scope, receive, send):
        nonlocal reached_app
        reached_app = True

    sent: list[dict] = []
    messages = [
        {"type": "http.request", "body": b"x" * 60, "more_body": True},
        {"type": "http.request", "body": b"x" * 60, "more_body": False},
    ]

    async def receive():
        return messages.pop(0)

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/",
             "headers": [(b"content-length", b"10"), (b"content-type", b"application/json")]}
    asyncio.run(BodySizeLimit(app, max_body_bytes=100)(scope, receive, send))
    assert not reached_app
    assert sent[0]["status"] == 413


def test_cap_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAHJONG_MAX_BODY_BYTES", "10")
    app = create_app()
    response = TestClient(app).post("/health", content=b"x" * 11)
    assert response.status_code == 413



# --- a body must be JSON -----------------------------------------------------------------------

NOT_JSON = {"detail": [{"type": "unsupported_media_type", "loc": ["header", "content-type"],
                        "msg": "The request body must be JSON, sent with the header `Content-Type: application/json`."}]}


def body_operations(client: TestClient) -> list[str]:
    paths = client.get("/openapi.json").json()["paths"]
    return [path for path, operations in paths.items() for operation in operations.values() if "requestBody" in operation]


@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x",
                                          "application/jsonx", "json", None])
def test_every_body_taking_operation_refuses_a_body_not_sent_as_json(client: TestClient, content_type: str | None) -> None:
    paths = body_operations(client)
    assert len(paths) == 11  # /records/convert and /records/stats among them
    headers = {} if content_type is None else {"Content-Type": content_type}
    for path in paths:
        response = client.post(path, content=b'{"items": []}', headers=headers)
        assert (response.status_code, response.json()) == (415, NOT_JSON), path


def test_a_chunked_body_without_a_content_type_is_refused(client: TestClient) -> None:
    response = client.post("/hand/score", content=(part for part in (b'{"hand": ', b"null}")))
    assert "content-length" not in {k.lower() for k in response.request.headers}
    assert (response.status_code, response.json()) == (415, NOT_JSON)


def test_no_body_needs_no_content_type(client: TestClient) -> None:
    response = client.post("/hand/score")
    assert response.status_code == 422
    assert response.json()["detail"] == [{"type": "missing", "loc": ["body"], "msg": "Field required"}]


def test_a_body_is_json_on_any_route(probe: TestClient) -> None:
    """The check is the app's, before routing: a route added later refuses a form body too."""
    assert probe.post("/_echo", content=b"count=1", headers={"Content-Type": "application/x-www-form-urlencoded"}).json() == NOT_JSON
    assert probe.post("/_echo", content=b'{"count": 1}', headers={"Content-Type": "application/vnd.api+json"}).json() == {"count": 1, "name": ""}
