"""The page driven in Debian's chromium by Playwright for Python (`make browser-test`; not part of `make test`):
a real server (`python -m app` on a free port), one browser for the session, a fresh context per test that records
every request the page makes."""

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.served import Served, served, stop

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
AXE = Path(__file__).resolve().parents[2] / "tools" / "browser-test" / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(tmp_path_factory.mktemp("server"), METRICS="false") as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def api(server: Served, path: str, body: object) -> tuple[int, Any]:
    """The service's status and JSON answer to POST `path` with `body`."""
    request = urllib.request.Request(server.base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


class Page:
    """A page of the calculator with the requests it made, and the service beside it for the expected answers."""

    def __init__(self, page: Any, server: Served, requests: list[str]) -> None:
        self.page = page
        self.server = server
        self.requests = requests

    def open(self, query: str = "", wait_result: bool = True) -> Any:
        self.page.goto(f"{self.server.base}/calculator{'?' + query if query else ''}")
        self.page.wait_for_selector("body[data-ready]")
        if wait_result:
            self.settled()
        return self.page

    def settled(self) -> None:
        """Wait until the result region has its answer (no request in flight, nothing pending)."""
        self.page.wait_for_function("!document.querySelector('#result-body[aria-busy]')")
        self.page.wait_for_timeout(200)  # the page waits 120 ms after a change before it asks the service
        self.page.wait_for_function("!document.querySelector('#result-body[aria-busy]')")

    def result(self, name: str = "Result") -> Any:
        return self.page.get_by_role("region", name=name, exact=True)

    def api(self, path: str, body: object) -> tuple[int, Any]:
        return api(self.server, path, body)

    def api_get(self, path: str) -> Any:
        with urllib.request.urlopen(self.server.base + path, timeout=10) as response:
            return json.load(response)

    def hosts(self) -> set[str]:
        return {urlsplit(url).netloc for url in self.requests if urlsplit(url).scheme in ("http", "https", "ws", "wss")}

    def axe(self) -> list[dict[str, Any]]:
        """axe-core's serious and critical violations on the page as it is now."""
        if not self.page.evaluate("typeof axe !== 'undefined'"):
            self.page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
        found = self.page.evaluate("axe.run(document).then(r => r.violations)")
        return [v for v in found if v["impact"] in ("serious", "critical")]

    def horizontal_overflow(self) -> int:
        return int(self.page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def watched_phone(browser: Any, server: Served) -> tuple[Any, Any, list[str]]:
    """A phone's context and page for `server`, with what goes wrong listed: a request to another host, a page error,
    a Content-Security-Policy violation. Every dialog is accepted ("End the match now?": yes)."""
    context = browser.new_context(viewport=PHONE, locale="en-US")
    page = context.new_page()
    problems: list[str] = []
    context.on("request", lambda request: problems.append(f"asked {request.url}")
               if urlsplit(request.url).netloc != urlsplit(server.base).netloc else None)
    page.on("pageerror", lambda error: problems.append(f"error: {error}"))
    page.on("console", lambda message: problems.append(message.text) if "Content Security Policy" in message.text else None)
    page.on("dialog", lambda dialog: dialog.accept())
    page.add_init_script("document.addEventListener('securitypolicyviolation', (e) => "
                         "console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`))")
    return context, page, problems


def cut_off(context: Any, page: Any, server: Served) -> None:
    """Once the page says all it needs offline is stored: the network cut and the service stopped."""
    page.wait_for_selector("html[data-offline=ready]", timeout=120_000)
    context.set_offline(True)
    stop(server.process)


@pytest.fixture
def calc(browser: Any, server: Served) -> Iterator[Page]:
    # bypass_csp: Playwright's wait_for_function and add_script_tag (axe) evaluate strings in the page, which the
    # page's own strict policy refuses; browser_csp.py drives the page under its policy.
    context = browser.new_context(viewport=PHONE, locale="en-US", service_workers="block", bypass_csp=True)
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("dialog", lambda dialog: dialog.accept())  # "End the match now?", "Start a new match?": yes
    yield Page(page, server, requests)
    context.close()
    assert not errors, errors
