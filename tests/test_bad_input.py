"""The bad-input matrix through the real app: every rejection is the contract's 422 (413 past the body
cap) in the shape {"detail": [{"type", "loc", "msg"}]} with a message in plain words, and nothing is a 500.

This fills the gaps left by tests/test_hand_errors.py (one case per hand or context problem type),
tests/test_match_validation.py (impossible end-check states) and tests/test_service.py (the error shape on
a probe app): bodies of the wrong JSON type, malformed and undecodable bodies, deep nesting, absurd
lengths, wrong types and out-of-range values, notation no tile has, and the combinations of tiles,
melds, indicators and context flags that cannot happen.
"""

import asyncio
import copy
import json
import time
from itertools import accumulate
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from starlette.exceptions import HTTPException

from app.api.errors import http_exception_handler
from app.main import create_app
from app.middleware import _JSON_STRING, _NOT_BRACKETS, nested_deeper_than
from app.settings import Settings, SettingsError

HAND = {"tiles": "234567m456p22678s", "win_tile": "8s"}
VALID = {
    "/hand/score": {"hand": HAND, "context": {"win": "ron", "seat_wind": "south", "riichi": True}},
    "/hand/score/batch": {"items": [{"hand": HAND, "context": {"riichi": True}}]},
    "/match/end-check": {
        "state": {"round_wind": "east", "round_number": 2, "scores": [25000, 25000, 25000, 25000]},
        "last_hand": {"result": "win", "winners": [0]},
    },
}
ENDPOINTS = list(VALID)
SECTION = {"/hand/score": "hand", "/hand/score/batch": "items", "/match/end-check": "state"}


def plain_words(msg: str) -> bool:
    """A message a person can act on: a short sentence, no Python internals."""
    leaks = ("Traceback", "<class", " object at 0x", "Error(", "__")
    return 0 < len(msg) <= 400 and not any(leak in msg for leak in leaks)


def rejected(response: Any, status: int = 422) -> list[dict[str, Any]]:
    """The detail list of a rejection in the contract's shape, every msg in plain words."""
    assert response.status_code == status, response.text[:1000]
    body = response.json()
    assert isinstance(body, dict) and set(body) == {"detail"}, body
    detail = body["detail"]
    assert isinstance(detail, list) and detail
    for entry in detail:
        assert set(entry) == {"type", "loc", "msg"}, entry
        assert isinstance(entry["type"], str) and entry["type"]
        assert isinstance(entry["loc"], list) and all(isinstance(part, (str, int)) for part in entry["loc"])
        assert isinstance(entry["msg"], str) and plain_words(entry["msg"]), entry["msg"]
    return detail


def post_raw(client: TestClient, path: str, content: bytes | str, content_type: str | None = "application/json") -> Any:
    headers = {"Content-Type": content_type} if content_type else {}
    return client.post(path, content=content, headers=headers)


def with_change(base: dict, path: tuple, value: object) -> dict:
    """A deep copy of `base` with the value at `path` (keys and list indexes) replaced."""
    body = copy.deepcopy(base)
    target = body
    for key in path[:-1]:
        target = target.setdefault(key, {}) if isinstance(target, dict) else target[key]
    target[path[-1]] = value
    return body


def nested(depth: int, kind: str = "list") -> object:
    value: object = 1
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


def deep_json(depth: int, kind: str) -> str:
    """JSON text nested `depth` levels deep (json.dumps itself gives up near 1000 levels)."""
    return "[" * depth + "1" + "]" * depth if kind == "list" else '{"a":' * depth + "1" + "}" * depth


# --- the body is not a JSON object ----------------------------------------------------------------


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize(("content", "type_"), [
    (b"[]", "model_attributes_type"),
    (b'[{"hand": null}]', "model_attributes_type"),
    (b"42", "model_attributes_type"),
    (b"-1.5e3", "model_attributes_type"),
    (b'"a string"', "model_attributes_type"),
    (b"null", "model_attributes_type"),
    (b"true", "model_attributes_type"),
    (b"", "missing"),
    (b"{", "json_invalid"),
    (b'{"hand": }', "json_invalid"),
    (b"{'single': 'quotes'}", "json_invalid"),
    (b'{"a": 1} trailing', "json_invalid"),
    (b"\x00\x01\x02", "json_invalid"),
], ids=["array", "array-of-objects", "number", "float", "string", "null", "true", "empty", "unclosed",
        "missing-value", "single-quotes", "trailing-data", "binary"])
def test_body_of_the_wrong_json_type_or_malformed(client: TestClient, path: str, content: bytes, type_: str) -> None:
    [entry] = rejected(post_raw(client, path, content))
    assert entry["type"] == type_
    assert entry["loc"][0] == "body"


@pytest.mark.parametrize("path", ENDPOINTS)
def test_body_that_is_not_utf8_is_json_invalid_not_400(client: TestClient, path: str) -> None:
    [entry] = rejected(post_raw(client, path, b'{"hand": "\xff\xfe\xfa"}'))
    assert entry == {"type": "json_invalid", "loc": ["body"], "msg": entry["msg"]}
    assert "UTF-8" in entry["msg"]


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded"])
def test_body_not_sent_as_json(client: TestClient, path: str, content_type: str | None) -> None:
    [entry] = rejected(post_raw(client, path, json.dumps(VALID[path]), content_type), 415)
    assert entry == {"type": "unsupported_media_type", "loc": ["header", "content-type"],
                     "msg": "The request body must be JSON, sent with the header `Content-Type: application/json`."}


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize("content_type", ["application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json"])
def test_body_sent_as_json_with_parameters_or_a_json_suffix(client: TestClient, path: str, content_type: str) -> None:
    assert post_raw(client, path, json.dumps(VALID[path]), content_type).status_code == 200


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize("section_value", [[], "text", 7, True], ids=["list", "string", "number", "bool"])
def test_section_of_the_wrong_json_type(client: TestClient, path: str, section_value: object) -> None:
    body = with_change(VALID[path], (SECTION[path],), section_value)
    detail = rejected(client.post(path, json=body))
    assert any(d["loc"][:2] == ["body", SECTION[path]] for d in detail), detail


# --- deep nesting -----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize("kind", ["list", "dict"])
def test_ten_thousand_levels_of_nesting_are_a_422_not_a_crash(client: TestClient, path: str, kind: str) -> None:
    whole = deep_json(10_000, kind)
    in_a_field = json.dumps({**VALID[path], SECTION[path]: "DEEP"}).replace('"DEEP"', whole)
    for content in (whole, in_a_field):
        [entry] = rejected(post_raw(client, path, content))
        assert entry["type"] == "json_invalid" and entry["loc"] == ["body"]
        assert "32 levels" in entry["msg"]


@pytest.mark.parametrize("path", ENDPOINTS)
def test_nesting_just_past_the_cap_is_refused_and_within_it_is_read(client: TestClient, path: str) -> None:
    over = {**VALID[path], "extra": nested(32)}  # 1 (the body) + 32 lists
    [entry] = rejected(client.post(path, json=over))
    assert entry["type"] == "json_invalid"

    within = {**VALID[path], "extra": nested(31)}  # 32 levels: read, then refused by the schema
    detail = rejected(client.post(path, json=within))
    assert {d["type"] for d in detail} == {"extra_forbidden"}


def test_nesting_is_checked_on_the_whole_body_when_it_comes_in_chunks(client: TestClient) -> None:
    body = json.dumps({**VALID["/hand/score"], "extra": nested(32)}).encode()
    response = client.post("/hand/score", content=(body[i:i + 5] for i in range(0, len(body), 5)),
                           headers={"Content-Type": "application/json"})
    [entry] = rejected(response)
    assert entry["type"] == "json_invalid" and "32 levels" in entry["msg"]


def test_brackets_inside_strings_do_not_count_as_nesting(client: TestClient) -> None:
    body = with_change(VALID["/hand/score"], ("hand", "tiles"), "[{" * 32)
    [entry] = rejected(client.post("/hand/score", json=body))
    assert entry["type"] == "invalid_tile"


def test_nesting_cap_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    body = {"hand": {"tiles": "567m456p22678s", "win_tile": "8s", "melds": [{"type": "chi", "tiles": "234m"}]}}
    monkeypatch.setenv("MAHJONG_MAX_JSON_DEPTH", "4")  # body > hand > melds > meld: 4 levels
    assert TestClient(create_app()).post("/hand/score", json=body).status_code == 200
    monkeypatch.setenv("MAHJONG_MAX_JSON_DEPTH", "3")
    [entry] = rejected(TestClient(create_app()).post("/hand/score", json=body))
    assert entry["type"] == "json_invalid" and "3 levels" in entry["msg"]


@pytest.mark.parametrize("value", ["0", "257", "deep"])
def test_nesting_cap_setting_is_checked(value: str) -> None:
    with pytest.raises(SettingsError, match="MAHJONG_MAX_JSON_DEPTH"):
        Settings.from_env({"MAHJONG_MAX_JSON_DEPTH": value})


def depth(body: bytes) -> int:
    """How deeply arrays and objects nest in `body`, the long way: every string stripped, each bracket counted."""
    brackets = _JSON_STRING.sub(b"", body).translate(None, _NOT_BRACKETS)
    return max(accumulate(1 if b in b"[{" else -1 for b in brackets), default=0)


@pytest.mark.parametrize(("body", "levels"), [
    (b"", 0), (b"17", 0), (b"[]", 1), (b'{"a": [1, {"b": []}]}', 4), (b'"[[[["', 0), (b'["]]]]"]', 1),
    (b'["\\"[[[["]', 1), (b'{"a": "\\\\"}', 1), (b"[" * 50 + b"]" * 50, 50), (b'["unterminated [[[', 1),
    (b"[[]" * 3, 4), (b"]]][[[", 0), (b"][[[", 2), (b"{[]}" * 40, 2), (b'[{"a": [1, 2], "b": {}}, [[["x"]]]]', 4),
])
def test_nested_deeper_than(body: bytes, levels: int) -> None:
    assert depth(body) == levels
    assert not nested_deeper_than(body, levels)
    if levels:
        assert nested_deeper_than(body, levels - 1)


@given(st.lists(st.sampled_from([b"[", b"]", b"{", b"}", b'"', b'""', b"\\", b"a", b":", b","]), max_size=60).map(b"".join),
       st.integers(1, 10))
def test_nested_deeper_than_agrees_with_counting_every_bracket(body: bytes, limit: int) -> None:
    """The quick ways (strings as adjacent quotes, pairs of brackets peeled a level at a time) answer as the long one."""
    assert nested_deeper_than(body, limit) == (depth(body) > limit)


@pytest.mark.parametrize("evil", [b'"' + b'\\"' * 32_000, b'"\\' * 32_000, b'["' * 21_000, b"[" * 64_000,
                                  b"[]" * 32_000, b"[[]" * 21_000, b"[" * 32_000 + b"]" * 32_000])
@pytest.mark.parametrize("limit", [32, 256])
def test_nesting_check_is_quick_on_hostile_bodies(evil: bytes, limit: int) -> None:
    """A guard against quadratic scans, not a speed measure: a linear pass takes milliseconds and a quadratic one over
    64,000 bytes minutes, so the bound is loose enough for a loaded 2-core CI host (0.5 s failed there)."""
    start = time.perf_counter()
    nested_deeper_than(evil, limit)
    assert time.perf_counter() - start < 10


@pytest.mark.parametrize(("cause", "words"), [
    (RecursionError("maximum recursion depth exceeded"), "nested too deeply"),
    (UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"), "not valid UTF-8"),
])
def test_undecodable_body_behind_fastapis_400_becomes_json_invalid(cause: Exception, words: str) -> None:
    """FastAPI answers 400 when json.loads raises something other than JSONDecodeError; with the nesting
    cap set above Python's own recursion limit, a deep body would take that road."""
    exc = HTTPException(400, "There was an error parsing the body")
    exc.__cause__ = cause
    response = asyncio.run(http_exception_handler(None, exc))  # type: ignore[arg-type]
    assert response.status_code == 422
    [entry] = json.loads(response.body)["detail"]
    assert entry["type"] == "json_invalid" and words in entry["msg"]


def test_other_400s_stay_400() -> None:
    response = asyncio.run(http_exception_handler(None, HTTPException(400, "bad")))  # type: ignore[arg-type]
    assert response.status_code == 400


# --- absurd lengths -----------------------------------------------------------------------------


@pytest.mark.parametrize(("path", "loc", "value"), [
    ("/hand/score", ("hand", "tiles"), "1m" * 30_000),
    ("/hand/score", ("hand", "tiles"), "1" * 65),
    ("/hand/score", ("hand", "win_tile"), "8s" * 1000),
    ("/hand/score", ("hand", "melds"), [{"type": "chi", "tiles": "234m" * 1000}]),
    ("/hand/score/batch", ("items", 0, "hand", "tiles"), "1m" * 30_000),
], ids=["tiles-60k", "tiles-65", "win-tile-2k", "meld-4k", "batch-item-tiles-60k"])
def test_absurdly_long_tile_strings_are_refused_by_the_schema(client: TestClient, path: str, loc: tuple,
                                                              value: object) -> None:
    """Refused as string_too_long before the scoring core parses a single tile, and not echoed back."""
    response = client.post(path, json=with_change(VALID[path], loc, value))
    if path.endswith("batch"):  # an item's problems are reported inside the 200 answer
        assert response.status_code == 200
        detail = response.json()["results"][0]["detail"]
    else:
        detail = rejected(response)
    assert [d["type"] for d in detail] == ["string_too_long"]
    assert len(response.content) < 1000


@pytest.mark.parametrize("field", ["dora_indicators", "ura_dora_indicators"])
def test_absurdly_long_indicator_is_refused_by_the_schema(client: TestClient, field: str) -> None:
    body = with_change(VALID["/hand/score"], ("context", field), ["x" * 60_000])
    body["context"]["dora_indicators"] = body["context"].get("dora_indicators") or ["1m"]
    response = client.post("/hand/score", json=body)
    assert [d["type"] for d in rejected(response)] == ["string_too_long"]
    assert len(response.content) < 1000


@pytest.mark.parametrize(("path", "loc", "value"), [
    ("/hand/score", ("hand", "melds"), [{"type": "pon", "tiles": "777z"}] * 5),
    ("/hand/score", ("hand", "melds"), [{"type": "pon", "tiles": "777z"}] * 2000),
    ("/hand/score", ("context", "dora_indicators"), ["1m"] * 10_000),
    ("/hand/score", ("context", "ura_dora_indicators"), ["1m"] * 6),
    ("/hand/score/batch", ("items",), [{}] * 501),
    ("/hand/score/batch", ("items",), []),
    ("/match/end-check", ("state", "scores"), [25000] * 10_000),
    ("/match/end-check", ("last_hand", "winners"), [0, 1, 2, 3]),
    ("/match/end-check", ("last_hand", "nagashi_winners"), [0] * 1000),
    ("/match/end-check", ("rules", "uma"), [10] * 5),
], ids=["5-melds", "2000-melds", "10k-dora", "6-ura", "501-batch-items", "0-batch-items", "10k-scores",
        "4-winners", "1000-nagashi-winners", "5-uma"])
def test_list_length_caps(client: TestClient, path: str, loc: tuple, value: list) -> None:
    detail = rejected(client.post(path, json=with_change(VALID[path], loc, value)))
    assert [d["type"] for d in detail] in (["too_long"], ["too_short"])
    assert detail[0]["loc"] == ["body", *loc]


@pytest.mark.parametrize("path", ENDPOINTS)
def test_body_over_the_cap_on_every_endpoint(client: TestClient, path: str) -> None:
    cap = 524_288 if path == "/hand/score/batch" else 65_536
    body = json.dumps({**VALID[path], "padding": "x" * cap})
    [entry] = rejected(post_raw(client, path, body), status=413)
    assert entry == {"type": "request_too_large", "loc": ["body"], "msg": f"The request body is larger than the limit of {cap} bytes."}


# --- wrong types, numbers out of range, values outside an enum ------------------------------------------

HAND_SCHEMA_CASES = [
    # (loc, value, Pydantic type)
    (("hand", "tiles"), None, "string_type"),
    (("hand", "tiles"), ["1m", "2m"], "string_type"),
    (("hand", "tiles"), {"m": "123"}, "string_type"),
    (("hand", "win_tile"), 8, "string_type"),
    (("hand", "melds"), {}, "list_type"),
    (("hand", "melds"), [None], "model_attributes_type"),
    (("hand", "melds"), ["pon 777z"], "model_attributes_type"),
    (("hand", "melds"), [{"type": "minkan", "tiles": "1111m"}], "literal_error"),
    (("hand", "melds"), [{"type": "pon"}], "missing"),
    (("hand", "extra"), 1, "extra_forbidden"),
    (("context", "win"), "RON", "literal_error"),
    (("context", "seat_wind"), "East", "literal_error"),
    (("context", "seat_wind"), "", "literal_error"),
    (("context", "round_wind"), None, "literal_error"),
    (("context", "riichi"), "maybe", "bool_type"),
    (("context", "riichi"), None, "bool_type"),
    (("context", "dora_indicators"), "1m", "list_type"),
    (("context", "dora_indicators"), [1], "string_type"),
    (("context", "honba"), "many", "int_type"),
    (("context", "honba"), 1.5, "int_type"),
    (("context", "honba"), -1, "greater_than_equal"),
    (("context", "honba"), 2 ** 64, "less_than_equal"),
    (("context", "riichi_sticks"), 10 ** 20, "less_than_equal"),
    (("context", "riichi_sticks"), -10 ** 20, "greater_than_equal"),
    (("context", "pao_seat_wind"), "center", "literal_error"),
    (("context", "kyoku"), 3, "extra_forbidden"),
    (("rules",), "tenhou", "model_attributes_type"),
    (("rules", "preset"), "", "literal_error"),
    (("rules", "renhou"), "sometimes", "literal_error"),
    (("rules", "double_wind_pair_fu"), "4", "literal_error"),
    (("rules", "honba_points"), 301, "invalid_option"),  # four players: must split among the three payers
    (("rules", "honba_points"), 3003, "less_than_equal"),
    (("rules", "max_red_fives_per_suit"), 5, "less_than_equal"),
    (("rules", "max_red_fives_per_suit"), -1, "greater_than_equal"),
    (("rules", "kuitan"), True, "extra_forbidden"),
]

MATCH_SCHEMA_CASES = [
    (("state", "scores"), "25000,25000,25000,25000", "list_type"),
    (("state", "scores"), [25000.5, 25000, 25000, 25000], "int_type"),
    (("state", "scores"), [10 ** 20, 25000, 25000, 25000], "less_than_equal"),
    (("state", "round_number"), 2.5, "int_type"),
    (("state", "round_number"), 10 ** 20, "less_than_equal"),
    (("state", "round_number"), None, "int_type"),
    (("state", "lap"), 100, "less_than_equal"),
    (("state", "dealer_seat"), -1, "greater_than_equal"),
    (("state", "riichi_sticks"), -10 ** 20, "greater_than_equal"),
    (("last_hand",), "win", "model_attributes_type"),
    (("last_hand", "result"), 1, "enum"),
    (("last_hand", "winners"), {"0": True}, "list_type"),
    (("last_hand", "dealer_ends"), "perhaps", "bool_type"),
    (("rules", "goal_score"), -1, "greater_than_equal"),
    (("rules", "start_points"), 0, "greater_than"),
    (("rules", "return_points"), 10 ** 20, "less_than_equal"),
    (("rules", "uma"), [1000, 0, 0, -1000], "less_than_equal"),
    (("rules", "length"), "east_only", "enum"),
    (("rules", "tie_break"), "coin_flip", "enum"),
    (("rules", "leftover_riichi"), "split", "enum"),
]


def _schema_id(case: tuple) -> str:
    return f"{'.'.join(map(str, case[0]))}={json.dumps(case[1])[:20]}"


@pytest.mark.parametrize("case", HAND_SCHEMA_CASES, ids=_schema_id)
def test_hand_schema_problem(client: TestClient, case: tuple) -> None:
    loc, value, type_ = case
    detail = rejected(client.post("/hand/score", json=with_change(VALID["/hand/score"], loc, value)))
    assert type_ in [d["type"] for d in detail], detail
    assert any(d["loc"][:len(loc) + 1] == ["body", *loc] for d in detail), detail


@pytest.mark.parametrize("case", MATCH_SCHEMA_CASES, ids=_schema_id)
def test_match_schema_problem(client: TestClient, case: tuple) -> None:
    loc, value, type_ = case
    detail = rejected(client.post("/match/end-check", json=with_change(VALID["/match/end-check"], loc, value)))
    assert type_ in [d["type"] for d in detail], detail


@pytest.mark.parametrize(("path", "field", "literal"), [
    ("/hand/score", ("context", "honba"), "NaN"),
    ("/hand/score", ("context", "honba"), "Infinity"),
    ("/hand/score", ("context", "riichi_sticks"), "-Infinity"),
    ("/hand/score", ("context", "honba"), "1e400"),
    ("/match/end-check", ("state", "round_number"), "NaN"),
    ("/match/end-check", ("state", "honba"), "Infinity"),
])
def test_non_finite_numbers(client: TestClient, path: str, field: tuple, literal: str) -> None:
    """Python's JSON reader accepts NaN and Infinity; the schema must refuse them for counts."""
    marker = "__NUMBER__"
    content = json.dumps(with_change(VALID[path], field, marker)).replace(f'"{marker}"', literal)
    [entry] = rejected(post_raw(client, path, content))
    assert entry["type"] in ("finite_number", "int_type") and entry["loc"] == ["body", *field]


LAX_COERCIONS = [
    ("/hand/score", ("context", "honba"), True),
    ("/hand/score", ("context", "honba"), "3"),
    ("/hand/score", ("context", "riichi"), 1),
    ("/hand/score", ("context", "riichi"), "yes"),
    ("/hand/score", ("rules", "max_red_fives_per_suit"), False),
    ("/match/end-check", ("state", "round_number"), "2"),
    ("/match/end-check", ("state", "scores"), ["25000", 25000, 25000, 25000]),
    ("/match/end-check", ("last_hand", "winners"), [True]),
    ("/match/end-check", ("last_hand", "dealer_ends"), "true"),
]


@pytest.mark.parametrize(("path", "field", "value"), LAX_COERCIONS,
                         ids=[f"{'.'.join(map(str, f))}={json.dumps(v)}" for _, f, v in LAX_COERCIONS])
def test_booleans_and_strings_are_not_numbers(client: TestClient, path: str, field: tuple, value: object) -> None:
    rejected(client.post(path, json=with_change(VALID[path], field, value)))


@pytest.mark.parametrize(("preset", "option", "value"), [
    ("mahjong_soul", "double_yakuman", True), ("ema", "max_red_fives_per_suit", 0), ("wrc", "aka_dora", True),
    ("mleague", "kiriage_mangan", False),
])
def test_an_option_beside_a_preset_that_sets_it_is_not_a_500(client: TestClient, preset: str, option: str,
                                                             value: object) -> None:
    body = {**VALID["/hand/score"], "rules": {"preset": preset, option: value}}
    assert client.post("/hand/score", json=body).status_code == 200


# --- notation no tile has -------------------------------------------------------------------------


@pytest.mark.parametrize(("loc", "text", "culprit"), [
    (("hand", "tiles"), "m", "'m'"),
    (("hand", "tiles"), "9z", "9z"),
    (("hand", "tiles"), "234567M456P22678S", "'M'"),
    (("hand", "tiles"), "234567m 456p22678s", "' '"),
    (("hand", "tiles"), "234567m456p22678s\t", "'\t'"),
    (("hand", "tiles"), "２34567m456p22678s", "'２'"),  # fullwidth digit
    (("hand", "tiles"), "٢34567m456p22678s", "'٢'"),  # Arabic-Indic digit
    (("hand", "tiles"), "²34567m456p22678s", "'²'"),  # superscript digit
    (("hand", "tiles"), "🀇🀈🀉", "'🀇'"),  # mahjong tile characters
    (("hand", "tiles"), "234567m456p22678s\u0000", "'\u0000'"),
    (("hand", "win_tile"), "８s", "'８'"),
    (("hand", "win_tile"), "z", "'z'"),
    (("context", "dora_indicators", 0), "١m", "'١'"),
    (("context", "dora_indicators", 0), "0z", "0z"),
], ids=["suit-alone", "9z", "upper-case", "space", "tab", "fullwidth", "arabic-indic", "superscript",
        "tile-emoji", "nul", "fullwidth-win-tile", "win-tile-suit-alone", "arabic-indic-dora", "0z-dora"])
def test_notation_error(client: TestClient, loc: tuple, text: str, culprit: str) -> None:
    body = with_change(VALID["/hand/score"], ("context", "dora_indicators"), ["1m"])
    body = with_change(body, loc, text)
    detail = rejected(client.post("/hand/score", json=body))
    entry = next(d for d in detail if d["loc"] == ["body", *loc])
    assert entry["type"] == "invalid_tile"
    assert culprit in entry["msg"]


@pytest.mark.parametrize(("body", "loc"), [
    ({"hand": {"tiles": "567m456p22678s", "win_tile": "8s", "melds": [{"type": "chi", "tiles": "12x"}]}},
     ["body", "hand", "melds", 0, "tiles"]),
    ({"hand": HAND, "context": {"riichi": True, "dora_indicators": ["1m"], "ura_dora_indicators": ["12x"]}},
     ["body", "context", "ura_dora_indicators", 0]),
], ids=["meld", "ura-indicator"])
def test_notation_error_in_a_meld_or_an_ura_indicator(client: TestClient, body: dict, loc: list) -> None:
    detail = rejected(client.post("/hand/score", json=body))
    assert [(d["type"], d["loc"]) for d in detail] == [("invalid_tile", loc)]
    assert "'x'" in detail[0]["msg"]


# --- tiles, melds, indicators and context that cannot happen ------------------------------------------


def hand_body(tiles: str, win_tile: str, melds: list | None = None, rules: dict | None = None, **context: object) -> dict:
    body: dict = {"hand": {"tiles": tiles, "win_tile": win_tile, "melds": melds or []},
                  "context": {"seat_wind": "south", **context}}
    if rules:
        body["rules"] = rules
    return body


CORE_CASES = [
    # id, body, type, loc, words the message must contain
    ("15-tiles", hand_body("234567m456p22678s1z", "8s", riichi=True), "tile_count", ["body", "hand", "tiles"], "got 15"),
    ("1-tile", hand_body("8s", "8s"), "tile_count", ["body", "hand", "tiles"], "must number 14"),
    ("empty-tiles", hand_body("", "8s"), "tile_count", ["body", "hand", "tiles"], "got 0"),
    ("4-melds-5-tiles", hand_body("22678s", "8s", [{"type": "pon", "tiles": t} for t in ("111z", "222z", "333z", "444z")]),
     "tile_count", ["body", "hand", "tiles"], "must number 2"),
    ("fifth-copy-via-ura", hand_body("111m234567p789s55s", "5s", riichi=True, dora_indicators=["1m"], ura_dora_indicators=["1m"]),
     "too_many_copies", ["body", "hand", "tiles"], "1m appears 5 times"),
    ("fifth-copy-via-pon", hand_body("234567m456p77z", "7z", [{"type": "pon", "tiles": "777z"}]),
     "too_many_copies", ["body", "hand", "tiles"], "7z appears 5 times"),
    ("red-five-counts-as-five", hand_body("055m234567p789s11z", "1z", riichi=True, dora_indicators=["5m", "5m"]),
     "too_many_copies", ["body", "hand", "tiles"], "5m appears 5 times"),
    ("two-reds-hand-and-meld", hand_body("067m234p567p11z", "1z", [{"type": "chi", "tiles": "046m"}]),
     "too_many_copies", ["body", "hand", "tiles"], "red five"),
    ("two-reds-hand-and-indicator", hand_body("067m234567p789s11z", "1z", riichi=True, dora_indicators=["0m"]),
     "too_many_copies", ["body", "hand", "tiles"], "red five"),
    ("red-five-where-rules-have-none", hand_body("067m234567p789s11z", "1z", riichi=True, rules={"preset": "wrc"}),
     "too_many_copies", ["body", "hand", "tiles"], "max_red_fives_per_suit"),
    ("chi-wrapping", hand_body("567m456p22678s", "8s", [{"type": "chi", "tiles": "891m"}]),
     "invalid_meld", ["body", "hand", "melds", 0, "tiles"], "consecutive"),
    ("chi-across-suits", hand_body("567m456p22678s", "8s", [{"type": "chi", "tiles": "1m2p3s"}]),
     "invalid_meld", ["body", "hand", "melds", 0, "tiles"], "consecutive"),
    ("chi-of-a-triplet", hand_body("567m456p22678s", "8s", [{"type": "chi", "tiles": "555m"}]),
     "invalid_meld", ["body", "hand", "melds", 0, "tiles"], "consecutive"),
    ("pon-of-four", hand_body("567m456p22678s", "8s", [{"type": "pon", "tiles": "7777z"}]),
     "invalid_meld", ["body", "hand", "melds", 0, "tiles"], "has 4"),
    ("pon-of-a-sequence", hand_body("567m456p22678s", "8s", [{"type": "pon", "tiles": "123m"}]),
     "invalid_meld", ["body", "hand", "melds", 0, "tiles"], "identical"),
    ("ankan-mixed", hand_body("567m456p22678s", "8s", [{"type": "ankan", "tiles": "1112m"}]),
     "invalid_meld", ["body", "hand", "melds", 0, "tiles"], "identical"),
    ("shouminkan-of-three", hand_body("567m456p22678s", "8s", [{"type": "shouminkan", "tiles": "111m"}]),
     "invalid_meld", ["body", "hand", "melds", 0, "tiles"], "has 3"),
    ("two-tile-indicator", hand_body("234567m456p22678s", "8s", riichi=True, dora_indicators=["12m"]),
     "invalid_tile", ["body", "context", "dora_indicators", 0], "one tile"),
    ("empty-indicator", hand_body("234567m456p22678s", "8s", riichi=True, dora_indicators=[""]),
     "invalid_tile", ["body", "context", "dora_indicators", 0], "one tile"),
    ("rinshan-on-ron", hand_body("567m456p22678s", "8s", [{"type": "kan", "tiles": "1111z"}], rinshan=True),
     "inconsistent_context", ["body", "context", "rinshan"], "tsumo"),
    ("rinshan-and-haitei", hand_body("567m456p22678s", "8s", [{"type": "kan", "tiles": "1111z"}], win="tsumo",
                                     rinshan=True, haitei=True),
     "inconsistent_context", ["body", "context", "haitei"], "do not combine"),
    ("rinshan-and-ippatsu", hand_body("567m456p22678s", "8s", [{"type": "ankan", "tiles": "1111z"}], win="tsumo",
                                      riichi=True, rinshan=True, ippatsu=True),
     "inconsistent_context", ["body", "context", "ippatsu"], "do not combine"),
    ("chankan-and-houtei", hand_body("234567m456p22678s", "8s", riichi=True, chankan=True, houtei=True),
     "inconsistent_context", ["body", "context", "houtei"], "do not combine"),
    ("tenhou-on-ron", hand_body("234567m456p22678s", "8s", seat_wind="east", tenhou=True),
     "inconsistent_context", ["body", "context", "win"], "tsumo"),
    ("tenhou-with-riichi", hand_body("234567m456p22678s", "8s", seat_wind="east", win="tsumo", tenhou=True, riichi=True),
     "inconsistent_context", ["body", "context", "riichi"], "tenhou"),
    ("chiihou-with-a-call", hand_body("567m456p22678s", "8s", [{"type": "chi", "tiles": "234m"}], win="tsumo", chiihou=True),
     "inconsistent_context", ["body", "context", "hand"], "no calls"),
    ("renhou-dealer", hand_body("234567m456p22678s", "8s", seat_wind="east", renhou=True),
     "inconsistent_context", ["body", "context", "renhou"], "non-dealer"),
    ("renhou-on-tsumo", hand_body("234567m456p22678s", "8s", win="tsumo", renhou=True),
     "inconsistent_context", ["body", "context", "win"], "ron"),
    ("double-riichi-open", hand_body("567m456p22678s", "8s", [{"type": "chi", "tiles": "234m"}], double_riichi=True),
     "inconsistent_context", ["body", "context", "riichi"], "closed hand"),
    ("discarder-on-tsumo", hand_body("234567m456p22678s", "8s", win="tsumo", riichi=True, discarder_seat_wind="west"),
     "inconsistent_context", ["body", "context", "discarder_seat_wind"], "no discarder"),
    ("discarder-is-winner", hand_body("234567m456p22678s", "8s", riichi=True, discarder_seat_wind="south"),
     "inconsistent_context", ["body", "context", "discarder_seat_wind"], "own hand"),
    ("pao-is-winner", hand_body("234567m456p22678s", "8s", riichi=True, pao_seat_wind="south"),
     "inconsistent_context", ["body", "context", "pao_seat_wind"], "liable"),
    ("four-of-a-kind-as-two-pairs", hand_body("1111m2233p4455s66z", "6z", riichi=True),
     "not_a_winning_hand", ["body", "hand", "tiles"], "complete hand"),
    ("kokushi-missing-one", hand_body("1199m19p19s123456z", "6z", riichi=True),
     "not_a_winning_hand", ["body", "hand", "tiles"], "complete hand"),
    ("scattered-tiles", hand_body("13579m2468p1357s1z", "1z", riichi=True),
     "not_a_winning_hand", ["body", "hand", "tiles"], "complete hand"),
    ("open-hand-without-yaku", hand_body("456p789s234s55m", "4p", [{"type": "chi", "tiles": "123m"}]),
     "no_yaku", ["body", "hand"], "no yaku"),
    ("dora-alone", hand_body("123567m456p22678s", "7s", dora_indicators=["1m", "4p"]),
     "no_yaku", ["body", "hand"], "dora alone"),
]


@pytest.mark.parametrize("case", CORE_CASES, ids=lambda c: c[0])
def test_hand_that_cannot_happen(client: TestClient, case: tuple) -> None:
    _, body, type_, loc, words = case
    detail = rejected(client.post("/hand/score", json=body))
    assert any(d["type"] == type_ and d["loc"] == loc and words in d["msg"] for d in detail), detail


def test_batch_reports_a_bad_item_in_its_place_and_scores_the_others(client: TestClient) -> None:
    items = [VALID["/hand/score"], None, {"hand": {"tiles": "٣m", "win_tile": "3m"}}, {"items": nested(20)}]
    response = client.post("/hand/score/batch", json={"items": items})
    assert response.status_code == 200
    results = response.json()["results"]
    assert [r["ok"] for r in results] == [True, False, False, False]
    for index, result in enumerate(results[1:], start=1):
        for entry in result["detail"]:
            assert entry["loc"][:3] == ["body", "items", index] and plain_words(entry["msg"])
