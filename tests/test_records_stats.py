"""POST /records/stats: players' figures from the replay that verifies, pinned on real games counted by hand.

The hand counts below were made from the mjlog's own tags (INIT, REACH step 1, N, AGARI who/fromWho/ten/sc,
RYUUKYOKU type/hai0-3, the D/E/F/G discards before each AGARI), not from the service: `sc` is each seat's score
and change in hundreds, and a win "takes" what its payers' changes add up to (value and honba; riichi deposits
and sticks are outside them).
"""

import dataclasses
import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.records.stats import PlayerStats, placement_order, seat_names
from app.schemas.settle import SettleRulesIn
from app.settings import Settings
from tests.records_helpers import FIXTURES, MJLOG, PAIRS, load, tenhou6


def stats(client: TestClient, records: list[Any], **extra: Any) -> dict[str, Any]:
    response = client.post("/records/stats", json={"records": records, **extra})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def mjlog(stem: str) -> str:
    return (FIXTURES / "mjlog" / f"{stem}.xml").read_text()


def rate(count: int, of: int) -> dict[str, int]:
    return {"count": count, "of": of}


def player(name: str, seats: int, hands: int, placements: list[int], *, win: tuple[int, int], tsumo: tuple[int, int],
           deal_in: tuple[int, int], riichi: tuple[int, int], call: tuple[int, int], dama: tuple[int, int],
           draw: tuple[int, int], tenpai_at_draw: tuple[int, int], average_win: float | None,
           average_deal_in: float | None, average_win_turn: float | None) -> dict[str, Any]:
    place = sum(i * n for i, n in enumerate(placements, 1)) / sum(placements)
    return {"name": name, "seats": seats, "games": sum(placements), "hands": hands, "placements": placements,
            "average_placement": place, "win": rate(*win), "tsumo": rate(*tsumo), "deal_in": rate(*deal_in),
            "riichi": rate(*riichi), "call": rate(*call), "dama": rate(*dama), "draw": rate(*draw),
            "tenpai_at_draw": rate(*tenpai_at_draw), "average_win": average_win, "average_deal_in": average_deal_in,
            "average_win_turn": average_win_turn}


# 2020010111gm-00a9-0000-7f7fa35e: a four-player Houou hanchan, 11 hands. Seats 0 検査員, 1 比嘉秀仁, 2 kaanyuyu,
# 3 まささ伊藤. Per hand: calls (chi/pon/open kan/added kan by seat), riichi declared, the end, each win's take and the
# winner's discards before it.
#  0 E1    opened 0          riichi 1      1 tsumo 12000 (after 16 discards)
#  1 E2    opened 1 2 3      riichi 0      exhaustive draw, all four tenpai (hai0-hai3)
#  2 E2-1  opened 2 3        riichi 1      exhaustive draw, 1 and 3 tenpai
#  3 E2-2  opened 0; seat 2's only meld is a CONCEALED kan   riichi 3
#                                          2 ron on 3: 6400 + 600 honba = 7000 (16 discards): seat 2 wins DAMA
#  4 E3    opened 0 2 3                    3 ron on 0: 3900 (10)
#  5 E4    KYUUSHU KYUUHAI: an abortive draw, not a draw
#  6 E4-1  opened 0 3                      0 tsumo 7900 + 300 = 8200 (12)
#  7 S1    opened 0 1 2 3                  2 ron on 1: 1000 (14)
#  8 S2    opened 0          riichi 3, and its DECLARATION TILE is won on by TWO seats (a double ron):
#                                          0 ron 2000 (13), 2 ron 6400 (14, dama); seat 3 deals in ONCE, paying 8400
#  9 S3    opened 2          riichi 3      3 tsumo 4000 (9)
# 10 S4    opened 3          DOUBLE RON on seat 0: 1 ron 2000 (15, dama), 2 ron 3900 (15, dama); 0 pays 5900
# Final (owari) 15900, 35400, 37700, 11000: 2 first, 1 second, 0 third, 3 fourth.
FOUR_PLAYER = [
    player("検査員", 4, 11, [0, 0, 1, 0], win=(2, 11), tsumo=(1, 2), deal_in=(2, 11), riichi=(1, 11), call=(6, 11),
           dama=(0, 2), draw=(2, 11), tenpai_at_draw=(1, 2), average_win=(8200 + 2000) / 2,
           average_deal_in=(3900 + 5900) / 2, average_win_turn=(13 + 14) / 2),
    player("比嘉秀仁", 4, 11, [0, 1, 0, 0], win=(2, 11), tsumo=(1, 2), deal_in=(1, 11), riichi=(2, 11), call=(2, 11),
           dama=(1, 2), draw=(2, 11), tenpai_at_draw=(2, 2), average_win=(12000 + 2000) / 2, average_deal_in=1000,
           average_win_turn=(17 + 16) / 2),
    player("kaanyuyu", 4, 11, [1, 0, 0, 0], win=(4, 11), tsumo=(0, 4), deal_in=(0, 11), riichi=(0, 11), call=(5, 11),
           dama=(3, 4), draw=(2, 11), tenpai_at_draw=(1, 2), average_win=(7000 + 1000 + 6400 + 3900) / 4,
           average_deal_in=None, average_win_turn=(17 + 15 + 15 + 16) / 4),
    player("まささ伊藤", 4, 11, [0, 0, 0, 1], win=(2, 11), tsumo=(1, 2), deal_in=(2, 11), riichi=(3, 11), call=(6, 11),
           dama=(0, 2), draw=(2, 11), tenpai_at_draw=(2, 2), average_win=(3900 + 4000) / 2,
           average_deal_in=(7000 + 8400) / 2, average_win_turn=(11 + 10) / 2),
]

# 2020010121gm-00b9-0000-3e0c7a0b: a three-player Houou hanchan, 13 hands, KITA in nearly every hand (never a call,
# never a discard). Seats 0 ヨッシー9zde, 1 樽なの壊さないで, 2 北小路:隆太. Honba: 200 a ron, 100 from each payer of a tsumo.
#  0 E1    riichi 2            exhaustive draw, 1 and 2 tenpai
#  1 E2-1  riichi 2; seat 2 makes a CONCEALED kan (not a call)   exhaustive draw, 2 tenpai
#  2 E3-2  riichi 0 1 2, and seat 2's DECLARATION TILE is won on by 0 and 1 (DOUBLE RON): 0 ron 8000 + 400 (10
#          discards), 1 ron 8000 (10: the honba go to the first winner); seat 2 deals in once, paying 16400
#  3 S1    opened 2 (pon, added kan)   riichi 0   0 tsumo 16000 (12)
#  4 S1-1  opened 2            riichi 0    0 tsumo 8000 + 200 (10)
#  5 S1-2  opened 0            riichi 2    0 ron on 1: 1500 + 400 (11)
#  6 S1-3  opened 1 2                      2 tsumo 1500 + 600 (9)
#  7 S2    riichi 1                        1 tsumo 4000 (2)
#  8 S2-1  opened 1                        1 ron on 0: 2900 + 200 (6)
#  9 S2-2  opened 0            riichi 2    2 ron on 1: 12000 + 400 (9)
# 10 S3    riichi 0 2                      2 ron on 0: 18000 (9)
# 11 S3-1  riichi 0 1                      1 ron on 0: 12000 + 200 (7)
# 12 W1    opened 0            riichi 1    1 ron on 0: 8000 (6)
# Final (owari) 23900, 43100, 38000: 1 first, 2 second, 0 third.
THREE_PLAYER = [
    player("ヨッシー9zde", 3, 13, [0, 0, 1], win=(4, 13), tsumo=(2, 4), deal_in=(4, 13), riichi=(5, 13), call=(3, 13),
           dama=(0, 4), draw=(2, 13), tenpai_at_draw=(0, 2), average_win=(8400 + 16000 + 8200 + 1900) / 4,
           average_deal_in=(3100 + 18000 + 12200 + 8000) / 4, average_win_turn=(11 + 13 + 11 + 12) / 4),
    player("樽なの壊さないで", 3, 13, [1, 0, 0], win=(5, 13), tsumo=(1, 5), deal_in=(2, 13), riichi=(4, 13), call=(2, 13),
           dama=(0, 5), draw=(2, 13), tenpai_at_draw=(1, 2), average_win=(8000 + 4000 + 3100 + 12200 + 8000) / 5,
           average_deal_in=(1900 + 12400) / 2, average_win_turn=(11 + 3 + 7 + 8 + 7) / 5),
    player("北小路:隆太", 3, 13, [0, 1, 0], win=(3, 13), tsumo=(1, 3), deal_in=(1, 13), riichi=(6, 13), call=(3, 13),
           dama=(0, 3), draw=(2, 13), tenpai_at_draw=(2, 2), average_win=round((2100 + 12400 + 18000) / 3, 2),
           average_deal_in=16400, average_win_turn=10),
]


@pytest.mark.parametrize(("stem", "expected"), [("2020010111gm-00a9-0000-7f7fa35e", FOUR_PLAYER),
                                                ("2020010121gm-00b9-0000-3e0c7a0b", THREE_PLAYER)])
def test_a_real_game_counted_by_hand(client: TestClient, stem: str, expected: list[dict[str, Any]]) -> None:
    answer = stats(client, [mjlog(stem)])
    assert answer == {"games": 1, "hands": expected[0]["hands"], "unverified": [], "players": expected}


# pantheon_pao_ron, hand 2: seat 1 wins a daisangen yakuman by ron on seat 2's discard, seat 3 liable (pao): 32000
# paid 16000 by seat 2 and 16000 by seat 3. Seat 3 did not discard: it has not dealt in. Seat 2 dealt in twice in
# the game (hand 2, its own share 16000; hand 7, 8000 to seat 0), seat 3 never.
def test_a_pao_seat_that_did_not_discard_has_not_dealt_in(client: TestClient) -> None:
    players = stats(client, [mjlog("pantheon_pao_ron")])["players"]
    assert [p["deal_in"] for p in players] == [rate(2, 8), rate(1, 8), rate(2, 8), rate(0, 8)]
    assert players[2]["average_deal_in"] == (16000 + 8000) / 2
    assert players[1]["average_win"] == round((32000 + 5200 + 8000) / 3, 2)  # the yakuman whole: 16000 from each


# 2020010123gm-00a9-0000-88d6cd8a, 16 hands: three exhaustive draws (tenpai: 0 1 2; 2 3; 2) and the last hand a
# nagashi mangan by seat 2 (RYUUKYOKU type="nm", hai1 hai3: 1 and 3 tenpai). Four draws for every seat.
def test_nagashi_mangan_is_a_draw_and_tenpai_is_counted_at_it(client: TestClient) -> None:
    players = stats(client, [mjlog("2020010123gm-00a9-0000-88d6cd8a")])["players"]
    assert [p["draw"] for p in players] == [rate(4, 16)] * 4
    assert [p["tenpai_at_draw"] for p in players] == [rate(1, 4), rate(2, 4), rate(3, 4), rate(2, 4)]


# Abortive draws: mjai-reviewer_kyushukyuhai (nine terminals), mjai-reviewer_four_reach (four riichi: each seat
# declared, none won); neither is a draw, and the four riichi are counted.
def test_abortive_draws_are_not_draws(client: TestClient) -> None:
    kyuushu = stats(client, [tenhou6("mjai-reviewer_kyushukyuhai")])["players"]
    assert [(p["draw"], p["win"], p["riichi"]) for p in kyuushu] == [(rate(0, 1), rate(0, 1), rate(0, 1))] * 4
    reach = stats(client, [tenhou6("mjai-reviewer_four_reach")])["players"]
    assert [(p["draw"], p["riichi"], p["tenpai_at_draw"]) for p in reach] == [(rate(0, 1), rate(1, 1), rate(0, 0))] * 4


def _without_names(answer: dict[str, Any]) -> dict[str, Any]:
    return {**answer, "players": [{**p, "name": None} for p in answer["players"]]}


@pytest.mark.parametrize("stem", PAIRS)
def test_a_games_mjlog_and_tenhou6_give_the_same_figures(client: TestClient, stem: str) -> None:
    from_mjlog = stats(client, [mjlog(stem)])
    from_tenhou6 = stats(client, [tenhou6(stem)])
    if stem.startswith("pantheon_"):  # Pantheon renamed the players differently in its two files
        from_mjlog, from_tenhou6 = _without_names(from_mjlog), _without_names(from_tenhou6)
    assert from_mjlog == from_tenhou6


# Published Houou-table averages (Tenhou's 鳳凰卓 statistics as tenhou.net and amae-koromo show them, four players):
# win about 21 %, deal-in about 12.5-13 %, riichi about 17 %, call about 34.5 %. Our 16 four-player Houou games (700
# player-hands) pool to 21.1, 11.1, 17.0, 38.1 (README, "Player statistics"). A sample this size has a standard error
# of some 1.2-1.8 points; the bands are 4-6 points either side: wide enough for the sample, narrow enough to catch a
# definition that counts twice or not at all (a double ron as two deal-ins, closed kans as calls).
HOUOU_FOUR = [p for p in MJLOG if re.search(r"-00(a9|e1)-", p.name)]
PUBLISHED = {"win": (21.0, 4.0), "deal_in": (12.75, 4.0), "riichi": (17.0, 4.0), "call": (34.5, 6.0)}


def test_pooled_houou_rates_sit_near_the_published_averages(client: TestClient) -> None:
    answer = stats(client, [load(p) for p in HOUOU_FOUR])
    assert answer["games"] == len(HOUOU_FOUR) == 16 and answer["unverified"] == []
    for figure, (published, band) in PUBLISHED.items():
        count = sum(p[figure]["count"] for p in answer["players"])
        of = sum(p[figure]["of"] for p in answer["players"])
        assert of == 700
        assert abs(100 * count / of - published) <= band, (figure, count, of)


# --- the request as a whole -------------------------------------------------------------------------------------


def test_games_add_up_by_player_and_three_and_four_player_games_are_apart(client: TestClient) -> None:
    four, three = mjlog("2020010111gm-00a9-0000-7f7fa35e"), mjlog("2020010121gm-00b9-0000-3e0c7a0b")
    renamed = re.sub(r'n0="[^"]*"', 'n0="kaanyuyu"', three)  # the four-player game's seat 2 plays the three-player game
    answer = stats(client, [four, renamed, four])
    assert (answer["games"], answer["hands"], answer["unverified"]) == (3, 11 + 13 + 11, [])
    entries = [(p["name"], p["seats"], p["games"], p["hands"]) for p in answer["players"]]
    assert entries == [("検査員", 4, 2, 22), ("比嘉秀仁", 4, 2, 22), ("kaanyuyu", 4, 2, 22), ("まささ伊藤", 4, 2, 22),
                       ("kaanyuyu", 3, 1, 13), ("樽なの壊さないで", 3, 1, 13), ("北小路:隆太", 3, 1, 13)]
    kaanyuyu = answer["players"][2]
    assert (kaanyuyu["win"], kaanyuyu["placements"], kaanyuyu["average_win"]) == (rate(8, 22), [2, 0, 0, 0], 4575)


def test_a_record_with_mismatches_still_counts_and_is_listed(client: TestClient) -> None:
    stem = "2019021004gm-00a9-0000-e2f6516d"
    tampered = tenhou6(stem)
    tampered["sc"][0] += 100  # the record's final score of seat 0 no longer adds up
    answer = stats(client, [tenhou6(stem), tampered])
    assert (answer["games"], answer["unverified"]) == (2, [1])
    assert all(p["games"] == 2 for p in answer["players"])


def test_seats_without_a_name_or_sharing_one_are_named_by_seat(client: TestClient) -> None:
    record = tenhou6("2019021004gm-00a9-0000-e2f6516d")
    record["name"] = ["A", "", "A", "B"]
    names = [p["name"] for p in stats(client, [record])["players"]]
    assert names == ["A (seat 0)", "seat 1", "A (seat 2)", "B"]
    assert seat_names((), 3) == ["seat 0", "seat 1", "seat 2"]


def test_ties_go_to_the_seat_nearer_the_first_dealer() -> None:
    assert placement_order([25000, 30000, 25000, 20000]) == [1, 0, 2, 3]
    assert placement_order([35000, 35000, 35000]) == [0, 1, 2]


def test_a_record_that_cannot_be_read_is_pointed_at_and_nothing_is_counted(client: TestClient) -> None:
    broken = tenhou6("mjai-reviewer_chankan")
    broken["log"][0][4][0] = 99
    response = client.post("/records/stats", json={"records": [tenhou6("mjai-reviewer_chankan"), broken]})
    assert response.status_code == 422
    (problem,) = response.json()["detail"]
    assert problem["type"] == "invalid_record" and problem["loc"] == ["body", "records", 1, "log", 0, 4, 0]
    assert problem["msg"].startswith("record 1: East 1: seat 0's starting hand: 99 is not a tile code")
    garbled = client.post("/records/stats", json={"records": ["<mjloggm ver=\"2.3\"><INIT"]}).json()["detail"]
    assert [(p["type"], p["loc"][:3]) for p in garbled] == [("invalid_record", ["body", "records", 0])]


@pytest.mark.parametrize(("records", "kind"), [([], "too_short"), ("x", "list_type"), ([{"log": []}] * 501, "too_long")])
def test_records_must_be_a_list_of_1_to_500(client: TestClient, records: Any, kind: str) -> None:
    response = client.post("/records/stats", json={"records": records})
    assert response.status_code == 422
    assert [(p["type"], p["loc"]) for p in response.json()["detail"]] == [(kind, ["body", "records"])]


def test_rules_given_apply_to_every_record(client: TestClient) -> None:
    record = tenhou6("2019021004gm-00a9-0000-e2f6516d")
    refused = client.post("/records/stats", json={"records": [record], "rules": {"preset": "tenhou_sanma"}})
    assert refused.status_code == 422
    assert refused.json()["detail"][0]["loc"] == ["body", "rules", "players"]
    assert refused.json()["detail"][0]["msg"].startswith("record 0: the record is a 4-player game")
    assert stats(client, [record], rules={"preset": "mleague"})["games"] == 1


def test_the_body_cap_is_its_own_setting() -> None:
    assert Settings().max_stats_body_bytes == 16 * 1024 * 1024
    assert Settings.from_env({"MAHJONG_MAX_STATS_BODY_BYTES": "4096"}).max_stats_body_bytes == 4096
    record = tenhou6("2019021004gm-00a9-0000-e2f6516d")
    small = TestClient(create_app(Settings(max_stats_body_bytes=4096, max_record_body_bytes=1 << 20)))
    assert small.post("/records/stats", json={"records": [record]}).status_code == 413
    assert small.post("/records/verify", json={"record": record}).status_code == 200
    big = json.dumps({"records": [record] * 160})  # some 1.1 MB: over the record cap, under the stats cap
    default = TestClient(create_app(Settings()))
    answer = default.post("/records/stats", content=big, headers={"Content-Type": "application/json"})
    assert answer.status_code == 200 and answer.json()["games"] == 160


def test_the_definitions_page_has_a_paragraph_for_every_figure() -> None:
    page = (FIXTURES.parent.parent.parent / "docs" / "stats.md").read_text(encoding="utf-8")
    paragraphs = [p for p in page.split("\n\n") if p.startswith("**")]
    named = {name for p in paragraphs for name in re.findall(r"^\*\*[^*]+\*\* \(`(\w+)`", p)}
    figures = {f.name for f in dataclasses.fields(PlayerStats)} - {"name", "seats", "games", "placements",
                                                                    "average_placement"}
    assert figures <= named | {"placements"}, figures - named
    assert "placements" in page and "average_placement" in page


def test_a_wait_only_on_a_tile_the_hand_holds_all_four_of_is_not_tenpai_at_a_draw() -> None:
    """Tenhou's rule for tenpai at an exhaustive draw (no fixture has such a hand at a draw, so it is pinned on the
    replay's own check): 1111m234p567p789s waits only on a fifth 1m, so it is noten; 1112m234p567p789s waits on 2m
    (111m and a single 2m) and 3m (a 1m pair and 12m), so it is tenpai."""
    from app.records.adapter import is_tenpai
    from app.records.model import Tile

    rules = SettleRulesIn.model_validate({"preset": "tenhou"}).to_core().hand

    def codes(man: list[int]) -> tuple[Tile, ...]:
        return (*(10 + n for n in man), 22, 23, 24, 25, 26, 27, 37, 38, 39)

    assert not is_tenpai(codes([1, 1, 1, 1]), (), rules)
    assert is_tenpai(codes([1, 1, 1, 2]), (), rules)
