"""GET /calculator in a real Chromium: the contract's URL state and accessible names, palette and keyboard entry, the
five languages, errors, waits, the match kept across a reload, no other host, 360 px, axe-core; and the page's
result equals POST /hand/score for real hands."""

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from tests.browser.conftest import Page

FLAGS = ["riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou"]
LANGS = ["en", "ja", "vi", "zh", "ko"]
RESULT_NAME = {"en": "Result", "ja": "結果", "vi": "Kết quả", "zh": "结果", "ko": "결과"}
TILES_NAME = {"en": "Tiles", "ja": "牌", "vi": "Quân bài", "zh": "牌", "ko": "패"}

# Real hands, each as POST /hand/score takes it (the page gets the same fields from its URL).
HANDS: list[dict[str, Any]] = [
    {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"},  # the contract's example: dealer riichi pinfu tanyao dora
     "context": {"win": "ron", "riichi": True, "dora_indicators": ["3m"]}, "rules": {"preset": "tenhou"}},
    {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"},
     "context": {"win": "tsumo", "seat_wind": "south", "riichi": True, "ippatsu": True, "dora_indicators": ["3m"],
                 "ura_dora_indicators": ["1p"]}},
    {"hand": {"tiles": "11123456789m", "melds": [{"type": "pon", "tiles": "999m"}], "win_tile": "5m"},  # open chinitsu ittsu
     "context": {"win": "ron", "seat_wind": "west", "round_wind": "south"}},
    {"hand": {"tiles": "1122m3344p5566s77z", "win_tile": "7z"},  # chiitoitsu tsumo
     "context": {"win": "tsumo", "seat_wind": "north", "riichi": True, "honba": 2, "riichi_sticks": 1}},
    {"hand": {"tiles": "777z11m234p", "melds": [{"type": "pon", "tiles": "555z"}, {"type": "pon", "tiles": "666z"}], "win_tile": "4p"},
     "context": {"win": "ron", "seat_wind": "south"}},  # daisangen
    {"hand": {"tiles": "19m19p19s11234567z", "win_tile": "1z"},  # kokushi, thirteen-sided wait
     "context": {"win": "tsumo"}, "rules": {"preset": "mahjong_soul"}},
    {"hand": {"tiles": "234m567p11s789s", "melds": [{"type": "ankan", "tiles": "2222z"}], "win_tile": "1s"},
     "context": {"win": "tsumo", "seat_wind": "west", "riichi": True, "rinshan": True, "dora_indicators": ["1z"], "honba": 1}},
    {"hand": {"tiles": "234m406p22345678s", "win_tile": "8s"},  # a red five
     "context": {"win": "ron", "seat_wind": "south", "dora_indicators": ["9p"]}, "rules": {"preset": "mleague"}},
    {"hand": {"tiles": "111999m234p55s777z", "win_tile": "7z"},  # three players, with kita
     "context": {"win": "tsumo", "seat_wind": "south", "kita": 2, "dora_indicators": ["3z"]}, "rules": {"preset": "tenhou_sanma"}},
]


def query_of(request: dict[str, Any], lang: str = "en") -> str:
    """The page's URL query for a POST /hand/score request, as the contract names its fields."""
    hand, context, rules = request.get("hand", {}), request.get("context", {}), request.get("rules", {})
    fields: dict[str, str] = {"tiles": hand["tiles"], "win_tile": hand["win_tile"]}
    if hand.get("melds"):
        fields["melds"] = ",".join(f"{meld['type']}:{meld['tiles']}" for meld in hand["melds"])
    for name in ("win", "seat_wind", "round_wind"):
        if name in context:
            fields[name] = context[name]
    for flag in FLAGS:
        if context.get(flag):
            fields[flag] = "1"
    for name, field in (("dora_indicators", "dora"), ("ura_dora_indicators", "ura")):
        if context.get(name):
            fields[field] = "".join(context[name])
    for name in ("honba", "riichi_sticks", "kita"):
        if context.get(name):
            fields[name] = str(context[name])
    if "preset" in rules:
        fields["preset"] = rules["preset"]
    fields["lang"] = lang
    return urlencode(fields)


def url_state(page: Any) -> dict[str, list[str]]:
    """The page's URL query as the page wrote it (read in the page: Playwright's page.url can lag a replaceState)."""
    return parse_qs(page.evaluate("location.search.slice(1)"))


def digits(text: str) -> int:
    return int(re.sub(r"[^\d]", "", text)) * (-1 if text.strip()[:1] in "-−" else 1)


def shown_result(calc: Page, lang: str = "en") -> dict[str, Any]:
    region = calc.result(RESULT_NAME[lang])
    return {
        "total": digits(region.locator(".total .number").inner_text()),
        "hanfu": region.locator(".hanfu").inner_text(),
        "yaku": [item.locator("span").first.inner_text() for item in region.locator("section[aria-labelledby=yaku-h] li").all()],
        "payments": region.locator("ul.payments").inner_text(),
        "fu": region.locator("section[aria-labelledby=fu-h]").all_inner_texts(),
        "text": region.inner_text(),
    }


# ---- the contract: URL state, accessible names ------------------------------------------------------------------

def test_a_url_with_a_complete_hand_shows_its_result_on_load_and_every_change_goes_back_to_the_url(calc: Page) -> None:
    page = calc.open("tiles=234567m456p22678s&win_tile=8s&riichi=1&dora=3m")
    region = calc.result()
    assert "11,600" in region.inner_text()
    assert "4 han 30 fu" in region.inner_text()
    for name in ("Riichi", "Tanyao", "Pinfu", "Dora"):
        assert name in region.inner_text()
    assert "The discarder pays 11,600" in region.inner_text()
    assert "Base" in region.inner_text() and "Closed ron" in region.inner_text()  # the fu, item by item

    page.locator("#calc-view").get_by_text("Tsumo", exact=True).click()
    page.get_by_label("Seat wind", exact=True).select_option("south")
    page.get_by_label("Honba", exact=True).fill("2")
    calc.settled()
    query = url_state(page)
    assert query["win"] == ["tsumo"] and query["seat_wind"] == ["south"] and query["honba"] == ["2"]
    assert query["tiles"] == ["234567m456p22678s"] and query["riichi"] == ["1"] and query["dora"] == ["3m"]
    expected = calc.api("/hand/score", {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"},
                                        "context": {"win": "tsumo", "seat_wind": "south", "riichi": True, "honba": 2,
                                                    "dora_indicators": ["3m"]}})[1]
    assert shown_result(calc)["total"] == expected["points"]["total"]

    page.reload()  # the link alone brings the same result back
    page.wait_for_selector("body[data-ready]")
    calc.settled()
    assert shown_result(calc)["total"] == expected["points"]["total"]
    assert page.get_by_label("Tsumo", exact=True).is_checked()


def test_melds_and_indicators_from_the_url(calc: Page) -> None:
    calc.open("tiles=777z11m234p&melds=pon:555z,pon:666z&win_tile=4p&seat_wind=south")
    assert "Daisangen" in calc.result().inner_text()
    assert "32,000" in calc.result().inner_text()


def test_the_notation_field_is_named_tiles_and_the_palette_buttons_by_their_notation(calc: Page) -> None:
    page = calc.open()
    assert page.get_by_role("textbox", name="Tiles", exact=True).count() == 1
    for tile in ["1m", "9m", "0m", "1p", "0p", "5s", "0s", "1z", "7z"]:
        assert page.get_by_role("button", name=tile, exact=True).count() == 1, tile
    assert page.get_by_role("button", name="Dora 3m", exact=True).count() == 0  # one palette: named for where it adds
    page.get_by_text("Dora", exact=True).click()
    assert page.get_by_role("button", name="Dora 3m", exact=True).count() == 1
    assert page.get_by_role("button", name="3m", exact=True).count() == 0


# ---- entering a hand -------------------------------------------------------------------------------------------

def test_palette_input_keeps_the_notation_field_in_step_and_refuses_a_fifth_copy(calc: Page) -> None:
    page = calc.open()
    for tile in ["2m", "3m", "4m", "5m", "6m", "7m", "4p", "5p", "6p", "2s", "2s", "6s", "7s", "8s"]:
        page.get_by_role("button", name=tile, exact=True).click()
    calc.settled()
    assert page.get_by_label("Tiles", exact=True).input_value() == "234567m456p22678s"
    assert url_state(page)["win_tile"] == ["8s"]  # the last tile tapped wins
    expected = calc.api("/hand/score", {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}})[1]
    assert shown_result(calc)["total"] == expected["points"]["total"] == 2900

    page.get_by_role("button", name="Remove 8s", exact=True).click()  # removing is its own control
    calc.settled()
    assert page.get_by_label("Tiles", exact=True).input_value() == "234567m456p2267s"

    page.get_by_label("Tiles", exact=True).fill("1111m")  # typed: the palette follows
    calc.settled()
    assert page.get_by_role("button", name="1m", exact=True).is_disabled()  # a fifth copy cannot be added
    assert page.get_by_role("button", name="2m", exact=True).is_enabled()
    page.get_by_label("Tiles", exact=True).fill("555m")
    page.get_by_role("button", name="0m", exact=True).click()  # the red five is the fourth five
    assert page.get_by_label("Tiles", exact=True).input_value() == "0555m"
    assert page.get_by_role("button", name="5m", exact=True).is_disabled()
    assert page.get_by_role("button", name="0m", exact=True).is_disabled()


def test_a_call_and_a_dora_indicator_picked_as_tiles(calc: Page) -> None:
    page = calc.open()
    page.get_by_text("Call", exact=True).click()  # one tap from the hand: the palette adds a call
    page.locator("#call-kinds").get_by_text("Pon", exact=True).click()
    page.get_by_role("button", name="Pon 7z", exact=True).click()
    page.get_by_text("Dora", exact=True).click()
    page.get_by_role("button", name="Dora 6z", exact=True).click()
    assert page.get_by_role("button", name="Remove Pon 777z", exact=True).count() == 1  # beside the hand, removable
    assert page.get_by_role("button", name="Remove dora 6z", exact=True).count() == 1
    page.get_by_label("Tiles", exact=True).fill("234m567p11s789s")  # 11 tiles beside one call, the last one wins
    calc.settled()
    query = url_state(page)
    assert query["melds"] == ["pon:777z"] and query["dora"] == ["6z"]
    expected = calc.api("/hand/score", {"hand": {"tiles": "234m567p11s789s", "win_tile": "9s",
                                                 "melds": [{"type": "pon", "tiles": "777z"}]},
                                        "context": {"dora_indicators": ["6z"]}})[1]
    shown = shown_result(calc)
    assert shown["total"] == expected["points"]["total"]
    assert shown["yaku"] == [item["name"] for item in expected["yaku"]]


def test_the_preset_and_an_option_that_differs_from_it_are_in_the_url(calc: Page) -> None:
    page = calc.open("tiles=234m567p22456s&melds=chi:678s&win_tile=2s")  # open tanyao: a yaku only with kuitan
    assert "Tanyao" in calc.result().inner_text()
    page.get_by_text("Rules", exact=True).first.click()
    page.get_by_role("combobox", name="Rules").select_option("mleague")
    page.get_by_label("Open tanyao (kuitan)", exact=True).uncheck()
    calc.settled()
    query = url_state(page)
    assert query["preset"] == ["mleague"] and query["rules.open_tanyao"] == ["0"]
    status, answer = calc.api("/hand/score", {"hand": {"tiles": "234m567p22456s", "win_tile": "2s",
                                                       "melds": [{"type": "chi", "tiles": "678s"}]},
                                              "rules": {"preset": "mleague", "open_tanyao": False}})
    assert status == 422 and answer["detail"][0]["type"] == "no_yaku"
    assert answer["detail"][0]["msg"] in calc.result().inner_text()


def test_three_players_have_no_2m_to_8m_and_a_kita_count(calc: Page) -> None:
    page = calc.open("preset=tenhou_sanma", wait_result=False)
    assert page.get_by_role("button", name="1m", exact=True).count() == 1
    assert page.get_by_role("button", name="9m", exact=True).count() == 1
    assert page.get_by_role("button", name="5m", exact=True).count() == 0
    assert page.get_by_role("button", name="0m", exact=True).count() == 0
    page.get_by_role("spinbutton", name="Kita (North set aside)").fill("4")
    assert url_state(page)["kita"] == ["4"]
    assert page.get_by_role("button", name="4z", exact=True).is_disabled()  # four kita: no North is left


def test_keyboard_only_entry_of_a_hand_with_the_arrow_keys_in_the_palette(calc: Page) -> None:
    page = calc.open()
    page.locator("body").focus()

    def tab_to(name: str) -> int:
        for presses in range(1, 120):
            page.keyboard.press("Tab")
            focused = page.evaluate("(() => { const e = document.activeElement; return e.getAttribute('aria-label') || "
                                    "(e.labels && e.labels[0] && e.labels[0].textContent) || e.textContent; })()")
            if focused.strip() == name:
                return presses
        raise AssertionError(f"Tab never reached {name}")

    tab_to("1m")  # the palette is one tab stop; the arrow keys move inside it
    rows = page.locator("#palette .palette-row").evaluate_all(
        "(rows) => rows.map((row) => [...row.querySelectorAll('button')].map((b) => b.dataset.tile))")
    where = {tile: (r, c) for r, row in enumerate(rows) for c, tile in enumerate(row)}
    for tile in ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "1p", "1p", "2z", "2z"]:
        for _ in range(40):
            focused = page.evaluate("document.activeElement.dataset.tile")
            if focused == tile:
                break
            (row, col), (to_row, to_col) = where[focused], where[tile]
            page.keyboard.press("ArrowDown" if to_row > row else "ArrowUp" if to_row < row else
                                "ArrowRight" if to_col > col else "ArrowLeft")
        page.keyboard.press("Enter")
    assert page.evaluate("document.querySelectorAll('#palette button[tabindex=\"0\"]').length") == 1
    tab_to("Ron")  # the radio group: Tab lands on the checked radio, an arrow moves to the next
    page.keyboard.press("ArrowRight")
    calc.settled()
    assert page.get_by_label("Tiles", exact=True).input_value() == "123456789m111p22z"
    expected = calc.api("/hand/score", {"hand": {"tiles": "123456789m111p22z", "win_tile": "2z"}, "context": {"win": "tsumo"}})[1]
    assert shown_result(calc)["total"] == expected["points"]["total"]
    assert "Ittsu" in calc.result().inner_text()


def test_the_calculator_has_few_tab_stops(calc: Page) -> None:
    """The four palettes' 136 buttons were as many tab stops; one palette and one hand group now take one each."""
    page = calc.open("tiles=234567m456p22678s&win_tile=8s&riichi=1&dora=3m")
    stops = page.evaluate("""(() => {
        const all = [...document.querySelectorAll('#calc-view button, #calc-view input, #calc-view select, #calc-view summary')];
        return all.filter((e) => e.tabIndex >= 0 && !e.disabled && e.offsetParent !== null
          && !(e.type === 'radio' && !e.checked)).length; })()""")
    assert stops < 45, stops


# ---- languages, errors, waits ------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_each_language_names_the_yaku_as_the_service_does(calc: Page, lang: str) -> None:
    request = HANDS[1]
    page = calc.open(query_of(request, lang))
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.get_by_role("textbox", name=TILES_NAME[lang], exact=True).count() == 1
    status, expected = calc.api(f"/hand/score?lang={lang}", request)
    assert status == 200
    shown = shown_result(calc, lang)
    assert shown["yaku"] == [item["name"] for item in expected["yaku"]]
    assert shown["total"] == expected["points"]["total"]
    assert expected["limit_name"] in shown["text"]


@pytest.mark.parametrize("query, type_", [
    ("tiles=234567m456p22679s&win_tile=9s", "not_a_winning_hand"),
    ("tiles=234567m456p22678s&win_tile=8s&ippatsu=1", "inconsistent_context"),
    ("tiles=234567m456p22678x", "invalid_tile"),
])
def test_a_hand_that_cannot_be_scored_shows_the_services_message(calc: Page, query: str, type_: str) -> None:
    calc.open(query)
    fields = parse_qs(query)
    request = {"hand": {"tiles": fields["tiles"][0], "win_tile": fields.get("win_tile", ["8s"])[0]},
               "context": {"ippatsu": "ippatsu" in fields}}
    status, answer = calc.api("/hand/score", request)
    assert status == 422 and answer["detail"][0]["type"] == type_
    region = calc.result()
    assert answer["detail"][0]["msg"] in region.inner_text()
    assert region.get_by_role("alert").count() == 1


def test_a_13_tile_hand_shows_its_waits_with_what_each_pays(calc: Page) -> None:
    page = calc.open("tiles=234567m456p2267s&riichi=1&dora=1p&seat_wind=south")
    status, analysis = calc.api("/hand/analyze", {"hand": {"tiles": "234567m456p2267s"},
                                                  "context": {"seat_wind": "south", "riichi": True, "dora_indicators": ["1p"]}})
    assert status == 200 and [wait["tile"] for wait in analysis["waits"]] == ["5s", "8s"]
    region = calc.result()
    items = region.locator("ul.waits > li").all()
    assert len(items) == 2
    for item, wait in zip(items, analysis["waits"]):
        text = item.inner_text()
        assert f"{wait['ron']['points']['total']:,}" in text and f"{wait['tsumo']['points']['total']:,}" in text
        assert f"{wait['remaining']} left" in text
    page.get_by_role("button", name="Win on 8s", exact=True).click()  # a wait taken as the winning tile
    calc.settled()
    assert url_state(page)["win_tile"] == ["8s"]
    assert shown_result(calc)["total"] == analysis["waits"][1]["ron"]["points"]["total"]


# ---- the page's result is the service's -------------------------------------------------------------------------

@pytest.mark.parametrize("request_", HANDS, ids=[f"{h['hand']['tiles']}-{h['context'].get('win')}" for h in HANDS])
def test_the_pages_result_equals_post_hand_score(calc: Page, request_: dict[str, Any]) -> None:
    calc.open(query_of(request_))
    status, expected = calc.api("/hand/score", request_)
    assert status == 200, expected
    shown = shown_result(calc)
    assert shown["total"] == expected["points"]["total"]
    names = [item["name"] for item in expected["yakuman"] or expected["yaku"]]
    assert shown["yaku"] == names
    if expected["yakuman"]:
        assert shown["hanfu"] == expected["limit_name"]  # "Yakuman" or "Double yakuman", said once
    else:
        assert f"{expected['han']} han" in shown["hanfu"] and (not expected["fu"] or f"{expected['fu']} fu" in shown["hanfu"])
    for payment in expected["payments"]:
        assert f"{payment['points']:,}" in shown["payments"]
    if expected["fu_breakdown"]:
        for item in expected["fu_breakdown"]:
            assert f"{item['fu']} fu" in shown["fu"][0]


# ---- the match ---------------------------------------------------------------------------------------------------

def scores(page: Any) -> list[int]:
    return [digits(cell) for cell in page.locator("table.board").first.locator("td.num").all_inner_texts()]


def test_a_short_match_is_kept_across_a_reload_undone_and_exported(calc: Page) -> None:
    page = calc.open("tiles=234567m456p22678s&win_tile=8s&riichi=1&dora=3m&seat_wind=south")
    page.get_by_role("button", name="Keep score", exact=True).click()
    match = page.locator("#match-view")
    page.get_by_label("Name of seat 1", exact=True).fill("Ann")
    page.get_by_role("button", name="Start the match").click()
    assert scores(page) == [25000] * 4

    # hand 1: the calculator's hand, won by seat 1 (South) from seat 0, with riichi
    page.get_by_role("button", name="Calculator", exact=True).click()
    page.get_by_role("button", name="Enter this win in the match").click()
    assert page.locator("#winner-1").is_checked()  # the winner, from the seat wind
    assert page.locator("#riichi-1").is_checked()  # and the riichi the calculator's hand declared
    assert page.get_by_role("combobox", name="Dealt in by").input_value() == ""  # the discarder is chosen, never guessed
    page.get_by_role("combobox", name="Dealt in by").select_option("0")
    page.get_by_role("button", name="Settle the hand").click()
    page.wait_for_selector("#match-notice:not(:empty)")
    after_first = scores(page)
    assert after_first == [25000 - 7700, 25000 - 1000 + 7700 + 1000, 25000, 25000]
    assert "East 2" in page.locator(".round").inner_text()

    # hand 2: an exhaustive draw, seat 2 tenpai
    match.get_by_text("Exhaustive draw", exact=True).click()
    page.locator("#tenpai-2").check()
    page.get_by_role("button", name="Settle the hand").click()
    page.wait_for_function("document.querySelectorAll('ol.history li').length === 2")
    after_second = scores(page)
    assert sum(after_second) == 100000 and after_second[2] == 25000 + 3000

    page.reload()  # the match lives in the browser
    page.wait_for_selector("body[data-ready]")
    assert scores(page) == after_second
    assert page.locator("ol.history li").count() == 2
    assert "Ann" in page.locator("table.board").inner_text()

    page.get_by_role("button", name="Undo the last hand").click()
    assert scores(page) == after_first
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert scores(page) == after_first and page.locator("ol.history li").count() == 1

    page.get_by_role("button", name="Export (names and hands)").click()
    exported = json.loads(page.locator("#export-json").input_value())
    assert exported["names"] == ["Ann", "Player 2", "Player 3", "Player 4"]
    status, replay = calc.api("/match/replay", exported["replay"])
    assert status == 200 and replay["hands"][-1]["scores"] == after_first


def test_a_double_ron_by_han_and_fu_and_an_abortive_draw_are_settled_as_the_service_settles_them(calc: Page) -> None:
    page = calc.open(wait_result=False)
    page.get_by_role("button", name="Keep score", exact=True).click()
    match = page.locator("#match-view")
    page.get_by_role("button", name="Start the match").click()
    match.get_by_role("checkbox", name="Player 1").first.check()  # seat 0 declared riichi
    page.locator("#winner-2").check()
    page.locator("#winner-3").check()
    page.get_by_role("combobox", name="Dealt in by").select_option("0")
    page.fill("#value-2-han", "3")
    page.fill("#value-2-fu", "30")
    page.fill("#value-3-han", "4")
    page.fill("#value-3-fu", "30")
    page.get_by_role("button", name="Settle the hand").click()
    page.wait_for_selector("ol.history li")
    state = {"round_wind": "east", "round_number": 1, "honba": 0, "riichi_sticks": 0, "scores": [25000] * 4}
    status, expected = calc.api("/match/settle", {"rules": {"preset": "tenhou"}, "state": state, "hand": {
        "result": "ron", "riichi": [0], "wins": [{"winner": 2, "from_seat": 0, "han": 3, "fu": 30},
                                                 {"winner": 3, "from_seat": 0, "han": 4, "fu": 30}]}})
    assert status == 200 and scores(page) == expected["scores"]

    match.get_by_text("Abortive draw", exact=True).click()
    page.get_by_role("combobox", name="Kind of abortive draw").select_option("suufon_renda")
    page.get_by_role("button", name="Settle the hand").click()
    page.wait_for_function("document.querySelectorAll('ol.history li').length === 2")
    assert scores(page) == expected["scores"]
    assert "1 honba" in page.locator(".round").inner_text()


def test_a_tsumo_a_chombo_and_a_three_player_match_to_its_final_standings(calc: Page) -> None:
    page = calc.open(wait_result=False)
    page.get_by_role("button", name="Keep score", exact=True).click()
    match = page.locator("#match-view")
    page.get_by_role("combobox", name="Rules").select_option("tenhou_sanma")
    page.get_by_role("button", name="Start the match").click()
    assert scores(page) == [35000] * 3
    match.get_by_text("Chombo", exact=True).click()
    page.get_by_role("combobox", name="Offender").select_option("1")
    page.get_by_role("button", name="Settle the hand").click()
    page.wait_for_selector("ol.history li")
    assert scores(page)[1] < 35000
    for _ in range(20):  # seat 0 wins a yakuman by tsumo until someone is below zero
        if page.get_by_role("heading", name="Final standings").count():
            break
        match.get_by_text("Tsumo", exact=True).click()
        page.get_by_role("combobox", name="Winner", exact=True).select_option("0")
        match.get_by_text("Yakuman", exact=True).click()
        page.get_by_role("button", name="Settle the hand").click()
        page.wait_for_timeout(300)
    standings = page.get_by_role("heading", name="Final standings")
    assert standings.count() == 1
    assert page.locator("table.board").last.locator("tbody tr").count() == 3


# ---- phone, hosts, access, offline --------------------------------------------------------------------------------

def test_no_horizontal_scroll_at_360_px_in_either_view_and_every_language(calc: Page) -> None:
    for lang in LANGS:
        for request in (HANDS[2], HANDS[4]):
            page = calc.open(query_of(request, lang))
            page.locator("details").evaluate_all("(all) => all.forEach((d) => d.open = true)")
            assert calc.horizontal_overflow() == 0, lang
        calc.open(f"tiles=234567m456p2267s&riichi=1&lang={lang}")
        assert calc.horizontal_overflow() == 0, lang
        page.locator("[data-view=match]").click()
        assert calc.horizontal_overflow() == 0, lang
        page.locator("#start-match").click()  # the scoreboard and the hand's form
        page.locator("label[for=result-draw]").click()
        assert calc.horizontal_overflow() == 0, lang
        page.locator("#settle").click()
        page.wait_for_selector("ol.history li")
        page.locator("#export").click()
        assert calc.horizontal_overflow() == 0, lang
        page.evaluate("localStorage.clear()")


def test_enter_this_win_before_a_match_starts_it_with_the_win_filled_in(calc: Page) -> None:
    page = calc.open("tiles=234567m456p22678s&win_tile=8s&win=tsumo&seat_wind=west")
    page.get_by_role("button", name="Enter this win in the match").click()
    page.get_by_role("button", name="Start the match").click()
    assert page.locator("#result-tsumo").is_checked()
    assert page.get_by_role("combobox", name="Winner", exact=True).input_value() == "2"  # West in East 1
    assert page.locator("#value-2-calc").is_checked()


def test_the_page_asks_no_other_host(calc: Page) -> None:
    page = calc.open(query_of(HANDS[0]))
    page.locator("details").evaluate_all("(all) => all.forEach((d) => d.open = true)")
    page.get_by_label("Language", exact=True).select_option("ja")
    calc.settled()
    page.locator("[data-view=match]").click()
    assert calc.hosts() == {urlsplit(calc.server.base).netloc}


@pytest.mark.parametrize("query", ["", query_of(HANDS[0]), "tiles=234567m456p2267s&riichi=1", "tiles=1m&lang=ja",
                                   "tiles=234567m456p22679s&win_tile=9s", query_of(HANDS[2], "vi"), query_of(HANDS[8], "zh"),
                                   query_of(HANDS[4], "ko")])
def test_axe_core_finds_no_serious_or_critical_violation(calc: Page, query: str) -> None:
    page = calc.open(query)
    page.locator("details").evaluate_all("(all) => all.forEach((d) => d.open = true)")
    assert calc.axe() == []
    page.locator("[data-view=match]").click()
    assert calc.axe() == []
    if page.get_by_role("button", name="Start the match").count():
        page.get_by_role("button", name="Start the match").click()
        assert calc.axe() == []


def test_dark_mode_follows_the_system(calc: Page) -> None:
    page = calc.open("tiles=234567m456p22678s&win_tile=8s&melds=&dora=3m")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.emulate_media(color_scheme="dark")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != light
    assert calc.axe() == []


def test_a_reload_without_network_opens_the_page_and_scores_it_offline(browser: Any, calc: Page) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 780}, service_workers="allow", bypass_csp=True)
    try:
        page = context.new_page()
        url = f"{calc.server.base}/calculator?{query_of(HANDS[0])}"
        page.goto(url)
        page.wait_for_selector("body[data-ready]")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # now under the service worker's control
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("body[data-ready]")
        region = page.get_by_role("region", name="Result", exact=True)
        region.get_by_text("Worked out offline").wait_for(timeout=60_000)  # by the offline engine (browser_offline.py)
        assert f"{calc.api('/hand/score', HANDS[0])[1]['points']['total']:,}" in region.inner_text()
        assert page.get_by_role("textbox", name="Tiles").input_value() == "234567m456p22678s"  # the hand is kept
    finally:
        context.close()
