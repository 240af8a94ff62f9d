"""Real Tenhou games that /records/verify once got wrong, each pinned in both formats (the mjlog as Tenhou wrote it,
the tenhou.net/6 JSON converted from it by scripts/mjlog_to_tenhou6.py: see tests/fixtures/records/SOURCES.md)."""

import copy
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.records_helpers import FIXTURES, body, tenhou6

RINSHAN_AFTER_OPEN_KAN = "2020010114gm-00a9-0000-d589e878"  # South 3: seat 2's open kan of 2m, then tsumo on its replacement
RON_ON_KITA = "2020010118gm-00b9-0000-fec27b29"  # East 3: the dealer's kita, ronned by seat 0 in its ippatsu turn
RON_AFTER_KITA = "2020010115gm-00b9-0000-e420b95a"  # South 3: seat 2's kita stands, then seat 0 rons seat 2's discard
FORMATS = ("mjlog", "tenhou6")


def verify(client: TestClient, name: str, fmt: str) -> dict[str, Any]:
    path = FIXTURES / fmt / f"{name}.{'xml' if fmt == 'mjlog' else 'json'}"
    response = client.post("/records/verify", json=body(path))
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    assert answer["verified"] is True, answer["mismatches"]
    return answer


def yaku_ids(win: dict[str, Any]) -> list[str]:
    return [y["id"] for y in win["score"]["yaku"]]


def test_tenhou_leaves_out_the_open_kans_0_when_the_hand_ends_on_its_replacement() -> None:
    hand = tenhou6(RINSHAN_AFTER_OPEN_KAN)["log"][9]
    draws, discards = hand[5 + 3 * 2], hand[6 + 3 * 2]
    assert draws[-2:] == ["m12121212", 27] and discards[-1] != 0 and len(discards) == len(draws) - 2


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_rinshan_win_on_an_open_kans_replacement_verifies(client: TestClient, fmt: str) -> None:
    answer = verify(client, RINSHAN_AFTER_OPEN_KAN, fmt)
    hand = answer["hands"][9]
    assert (hand["round_wind"], hand["round_number"], hand["result"]) == ("south", 3, "tsumo")
    (win,) = hand["wins"]
    assert win["winner"] == 2 and win["hand"]["melds"][-1] == {"type": "kan", "tiles": "2222m"}
    assert yaku_ids(win) == ["rinshan", "yakuhai_round_wind", "dora", "aka_dora"]
    assert (win["score"]["limit"], win["score"]["points"]["total"]) == ("mangan", 12000)


def test_an_open_kans_0_is_still_required_when_a_discard_follows(client: TestClient) -> None:
    record = tenhou6("pantheon_four_kan_draw")
    index, seat, place = next((i, seat, discards.index(0)) for i, hand in enumerate(record["log"])
                              for seat in range(4) if 0 in (discards := hand[6 + 3 * seat])[:-1])
    broken = copy.deepcopy(record)
    del broken["log"][index][6 + 3 * seat][place]
    response = client.post("/records/verify", json={"record": broken})
    assert response.status_code == 422
    assert f"seat {seat}'s open kan leaves a 0 in its discards" in response.json()["detail"][0]["msg"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_ron_on_a_kita_keeps_ippatsu(client: TestClient, fmt: str) -> None:
    hand = verify(client, RON_ON_KITA, fmt)["hands"][2]
    assert (hand["round_wind"], hand["round_number"], hand["result"], hand["riichi"]) == ("east", 3, "ron", [0])
    (win,) = hand["wins"]
    assert (win["winner"], win["from_seat"], win["context"]["ippatsu"]) == (0, 2, True)
    assert yaku_ids(win) == ["riichi", "ippatsu", "chiitoitsu", "kita"]
    assert (win["score"]["han"], win["score"]["points"]["ron"]) == (5, 8000)
    assert hand["deltas"] == [8000, 0, -8000]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_kita_that_stands_ends_ippatsu(client: TestClient, fmt: str) -> None:
    hand = verify(client, RON_AFTER_KITA, fmt)["hands"][10]
    assert (hand["round_wind"], hand["round_number"], hand["result"], hand["riichi"]) == ("south", 3, "ron", [0])
    (win,) = hand["wins"]
    assert (win["winner"], win["from_seat"], win["context"]["riichi"]) == (0, 2, True) and "ippatsu" not in win["context"]
    assert "ippatsu" not in yaku_ids(win)
    assert (win["score"]["han"], win["score"]["fu"], win["score"]["points"]["ron"]) == (4, 40, 8000)  # riichi, two winds, dora
