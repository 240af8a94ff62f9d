"""Issue #31's "done when", in a real Chromium at phone width (390x844), in English and in Japanese: one visit with the
network up (the page says data-offline="ready"), then the network is cut and the service stopped, and a table of four
plays a whole hanchan on the page by taps alone: the players' names, each win's tiles tapped on the palette, the
winning tile chosen on the hand (never the last one tapped), the seat, riichi and dora set, the win entered in the
match with the discarder chosen, draws with their tenpai seats, until the rules end the match. The final standings
shown equal the live service's POST /match/replay of the same hands, and the hands the page recorded are the ones
played. A screenshot of the final standings is kept (HANCHAN_SHOTS, else the test's own folder)."""

import json
import os
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.browser_calculator import digits
from tests.browser.conftest import Page, api, cut_off, watched_phone
from tests.browser.strict_csp import SERVE
from tests.served import Served, served

WINDS = ("east", "south", "west", "north")
NAMES = {"en": ["Ann", "Bao", "Chen", "Dana"], "ja": ["愛子", "健", "美咲", "翔太"]}
# What the page says where the test reads it: the end reason and the offline note, by language.
WORDS = {"en": {"ended": "The last hand of the match was played.", "offline": "Worked out offline",
               "columns": ["Rank", "Players", "Points", "Uma", "Result"]},
         "ja": {"ended": "オーラスが終わりました。", "offline": "オフラインで",
               "columns": ["順位", "プレイヤー", "持ち点", "ウマ", "成績"]}}  # the players' names, not their number (人数)


def win(result: str, winner: int, tiles: str, win_tile: str, riichi: list[int], from_seat: int | None = None,
        dora: list[str] | None = None) -> dict[str, Any]:
    return {"result": result, "winner": winner, "from": from_seat, "tiles": tiles, "win_tile": win_tile,
            "riichi": riichi, "dora": dora or []}


def draw(tenpai: list[int]) -> dict[str, Any]:
    return {"result": "draw", "tenpai": tenpai}


# The hanchan: East 1 to South 4 with a dealer repeat after a draw and after a win, riichi by a winner and by a
# discarder, a tsumo by the dealer and by a non-dealer, a dora indicator, and the match ended by the rules at South 4.
HANCHAN = [
    win("ron", 1, "234567m456p22678s", "8s", [1], from_seat=2),
    win("tsumo", 3, "123456789m234p55s", "2p", []),
    draw([0, 2]),
    win("ron", 2, "234567m22p345678s", "5s", [0, 2], from_seat=0),
    draw([]),
    draw([]),
    win("tsumo", 0, "234567m456p22678s", "2m", [0]),
    draw([]),
    draw([]),
    win("ron", 1, "223344m456p22678s", "8s", [1], from_seat=3, dora=["1m"]),
    draw([]),
]


def api_get(server: Served, path: str) -> Any:
    with urllib.request.urlopen(server.base + path, timeout=10) as response:
        return json.load(response)

RELOADED_AFTER = 5


def tiles_of(notation: str) -> list[str]:
    """"234m5p" as ["2m", "3m", "4m", "5p"]."""
    out: list[str] = []
    digits_seen = ""
    for char in notation:
        if char.isdigit():
            digits_seen += char
        else:
            out += [f"{digit}{char}" for digit in digits_seen]
            digits_seen = ""
    return out


def replay_hand(hand: dict[str, Any]) -> dict[str, Any]:
    """The hand as POST /match/replay takes it, as the page records it (the calculator's hand as the win's value)."""
    if hand["result"] == "draw":
        return {"result": "draw", "riichi": [], "tenpai": sorted(hand["tenpai"]), "nagashi": []}
    value = {"hand": {"tiles": hand["tiles"], "melds": [], "win_tile": hand["win_tile"]},
             "context": {"dora_indicators": hand["dora"]} if hand["dora"] else {}}
    placed = {"winner": hand["winner"], **({"from_seat": hand["from"]} if hand["result"] == "ron" else {}), **value}
    return {"result": hand["result"], "riichi": sorted(hand["riichi"]), "wins": [placed]}


@pytest.fixture
def offline_phone(browser: Any, tmp_path: Path) -> Iterator[tuple[Any, str, list[str]]]:
    """A phone's page visited once in English with the network up until all it needs offline is stored; then the
    network is cut and the service stopped, under the strictest policy the engine allows (tests/browser/strict_csp.py).
    Page errors, policy violations and requests to another host are listed."""
    with served(tmp_path, ("-c", SERVE), METRICS="false") as server:
        context, page, problems = watched_phone(browser, server)
        page.goto(f"{server.base}/calculator")
        cut_off(context, page, server)
        yield page, server.base, problems
        context.close()


# Waited for by selectors: the page's policy lets no string be evaluated (Playwright's wait_for_function would).
def wait_answer(page: Any) -> None:
    page.wait_for_selector("#result-body:not([aria-busy])", timeout=90_000)
    page.wait_for_timeout(200)  # the page waits 120 ms after a change before it asks
    page.wait_for_selector("#result-body:not([aria-busy])", timeout=90_000)


def settle(page: Any, hands: int) -> None:
    page.click("#settle")
    page.wait_for_selector(f"ol.history li:nth-child({hands})", timeout=90_000)


def enter_win(page: Any, hand: dict[str, Any], dealer: int, first: bool, lang: str) -> None:
    """A win through the calculator by taps: its tiles (the winning tile first, so it is not the last one tapped), the
    winning tile tapped on the hand, how it was won, the winner's seat, riichi and dora; then entered in the match,
    the discarder chosen there."""
    page.click("[data-view=calc]" if first else "#next-hand")
    tiles = tiles_of(hand["tiles"])
    tiles.remove(hand["win_tile"])
    for tile in [hand["win_tile"], *tiles]:
        page.click(f"#palette button[data-tile='{tile}']")
    winning = page.locator(f"#hand-tiles button.tile-button[aria-label$=' {hand['win_tile']}']").first
    assert winning.get_attribute("aria-pressed") == "false"  # the last tile tapped is not it
    winning.click()
    assert winning.get_attribute("aria-pressed") == "true"
    if hand["result"] == "tsumo":
        page.click("label[for=win-tsumo]")
    page.select_option("#seat-wind", WINDS[(hand["winner"] - dealer) % 4])
    if hand["winner"] in hand["riichi"]:
        page.check("#flag-riichi")
    if hand["dora"]:
        page.click("label[for=target-dora]")
        for tile in hand["dora"]:
            page.click(f"#palette button[data-tile='{tile}']")
    wait_answer(page)
    result = page.locator("#result-body")
    result.get_by_text(WORDS[lang]["offline"]).wait_for(timeout=90_000)
    result.locator("p.actions button").click()  # enter this win in the match
    if hand["result"] == "ron":
        page.select_option("#from", str(hand["from"]))
    for seat in hand["riichi"]:
        page.check(f"#riichi-{seat}")


def enter_draw(page: Any, hand: dict[str, Any]) -> None:
    page.click("label[for=result-draw]")
    for seat in hand["tenpai"]:
        page.check(f"#tenpai-{seat}")


def shots_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("HANCHAN_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_hanchan_on_one_phone_offline_ends_with_the_services_standings(
        offline_phone: tuple[Any, str, list[str]], server: Served, lang: str, tmp_path: Path) -> None:
    page, base, problems = offline_phone
    page.goto(f"{base}/calculator?lang={lang}")  # reopened with no network, in the table's language
    page.wait_for_selector("body[data-ready]")
    assert page.evaluate("navigator.onLine") is False and page.evaluate("document.documentElement.lang") == lang
    started = time.monotonic()
    page.click("[data-view=match]")
    for seat, name in enumerate(NAMES[lang]):
        page.fill(f"#name-{seat}", name)
    page.click("#start-match")
    dealer = 0
    for number, hand in enumerate(HANCHAN, start=1):
        if hand["result"] == "draw":
            enter_draw(page, hand)
        else:
            enter_win(page, hand, dealer, number == 1, lang)
        settle(page, number)
        stored = json.loads(page.evaluate("localStorage.getItem('riichi-calculator-match')"))["match"]
        dealer = stored["state"].get("dealer_seat") or 0
        if stored["over"]:
            break
        if number == RELOADED_AFTER:  # the phone's browser reopens the page mid-match, still with no network
            page.reload()
            page.wait_for_selector("body[data-ready]")
            page.click("[data-view=match]")
            page.wait_for_selector(f"ol.history li:nth-child({number})")
    print(f"\n{lang}: {len(HANCHAN)} hands entered offline in {time.monotonic() - started:.1f} s")
    page.locator("#standings-h").wait_for()
    assert number == len(HANCHAN) and stored["over"] and stored["reason"] == "all_last_complete"

    page.click("#export")
    replay = json.loads(page.locator("#export-json").input_value())
    assert replay["names"] == NAMES[lang]
    assert replay["replay"] == {"rules": {"preset": "tenhou"}, "hands": [replay_hand(hand) for hand in HANCHAN]}
    status, expected = api(server, f"/match/replay?lang={lang}", replay["replay"])  # the live service, online
    assert status == 200 and expected["game_over"] is True
    assert expected["hands"][-1]["end_check"]["reason"] == "all_last_complete"

    assert page.locator("table.standings thead th").all_inner_texts() == WORDS[lang]["columns"]
    rows = page.locator("table.standings tbody tr").all()
    assert len(rows) == 4
    for row, standing in zip(rows, expected["standings"], strict=True):
        cells = row.locator("td, th").all_inner_texts()
        assert cells[0] == str(standing["rank"])
        assert cells[1] == NAMES[lang][standing["seat"]]
        assert digits(cells[2]) == standing["points"]
        assert float(cells[3].replace("−", "-").replace("±", "")) == standing["uma"]
        assert float(cells[4].replace("−", "-").replace("±", "")) == standing["score"]
    reason = page.evaluate("(lang) => import(new URL('calculator/static/i18n.js', document.baseURI).href)"
                           ".then(({ translate }) => translate(lang, 'reasons').all_last_complete)", lang)
    assert page.locator("#end-reason").inner_text() == reason and reason != "all_last_complete"
    assert reason == WORDS[lang]["ended"]
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0

    page.locator("#scoreboard-h").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('scoreboard-h').scrollIntoView({ block: 'start' })")
    page.screenshot(path=str(shots_dir(tmp_path) / f"hanchan-offline-{lang}.png"))
    assert not problems, problems


def test_an_imported_match_with_hand_options_can_be_ended_by_the_players(calc: Page) -> None:
    """A match file whose rules carry a hand option (aka_dora, as a converted record's replay does) is ended with the
    match's options alone: POST /match/end-check takes no hand option (the page sent it and showed a 422)."""
    page = calc.open(wait_result=False)
    page.locator("[data-view=match]").click()
    rules = {"preset": "tenhou", "aka_dora": False}
    hands = [replay_hand(HANCHAN[0]), replay_hand(draw([3]))]
    file = {"format": "riichi-calculator-match", "version": 1, "names": NAMES["en"], "ended_by_players": False,
            "replay": {"rules": rules, "hands": hands}}
    page.locator("#import-file").set_input_files(files=[{"name": "match.json", "mimeType": "application/json",
                                                         "buffer": json.dumps(file).encode()}])
    page.locator("ol.history li:nth-child(2)").wait_for()
    page.get_by_role("button", name="End the match now", exact=True).click()
    page.locator("#standings-h").wait_for()
    assert page.locator("#end-reason").inner_text() == "The players ended the match."
    status, replay = calc.api("/match/replay", {"rules": rules, "hands": hands})
    assert status == 200
    state = {key: value for key, value in replay["hands"][-1]["next_state"].items() if key not in ("dealer_seat", "lap")}
    status, expected = calc.api("/match/end-check", {"rules": {"preset": "tenhou", "enchousen": "none"},
                                                     "state": {**state, "round_wind": "south", "round_number": 4},
                                                     "last_hand": {"result": "draw", "dealer_tenpai": False}})
    assert status == 200
    shown = [[cell for cell in row.locator("td, th").all_inner_texts()] for row in page.locator("table.standings tbody tr").all()]
    assert [(row[1], digits(row[2])) for row in shown] == [(NAMES["en"][s["seat"]], s["points"]) for s in expected["standings"]]


def test_offline_every_language_has_its_names_and_a_match_is_imported_and_ended(
        offline_phone: tuple[Any, str, list[str]], server: Served) -> None:
    """With no network after one visit in English: each of the five languages, chosen on the page, shows the rules'
    names GET /rules gives in it (stored by the service worker); a match file is imported (POST /match/replay, by the
    engine) and ended by the players (POST /match/end-check, by the engine), in Vietnamese, with the service's
    standings."""
    page, base, problems = offline_phone
    page.reload()
    page.wait_for_selector("body[data-ready]")
    for lang in ("ja", "zh", "ko", "vi", "en", "vi"):
        page.select_option("#lang", lang)
        page.wait_for_selector(f"html[lang={lang}]")
        rules = api_get(server, f"/rules?lang={lang}")
        expected = [item["label"] for item in rules["presets"]]
        page.wait_for_function("([lang, first]) => document.querySelector('#preset option')?.textContent === first",
                               arg=[lang, expected[0]], timeout=30_000)
        assert page.locator("#preset option").evaluate_all("(all) => all.map((o) => o.textContent)") == expected, lang
    page.click("[data-view=match]")
    hands = [replay_hand(hand) for hand in HANCHAN[:4]]
    file = {"format": "riichi-calculator-match", "version": 1, "names": NAMES["en"], "ended_by_players": False,
            "replay": {"rules": {"preset": "tenhou"}, "hands": hands}}
    page.locator("#import-file").set_input_files(files=[{"name": "match.json", "mimeType": "application/json",
                                                         "buffer": json.dumps(file).encode()}])
    page.locator("ol.history li:nth-child(4)").wait_for(timeout=90_000)
    status, replay = api(server, "/match/replay?lang=vi", file["replay"])
    assert status == 200
    shown = [digits(cell) for cell in page.locator("table.board").first.locator("td.num").all_inner_texts()]
    assert shown == replay["hands"][-1]["scores"]
    page.click("#end-match")
    page.locator("#standings-h").wait_for(timeout=90_000)
    state = {key: value for key, value in replay["hands"][-1]["next_state"].items() if key not in ("dealer_seat", "lap")}
    status, ended = api(server, "/match/end-check", {"rules": {"preset": "tenhou", "enchousen": "none"},
                                                     "state": {**state, "round_wind": "south", "round_number": 4},
                                                     "last_hand": {"result": "draw", "dealer_tenpai": False}})
    assert status == 200
    rows = [row.locator("td, th").all_inner_texts() for row in page.locator("table.standings tbody tr").all()]
    assert [(row[1], digits(row[2])) for row in rows] == [(NAMES["en"][s["seat"]], s["points"]) for s in ended["standings"]]
    assert page.locator("#end-reason").inner_text() == "Người chơi đã kết thúc trận."
    assert not problems, problems
