"""CORS: off unless MAHJONG_CORS_ORIGINS lists origins (or `*`); then a browser app on an allowed origin may call the
API, its preflight is answered, and other origins get no CORS header."""

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings, SettingsError

APP_ORIGIN = "https://club.example"
BODY = {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}}
PREFLIGHT = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}


def client(*origins: str) -> TestClient:
    return TestClient(create_app(Settings(cors_origins=origins, metrics=False)))


def test_off_by_default_no_cors_header_and_no_preflight() -> None:
    plain = TestClient(create_app(Settings()))
    answer = plain.post("/hand/score", json=BODY, headers={"Origin": APP_ORIGIN})
    assert answer.status_code == 200
    assert "access-control-allow-origin" not in answer.headers
    preflight = plain.options("/hand/score", headers={"Origin": APP_ORIGIN, **PREFLIGHT})
    assert preflight.status_code == 405 and "access-control-allow-origin" not in preflight.headers


def test_an_allowed_origin_may_call_the_api_and_read_its_headers() -> None:
    answer = client(APP_ORIGIN).post("/hand/score?lang=ja", json=BODY, headers={"Origin": APP_ORIGIN})
    assert answer.status_code == 200 and answer.json()["points"]["total"] == 2900
    assert answer.headers["access-control-allow-origin"] == APP_ORIGIN
    exposed = {name.strip().lower() for name in answer.headers["access-control-expose-headers"].split(",")}
    assert {"x-request-id", "content-language"} <= exposed
    assert "access-control-allow-credentials" not in answer.headers


def test_the_preflight_is_answered_for_an_allowed_origin() -> None:
    answer = client(APP_ORIGIN, "http://localhost:5173").options(
        "/match/settle", headers={"Origin": "http://localhost:5173", **PREFLIGHT})
    assert answer.status_code == 200
    assert answer.headers["access-control-allow-origin"] == "http://localhost:5173"
    assert "POST" in answer.headers["access-control-allow-methods"]
    assert "content-type" in answer.headers["access-control-allow-headers"].lower()
    assert answer.headers["access-control-max-age"] == "600"


def test_another_origin_gets_no_cors_header_and_its_preflight_is_refused() -> None:
    allowed = client(APP_ORIGIN)
    answer = allowed.post("/hand/score", json=BODY, headers={"Origin": "https://elsewhere.example"})
    assert answer.status_code == 200 and "access-control-allow-origin" not in answer.headers
    preflight = allowed.options("/hand/score", headers={"Origin": "https://elsewhere.example", **PREFLIGHT})
    assert preflight.status_code == 400 and "access-control-allow-origin" not in preflight.headers


def test_star_allows_every_origin() -> None:
    anyone = client("*")
    answer = anyone.get("/rules", headers={"Origin": "https://anyone.example"})
    assert answer.headers["access-control-allow-origin"] == "*"
    preflight = anyone.options("/hand/analyze", headers={"Origin": "https://anyone.example", **PREFLIGHT})
    assert preflight.status_code == 200 and preflight.headers["access-control-allow-origin"] == "*"


def test_refused_requests_carry_the_cors_headers_too() -> None:
    """A 422 and a 413 are readable by the browser app, so it can show the message."""
    allowed = client(APP_ORIGIN)
    invalid = allowed.post("/hand/score", json={"hand": {"tiles": "1m", "win_tile": "1m"}}, headers={"Origin": APP_ORIGIN})
    assert invalid.status_code == 422 and invalid.headers["access-control-allow-origin"] == APP_ORIGIN
    too_big = allowed.post("/hand/score", content=b"x" * 70000,
                           headers={"Origin": APP_ORIGIN, "Content-Type": "application/json"})
    assert too_big.status_code == 413 and too_big.headers["access-control-allow-origin"] == APP_ORIGIN


def test_the_setting_reads_a_comma_list() -> None:
    settings = Settings.from_env({"MAHJONG_CORS_ORIGINS": " https://a.example, http://localhost:3000/ ,"})
    assert settings.cors_origins == ("https://a.example", "http://localhost:3000")
    assert Settings.from_env({"MAHJONG_CORS_ORIGINS": "*"}).cors_origins == ("*",)
    assert Settings.from_env({}).cors_origins == ()


@pytest.mark.parametrize("value", ["club.example", "https://club.example/path", "ftp://club.example", "https://*.example"])
def test_the_setting_refuses_what_is_not_an_origin(value: str) -> None:
    with pytest.raises(SettingsError, match="MAHJONG_CORS_ORIGINS"):
        Settings.from_env({"MAHJONG_CORS_ORIGINS": value})
