"""The page as a table uses it (issue #31), in a real Chromium at phone (390x844) and desktop (1280x900) width and in
two languages: the winning tile chosen on the hand, removing as its own control, calls with their rule stated, dora
and ura one tap away, 36 px tiles, the situation before the result, Clear, the match's discarder, length, end,
standings with uma, export with names and import, the next hand, and every word in the page's language."""

import json
from typing import Any, cast

import pytest

from tests.browser.browser_calculator import digits, scores, shown_result, url_state
from tests.browser.conftest import DESKTOP, PHONE, Page

WORDS = {
    "en": {"winning": "Winning tile {}", "remove": "Remove {}", "clear": "Clear", "result": "Result", "dora": "Dora",
           "ura": "Ura", "call": "Call", "situation": "Situation", "tiles": "Tiles", "riichi": "Riichi",
           "removeDora": "Remove dora {}", "uraRule": "one for each dora indicator", "export": "Export (names and hands)",
           "new": "New match", "import": "Import a match file", "imported": "The match was imported: 2 hands.",
           "next": "Score the next hand", "winds": ["East", "South", "West", "North"]},
    "ja": {"winning": "和了牌 {}", "remove": "{}を外す", "clear": "クリア", "result": "結果", "dora": "ドラ", "ura": "裏",
           "call": "副露", "situation": "状況", "tiles": "牌", "riichi": "立直", "removeDora": "ドラ{}を外す",
           "uraRule": "ドラ表示牌1枚につき1枚", "export": "書き出し (名前と局)", "new": "新しい対局",
           "import": "対局ファイルを読み込む", "imported": "対局を読み込みました: 2局。", "next": "次の局を計算する",
           "winds": ["東", "南", "西", "北"]},
}
BOTH = [("en", "phone"), ("ja", "desktop")]
VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP, "small phone": {"width": 360, "height": 740}}
FULL_HAND = "tiles=234567m456p22678s&win_tile=8s&riichi=1&dora=3m"


def pressed(page: Any) -> list[str]:
    buttons = page.locator("#hand-tiles button[aria-pressed=true]")
    return cast(list[str], buttons.evaluate_all("(all) => all.map((b) => b.getAttribute('aria-label'))"))


# ---- the hand ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, size", [("en", "phone"), ("ja", "desktop")])
def test_the_winning_tile_is_pressed_on_the_hand_and_another_tap_chooses_it(calc: Page, lang: str, size: str) -> None:
    calc.page.set_viewport_size(VIEWPORTS[size])
    words = WORDS[lang]
    page = calc.open(f"{FULL_HAND}&lang={lang}")
    assert pressed(page) == [words["winning"].format("8s")]
    assert page.locator("#hand-tiles button[aria-pressed]").count() == 14
    page.get_by_role("button", name=words["winning"].format("2s"), exact=True).first.click()
    calc.settled()
    assert url_state(page)["win_tile"] == ["2s"]
    assert pressed(page) == [words["winning"].format("2s")]  # exactly one, the first 2s
    status, expected = calc.api(f"/hand/score?lang={lang}", {"hand": {"tiles": "234567m456p22678s", "win_tile": "2s"},
                                                             "context": {"riichi": True, "dora_indicators": ["3m"]}})
    assert status == 200 and shown_result(calc, lang)["total"] == expected["points"]["total"]
    assert shown_result(calc, lang)["yaku"] == [item["name"] for item in expected["yaku"]]

    page.get_by_role("button", name=words["remove"].format("4p"), exact=True).click()  # removing is its own control
    calc.settled()
    assert url_state(page)["tiles"] == ["234567m56p22678s"] and url_state(page)["win_tile"] == ["2s"]
    assert page.locator("#hand-tiles button[aria-pressed]").count() == 13
    assert calc.axe() == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_call_that_is_not_possible_says_why(calc: Page, lang: str) -> None:
    page = calc.open(f"tiles=777z11m&lang={lang}", wait_result=False)
    page.locator("label[for=target-call]").click()
    page.locator("label[for=call-pon]").click()
    rule = page.locator("#palette-rule")
    pon, chi = (page.locator(f"label[for=call-{kind}]").inner_text() for kind in ("pon", "chi"))
    assert page.get_by_role("button", name=f"{pon} 7z", exact=True).is_disabled()  # three 7z held: no pon of 7z
    assert page.get_by_role("button", name=f"{pon} 2m", exact=True).is_enabled()
    assert page.get_by_role("button", name=f"{pon} 1m", exact=True).is_disabled()  # two held: a third and fourth only
    if lang == "en":
        assert rule.inner_text() == "Pon: tap the tile called; greyed where fewer than three copies are left."
    else:
        assert "ポン" in rule.inner_text() and "3枚未満" in rule.inner_text()
    page.locator("label[for=call-chi]").click()
    assert ("lowest tile" if lang == "en" else "いちばん小さい牌") in rule.inner_text()  # the chi rule, stated
    assert page.get_by_role("button", name=f"{chi} 8m", exact=True).is_disabled()  # 8m-9m-10m is no run
    page.get_by_role("button", name=f"{chi} 3m", exact=True).click()
    assert url_state(page)["melds"] == ["chi:345m"]
    assert page.get_by_role("button", name=f"{chi} 8m", exact=True).get_attribute("aria-disabled") == "true"
    for _ in range(3):
        page.get_by_role("button", name=f"{chi} 2p", exact=True).click()
    assert url_state(page)["melds"] == ["chi:345m,chi:234p,chi:234p,chi:234p"]
    assert page.get_by_role("button", name=f"{chi} 5s", exact=True).is_disabled()  # four calls at most
    assert ("at most four calls" if lang == "en" else "4つまで") in rule.inner_text()
    assert calc.axe() == []


def test_three_players_state_that_there_is_no_chi(calc: Page) -> None:
    page = calc.open("preset=tenhou_sanma", wait_result=False)
    page.locator("label[for=target-call]").click()
    assert page.locator("#call-chi").is_disabled()
    assert page.get_by_role("button", name="Pon 1m", exact=True).is_enabled()


@pytest.mark.parametrize("lang, size", BOTH)
def test_dora_and_ura_pickers_are_one_tap_away(calc: Page, lang: str, size: str) -> None:
    calc.page.set_viewport_size(VIEWPORTS[size])
    words = WORDS[lang]
    page = calc.open(f"lang={lang}", wait_result=False)
    assert page.locator("#target-ura").is_disabled()  # no ura without riichi
    page.locator("label[for=target-dora]").click()  # one tap, and the palette adds dora indicators
    dora, ura = words["dora"], words["ura"]
    page.get_by_role("button", name=f"{dora} 3m", exact=True).click()
    page.get_by_role("button", name=f"{dora} 3m", exact=True).click()
    page.get_by_label(words["riichi"], exact=True).check()
    page.locator("label[for=target-ura]").click()
    assert words["uraRule"] in page.locator("#palette-rule").inner_text()
    page.get_by_role("button", name=f"{ura} 1s", exact=True).click()
    page.get_by_role("button", name=f"{ura} 1s", exact=True).click()
    assert page.get_by_role("button", name=f"{ura} 2s", exact=True).is_disabled()  # as many ura as dora indicators
    query = url_state(page)
    assert query["dora"] == ["33m"] and query["ura"] == ["11s"] and query["riichi"] == ["1"]
    page.get_by_role("button", name=words["removeDora"].format("3m"), exact=True).first.click()
    assert url_state(page)["ura"] == ["1s"]  # an ura indicator goes with its dora indicator


def test_tiles_are_at_least_36_px_wide_on_a_phone(calc: Page) -> None:
    page = calc.open(FULL_HAND)
    for selector in ("#palette img.tile", "#hand-tiles img.tile"):
        widths = page.locator(selector).evaluate_all("(all) => all.map((i) => i.getBoundingClientRect().width)")
        assert widths and min(widths) >= 36, (selector, min(widths))
    assert calc.horizontal_overflow() == 0


# ---- the layout ----------------------------------------------------------------------------------------------------

def box(page: Any, selector: str) -> dict[str, float]:
    return cast(dict[str, float], page.locator(selector).evaluate(
        "(e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; }"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_on_a_phone_the_situation_comes_first_and_the_last_tile_brings_the_result_into_view(calc: Page, lang: str) -> None:
    page = calc.open(f"tiles=234567m456p2267s&riichi=1&dora=3m&lang={lang}")
    assert box(page, "#situation-h")["y"] < box(page, "#result-h")["y"]
    assert box(page, "#hand-h")["y"] < box(page, "#situation-h")["y"]
    page.get_by_role("button", name="8s", exact=True).click()  # the 14th tile
    calc.settled()
    page.wait_for_timeout(200)
    total = box(page, "#result .total")
    assert 0 <= total["y"] and total["y"] + total["h"] <= PHONE["height"], total  # in view, with no scrolling by hand
    expected = calc.api("/hand/score", {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"},
                                        "context": {"riichi": True, "dora_indicators": ["3m"]}})[1]
    assert shown_result(calc, lang)["total"] == expected["points"]["total"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_on_a_wide_screen_two_columns_and_the_result_in_view(calc: Page, lang: str) -> None:
    calc.page.set_viewport_size(DESKTOP)
    page = calc.open(f"{FULL_HAND}&lang={lang}")
    entry, situation, result = box(page, ".entry"), box(page, ".context"), box(page, "#result")
    assert entry["x"] + entry["w"] <= situation["x"] and situation["x"] == result["x"]  # hand left; situation, result right
    assert situation["y"] < result["y"]
    assert box(page, "#result .total")["y"] < DESKTOP["height"]
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 1800, height
    assert calc.axe() == []


# ---- Clear ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, size", [*BOTH, ("ja", "phone")])
def test_clear_empties_the_hand_and_the_situation_and_keeps_the_language_and_the_rules(calc: Page, lang: str, size: str) -> None:
    calc.page.set_viewport_size(VIEWPORTS[size])
    page = calc.open("tiles=234m567p11s789s&melds=pon:777z&win_tile=9s&win=tsumo&seat_wind=south&round_wind=south"
                     "&riichi=0&rinshan=1&haitei=1&dora=3m&honba=2&riichi_sticks=1&preset=mleague&rules.open_tanyao=0"
                     f"&lang={lang}")
    page.get_by_role("button", name=WORDS[lang]["clear"], exact=True).click()
    calc.settled()
    assert url_state(page) == {"preset": ["mleague"], "rules.open_tanyao": ["0"], **({"lang": [lang]} if lang != "en" else {})}
    assert page.locator("#flags input:checked").count() == 0
    assert page.locator("#win-ron").is_checked()
    assert page.locator("#seat-wind").input_value() == "east" and page.locator("#round-wind").input_value() == "east"
    assert page.locator("#honba").input_value() == "0" and page.locator("#riichi-sticks").input_value() == "0"
    assert page.get_by_role("textbox", name=WORDS[lang]["tiles"], exact=True).input_value() == ""
    assert page.locator("#hand-tiles button").count() == 0 and page.locator("#hand-extras li").count() == 0


# ---- the match -----------------------------------------------------------------------------------------------------

def start_match(page: Any, names: list[str] | None = None, preset: str | None = None, length: str | None = None) -> None:
    page.locator("[data-view=match]").click()
    if preset:
        page.locator("#match-preset").select_option(preset)
    if length:
        page.locator("#match-length").select_option(length)
    for seat, name in enumerate(names or []):
        page.fill(f"#name-{seat}", name)
    page.click("#start-match")


def settle(page: Any, hands: int) -> None:
    page.click("#settle")
    page.wait_for_function(f"document.querySelectorAll('ol.history li').length === {hands}")


def test_a_ron_is_not_settled_until_the_discarder_is_chosen(calc: Page) -> None:
    page = calc.open(wait_result=False)
    start_match(page)
    page.check("#winner-1")
    page.click("#settle")
    assert page.locator("#match-notice").inner_text() == "Choose who dealt in (the discarder) first."
    assert page.locator("ol.history li").count() == 0
    assert page.locator("#from option[value='1']").count() == 0  # a winner cannot have dealt in
    page.select_option("#from", "3")
    settle(page, 1)
    assert scores(page) == [25000, 26000, 25000, 24000]  # 1 han 30 fu from seat 3


def test_east_only_ended_by_the_players_with_uma_and_the_reason(calc: Page) -> None:
    page = calc.open(wait_result=False)
    start_match(page, ["Ann", "Bao", "Chen", "Dana"], length="tonpuusen")
    page.locator("label[for=result-tsumo]").click()
    page.select_option("#tsumo-winner", "2")
    page.fill("#value-2-han", "3")
    page.fill("#value-2-fu", "30")
    settle(page, 1)
    page.get_by_role("button", name="End the match now", exact=True).click()
    page.get_by_role("heading", name="Final standings").wait_for()
    assert page.locator("#end-reason").inner_text() == "The players ended the match."
    state = json.loads(page.evaluate("localStorage.getItem('riichi-calculator-match')"))["match"]["state"]
    status, expected = calc.api("/match/end-check", {"rules": {"preset": "tenhou", "length": "tonpuusen", "enchousen": "none"},
                                                     "state": {**{k: v for k, v in state.items() if k not in ("dealer_seat", "lap")},
                                                               "round_wind": "east", "round_number": 4},
                                                     "last_hand": {"result": "draw", "dealer_tenpai": False}})
    assert status == 200
    rows = page.locator("table.standings tbody tr").all()
    names = ["Ann", "Bao", "Chen", "Dana"]
    for row, standing in zip(rows, expected["standings"]):
        cells = row.locator("td, th").all_inner_texts()
        assert cells[1] == names[standing["seat"]]
        assert digits(cells[2]) == standing["points"]
        assert cells[3] == f"{'+' if standing['uma'] > 0 else '−'}{abs(standing['uma']):.1f}"
        assert cells[4].replace("−", "-").lstrip("+") == f"{standing['score']:.1f}"
    assert calc.axe() == []
    page.get_by_role("button", name="Export (names and hands)").click()
    exported = json.loads(page.locator("#export-json").input_value())
    assert exported["replay"]["rules"] == {"preset": "tenhou", "length": "tonpuusen"} and exported["ended_by_players"] is True


def test_a_match_played_to_its_end_says_why_and_shows_the_services_standings(calc: Page) -> None:
    page = calc.open(wait_result=False)
    start_match(page, preset="mleague", length="tonpuusen")  # no extra rounds: East 4 ends it
    for hand in range(1, 5):
        page.locator("label[for=result-draw]").click()  # nobody tenpai: the seat passes
        settle(page, hand)
    page.get_by_role("heading", name="Final standings").wait_for()
    assert page.locator("#end-reason").inner_text() == "The last hand of the match was played."
    hands = [{"result": "draw", "riichi": [], "tenpai": [], "nagashi": []}] * 4
    status, replay = calc.api("/match/replay", {"rules": {"preset": "mleague", "length": "tonpuusen"}, "hands": hands})
    assert status == 200 and replay["game_over"]
    shown = [[digits(cell) for cell in row.locator("td.num").all_inner_texts()[:1]] for row in page.locator("table.standings tbody tr").all()]
    assert shown == [[standing["points"]] for standing in replay["standings"]]
    assert page.get_by_role("button", name="End the match now").count() == 0


@pytest.mark.parametrize("lang, size", BOTH)
def test_the_export_carries_the_names_and_imports_back(calc: Page, lang: str, size: str) -> None:
    calc.page.set_viewport_size(VIEWPORTS[size])
    words = WORDS[lang]
    page = calc.open(f"lang={lang}", wait_result=False)
    start_match(page, ["Aiko", "Bao", "Chen", "Dana"])
    page.locator("label[for=result-draw]").click()
    page.check("#tenpai-2")
    settle(page, 1)
    page.locator("label[for=result-ron]").click()
    page.check("#winner-0")
    page.select_option("#from", "2")
    page.fill("#value-0-han", "4")
    page.fill("#value-0-fu", "30")
    settle(page, 2)
    before = scores(page)
    page.get_by_role("button", name=words["export"]).click()
    text = page.locator("#export-json").input_value()
    assert json.loads(text)["names"] == ["Aiko", "Bao", "Chen", "Dana"]
    page.get_by_role("button", name=words["new"]).click()
    page.get_by_label(words["import"]).set_input_files(
        files=[{"name": "riichi-match.json", "mimeType": "application/json", "buffer": text.encode()}])
    page.wait_for_function("document.querySelectorAll('ol.history li').length === 2")
    assert scores(page) == before
    assert "Aiko" in page.locator("table.board").inner_text() and "Dana" in page.locator("table.board").inner_text()
    assert page.locator("#match-notice").inner_text() == words["imported"]
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert scores(page) == before  # kept across a reload


def test_a_file_that_is_not_a_match_is_refused_in_the_pages_language(calc: Page) -> None:
    page = calc.open("lang=ja", wait_result=False)
    page.locator("[data-view=match]").click()
    page.locator("#import-file").set_input_files(files=[{"name": "x.json", "mimeType": "application/json", "buffer": b"{}"}])
    page.get_by_role("alert").wait_for()
    assert page.get_by_role("alert").inner_text() == "このページで書き出した対局のファイルではありません。"


@pytest.mark.parametrize("lang, size", BOTH)
def test_next_hand_carries_the_round_wind_honba_and_sticks_and_nothing_else(calc: Page, lang: str, size: str) -> None:
    calc.page.set_viewport_size(VIEWPORTS[size])
    words = WORDS[lang]
    page = calc.open(f"tiles=234567m456p22678s&win_tile=8s&riichi=1&ippatsu=1&dora=3m&seat_wind=south&win=tsumo&lang={lang}",
                     wait_result=False)
    start_match(page, ["Ann", "Bao", "Chen", "Dana"])
    page.locator("label[for=result-draw]").click()
    page.check("#riichi-0")
    page.check("#tenpai-0")
    settle(page, 1)  # the dealer tenpai: East 1, one honba, one stick on the table
    page.get_by_role("button", name=words["next"], exact=True).click()
    calc.settled()
    assert page.locator("#calc-view").is_visible()
    assert url_state(page) == {"honba": ["1"], "riichi_sticks": ["1"], **({"lang": [lang]} if lang != "en" else {})}
    names = [f"{wind} · {name}" for wind, name in zip(words["winds"], ["Ann", "Bao", "Chen", "Dana"])]
    assert page.locator("#seat-wind option").all_inner_texts() == names
    assert calc.axe() == []


# ---- words ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, text", [("ja", "この牌では和了の形になりません。"), ("ko", "이 패로는 화료 형태가 되지 않습니다.")])
def test_the_services_errors_are_in_the_pages_language(calc: Page, lang: str, text: str) -> None:
    calc.open(f"tiles=234567m456p22679s&win_tile=9s&lang={lang}")
    status, answer = calc.api(f"/hand/score?lang={lang}", {"hand": {"tiles": "234567m456p22679s", "win_tile": "9s"}})
    assert status == 422 and answer["detail"][0]["type"] == "not_a_winning_hand"
    region = calc.result(WORDS.get(lang, {"result": "결과"})["result"])
    assert region.get_by_role("alert").inner_text() == text
    assert answer["detail"][0]["msg"] not in region.inner_text()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_presets_options_and_flags_by_their_rules_names(calc: Page, lang: str) -> None:
    page = calc.open(f"lang={lang}", wait_result=False)
    page.locator("#rules-details summary").click()
    rules = json.loads(page.evaluate(f"fetch('rules?lang={lang}').then((r) => r.text())"))
    assert page.locator("#preset option").all_inner_texts() == [item["label"] for item in rules["presets"]]
    hand_options = [item for item in rules["options"] if item["scope"] != "match" and item["name"] != "players"]
    assert page.locator("#rule-options label").all_inner_texts() == [item["label"] for item in hand_options]
    for text in page.locator("#calc-view option, #calc-view label").all_inner_texts():
        assert "_" not in text, text  # no raw id anywhere
    for option in hand_options:
        if option["value_labels"]:  # a named value by its name in the page's language
            shown = page.locator(f"#rule-{option['name']} option").all_inner_texts()
            assert shown == [option["value_labels"][value][lang] for value in option["values"]], option["name"]
    flags = rules["context_flags"]
    assert page.locator("#flags label").all_inner_texts() == [flag["label"] for flag in flags]  # the flags GET /rules lists


def test_a_flag_brings_what_it_needs_and_drops_what_it_rules_out(calc: Page) -> None:
    """As GET /rules' context_flags say: ippatsu needs riichi, haitei needs tsumo, rinshan rules out haitei and ippatsu,
    tenhou needs the dealer; unticking riichi drops ippatsu."""
    page = calc.open(wait_result=False)
    flags = {flag["name"]: flag for flag in calc.api_get("/rules")["context_flags"]}
    assert flags["ippatsu"]["needs"] == ["riichi"] and "tsumo" in flags["haitei"]["needs"]
    page.locator("#flag-ippatsu").check()
    assert page.locator("#flag-riichi").is_checked()
    page.locator("#flag-haitei").check()
    assert page.locator("#win-tsumo").is_checked()
    page.locator("#flag-rinshan").check()
    assert not page.locator("#flag-haitei").is_checked() and not page.locator("#flag-ippatsu").is_checked()
    page.locator("#flag-ippatsu").check()
    page.locator("#flag-riichi").uncheck()
    assert not page.locator("#flag-ippatsu").is_checked()
    page.locator("#seat-wind").select_option("south")
    page.locator("#flag-tenhou").check()
    assert page.locator("#seat-wind").input_value() == "east" and not page.locator("#flag-riichi").is_checked()
    page.locator("label[for=win-ron]").click()
    assert not page.locator("#flag-tenhou").is_checked()  # tenhou needs tsumo
    query = url_state(page)
    assert "tenhou" not in query and query.get("rinshan") is None


@pytest.mark.parametrize("lang, headline", [("en", "Yakuman"), ("ja", "役満")])
def test_a_yakuman_is_named_once(calc: Page, lang: str, headline: str) -> None:
    calc.open(f"tiles=19m19p19s11234567z&win_tile=9m&win=tsumo&lang={lang}")
    assert shown_result(calc, lang)["hanfu"] == headline


@pytest.mark.parametrize("lang, size", [("ja", "desktop"), ("en", "phone"), ("vi", "small phone")])
def test_a_match_in_the_pages_language_and_width_to_its_final_screen(calc: Page, lang: str, size: str) -> None:
    calc.page.set_viewport_size(VIEWPORTS[size])
    page = calc.open(f"lang={lang}", wait_result=False)
    page.locator("[data-view=match]").click()
    lengths = page.locator("#match-length option").all_inner_texts()
    assert lengths == {"ja": ["東風戦", "半荘戦 · ルールどおり"],
                       "en": ["East only (tonpuusen)", "East and South (hanchan) · as the rules play"],
                       "vi": ["Chỉ vòng Đông (tonpuusen)", "Đông và Nam (hanchan) · theo luật"]}[lang]
    start_match(page, ["Ann", "Bao", "Chen"], preset="tenhou_sanma", length="tonpuusen")
    page.locator("label[for=result-ron]").click()
    page.check("#winner-2")
    page.click("#settle")
    notice = page.locator("#match-notice").inner_text()
    assert notice == {"ja": "先に放銃者を選んでください。", "en": "Choose who dealt in (the discarder) first.",
                      "vi": "Hãy chọn người đánh quân trước."}[lang]
    page.select_option("#from", "0")
    page.locator("label[for=value-2-yakuman]").click()
    settle(page, 1)
    assert scores(page) == [35000 - 32000, 35000, 35000 + 32000]
    page.locator("#end-match").click()
    page.locator("#end-reason").wait_for()
    reason = {"ja": "プレイヤーが対局を終えました。", "en": "The players ended the match.", "vi": "Người chơi đã kết thúc trận."}[lang]
    assert page.locator("#end-reason").inner_text() == reason
    names = page.locator("table.standings tbody th").all_inner_texts()
    assert names == ["Chen", "Bao", "Ann"]
    assert calc.horizontal_overflow() == 0
    assert calc.axe() == []


def test_the_hand_is_one_tab_stop_and_the_arrow_keys_choose_within_it(calc: Page) -> None:
    page = calc.open(FULL_HAND)
    assert page.locator("#hand-tiles button[tabindex='0']").count() == 1
    page.locator("#hand-tiles button").first.focus()
    focused = "document.activeElement.getAttribute('aria-label')"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "Remove 2m"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "Winning tile 3m"
    page.keyboard.press("Enter")  # the 3m is the winning tile now, and keeps the focus
    calc.settled()
    assert url_state(page)["win_tile"] == ["3m"] and page.evaluate(focused) == "Winning tile 3m"
    assert pressed(page) == ["Winning tile 3m"]
    page.keyboard.press("End")
    assert page.evaluate(focused) == "Remove 8s"
    assert page.locator("#hand-tiles button[tabindex='0']").count() == 1
