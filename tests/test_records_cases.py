"""What the replay works out of real games (draws and aborts, double ron, pao, chankan, rinshan, kan dora, ura, three
players, the West round), and a small hand-made record for what no licensed record shows: a three-player
tenhou.net/6 game with a win on the tile drawn after a kita."""

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.records_helpers import FIXTURES, body


def verify(client: TestClient, path: str, **extra: Any) -> dict[str, Any]:
    answer = client.post("/records/verify", json=body(FIXTURES / path, **extra))
    assert answer.status_code == 200, answer.text
    return answer.json()


def wins(answer: dict[str, Any]) -> list[dict[str, Any]]:
    return [win for hand in answer["hands"] for win in hand["wins"]]


@pytest.mark.parametrize(("path", "kind"), [
    ("tenhou6/2019080322gm-00a9-0000-81e85e04.json", "kyuushu_kyuuhai"),
    ("mjlog/2020010121gm-00a9-0000-c8621d22.xml", "suucha_riichi"),
    ("tenhou6/pantheon_four_wind_draw.json", "suufon_renda"),
    ("mjlog/pantheon_four_kan_draw.xml", "suukaikan"),
    ("tenhou6/pantheon_triple_ron_draw.json", "sanchahou"),
])
def test_every_abortive_draw(client: TestClient, path: str, kind: str) -> None:
    answer = verify(client, path)
    assert answer["verified"]
    hands = [h for h in answer["hands"] if h["abortive"] == kind]
    assert hands and all(h["result"] == "abortive_draw" and h["wins"] == [] for h in hands)
    if kind == "suucha_riichi":  # the fourth riichi stands: all four sticks go on the table
        assert all(len(h["riichi"]) == 4 and h["deltas"] == [-1000] * 4 for h in hands)


def test_exhaustive_draws_find_the_tenpai_seats_from_the_hands(client: TestClient) -> None:
    answer = verify(client, "mjlog/2020010111gm-00a9-0000-7f7fa35e.xml")
    draws = [h for h in answer["hands"] if h["result"] == "draw"]
    assert any(len(h["tenpai"]) == 4 for h in draws)  # an all-tenpai draw: nobody pays
    for hand in draws:  # each tenpai seat paid by the others as the record says
        assert hand["recorded_deltas"] == [d + (1000 if seat in hand["riichi"] else 0) for seat, d in enumerate(hand["deltas"])]


def test_nagashi_mangan(client: TestClient) -> None:
    answer = verify(client, "mjlog/2020010123gm-00a9-0000-88d6cd8a.xml")
    (hand,) = [h for h in answer["hands"] if h["nagashi"]]
    assert answer["verified"] and hand["result"] == "draw" and len(hand["nagashi"]) == 1


def test_double_ron(client: TestClient) -> None:
    answer = verify(client, "tenhou6/pantheon_doubleron.json")
    (hand,) = [h for h in answer["hands"] if len(h["wins"]) == 2]
    assert len({w["from_seat"] for w in hand["wins"]}) == 1
    assert sorted(w["score"]["yakuman"][0]["id"] for w in hand["wins"]) == ["chinroutou", "kokushi_musou"]
    assert answer["verified"]


@pytest.mark.parametrize(("path", "win"), [("tenhou6/pantheon_pao_ron.json", "ron"),
                                           ("mjlog/2019103023gm-00a9-0000-f90e0fe9.xml", "tsumo")])
def test_pao(client: TestClient, path: str, win: str) -> None:
    answer = verify(client, path)
    (liable,) = [w for w in wins(answer) if w["pao_seat"] is not None]
    assert liable["context"]["win"] == win and liable["context"]["pao_seat_wind"] is not None
    assert "daisangen" in [y["id"] for y in liable["score"]["yakuman"]]
    assert answer["verified"]


def test_chankan(client: TestClient) -> None:
    answer = verify(client, "tenhou6/mjai-reviewer_double_kakan_then_chankan.json")
    (win,) = wins(answer)
    assert win["context"]["chankan"] and win["hand"]["win_tile"] == "2m"  # the second added kan is the one robbed
    assert {"id": "chankan", "name": "Chankan", "han": 1} in win["score"]["yaku"]
    assert answer["verified"]


@pytest.mark.parametrize("path", ["tenhou6/2019081518gm-00a9-0000-cce9d00c.json", "mjlog/2020010120gm-00b9-0000-6cc7aead.xml"])
def test_rinshan_after_a_kan(client: TestClient, path: str) -> None:
    answer = verify(client, path)
    rinshan = [w for w in wins(answer) if w["context"].get("rinshan")]
    assert rinshan and all(any(m["type"] in ("kan", "ankan", "shouminkan") for m in w["hand"]["melds"]) for w in rinshan)
    assert answer["verified"]


def test_rinshan_after_a_kita(client: TestClient) -> None:
    answer = verify(client, "mjlog/2020010123gm-00b9-0000-792964ac.xml")
    assert any(w["context"].get("rinshan") and w["context"].get("kita") for w in wins(answer))
    assert answer["verified"]


def test_kan_dora_and_ura_dora(client: TestClient) -> None:
    answer = verify(client, "mjlog/pantheon_four_kan_draw.xml")
    assert any(len(w["context"]["dora_indicators"]) > 1 for w in wins(answer))
    with_ura = [w for w in wins(answer) if w["context"]["ura_dora_indicators"]]
    assert with_ura and all(w["context"]["riichi"] or w["context"].get("double_riichi") for w in with_ura)
    assert answer["verified"]


def test_three_players_with_kita(client: TestClient) -> None:
    answer = verify(client, "mjlog/2020010121gm-00b9-0000-3e0c7a0b.xml")
    assert answer["players"] == 3 and answer["rules"]["preset"] == "tenhou_sanma"
    assert all(len(h["scores"]) == len(h["deltas"]) == 3 for h in answer["hands"])
    assert any(w["context"].get("kita") for w in wins(answer))
    assert any(h["round_wind"] == "west" for h in answer["hands"])
    assert answer["verified"]


def test_a_hanchan_into_the_west_round(client: TestClient) -> None:
    answer = verify(client, "mjlog/2020010121gm-00a9-0000-65c17c4b.xml")
    assert answer["hands"][-1]["round_wind"] == "west" and answer["game_over"] and answer["verified"]


def test_a_match_over_too_early_is_flagged(client: TestClient) -> None:
    """Under M.League rules (no West round, no tobi) a Tenhou game into the West round ends after South 4."""
    answer = verify(client, "mjlog/2020010121gm-00a9-0000-65c17c4b.xml", rules={"preset": "mleague"})
    ends = [m for m in answer["mismatches"] if m["field"] == "game_end"]
    assert ends and answer["hands"][ends[0]["hand"]]["round_wind"] == "south"


SANMA_KITA_RINSHAN = {
    "title": ["", ""], "name": ["A", "B", "C", ""], "rule": {"disp": "三般南喰赤", "aka": 1},
    "log": [[
        [0, 0, 0], [35000, 35000, 35000, 0], [37], [],
        [11, 11, 11, 19, 19, 19, 21, 22, 23, 24, 25, 26, 44], [27, 27], ["f44"],
        [21, 21, 22, 22, 23, 23, 24, 24, 25, 26, 26, 28, 29], [], [],
        [31, 31, 32, 32, 33, 33, 34, 34, 35, 36, 36, 41, 42], [], [],
        [], [], [],
        ["和了", [5200, -2600, -2600, 0], [0, 0, 0, "40符3飜2600点∀", "嶺上開花(1飜)", "門前清自摸和(1飜)", "ドラ(1飜)"]],
    ]],
}


def test_a_three_player_tenhou6_win_on_the_tile_after_a_kita(client: TestClient) -> None:
    """The dealer draws 7p, sets the North aside (f44) and wins on the replacement: rinshan, not tenhou; Tenhou counts
    the kita as a dora, and the two others pay 2600 each (the absent seat's share is lost)."""
    answer = client.post("/records/verify", json={"record": SANMA_KITA_RINSHAN}).json()
    assert answer["verified"], answer["mismatches"]
    (win,) = wins(answer)
    assert win["hand"] == {"tiles": "111999m12345677p", "melds": [], "win_tile": "7p"}
    assert win["context"]["kita"] == 1 and win["context"]["rinshan"] and "tenhou" not in win["context"]
    assert [(y["id"], y["han"]) for y in win["score"]["yaku"]] == [("menzen_tsumo", 1), ("rinshan", 1), ("kita", 1)]
    assert answer["hands"][0]["deltas"] == [5200, -2600, -2600]


def test_spellings_of_the_mahjong_soul_converters(client: TestClient) -> None:
    record = {**SANMA_KITA_RINSHAN, "log": [list(SANMA_KITA_RINSHAN["log"][0])]}
    record["log"][0][16] = ["和了", [5200, -2600, -2600, 0],
                            [0, 0, 0, "40符3飜2600点∀", "嶺上開花(1飜)", "門前清自摸和(1飜)", "抜きドラ(1飜)"]]
    assert client.post("/records/verify", json={"record": record}).json()["verified"]
