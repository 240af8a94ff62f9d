"""`make screenshots`: docs/screenshots/*.png, the calculator at phone (390 px) and desktop (1280 px) width, in
English, Japanese, Chinese and Korean, a call being entered, the match view and a match's final standings, taken
from a real server in Debian's chromium (Playwright for Python)."""

import json
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE  # noqa: E402
from tests.served import served  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
# A dealer's baiman: riichi, ippatsu, tsumo, pinfu, a red five, dora and ura; a called hand beside it for the desktop.
HAND = "tiles=234m406p22678s345s&win_tile=8s&win=tsumo&riichi=1&ippatsu=1&dora=3m&ura=1s"
OPEN_HAND = "tiles=11m234p&melds=pon:777z,chi:678s,ankan:1111z&win_tile=4p&round_wind=south&seat_wind=south&dora=6z&honba=1"
WAITS = "tiles=234567m456p2267s&riichi=1&dora=1p&seat_wind=south"
SHOTS = [
    ("calculator-phone-en.png", PHONE, f"{HAND}&lang=en", True),
    ("calculator-phone-ja.png", PHONE, f"{HAND}&lang=ja", True),
    ("calculator-waits-phone-zh.png", PHONE, f"{WAITS}&lang=zh", True),
    ("calculator-desktop-en.png", DESKTOP, f"{OPEN_HAND}&lang=en", False),
    ("calculator-desktop-ko.png", DESKTOP, f"{HAND}&lang=ko", False),
]


def open_page(page: Page, base: str, query: str) -> None:
    page.goto(f"{base}/calculator?{query}")
    page.wait_for_selector("body[data-ready]")
    page.wait_for_function("!document.querySelector('#result-body[aria-busy]')")
    page.wait_for_timeout(400)


def match_with_hands(page: Page, base: str) -> None:
    """A four-player match three hands in: the calculator's win, a draw, a non-dealer's tsumo by han and fu."""
    page.evaluate("localStorage.clear()")
    open_page(page, base, "tiles=234567m456p22678s&win_tile=8s&riichi=1&dora=3m&seat_wind=south&view=match")
    for seat, name in enumerate(["Aiko", "Bao", "Chen", "Dana"]):
        page.fill(f"#name-{seat}", name)
    page.click("#start-match")
    page.click("[data-view=calc]")
    page.get_by_role("button", name="Enter this win in the match").click()
    page.select_option("#from", "0")
    page.click("#settle")
    page.wait_for_selector("ol.history li")
    page.click("label[for=result-draw]")
    page.check("#tenpai-2")
    page.check("#tenpai-3")
    page.click("#settle")
    page.wait_for_function("document.querySelectorAll('ol.history li').length === 2")
    page.click("label[for=result-tsumo]")
    page.select_option("#tsumo-winner", "3")
    page.fill("#value-3-han", "3")
    page.fill("#value-3-fu", "40")
    page.click("#settle")
    page.wait_for_function("document.querySelectorAll('ol.history li').length === 3")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch, served(Path(scratch), METRICS="false") as server:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, viewport, query, full in SHOTS:
                page = browser.new_page(viewport=viewport)
                open_page(page, server.base, query)
                page.screenshot(path=str(OUT / name), full_page=full)
                page.close()
                print(f"wrote docs/screenshots/{name}")
            page = browser.new_page(viewport=PHONE)
            open_page(page, server.base, "tiles=11m234p&melds=pon:777z&dora=6z&lang=en")
            page.click("label[for=target-call]")
            page.click("label[for=call-chi]")
            page.locator(".entry").screenshot(path=str(OUT / "calculator-call-phone-en.png"))
            print("wrote docs/screenshots/calculator-call-phone-en.png")
            page.close()
            page = browser.new_page(viewport=PHONE)
            page.on("dialog", lambda dialog: dialog.accept())
            page.goto(f"{server.base}/calculator")
            match_with_hands(page, server.base)
            page.screenshot(path=str(OUT / "match-phone-en.png"), full_page=True)
            print("wrote docs/screenshots/match-phone-en.png")
            print(json.dumps(page.evaluate("JSON.parse(localStorage.getItem('riichi-calculator-match')).match.state")))
            page.click("#end-match")
            page.wait_for_selector("#end-reason")
            page.locator("#standings-h").scroll_into_view_if_needed()
            page.screenshot(path=str(OUT / "match-final-phone-en.png"), full_page=True)
            print("wrote docs/screenshots/match-final-phone-en.png")
            browser.close()


if __name__ == "__main__":
    main()
