"""POST /records/verify on real Tenhou games: every one verifies, the two formats of a game agree, and a single
change to a record is flagged at exactly its hand, seat and field."""

import json
import re

import pytest
from fastapi.testclient import TestClient

from app.schemas.rules import HandRulesModel
from scripts.readme_examples import README, mismatch
from tests.records_helpers import FIXTURES, KNOWN, MJLOG, PAIRS, TENHOU6, body, mismatch_places, tenhou6


@pytest.mark.parametrize("path", TENHOU6 + MJLOG, ids=lambda p: p.name)
def test_a_real_record_verifies(client: TestClient, path) -> None:
    response = client.post("/records/verify", json=body(path))
    assert response.status_code == 200, response.text
    answer = response.json()
    assert mismatch_places(answer) == KNOWN.get(path.stem, set()), answer["mismatches"]
    assert answer["verified"] is (path.stem not in KNOWN)
    assert answer["format"] == ("mjlog" if path.suffix == ".xml" else "tenhou6")
    if answer["final_scores"]["recorded"] is not None:
        assert answer["final_scores"]["computed"] == answer["final_scores"]["recorded"]
        assert answer["game_over"] is True


@pytest.mark.parametrize("name", PAIRS)
def test_the_same_game_read_from_xml_and_json_gives_the_same_answer(client: TestClient, name: str) -> None:
    xml = client.post("/records/verify", json=body(FIXTURES / "mjlog" / f"{name}.xml")).json()
    js = client.post("/records/verify", json=body(FIXTURES / "tenhou6" / f"{name}.json")).json()
    for field in ("players", "verified", "final_scores", "standings", "rules"):
        assert xml[field] == js[field], field
    assert len(xml["hands"]) == len(js["hands"])
    for a, b in zip(xml["hands"], js["hands"]):
        assert {k: v for k, v in a.items() if k != "wins"} == {k: v for k, v in b.items() if k != "wins"}
        assert [(w["hand"], w["context"], w["score"]) for w in a["wins"]] == [(w["hand"], w["context"], w["score"]) for w in b["wins"]]
    assert xml["replay"] == js["replay"]


def test_the_answer_carries_each_win_as_scored_and_as_recorded(client: TestClient) -> None:
    answer = client.post("/records/verify", json=body(FIXTURES / "tenhou6" / "2019021004gm-00a9-0000-e2f6516d.json")).json()
    assert answer["rules"] == {"preset": "tenhou", "aka_dora": True, "open_tanyao": True, "length": "hanchan"}
    first = answer["hands"][0]
    assert (first["round_wind"], first["round_number"], first["result"], first["riichi"]) == ("east", 1, "tsumo", [])
    (win,) = first["wins"]
    assert win["hand"] == {"tiles": "777m66z", "melds": [{"type": "pon", "tiles": "111z"}, {"type": "pon", "tiles": "555m"},
                                                          {"type": "pon", "tiles": "333z"}], "win_tile": "7m"}
    assert (win["winner"], win["from_seat"], win["context"]["seat_wind"], win["context"]["win"]) == (2, None, "west", "tsumo")
    assert win["recorded"]["points"] == win["score"]["points"]["total"] == 12000
    assert sorted(y["id"] for y in win["score"]["yaku"]) == ["honitsu", "toitoi", "yakuhai_round_wind", "yakuhai_seat_wind"]
    assert first["recorded_deltas"] == first["deltas"] == [-6000, -3000, 12000, -3000]
    second = answer["hands"][1]
    assert second["riichi"] == [1, 3]
    assert second["deltas"] == [-3000, -7000, -3000, 13000]  # the winner's riichi deposit is in its change here ...
    assert second["recorded_deltas"] == [-3000, -6000, -3000, 14000]  # ... and not in Tenhou's


# Games with every kind of hand end the replay writes: West round, pao ron, double ron, nagashi mangan, an abortive
# draw, a triple ron, three players (a Mahjong Soul mjai excerpt), a Mahjong Soul record.
REPLAYED = ["tenhou6/pantheon_west.json", "tenhou6/pantheon_pao_ron.json", "mjlog/pantheon_doubleron.xml",
            "tenhou6/pantheon_nagashi_mangan_riichi_bets_bug.json", "tenhou6/pantheon_four_wind_draw.json",
            "tenhou6/pantheon_triple_ron_draw.json", "mjai/riichienv_mjsoul_3p_double_ron_excerpt.jsonl",
            "majsoul/riichienv_corpus_validation.json"]


@pytest.mark.parametrize("name", REPLAYED)
def test_the_replay_it_gives_back_replays_the_game(client: TestClient, name: str) -> None:
    answer = client.post("/records/verify", json=body(FIXTURES / name)).json()
    assert answer["verified"] is True, answer["mismatches"]
    replayed = client.post("/match/replay", json=answer["replay"])
    assert replayed.status_code == 200, replayed.text
    assert replayed.json()["standings"] == answer["standings"]
    assert [h["deltas"] for h in replayed.json()["hands"]] == [h["deltas"] for h in answer["hands"]]
    assert answer["replay"]["rules"] == answer["rules"]
    assert list(answer["replay"]["state"]) == ["round_wind", "round_number", "honba", "riichi_sticks", "scores"]


def test_the_replay_writes_only_the_fields_that_apply(client: TestClient) -> None:
    """A seat that is none is left out; tenpai only at a draw, nagashi where someone made it, abortive where set."""
    hands = [hand for name in REPLAYED
             for hand in client.post("/records/verify", json=body(FIXTURES / name)).json()["replay"]["hands"]]
    for hand in hands:
        expected = ["result", "riichi", *(["wins"] if hand["result"] in ("ron", "tsumo") else []),
                    *(["tenpai"] if hand["result"] == "draw" else []), *(["nagashi"] if hand.get("nagashi") else []),
                    *(["abortive"] if hand["result"] == "abortive_draw" else [])]
        assert list(hand) == expected, hand
        for win in hand.get("wins", []):
            seats = ["from_seat"] * (hand["result"] == "ron") + ["pao_seat"] * ("pao_seat" in win)
            assert list(win) == ["winner", *seats, "hand", "context"], win
    kinds = {hand["result"] for hand in hands}
    assert kinds == {"ron", "tsumo", "draw", "abortive_draw"}
    assert any(hand.get("nagashi") for hand in hands)
    assert any(win.get("pao_seat") is not None for hand in hands for win in hand.get("wins", []))


def test_another_preset_gives_that_presets_result(client: TestClient) -> None:
    path = FIXTURES / "tenhou6" / "2019021004gm-00a9-0000-e2f6516d.json"
    tenhou = client.post("/records/verify", json=body(path)).json()
    soul = client.post("/records/verify", json=body(path, rules={"preset": "mahjong_soul"})).json()
    assert soul["rules"] == {"preset": "mahjong_soul"}
    # The same hands and points; Mahjong Soul's uma (+15/+5/-5/-15, no oka) instead of Tenhou's (+20/+10/-10/-20, oka
    # 20: the record's own results are 58, 21, -33, -46, Tenhou rounding to whole points).
    assert soul["final_scores"] == tenhou["final_scores"]
    assert [(s["seat"], s["score"]) for s in tenhou["standings"]] == [(3, 57.8), (2, 20.7), (1, -32.9), (0, -45.6)]
    assert [(s["seat"], s["score"]) for s in soul["standings"]] == [(3, 37.8), (2, 20.7), (1, -22.9), (0, -35.6)]
    replayed = client.post("/match/replay", json={**tenhou["replay"], "rules": {"preset": "mahjong_soul"}}).json()
    assert replayed["standings"] == soul["standings"]


def test_options_alone_are_laid_over_the_records_rules(client: TestClient) -> None:
    path = FIXTURES / "tenhou6" / "2019021004gm-00a9-0000-e2f6516d.json"
    answer = client.post("/records/verify", json=body(path, rules={"aka_dora": False})).json()
    assert answer["rules"] == {"preset": "tenhou", "aka_dora": False, "open_tanyao": True, "length": "hanchan"}
    # Without red fives the wins that counted them are worth less: flagged at those hands, never elsewhere.
    assert answer["verified"] is False
    aka_hands = {h["index"] for h in answer["hands"] for w in h["wins"] if any(y["id"] == "aka_dora" for y in w["recorded"]["yaku"])}
    assert {m["hand"] for m in answer["mismatches"] if m["field"] == "yaku"} == aka_hands


def test_three_player_records_need_three_player_rules(client: TestClient) -> None:
    path = FIXTURES / "mjlog" / "2020010113gm-00b9-0000-cdec84d7.xml"
    assert client.post("/records/verify", json=body(path)).json()["rules"]["preset"] == "tenhou_sanma"
    response = client.post("/records/verify", json=body(path, rules={"preset": "tenhou"}))
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["body", "rules", "players"]


# Tampering: each change lands on exactly its hand, seat and field.

def _first_win_with_fu(record: dict) -> tuple[int, int]:
    """The hand and place in its result of the first win written with fu and han (below mangan)."""
    for index, hand in enumerate(record["log"]):
        result = hand[16]
        if result[0] == "和了":
            for place in range(2, len(result), 2):
                if "符" in result[place][3]:
                    return index, place
    raise AssertionError("no win below mangan")


GAME = "2019080322gm-00a9-0000-81e85e04"


@pytest.mark.parametrize(("change", "field"), [
    (lambda value: value.replace("点", "0点", 1), "points"),  # 2000点 -> 20000点
    (lambda value: re.sub(r"(\d+)飜", lambda m: f"{int(m[1]) + 1}飜", value), "han"),
    (lambda value: re.sub(r"(\d+)符", lambda m: f"{int(m[1]) + 10}符", value), "fu"),
])
def test_a_changed_value_is_flagged_at_its_hand_and_field(client: TestClient, change, field: str) -> None:
    record = tenhou6(GAME)
    index, place = _first_win_with_fu(record)
    details = record["log"][index][16][place]
    details[3] = change(details[3])
    answer = client.post("/records/verify", json={"record": record}).json()
    assert mismatch_places(answer) == {(index, details[0], field)}, answer["mismatches"]


def test_a_changed_yaku_is_flagged_at_its_hand(client: TestClient) -> None:
    record = tenhou6(GAME)
    index, place = _first_win_with_fu(record)
    details = record["log"][index][16][place]
    details[4] = "一発(" + details[4].split("(")[1]  # another yaku of the same han: the value stays
    answer = client.post("/records/verify", json={"record": record}).json()
    assert mismatch_places(answer) == {(index, details[0], "yaku")}, answer["mismatches"]
    (mismatch,) = answer["mismatches"]
    assert {"id": "ippatsu", "han": 1} in mismatch["recorded"] and {"id": "ippatsu", "han": 1} not in mismatch["computed"]


def test_a_changed_score_change_is_flagged_at_its_hand_and_seats(client: TestClient) -> None:
    record = tenhou6(GAME)
    index, place = _first_win_with_fu(record)
    deltas = record["log"][index][16][place - 1]
    loser = next(seat for seat, d in enumerate(deltas) if d < 0)
    deltas[loser] -= 100
    answer = client.post("/records/verify", json={"record": record}).json()
    assert mismatch_places(answer) == {(index, loser, "deltas")}, answer["mismatches"]


def test_changed_starting_scores_are_flagged_where_they_stop_adding_up(client: TestClient) -> None:
    record = tenhou6(GAME)
    record["log"][3][1][2] += 1000
    answer = client.post("/records/verify", json={"record": record}).json()
    # Hand 3 starts from what hand 2 did not leave, and hand 4 from what hand 3 cannot leave.
    assert mismatch_places(answer) == {(3, 2, "scores"), (4, 2, "scores")}, answer["mismatches"]


def test_changed_final_scores_are_flagged_for_the_whole_game(client: TestClient) -> None:
    record = tenhou6(GAME)
    record["sc"][0] += 500
    answer = client.post("/records/verify", json={"record": record}).json()
    assert mismatch_places(answer) == {(None, 0, "final_scores")}, answer["mismatches"]


def test_a_changed_mjlog_value_is_flagged_too(client: TestClient) -> None:
    text = (FIXTURES / "mjlog" / f"{GAME}.xml").read_text()
    start = text.index("<AGARI")
    ten = text.index('ten="', start) + len('ten="')
    fu, points, limit = text[ten: text.index('"', ten)].split(",")
    changed = text[:ten] + f"{fu},{int(points) + 100},{limit}" + text[text.index('"', ten):]
    hand = text[:start].count("<INIT") - 1
    answer = client.post("/records/verify", json={"record": changed}).json()
    assert {(m["hand"], m["field"]) for m in answer["mismatches"]} == {(hand, "points")}, answer["mismatches"]


def test_the_readmes_hand_is_the_answers(client: TestClient) -> None:
    """The README shows East 2 of its example game as the answer gives it."""
    text = README.read_text(encoding="utf-8")
    start = text.index('```json\n{"index": 1,') + len("```json\n")
    shown = json.loads(text[start: text.index("```", start)])
    del shown["wins"][0]["score"]["..."]
    answer = client.post("/records/verify", content=(README.parent / "docs/examples/records-verify.json").read_bytes(),
                         headers={"Content-Type": "application/json"}).json()
    assert mismatch(shown, answer["hands"][1]) is None


@pytest.mark.parametrize("name", ["tenhou6/pantheon_pao_ron.json", "mjai/riichienv_mjsoul_3p_double_ron_excerpt.jsonl"])
def test_each_win_scores_as_post_hand_score_scores_its_hand_and_context(client: TestClient, name: str) -> None:
    """A win's `hand` and `context` are a POST /hand/score request (under the answer's hand rules) whose answer is the
    win's `score`."""
    answer = client.post("/records/verify", json=body(FIXTURES / name)).json()
    hand_rules = {k: v for k, v in answer["rules"].items() if k in HandRulesModel.model_fields}
    wins = [win for hand in answer["hands"] for win in hand["wins"]]
    assert wins
    for win in wins:
        scored = client.post("/hand/score", json={"hand": win["hand"], "context": win["context"], "rules": hand_rules})
        assert scored.status_code == 200, scored.text
        assert scored.json() == win["score"]
