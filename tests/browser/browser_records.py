"""The records view of /calculator in a real Chromium: record files chosen, each verified by POST /records/verify (a
line per file), the players' statistics of POST /records/stats as a table equal to the service's answer, the
placements chart, five languages, 360 px, axe-core; a screenshot for a person to look at."""

import gzip
import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Page
from tests.records_helpers import FIXTURES, tenhou6

FOUR = FIXTURES / "mjlog" / "2020010111gm-00a9-0000-7f7fa35e.xml"
THREE = FIXTURES / "mjlog" / "2020010121gm-00b9-0000-3e0c7a0b.xml"
HEADINGS = {"en": "Players' statistics", "ja": "成績", "vi": "Thống kê người chơi", "zh": "玩家数据", "ko": "플레이어 통계"}
# Where the screenshots go: a temporary folder, or with RECORDS_SCREENSHOTS=docs/screenshots the README's pictures.
SCREENSHOTS = os.environ.get("RECORDS_SCREENSHOTS")


def files(tmp_path: Path) -> list[Path]:
    """Two real games, a tampered copy of a third (its final score changed: one mismatch) and a file that is no record."""
    tampered = tenhou6("2019021004gm-00a9-0000-e2f6516d")
    tampered["sc"][0] += 100
    (tmp_path / "tampered.json").write_text(json.dumps(tampered, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a record", encoding="utf-8")
    return [FOUR, THREE, tmp_path / "tampered.json", tmp_path / "notes.txt"]


def open_records(calc: Page, lang: str = "en") -> Any:
    page = calc.open(f"view=records&lang={lang}", wait_result=False)
    assert page.locator("#records-view").is_visible()
    return page


def choose(page: Any, paths: list[Path]) -> None:
    page.locator("#record-files").set_input_files([str(p) for p in paths])
    page.wait_for_selector("table.stats")
    page.wait_for_function("!document.querySelector('.record-files .pending')")


def test_records_are_verified_a_line_each_and_the_table_is_the_services_answer(calc: Page, tmp_path: Path) -> None:
    page = open_records(calc)
    assert page.get_by_role("button", name="Records").get_attribute("aria-pressed") == "true"
    chosen = files(tmp_path)
    choose(page, chosen)
    lines = page.locator(".record-files > li")
    assert lines.count() == 4
    assert lines.nth(0).inner_text() == "✓ 2020010111gm-00a9-0000-7f7fa35e.xml — verified: 11 hands, 4 players"
    assert lines.nth(1).inner_text() == "✓ 2020010121gm-00b9-0000-3e0c7a0b.xml — verified: 13 hands, 3 players"
    assert lines.nth(2).inner_text().startswith("≠ tampered.json — mismatches with the record: 1\nseat 0 ends with")
    assert lines.nth(3).inner_text().startswith("✗ notes.txt — cannot be read: the record is none of the formats read")
    status, answer = calc.api("/records/stats", {"records": [p.read_text(encoding="utf-8").strip() for p in chosen[:3]]})
    assert status == 200 and answer["unverified"] == [2]
    table = page.get_by_role("region", name="Players' statistics").locator("table.stats")
    headers = table.locator("thead th")
    assert headers.nth(0).inner_text() == "Player" and headers.nth(6).inner_text() == "Win"
    rows = table.locator("tbody tr")
    assert rows.count() == len(answer["players"]) == 11  # 4 + 3 + the tampered game's 4
    for i, player in enumerate(answer["players"]):
        cells = rows.nth(i).locator("th, td").all_inner_texts()
        win, deal_in = player["win"], player["deal_in"]
        assert cells[0] == player["name"]
        assert cells[4] == "/".join(map(str, player["placements"]))
        assert cells[6] == f"{100 * win['count'] / win['of']:.1f}%\n{win['count']}/{win['of']}"
        assert cells[8] == f"{100 * deal_in['count'] / deal_in['of']:.1f}%\n{deal_in['count']}/{deal_in['of']}"
    assert rows.nth(2).locator("th").inner_text() == "kaanyuyu"
    assert rows.nth(2).locator("td").nth(10).inner_text() == "75.0%\n3/4"  # dama: 3 of its 4 wins
    chart = page.get_by_role("img", name="Placements: 検査員: 1st 0, 2nd 0, 3rd 1, 4th 0", exact=False)
    assert chart.count() == 1 and chart.locator("rect").count() == 4 * 8 + 3 * 3
    assert "1 of 3 records have mismatches" in page.locator("#records-view").inner_text()
    page.get_by_role("button", name="Clear the records").click()
    assert page.locator("table.stats").count() == 0 and page.locator(".record-files").count() == 0


@pytest.mark.parametrize("lang", ["en", "ja", "vi", "zh", "ko"])
def test_five_languages_at_phone_width_and_axe(calc: Page, tmp_path: Path, lang: str) -> None:
    page = open_records(calc, lang)
    assert calc.axe() == [] and calc.horizontal_overflow() == 0  # nothing chosen yet
    choose(page, files(tmp_path))
    assert page.get_by_role("region", name=HEADINGS[lang]).count() == 1
    assert calc.horizontal_overflow() == 0, lang
    assert calc.axe() == []
    folder = Path(SCREENSHOTS) if SCREENSHOTS and lang in ("en", "ja") else tmp_path
    page.screenshot(path=str(folder / f"records-phone-{lang}.png"), full_page=True)


def test_the_view_asks_no_other_host_and_switches_back(calc: Page, tmp_path: Path) -> None:
    page = open_records(calc)
    choose(page, [FOUR])
    page.locator("[data-view=calc]").click()
    assert page.locator("#records-view").is_hidden() and page.locator("#calc-view").is_visible()
    assert "view=records" not in page.url
    assert {p for p in calc.hosts()} == {calc.server.base.split("//")[1]}


def test_a_dropped_file_is_verified_and_counted(calc: Page) -> None:
    page = open_records(calc)
    text = FOUR.read_text(encoding="utf-8")
    page.evaluate("""(text) => {
        const data = new DataTransfer();
        data.items.add(new File([text], "dropped.xml", { type: "text/xml" }));
        document.querySelector(".drop-zone").dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true }));
    }""", text)
    page.wait_for_selector("table.stats")
    assert page.locator(".record-files > li").inner_text() == "✓ dropped.xml — verified: 11 hands, 4 players"
    assert page.locator("table.stats tbody tr").count() == 4


def test_a_gzipped_record_is_read_through(calc: Page, tmp_path: Path) -> None:
    packed = tmp_path / "three.xml.gz"
    packed.write_bytes(gzip.compress(THREE.read_bytes()))
    page = open_records(calc)
    choose(page, [packed])
    assert page.locator(".record-files > li").inner_text() == "✓ three.xml.gz — verified: 13 hands, 3 players"
    assert page.locator("table.stats tbody th").all_inner_texts() == ["ヨッシー9zde", "樽なの壊さないで", "北小路:隆太"]


def test_a_file_that_is_no_record_is_named_in_the_pages_language(calc: Page, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a record", encoding="utf-8")
    page = open_records(calc, "ja")
    choose(page, [FOUR, notes])
    line = page.locator(".record-files > li").nth(1).inner_text()
    assert line == "✗ notes.txt — 読めません: サービスが読める牌譜 (天鳳・mjai・雀魂) ではないか、ありえない進行を含んでいます"
