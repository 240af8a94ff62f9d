"""Impossible hands on /match/settle and /match/replay: 422 with a type, a place and a message a person can
act on; nothing is settled."""

from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import app

client = TestClient(app)
FOUR = [25000] * 4


def request(hand: dict[str, Any], rules: dict[str, Any] | None = None, **state: Any) -> dict[str, Any]:
    return {"rules": rules or {"preset": "tenhou"},
            "state": {"round_wind": "east", "round_number": 1, "scores": FOUR} | state, "hand": hand}


def ron(*wins: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"result": "ron", "wins": list(wins)} | more


ONE_HAN = {"han": 1, "fu": 30}
TILES = {"hand": {"tiles": "234567m456p22678s", "win_tile": "8s"}}

# (id, request, type, loc, words the message must contain)
CASES = [
    ("winner-is-the-discarder", request(ron({"winner": 1, "from_seat": 1} | ONE_HAN)), "inconsistent_state",
     ["body", "hand", "wins", 0, "from_seat"], "cannot ron its own discard"),
    ("ron-without-discarder", request(ron({"winner": 1} | ONE_HAN)), "inconsistent_state",
     ["body", "hand", "wins", 0, "from_seat"], "needs from_seat"),
    ("ron-without-wins", request(ron()), "inconsistent_state", ["body", "hand", "wins"], "at least one win"),
    ("two-discarders", request(ron({"winner": 1, "from_seat": 0} | ONE_HAN, {"winner": 2, "from_seat": 3} | ONE_HAN)),
     "inconsistent_state", ["body", "hand", "wins"], "same discard"),
    ("winner-twice", request(ron({"winner": 1, "from_seat": 0} | ONE_HAN, {"winner": 1, "from_seat": 0} | ONE_HAN)),
     "inconsistent_state", ["body", "hand", "wins"], "more than once"),
    ("tsumo-with-two-winners", request({"result": "tsumo", "wins": [{"winner": 1} | ONE_HAN, {"winner": 2} | ONE_HAN]}),
     "inconsistent_state", ["body", "hand", "wins"], "exactly one winner"),
    ("tsumo-with-a-discarder", request({"result": "tsumo", "wins": [{"winner": 1, "from_seat": 0} | ONE_HAN]}),
     "inconsistent_state", ["body", "hand", "wins", 0, "from_seat"], "no discarder"),
    ("atamahane-with-two-winners",
     request(ron({"winner": 1, "from_seat": 0} | ONE_HAN, {"winner": 2, "from_seat": 0} | ONE_HAN), {"preset": "wrc"},
             scores=[30000] * 4),
     "inconsistent_state", ["body", "hand", "wins"], "atamahane"),
    ("tenpai-at-a-win", request(ron({"winner": 1, "from_seat": 0} | ONE_HAN, tenpai=[1])), "inconsistent_state",
     ["body", "hand", "tenpai"], "only with draw"),
    ("nagashi-at-a-ron", request(ron({"winner": 1, "from_seat": 0} | ONE_HAN, nagashi=[2])), "inconsistent_state",
     ["body", "hand", "nagashi"], "only with draw"),
    ("wins-at-a-draw", request({"result": "draw", "wins": [{"winner": 1} | ONE_HAN]}), "inconsistent_state",
     ["body", "hand", "wins"], "only with ron and tsumo"),
    ("abortive-kind-at-a-draw", request({"result": "draw", "abortive": "suukaikan"}), "inconsistent_state",
     ["body", "hand", "abortive"], "only with abortive_draw"),
    ("nagashi-where-the-rules-have-none", request({"result": "draw", "nagashi": [1]}, {"preset": "mleague"}),
     "inconsistent_state", ["body", "hand", "nagashi"], "nagashi_mangan is false"),
    ("abortive-draw-without-kind", request({"result": "abortive_draw"}), "inconsistent_state",
     ["body", "hand", "abortive"], "kyuushu_kyuuhai"),
    ("abortive-draw-the-rules-do-not-play", request({"result": "abortive_draw", "abortive": "kyuushu_kyuuhai"},
                                                    {"preset": "ema"}, scores=[30000] * 4),
     "inconsistent_state", ["body", "hand", "abortive"], "abortive_draws: none"),
    ("suucha-riichi-without-four-riichi", request({"result": "abortive_draw", "abortive": "suucha_riichi", "riichi": [0]}),
     "inconsistent_state", ["body", "hand", "riichi"], "all 4 seats"),
    ("suufon-renda-with-three-players",
     request({"result": "abortive_draw", "abortive": "suufon_renda"},
             {"preset": "tenhou_sanma", "abortive_draws": ["suufon_renda"]}, scores=[35000] * 3),
     "inconsistent_state", ["body", "hand", "abortive"], "needs four players"),
    ("chombo-without-offender", request({"result": "chombo"}), "inconsistent_state", ["body", "hand", "chombo"],
     "offending seat"),
    ("riichi-without-1000-points", request({"result": "draw", "riichi": [3]}, scores=[35000, 35000, 29200, 800]),
     "inconsistent_state", ["body", "hand", "riichi", 0], "800 points"),
    ("riichi-seat-twice", request({"result": "draw", "riichi": [2, 2]}), "inconsistent_state",
     ["body", "hand", "riichi"], "more than once"),
    ("no-value", request(ron({"winner": 1, "from_seat": 0})), "inconsistent_state", ["body", "hand", "wins", 0],
     "one way"),
    ("two-values", request(ron({"winner": 1, "from_seat": 0, "yakuman": 1} | ONE_HAN)), "inconsistent_state",
     ["body", "hand", "wins", 0], "got 2"),
    ("fu-missing-below-5-han", request(ron({"winner": 1, "from_seat": 0, "han": 3})), "inconsistent_state",
     ["body", "hand", "wins", 0, "fu"], "3 han needs its fu"),
    ("fu-that-no-hand-has", request(ron({"winner": 1, "from_seat": 0, "han": 2, "fu": 35})), "inconsistent_state",
     ["body", "hand", "wins", 0, "fu"], "no hand has 35 fu"),
    ("fu-without-han", request(ron({"winner": 1, "from_seat": 0, "fu": 30})), "value_error",
     ["body", "hand", "wins", 0], "fu goes with han"),
    ("pao-with-han", request(ron({"winner": 1, "from_seat": 0, "pao_seat": 2, "han": 13})), "inconsistent_state",
     ["body", "hand", "wins", 0, "pao_seat"], "pao applies to yakuman"),
    ("pao-by-the-winner", request(ron({"winner": 1, "from_seat": 0, "pao_seat": 1, "yakuman": 1})),
     "inconsistent_state", ["body", "hand", "wins", 0, "pao_seat"], "another seat"),
    ("pao-for-more-yakuman-than-the-hand", request(ron({"winner": 1, "from_seat": 0, "pao_seat": 2, "yakuman": 1,
                                                        "pao_yakuman": 2})),
     "inconsistent_state", ["body", "hand", "wins", 0, "pao_yakuman"], "at most its count"),
    ("pao-yakuman-without-pao-seat", request(ron({"winner": 1, "from_seat": 0, "yakuman": 2, "pao_yakuman": 1})),
     "inconsistent_state", ["body", "hand", "wins", 0, "pao_yakuman"], "needs pao_seat"),
    ("seat-wind-disagrees", request(ron({"winner": 0, "from_seat": 2, **TILES, "context": {"seat_wind": "south"}},
                                        riichi=[0])),
     "inconsistent_state", ["body", "hand", "wins", 0, "context", "seat_wind"], "seat 0 sits east in East 1"),
    ("discarder-wind-disagrees", request(ron({"winner": 0, "from_seat": 2, **TILES,
                                              "context": {"discarder_seat_wind": "north"}}, riichi=[0])),
     "inconsistent_state", ["body", "hand", "wins", 0, "context", "discarder_seat_wind"], "seat 2 sits west"),
    ("win-kind-disagrees", request(ron({"winner": 0, "from_seat": 2, **TILES, "context": {"win": "tsumo"}},
                                       riichi=[0])),
     "inconsistent_state", ["body", "hand", "wins", 0, "context", "win"], "makes it ron"),
    ("round-wind-disagrees", request(ron({"winner": 0, "from_seat": 2, **TILES, "context": {"round_wind": "south"}},
                                         riichi=[0])),
     "inconsistent_state", ["body", "hand", "wins", 0, "context", "round_wind"], "played in East 1"),
    ("honba-disagrees", request(ron({"winner": 0, "from_seat": 2, **TILES, "context": {"honba": 2}}, riichi=[0]),
                                honba=1),
     "inconsistent_state", ["body", "hand", "wins", 0, "context", "honba"], "this hand's is 1"),
    ("sticks-disagree", request(ron({"winner": 0, "from_seat": 2, **TILES, "context": {"riichi_sticks": 1}},
                                    riichi=[0]), riichi_sticks=1),
     "inconsistent_state", ["body", "hand", "wins", 0, "context", "riichi_sticks"], "this hand's is 2"),
    ("riichi-flag-without-riichi-seat", request(ron({"winner": 0, "from_seat": 2, **TILES,
                                                     "context": {"riichi": True}})),
     "inconsistent_state", ["body", "hand", "wins", 0, "context", "riichi"], "does not list seat 0"),
    ("no-riichi-flag-for-a-riichi-seat", request(ron({"winner": 0, "from_seat": 2, **TILES,
                                                      "context": {"riichi": False}}, riichi=[0])),
     "inconsistent_state", ["body", "hand", "wins", 0, "context", "riichi"], "says no riichi"),
    ("nagashi-as-a-win", request(ron({"winner": 0, "from_seat": 2, "context": {"nagashi_mangan": True}})),
     "inconsistent_state", ["body", "hand", "wins", 0, "context", "nagashi_mangan"], "hand.nagashi"),
    ("tiles-without-a-yaku", request(ron({"winner": 0, "from_seat": 2, "hand": {"tiles": "123567m456p22678s",
                                                                                "win_tile": "7s"}})), "no_yaku",
     ["body", "hand", "wins", 0, "hand"], "no yaku"),
    ("tiles-that-do-not-win", request(ron({"winner": 0, "from_seat": 2, "hand": {"tiles": "234567m456p22679s",
                                                                                 "win_tile": "9s"}})),
     "not_a_winning_hand", ["body", "hand", "wins", 0, "hand", "tiles"], "complete hand"),
    ("north-seat-in-three-players", request(ron({"winner": 1, "from_seat": 3} | ONE_HAN), {"preset": "tenhou_sanma"},
                                            scores=[35000] * 3),
     "inconsistent_state", ["body", "hand", "wins", 0, "from_seat"], "seats are 0-2"),
    ("after-tobi", request({"result": "draw"}, scores=[60000, -1000, 21000, 20000]), "inconsistent_state",
     ["body", "state", "scores"], "already over"),
    ("west-round-in-wrc", request({"result": "draw"}, {"preset": "wrc"}, round_wind="west", scores=[30000] * 4),
     "inconsistent_state", ["body", "state", "round_wind"], "never played"),
    ("unknown-hand-option", request({"result": "draw"}, {"preset": "tenhou", "kuitan": True}), "extra_forbidden",
     ["body", "rules", "kuitan"], "not permitted"),
    ("unknown-result", request({"result": "win"}), "enum", ["body", "hand", "result"], "chombo"),
]


@pytest.mark.parametrize(("body", "type_", "loc", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_rejected_with_type_loc_and_a_plain_message(body: dict[str, Any], type_: str, loc: list[Any],
                                                    words: str) -> None:
    response = client.post("/match/settle", json=body)
    assert response.status_code == 422, response.json()
    detail = response.json()["detail"]
    matching = [p for p in detail if p["loc"] == loc]
    assert matching, detail
    assert matching[0]["type"] == type_
    assert words in matching[0]["msg"], matching[0]["msg"]


def test_double_riichi_false_alone_keeps_the_accepted_riichi() -> None:
    """Found by the calculator page: a context sending every flag, double_riichi false among them, says nothing
    against hand.riichi; only an explicit riichi false does."""
    body = request(ron({"winner": 0, "from_seat": 2, **TILES, "context": {"double_riichi": False}}, riichi=[0]))
    answer = client.post("/match/settle", json=body).json()
    assert [y["id"] for y in answer["wins"][0]["score"]["yaku"]][:1] == ["riichi"], answer


def test_hand_options_and_match_options_go_in_one_rules_object() -> None:
    body = request(ron({"winner": 1, "from_seat": 0, "han": 4, "fu": 30}),
                   {"preset": "tenhou", "kiriage_mangan": True, "noten_payment": 1200})
    assert client.post("/match/settle", json=body).json()["deltas"] == [-8000, 8000, 0, 0]


def test_replay_places_a_problem_in_its_hand() -> None:
    body = {"hands": [{"result": "draw"}, {"result": "ron", "wins": [{"winner": 2, "from_seat": 2, "han": 1, "fu": 30}]}]}
    (problem,) = client.post("/match/replay", json=body).json()["detail"]
    assert problem["loc"] == ["body", "hands", 1, "wins", 0, "from_seat"]


def test_replay_rejects_a_hand_after_the_match_is_over() -> None:
    """A dealer yakuman off seat 1 (48,000) puts it below 0: tobi ends the match."""
    body = {"hands": [{"result": "ron", "wins": [{"winner": 0, "from_seat": 1, "yakuman": 1}]}, {"result": "draw"}]}
    response = client.post("/match/replay", json=body)
    assert response.status_code == 422
    (problem,) = response.json()["detail"]
    assert (problem["type"], problem["loc"]) == ("inconsistent_state", ["body", "hands", 1])
    assert "ended after hand 0 (tobi)" in problem["msg"]


def test_replay_takes_at_most_256_hands() -> None:
    response = client.post("/match/replay", json={"hands": [{"result": "abortive_draw", "abortive": "suukaikan"}] * 257})
    assert response.json()["detail"][0]["type"] == "too_long"
