"""Names in five languages: every table entry has them, `lang` and Accept-Language choose them, and the Tenhou and
Mahjong Soul ids of /yaku are unique and right where checked by hand (docs/names.md)."""

from dataclasses import fields
from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient

from app.api.language import from_accept_language
from app.match.rules import OPTIONS
from app.scoring.names import LIMIT_NAMES, Names
from app.scoring.rules import PRESETS
from app.scoring.vocabulary import LANGUAGES, YAKUMAN_LIMITS, Language, Limit
from app.scoring.yaku import YAKU_TABLES, YAKUMAN_TABLES

HAND = {"hand": {"tiles": "234567m456p22678s", "melds": [], "win_tile": "8s"},
        "context": {"win": "ron", "riichi": True, "dora_indicators": ["3m"]}}
MANGAN = {"hand": {"tiles": "234567m456p22678s", "melds": [], "win_tile": "8s"},
          "context": {"win": "ron", "riichi": True, "dora_indicators": ["3m", "4m"]}}
DAISANGEN = {"hand": {"tiles": "555666777z11m", "melds": [{"type": "pon", "tiles": "999p"}], "win_tile": "1m"},
             "context": {"win": "ron"}}
# riichi, tanyao, pinfu, dora in each language
EXPECTED: dict[str, list[str]] = {
    "en": ["Riichi", "Tanyao", "Pinfu", "Dora"],
    "ja": ["立直", "断幺九", "平和", "ドラ"],
    "vi": ["Riichi", "Tanyaochuu", "Pinfu", "Dora"],
    "zh": ["立直", "断幺九", "平和", "宝牌"],
    "ko": ["리치", "단요구", "평화", "도라"],
}
CONTENT_LANGUAGE = {"en": "en", "ja": "ja", "vi": "vi", "zh": "zh-Hans", "ko": "ko"}


def _all_names() -> list[tuple[str, Names]]:
    rows = [(f"yaku {y.id}", y.names) for table in YAKU_TABLES + YAKUMAN_TABLES for y in table]
    limits = [(f"limit {limit}", names) for limit, names in LIMIT_NAMES.items()]
    options = [(f"option {name}", option.spec.label) for name, option in OPTIONS.items()]
    presets = [(f"preset {name}", preset.label) for name, preset in PRESETS.items()]
    return rows + limits + options + presets


def test_names_has_a_field_per_language() -> None:
    assert tuple(f.name for f in fields(Names)) == LANGUAGES == get_args(Language)


def test_every_entry_has_all_five_names() -> None:
    for what, names in _all_names():
        assert all(names.of(language).strip() for language in LANGUAGES), what


def test_every_limit_is_named() -> None:
    assert set(LIMIT_NAMES) == set(get_args(Limit)) - {"none"} and set(YAKUMAN_LIMITS) <= set(LIMIT_NAMES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_lang_names_the_yaku_of_a_score(client: TestClient, language: str) -> None:
    response = client.post(f"/hand/score?lang={language}", json=HAND)
    assert response.status_code == 200
    assert [y["name"] for y in response.json()["yaku"]] == EXPECTED[language]
    assert response.headers["content-language"] == CONTENT_LANGUAGE[language]
    assert response.headers["vary"] == "Accept-Language"


def test_english_is_the_default_and_names_limits(client: TestClient) -> None:
    plain = client.post("/hand/score", json=HAND)
    assert [y["name"] for y in plain.json()["yaku"]] == EXPECTED["en"] and plain.json()["limit_name"] is None
    assert plain.headers["content-language"] == "en"
    assert client.post("/hand/score", json=MANGAN).json()["limit_name"] == "Mangan"
    assert client.post("/hand/score?lang=ja", json=MANGAN).json()["limit_name"] == "満貫"
    assert client.post("/hand/score?lang=ko", json=MANGAN).json()["limit_name"] == "만관"


def test_yakuman_names_follow_the_language(client: TestClient) -> None:
    body = client.post("/hand/score?lang=zh", json=DAISANGEN).json()
    assert body["yakuman"] == [{"id": "daisangen", "name": "大三元", "multiplier": 1}] and body["limit_name"] == "役满"
    body = client.post("/hand/score?lang=vi", json=DAISANGEN).json()
    assert body["yakuman"][0]["name"] == "Daisangen (Đại tam nguyên)" and body["limit_name"] == "Yakuman"


@pytest.mark.parametrize(("header", "language"), [
    ("ja", "ja"), ("ja-JP", "ja"), ("zh-CN", "zh"), ("zh-Hans", "zh"), ("ko-KR", "ko"), ("vi-VN", "vi"),
    ("fr-FR, de;q=0.9", "en"), ("", "en"), ("*", "en"), ("fr, ko;q=0.5, ja;q=0.8", "ja"),
    ("ja;q=0.3, ko;q=0.3", "ja"), ("en;q=0.1, vi", "vi"), ("ja;q=0, ko;q=0.2", "ko"), ("ja;q=abc, ko;q=0.2", "ko"),
    ("ja;q=2, vi;q=0.5", "vi"), ("EN-us", "en"), ("ZH-cn;Q=0.7, xx", "zh"), (" ,;;,=, ", "en"),
])
def test_accept_language_is_read_by_q_value_and_region(header: str, language: str) -> None:
    assert from_accept_language(header) == language


def test_accept_language_chooses_and_lang_wins(client: TestClient) -> None:
    headers = {"Accept-Language": "fr;q=0.9, ko-KR;q=0.8, en;q=0.5"}
    response = client.post("/hand/score", json=HAND, headers=headers)
    assert [y["name"] for y in response.json()["yaku"]] == EXPECTED["ko"] and response.headers["content-language"] == "ko"
    response = client.post("/hand/score?lang=ja", json=HAND, headers=headers)
    assert [y["name"] for y in response.json()["yaku"]] == EXPECTED["ja"]
    response = client.post("/hand/score", json=HAND, headers={"Accept-Language": "de-DE"})
    assert response.status_code == 200 and response.json()["yaku"][0]["name"] == "Riichi"


@pytest.mark.parametrize("path", ["/hand/score?lang=fr", "/hand/score?lang=", "/hand/score?lang=ja-JP",
                                  "/hand/score/batch?lang=de", "/yaku?lang=xx", "/rules?lang=EN"])
def test_an_unknown_lang_is_refused_naming_the_accepted_values(client: TestClient, path: str) -> None:
    body = {"items": [HAND]} if "batch" in path else HAND
    response = client.post(path, json=body) if path.startswith("/hand") else client.get(path)
    assert response.status_code == 422
    (problem,) = response.json()["detail"]
    assert problem["loc"] == ["query", "lang"] and set(problem) == {"type", "loc", "msg"}
    assert all(f"'{language}'" in problem["msg"] for language in LANGUAGES)


def test_the_slow_path_and_the_batch_speak_the_language_too(client: TestClient) -> None:
    as_text = client.post("/hand/score?lang=ja", content=str(HAND).replace("'", '"').replace("True", "true"),
                          headers={"Content-Type": "application/json; charset=utf-8"})
    assert as_text.status_code == 200 and as_text.json()["yaku"][0]["name"] == "立直"
    batch = client.post("/hand/score/batch?lang=vi", json={"items": [HAND, {"hand": {}}, MANGAN]})
    results = batch.json()["results"]
    assert [y["name"] for y in results[0]["result"]["yaku"]] == EXPECTED["vi"] and results[1]["ok"] is False
    assert results[2]["result"]["limit_name"] == "Mangan" and batch.headers["content-language"] == "vi"


def _yaku(client: TestClient, query: str = "", **headers: str) -> dict[str, Any]:
    return {(e["kind"], e["id"]): e for e in client.get("/yaku" + query, headers=headers).json()}


def test_yaku_lists_every_name_and_the_chosen_one(client: TestClient) -> None:
    riichi = _yaku(client)["yaku", "riichi"]
    assert riichi["names"] == {"en": "Riichi", "ja": "立直", "vi": "Riichi", "zh": "立直", "ko": "리치"}
    assert riichi["name"] == "Riichi" and riichi["japanese"] == "立直"
    assert _yaku(client, "?lang=ko")["yaku", "riichi"]["name"] == "리치"
    assert _yaku(client, **{"Accept-Language": "zh-CN"})["yakuman", "kokushi_musou"]["name"] == "国士无双"
    assert _yaku(client, "?lang=vi")["yakuman", "suuankou"]["name"] == "Suuankou (Tứ ám khắc)"
    assert client.get("/yaku?lang=ja").headers["content-language"] == "ja"


# Checked by hand against the tables cited in docs/names.md.
TENHOU = {("yaku", "menzen_tsumo"): 0, ("yaku", "riichi"): 1, ("yaku", "ippatsu"): 2, ("yaku", "pinfu"): 7,
          ("yaku", "tanyao"): 8, ("yaku", "yakuhai_haku"): 18, ("yaku", "double_riichi"): 21, ("yaku", "chinitsu"): 35,
          ("yakuman", "tenhou"): 37, ("yakuman", "kokushi_musou_13"): 48, ("yakuman", "suukantsu"): 51,
          ("yaku", "dora"): 52, ("yaku", "ura_dora"): 53, ("yaku", "aka_dora"): 54, ("yaku", "kita"): None,
          ("yaku", "nagashi_mangan"): None}
MAHJONG_SOUL = {("yaku", "menzen_tsumo"): 1, ("yaku", "riichi"): 2, ("yaku", "tanyao"): 12, ("yaku", "ippatsu"): 30,
                ("yaku", "dora"): 31, ("yaku", "kita"): 34, ("yakuman", "tenhou"): 35, ("yakuman", "junsei_chuuren_poutou"): 47,
                ("yakuman", "kokushi_musou_13"): 49, ("yakuman", "daisuushii"): 50, ("yakuman", "renhou"): 59,
                ("yaku", "nagashi_mangan"): None}


def test_platform_ids_are_right_where_checked(client: TestClient) -> None:
    entries = _yaku(client)
    for key, tenhou in TENHOU.items():
        assert entries[key]["tenhou_id"] == tenhou, key
    for key, fan in MAHJONG_SOUL.items():
        assert entries[key]["mahjong_soul_id"] == fan, key
    assert entries["yaku", "yakuhai_seat_wind"]["tenhou_ids"] == [10, 11, 12, 13]
    assert entries["yaku", "yakuhai_round_wind"]["tenhou_ids"] == [14, 15, 16, 17]


@pytest.mark.parametrize("platform", ["tenhou_ids", "mahjong_soul_id"])
def test_platform_ids_are_unique(client: TestClient, platform: str) -> None:
    """No two of our ids share a platform id (renhou, a yaku or a yakuman by the rules, is one id on Tenhou)."""
    owner: dict[int, str] = {}
    for entry in client.get("/yaku").json():
        ids = entry[platform] if platform == "tenhou_ids" else [entry[platform]]
        for platform_id in ids:
            if platform_id is not None:
                assert owner.setdefault(platform_id, entry["id"]) == entry["id"], platform_id


def test_rules_label_options_presets_and_limits(client: TestClient) -> None:
    body = client.get("/rules?lang=ja").json()
    presets = {p["name"]: p for p in body["presets"]}
    options = {o["name"]: o for o in body["options"]}
    assert presets["tenhou"]["label"] == "天鳳" and presets["mahjong_soul"]["labels"]["ko"] == "작혼"
    assert options["open_tanyao"]["label"] == "喰いタン" and options["tobi"]["labels"]["zh"] == "击飞"
    assert options["players"]["scope"] == "both" and options["players"]["label"] == "人数"
    limits = {limit["id"]: limit for limit in body["limits"]}
    assert limits["haneman"]["name"] == "跳満" and limits["baiman"]["names"]["zh"] == "倍满"
    assert set(limits) == set(LIMIT_NAMES)
    english = client.get("/rules").json()
    assert {o["name"]: o["label"] for o in english["options"]}["kiriage_mangan"] == "Kiriage mangan"
    korean = client.get("/rules", headers={"Accept-Language": "ko-KR,ko;q=0.9"})
    assert korean.headers["content-language"] == "ko"
    assert {p["name"]: p["label"] for p in korean.json()["presets"]}["tenhou"] == "천봉"
    vietnamese = client.get("/rules?lang=vi").json()
    assert {limit["id"]: limit["name"] for limit in vietnamese["limits"]}["double_yakuman"] == "Double Yakuman"


def test_settle_and_points_speak_the_language(client: TestClient) -> None:
    points = client.post("/hand/points?lang=zh", json={"han": 6, "dealer": False, "win": "ron"})
    assert points.json()["limit_name"] == "跳满" and points.headers["content-language"] == "zh-Hans"
    assert client.post("/hand/points", json={"han": 2, "fu": 30, "dealer": False, "win": "ron"}).json()["limit_name"] is None
    win = {"winner": 0, "from_seat": 2, "hand": {"tiles": "234567m456p22678s", "win_tile": "8s"},
           "context": {"dora_indicators": ["3m"]}}
    state = {"round_wind": "east", "round_number": 1, "honba": 0, "riichi_sticks": 0, "scores": [25000] * 4}
    request = {"rules": {"preset": "tenhou"}, "state": state, "hand": {"result": "ron", "wins": [win], "riichi": [0]}}
    settled = client.post("/match/settle?lang=ko", json=request)
    assert [y["name"] for y in settled.json()["wins"][0]["score"]["yaku"]] == EXPECTED["ko"]
    assert settled.headers["content-language"] == "ko"
    replayed = client.post("/match/replay", json={"rules": {"preset": "tenhou"}, "hands": [request["hand"]]},
                           headers={"Accept-Language": "ja-JP"})
    assert replayed.status_code == 200, replayed.json()
    assert [y["name"] for y in replayed.json()["hands"][0]["wins"][0]["score"]["yaku"]] == EXPECTED["ja"]
