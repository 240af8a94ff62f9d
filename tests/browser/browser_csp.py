"""The page, Swagger UI and the front door work under their Content-Security-Policy (the contract's "Under load, slow
clients and shutdown"): in a context that keeps the policy, each renders what it shows, the page scores a hand from
its URL, Swagger UI tries an operation out, and Chromium reports no violation of the policy."""

from collections.abc import Iterator
from typing import Any

import pytest

from tests.served import ROOT, Served


@pytest.fixture
def strict(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page in a context that enforces the policy, with the console's messages about it."""
    context = browser.new_context(viewport={"width": 1000, "height": 900}, service_workers="block")
    page = context.new_page()
    messages: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    page.on("pageerror", lambda error: messages.append(str(error)))
    yield page, messages
    context.close()


def violations(messages: list[str]) -> list[str]:
    return [message for message in messages if "Content Security Policy" in message or "Refused to" in message]


def test_the_page_scores_a_hand_from_its_url_under_its_policy(strict: tuple[Any, list[str]], server: Served) -> None:
    page, messages = strict
    answer = page.goto(f"{server.base}/calculator?tiles=234567m456p22678s&win_tile=8s&riichi=1")
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    page.wait_for_selector("body[data-ready]")
    page.wait_for_selector("#result-body:not([aria-busy]) >> text=3 han 30 fu")
    result = page.get_by_role("region", name="Result", exact=True).inner_text()
    assert all(word in result for word in ("5,800", "Riichi", "Tanyao", "Pinfu")), result
    assert violations(messages) == []


def test_the_records_view_opens_under_its_policy(strict: tuple[Any, list[str]], server: Served) -> None:
    page, messages = strict
    page.goto(f"{server.base}/calculator?view=records")
    page.wait_for_selector("body[data-ready]")
    page.wait_for_selector("input[type=file]", state="attached")
    assert violations(messages) == []


def test_swagger_ui_renders_and_tries_an_operation_out(strict: tuple[Any, list[str]], server: Served) -> None:
    page, messages = strict
    page.goto(f"{server.base}/docs")
    page.wait_for_selector(".opblock-summary-path >> text=/health")
    health = page.locator(".opblock", has=page.locator(".opblock-summary-path", has_text="/health")).first
    health.locator(".opblock-summary").click()
    health.locator("button.try-out__btn").click()
    health.locator("button.execute").click()
    page.wait_for_selector(".live-responses-table .response-col_status >> text=200")
    assert '"status": "ok"' in health.locator(".live-responses-table .microlight").first.inner_text()
    assert violations(messages) == []


def test_the_front_door_keeps_its_style_under_its_policy(strict: tuple[Any, list[str]], server: Served) -> None:
    page, messages = strict
    page.goto(f"{server.base}/")
    assert page.evaluate("getComputedStyle(document.body).maxWidth") == "736px"  # 46rem: its inline style applied
    assert violations(messages) == []


OFFLINE_ENGINE = any("offline" in path.read_text(encoding="utf-8") and "data-offline" in path.read_text(encoding="utf-8")
                     for path in (ROOT / "app" / "web").glob("*.js"))


@pytest.mark.skipif(not OFFLINE_ENGINE, reason="the page has no offline engine (data-offline) yet")
def test_the_offline_engine_gets_ready_under_the_policy(browser: Any, server: Served) -> None:
    """The in-browser engine (WebAssembly in a Web Worker, its runtime served by the service) loads under the
    page's policy ('wasm-unsafe-eval', worker-src 'self'): the page reaches data-offline="ready" with no violation."""
    context = browser.new_context(viewport={"width": 1000, "height": 900}, service_workers="allow")
    try:
        page = context.new_page()
        messages: list[str] = []
        page.on("console", lambda message: messages.append(message.text))
        page.goto(f"{server.base}/calculator")
        page.wait_for_selector('html[data-offline="ready"]', state="attached", timeout=120_000)
        assert violations(messages) == []
    finally:
        context.close()
