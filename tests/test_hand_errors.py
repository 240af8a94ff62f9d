"""Every problem a hand or its context can have answers 422 with the contract's type, at the right place."""

import copy

import pytest
from fastapi.testclient import TestClient

VALID = {
    "hand": {"tiles": "234567m456p22678s", "melds": [], "win_tile": "8s"},
    "context": {"win": "ron", "seat_wind": "south", "riichi": True},
}


def request_with(**changes: object) -> dict:
    body = copy.deepcopy(VALID)
    for path, value in changes.items():
        section, key = path.split("__")
        body.setdefault(section, {})[key] = value
    return body


CASES = [
    # id, changes, expected type, expected loc, words the message must contain
    ("bad_suit_letter", {"hand__tiles": "234567m456p22678x"}, "invalid_tile", ["body", "hand", "tiles"], "suit letter"),
    ("digits_without_suit", {"hand__tiles": "234567m456p22678"}, "invalid_tile", ["body", "hand", "tiles"], "no suit letter"),
    ("honor_8z", {"hand__tiles": "234567m456p22s88z"}, "invalid_tile", ["body", "hand", "tiles"], "1z-7z"),
    ("bad_win_tile", {"hand__win_tile": "8q"}, "invalid_tile", ["body", "hand", "win_tile"], "suit letter"),
    ("two_win_tiles", {"hand__win_tile": "78s"}, "invalid_tile", ["body", "hand", "win_tile"], "exactly one tile"),
    ("bad_dora_indicator", {"context__dora_indicators": ["0z"]}, "invalid_tile", ["body", "context", "dora_indicators", 0], "1z-7z"),
    ("thirteen_tiles", {"hand__tiles": "234567m456p2678s"}, "tile_count", ["body", "hand", "tiles"], "must number 14"),
    ("count_with_a_meld", {"hand__melds": [{"type": "pon", "tiles": "777z"}]}, "tile_count", ["body", "hand", "tiles"], "must number 11"),
    ("fifth_copy_in_hand_and_dora", {"hand__tiles": "222234567m456p22s", "hand__win_tile": "2s", "context__dora_indicators": ["2m"]},
     "too_many_copies", ["body", "hand", "tiles"], "2m appears 5 times"),
    ("fifth_copy_with_a_kan", {"hand__tiles": "567m456p22678s", "hand__melds": [{"type": "kan", "tiles": "2222s"}]},
     "too_many_copies", ["body", "hand", "tiles"], "2s appears 6 times"),
    ("two_red_fives", {"hand__tiles": "034067m456p22678s"}, "too_many_copies", ["body", "hand", "tiles"], "red five"),
    ("chi_not_consecutive", {"hand__tiles": "567m456p22678s", "hand__melds": [{"type": "chi", "tiles": "235m"}]},
     "invalid_meld", ["body", "hand", "melds", 0, "tiles"], "three consecutive"),
    ("chi_of_honors", {"hand__tiles": "567m456p22678s", "hand__melds": [{"type": "chi", "tiles": "123z"}]},
     "invalid_meld", ["body", "hand", "melds", 0, "tiles"], "three consecutive"),
    ("pon_mixed", {"hand__tiles": "567m456p22678s", "hand__melds": [{"type": "pon", "tiles": "778m"}]},
     "invalid_meld", ["body", "hand", "melds", 0, "tiles"], "identical"),
    ("kan_of_three", {"hand__tiles": "567m456p22678s", "hand__melds": [{"type": "kan", "tiles": "777z"}]},
     "invalid_meld", ["body", "hand", "melds", 0, "tiles"], "a kan has 4"),
    ("win_tile_missing", {"hand__win_tile": "9s"}, "win_tile_not_in_hand", ["body", "hand", "win_tile"], "one of hand.tiles"),
    ("red_win_tile_but_plain_five", {"hand__win_tile": "0p"}, "win_tile_not_in_hand", ["body", "hand", "win_tile"], "one of hand.tiles"),
    ("ippatsu_without_riichi", {"context__riichi": False, "context__ippatsu": True}, "inconsistent_context",
     ["body", "context", "ippatsu"], "needs riichi"),
    ("riichi_open_hand", {"hand__tiles": "567m456p22678s", "hand__melds": [{"type": "chi", "tiles": "234m"}]},
     "inconsistent_context", ["body", "context", "riichi"], "closed hand"),
    ("haitei_on_ron", {"context__haitei": True}, "inconsistent_context", ["body", "context", "haitei"], "houtei"),
    ("houtei_on_tsumo", {"context__win": "tsumo", "context__houtei": True}, "inconsistent_context", ["body", "context", "houtei"], "haitei"),
    ("rinshan_without_kan", {"context__win": "tsumo", "context__rinshan": True}, "inconsistent_context",
     ["body", "context", "rinshan"], "kan"),
    ("chankan_on_tsumo", {"context__win": "tsumo", "context__chankan": True}, "inconsistent_context",
     ["body", "context", "chankan"], "ron"),
    ("tenhou_non_dealer", {"context__riichi": False, "context__win": "tsumo", "context__tenhou": True}, "inconsistent_context",
     ["body", "context", "tenhou"], "dealer"),
    ("chiihou_dealer", {"context__riichi": False, "context__seat_wind": "east", "context__win": "tsumo", "context__chiihou": True},
     "inconsistent_context", ["body", "context", "chiihou"], "non-dealer"),
    ("more_ura_than_dora", {"context__ura_dora_indicators": ["1m"]}, "inconsistent_context",
     ["body", "context", "ura_dora_indicators"], "more ura"),
    ("pao_without_pao_yakuman", {"context__pao_seat_wind": "west"}, "inconsistent_context",
     ["body", "context", "pao_seat_wind"], "daisangen"),
    ("not_a_winning_hand", {"hand__tiles": "234567m456p22679s", "hand__win_tile": "9s"}, "not_a_winning_hand",
     ["body", "hand", "tiles"], "do not form a complete hand"),
    ("no_yaku", {"context__riichi": False, "hand__tiles": "123567m456p22678s", "hand__win_tile": "7s"}, "no_yaku", ["body", "hand"], "no yaku"),
    ("nagashi_not_played", {"context__nagashi_mangan": True}, "inconsistent_context",
     ["body", "context", "nagashi_mangan"], "nagashi"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_hand_problem_is_a_422_with_the_contract_type(client: TestClient, case: tuple) -> None:
    _, changes, type_, loc, words = case
    body = request_with(**changes)
    if type_ == "inconsistent_context" and "nagashi" in words:
        body["rules"] = {"preset": "wrc"}
    response = client.post("/hand/score", json=body)
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert any(d["type"] == type_ and d["loc"] == loc and words in d["msg"] for d in detail), detail


def test_several_problems_are_reported_together(client: TestClient) -> None:
    body = request_with(context__dora_indicators=["9q"], hand__tiles="234567m456p2267x")
    detail = client.post("/hand/score", json=body).json()["detail"]
    assert [d["loc"] for d in detail] == [["body", "hand", "tiles"], ["body", "context", "dora_indicators", 0]]


@pytest.mark.parametrize("body,type_", [
    ({"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"win": "draw"}}, "literal_error"),
    ({"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"honba": 100}}, "less_than_equal"),
    ({"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"honba": 10**20}}, "less_than_equal"),
    ({"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "context": {"dora_indicators": ["1m"] * 6}}, "too_long"),
    ({"hand": {"tiles": "234567m456p22678s", "win_tile": "8s", "colour": "red"}}, "extra_forbidden"),
    ({"hand": {"tiles": "1m" * 100, "win_tile": "8s"}}, "string_too_long"),
    ({"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "rules": {"preset": "house"}}, "literal_error"),
    ({"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}, "rules": {"double_wind_pair_fu": 3}}, "literal_error"),
    ({"hand": {"tiles": 234, "win_tile": "8s"}}, "string_type"),
])
def test_schema_problems_keep_pydantic_types(client: TestClient, body: dict, type_: str) -> None:
    response = client.post("/hand/score", json=body)
    assert response.status_code == 422
    assert type_ in [d["type"] for d in response.json()["detail"]]


def test_red_five_win_tile_matches_plain_five_request(client: TestClient) -> None:
    body = request_with(hand__tiles="234067m456p22678s", hand__win_tile="5m")
    assert client.post("/hand/score", json=body).status_code == 200


def test_hand_may_be_left_out_for_nagashi_mangan(client: TestClient) -> None:
    response = client.post("/hand/score", json={"context": {"nagashi_mangan": True, "seat_wind": "south"}})
    assert response.status_code == 200
    body = response.json()
    assert body["yaku"] == [{"id": "nagashi_mangan", "name": "Nagashi mangan", "han": 5}]
    assert body["limit"] == "mangan" and body["points"]["total"] == 8000
    assert (body["points"]["tsumo_dealer"], body["points"]["tsumo_non_dealer"]) == (4000, 2000)


def test_missing_hand_without_nagashi(client: TestClient) -> None:
    response = client.post("/hand/score", json={"context": {"win": "ron"}})
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["body", "hand"]
