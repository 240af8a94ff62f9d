"""The page offline, in a real Chromium: after one visit with the network up (the service worker stores the page and the
offline engine, and the page says data-offline="ready"), the network is cut and the service stopped; the page's one
way to the API (dom.js's post) then answers from the engine (Pyodide in a Web Worker), and every answer, for a few
hundred hands, every hand of recorded games and a few dozen analyses, equals the service's to the last field. All
of it under the strictest Content-Security-Policy the engine allows (tests/browser/strict_csp.py), with no policy
violation and no request to another host."""

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.browser.conftest import api, cut_off, watched_phone
from tests.browser.strict_csp import POLICY, SERVE
from tests.offline_cases import analyze_requests, hand_requests, settle_requests
from tests.served import Served, served

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "app" / "web" / "offline" / "files.json"
HANDS = 300
ANALYSES = 45
HAND = {"tiles": "234567m456p22678s", "win_tile": "8s", "riichi": "1", "dora": "3m"}
HAND_REQUEST = {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"},
                "context": {"riichi": True, "dora_indicators": ["3m"]}}

# In the page: every request through dom.js's post, in turn; the answers, and the milliseconds to the first.
ASK_ALL = """async ([path, requests]) => {
  const { post } = await import(new URL("calculator/static/dom.js", document.baseURI).href);
  const answers = [];
  let first = null;
  const start = performance.now();
  for (const [body, lang] of requests) {
    const answer = await post(path, body, lang);
    first ??= performance.now() - start;
    answers.push([answer.status, answer.data, answer.offline === true]);
  }
  return { answers, first, all: performance.now() - start };
}"""


@pytest.fixture
def offline_server(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path, ("-c", SERVE), METRICS="false") as running:
        yield running


@pytest.fixture
def visited(browser: Any, offline_server: Served) -> Iterator[tuple[Any, list[str]]]:
    """A page visited once with the network up until all it needs offline is stored; then the network is cut and its
    server stopped. The policy violations and page errors seen are listed."""
    context, page, problems = watched_phone(browser, offline_server)
    started = time.monotonic()
    response = page.goto(f"{offline_server.base}/calculator?{urlencode(HAND)}")
    assert response.headers["content-security-policy"] == POLICY
    assert offline_server.get("/calculator/static/offline-worker.js")[1]["content-security-policy"] == POLICY
    cut_off(context, page, offline_server)
    print(f"\nstored for offline use in {time.monotonic() - started:.1f} s")
    yield page, problems
    context.close()


def _service(server: Served, path: str, requests: list[tuple[dict[str, Any], str]]) -> list[list[Any]]:
    answers = []
    for body, lang in requests:
        status, data = api(server, f"{path}?lang={lang}", body)
        answers.append([status, data, True])
    return answers


def test_hands_and_games_are_answered_offline_as_the_service_answers(visited: tuple[Any, list[str]], server: Served) -> None:
    page, problems = visited
    hands = hand_requests(HANDS)
    settles = settle_requests(lambda path, body: api(server, path, body))
    analyses = analyze_requests(ANALYSES)
    scored = page.evaluate(ASK_ALL, ["hand/score", hands])
    settled = page.evaluate(ASK_ALL, ["match/settle", settles])
    analysed = page.evaluate(ASK_ALL, ["hand/analyze", analyses])
    print(f"first offline answer after {scored['first'] / 1000:.1f} s (the engine starting); then "
          f"{(scored['all'] - scored['first']) / (len(hands) - 1):.1f} ms a hand, {settled['all'] / len(settles):.1f} ms a "
          f"settle, {analysed['all'] / len(analyses):.1f} ms an analysis; {json.loads(MANIFEST.read_text())['bytes'] / 1e6:.1f} MB stored")
    for got, expected, (body, _) in zip(scored["answers"], _service(server, "/hand/score", hands), hands, strict=True):
        assert got == expected, body
    for got, expected, (body, _) in zip(settled["answers"], _service(server, "/match/settle", settles), settles, strict=True):
        assert got == expected, body
    for got, expected, (body, _) in zip(analysed["answers"], _service(server, "/hand/analyze", analyses), analyses,
                                        strict=True):
        assert got == expected, body
    assert {status for status, _, _ in scored["answers"]} == {200, 422}
    assert not problems, problems


def test_the_page_opens_and_scores_with_no_network_and_says_so(visited: tuple[Any, list[str]], server: Served) -> None:
    page, problems = visited
    page.reload()
    page.wait_for_selector("body[data-ready]")
    result = page.get_by_role("region", name="Result", exact=True)
    note = result.get_by_text("Worked out offline")
    note.wait_for(timeout=60_000)
    status, expected = api(server, "/hand/score", HAND_REQUEST)
    assert status == 200
    assert f"{expected['points']['total']:,}" in result.inner_text()
    assert page.locator("html[data-offline=ready]").count() == 1
    page.get_by_role("textbox", name="Tiles").fill("234567m456p2267s")  # one short: its waits, offline too
    result.get_by_text("Waits", exact=True).wait_for(timeout=60_000)
    assert result.get_by_text("Worked out offline").count() == 1
    assert not problems, problems
