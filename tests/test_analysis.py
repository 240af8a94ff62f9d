"""POST /hand/analyze: hand-checked analyses (values worked out by hand in the comments), errors, the batch form.

Every 200 answer is also validated against the response model, so the OpenAPI document describes it."""

from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.schemas.analyze import MAX_ANALYZE_BATCH, HandAnalyzeBatchResponse, HandAnalyzeResponse


def analyze(client: TestClient, tiles: str, melds: tuple[tuple[str, str], ...] = (), rules: dict[str, Any] | None = None,
            **context: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"hand": {"tiles": tiles, "melds": [{"type": t, "tiles": m} for t, m in melds]},
                            "context": context}
    if rules:
        body["rules"] = rules
    response = client.post("/hand/analyze", json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    HandAnalyzeResponse.model_validate(answer)
    return answer


def rejected(client: TestClient, body: dict[str, Any]) -> list[dict[str, Any]]:
    response = client.post("/hand/analyze", json=body)
    assert response.status_code == 422, response.text
    detail: list[dict[str, Any]] = response.json()["detail"]
    return detail


def wait_tiles(answer: dict[str, Any]) -> list[str]:
    return [w["tile"] for w in answer["waits"]]


def brief(value: dict[str, Any] | None) -> tuple[int, int, list[str], list[str], int] | None:
    """han, fu, yaku, yakuman, total."""
    if value is None:
        return None
    return value["han"], value["fu"], value["yaku"], value["yakuman"], value["points"]["total"]


def test_nobetan_pays_only_by_tsumo(client: TestClient) -> None:
    # 2345m: a tanki on 2m or 5m (no pinfu, no tanyao with 123p and 789s): ron has no yaku; tsumo is menzen
    # tsumo 1 han, 20 + 2 (tsumo) + 2 (tanki) = 24 -> 30 fu: a non-dealer's 300/500 = 1100.
    answer = analyze(client, "2345m123456p789s", seat_wind="south")
    assert answer["shanten"] == 0
    assert answer["shanten_by_form"] == {"standard": 0, "chiitoitsu": 6, "kokushi": 11}
    assert [(w["tile"], w["remaining"], w["furiten"], brief(w["ron"]), brief(w["tsumo"])) for w in answer["waits"]] == [
        ("2m", 3, False, None, (1, 30, ["menzen_tsumo"], [], 1100)),
        ("5m", 3, False, None, (1, 30, ["menzen_tsumo"], [], 1100)),
    ]
    assert answer["ukeire"] == 6
    assert "improving_tiles" not in answer and "discards_analysis" not in answer


def test_sanmenchan_with_riichi(client: TestClient) -> None:
    # 23456m waits 1m 4m 7m, each ryanmen with a plain pair (55p): riichi pinfu ron 2 han 30 fu = 2000;
    # tsumo riichi menzen_tsumo pinfu 3 han 20 fu = 700/1300 = 2700. 4m: one is held, so 3 left.
    answer = analyze(client, "23456m12355p789s", seat_wind="south", riichi=True)
    ron, tsumo = (2, 30, ["riichi", "pinfu"], [], 2000), (3, 20, ["riichi", "menzen_tsumo", "pinfu"], [], 2700)
    assert [(w["tile"], w["remaining"], brief(w["ron"]), brief(w["tsumo"])) for w in answer["waits"]] == [
        ("1m", 4, ron, tsumo), ("4m", 3, ron, tsumo), ("7m", 4, ron, tsumo)]
    assert answer["waits"][0]["tsumo"]["points"] == {"ron": None, "tsumo_dealer": 1300, "tsumo_non_dealer": 700,
                                                     "honba_bonus": 0, "riichi_sticks_bonus": 0, "total": 2700}


def test_nine_sided_chuuren(client: TestClient) -> None:
    answer = analyze(client, "1112345678999m", seat_wind="south")
    assert wait_tiles(answer) == [f"{n}m" for n in range(1, 10)]
    assert [w["remaining"] for w in answer["waits"]] == [1, 3, 3, 3, 3, 3, 3, 3, 1]
    for w in answer["waits"]:
        for value in (w["ron"], w["tsumo"]):
            assert value["yakuman"] == ["junsei_chuuren_poutou"] and value["limit"] == "yakuman"
            assert value["points"]["total"] == 32000  # a non-dealer's yakuman (double_yakuman off in tenhou)
    doubled = analyze(client, "1112345678999m", rules={"preset": "tenhou", "double_yakuman": True}, seat_wind="south")
    assert doubled["waits"][0]["ron"]["points"]["total"] == 64000


def test_thirteen_sided_kokushi(client: TestClient) -> None:
    answer = analyze(client, "19m19p19s1234567z")
    assert answer["shanten_by_form"] == {"standard": 8, "chiitoitsu": 6, "kokushi": 0}
    assert wait_tiles(answer) == ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    assert {w["remaining"] for w in answer["waits"]} == {3}
    assert {tuple(w["ron"]["yakuman"]) for w in answer["waits"]} == {("kokushi_musou_13",)}
    assert answer["waits"][0]["ron"]["points"]["total"] == 48000  # the dealer's yakuman


def test_furiten_by_own_discard(client: TestClient) -> None:
    # 45s waits 3s 6s; 6s was discarded: every wait is furiten, ron still valued, 6s has 3 left.
    answer = analyze(client, "123m456p789s11z45s", seat_wind="south", riichi=True, discards="6s")
    assert [(w["tile"], w["remaining"], w["furiten"]) for w in answer["waits"]] == [("3s", 4, True), ("6s", 3, True)]
    # ron: 20 + 10 (closed ron) + 2 (the round's East pair) = 32 -> 40 fu, riichi 1 han: 1300
    assert brief(answer["waits"][0]["ron"]) == (1, 40, ["riichi"], [], 1300)


def test_a_wait_whose_copies_are_all_visible(client: TestClient) -> None:
    answer = analyze(client, "123m456p789s11z45s", seat_wind="south", visible="3s3s3s", dora_indicators=["3s"])
    assert [(w["tile"], w["remaining"]) for w in answer["waits"]] == [("3s", 0), ("6s", 4)]
    # still valued: menzen tsumo and the dora 4s, 2 han 30 fu = 500/1000
    assert brief(answer["waits"][0]["tsumo"]) == (2, 30, ["menzen_tsumo", "dora"], [], 2000)
    assert answer["ukeire"] == 4


def test_chiitoitsu_needs_seven_different_pairs(client: TestClient) -> None:
    # 1111m is one pair for chiitoitsu: 5 pairs, 6 kinds: 6 - 5 + 1 = 2.
    answer = analyze(client, "1111m33p55p77s11z2z")
    assert answer["shanten_by_form"] == {"standard": 2, "chiitoitsu": 2, "kokushi": 9}
    assert "waits" not in answer and "1m" not in [t["tile"] for t in answer["improving_tiles"]]
    tenpai = analyze(client, "1133m5577p2s4466z")
    assert tenpai["shanten_by_form"]["chiitoitsu"] == 0 and wait_tiles(tenpai) == ["2s"]
    assert brief(tenpai["waits"][0]["ron"]) == (2, 25, ["chiitoitsu"], [], 2400) and tenpai["waits"][0]["remaining"] == 3


def test_melded_hand(client: TestClient) -> None:
    # 2345678m with pon 777z and chi 345p: waits 2m 5m 8m; chun 1 han, 30 fu either way (the dealer: 1500).
    answer = analyze(client, "2345678m", (("pon", "777z"), ("chi", "345p")))
    assert answer["shanten_by_form"] == {"standard": 0, "chiitoitsu": None, "kokushi": None}
    assert [(w["tile"], w["remaining"], brief(w["ron"]), brief(w["tsumo"])) for w in answer["waits"]] == [
        (t, 3, (1, 30, ["yakuhai_chun"], [], 1500), (1, 30, ["yakuhai_chun"], [], 1500)) for t in ("2m", "5m", "8m")]


def test_a_fifth_copy_is_no_wait(client: TestClient) -> None:
    # 34m with an ankan of 5m: only 2m completes it (5m would be a fifth copy); 40 fu with the ankan's 16.
    answer = analyze(client, "34m456p789s11z", (("ankan", "5555m"),), seat_wind="south")
    assert wait_tiles(answer) == ["2m"] and brief(answer["waits"][0]["tsumo"]) == (1, 40, ["menzen_tsumo"], [], 1500)
    # 1111z can only wait on a fifth East: not tenpai, and every other tile is a tanki to be.
    not_tenpai = analyze(client, "123m456p789s1111z")
    assert not_tenpai["shanten"] == 1 and not_tenpai["shanten_by_form"]["standard"] == 1
    improving = [t["tile"] for t in not_tenpai["improving_tiles"]]
    assert "1z" not in improving and len(improving) == 33


def test_red_fives_count_and_waits_are_plain(client: TestClient) -> None:
    answer = analyze(client, "123m406p789s11z45s", seat_wind="south", round_wind="south")
    assert wait_tiles(answer) == ["3s", "6s"]
    assert brief(answer["waits"][0]["ron"]) == (2, 30, ["pinfu", "aka_dora"], [], 2000)


def test_flags_of_one_kind_of_win_apply_to_it_only(client: TestClient) -> None:
    answer = analyze(client, "23456m12355p789s", seat_wind="south", haitei=True, houtei=False, win="ron")
    wait = answer["waits"][0]
    assert "haitei" in wait["tsumo"]["yaku"] and "haitei" not in wait["ron"]["yaku"]


def test_not_tenpai_lists_improving_tiles(client: TestClient) -> None:
    # 12345m 456p 789s 1z 5z: 3m or 6m completes a second set, 1z or 5z a pair; 1z is also a dora indicator.
    answer = analyze(client, "12345m456p789s15z", dora_indicators=["1z"])
    assert answer["shanten"] == 1
    assert answer["improving_tiles"] == [{"tile": "3m", "remaining": 3}, {"tile": "6m", "remaining": 4},
                                         {"tile": "1z", "remaining": 2}, {"tile": "5z", "remaining": 3}]
    assert answer["ukeire"] == 12 and "waits" not in answer


def test_fourteen_tiles_complete_hand_still_lists_discards(client: TestClient) -> None:
    answer = analyze(client, "234567m456p22678s")
    assert answer["shanten"] == -1 and answer["shanten_by_form"]["standard"] == -1
    table = answer["discards_analysis"]
    assert [(d["discard"], d["shanten"], d["ukeire"]) for d in table[:3]] == [("2m", 0, 10), ("7m", 0, 10), ("4m", 0, 7)]
    first = table[0]
    # After 2m goes, 34567m waits 2m 5m 8m; the discarded 2m is seen (3 left) and makes the hand furiten.
    assert [(w["tile"], w["remaining"], w["furiten"]) for w in first["waits"]] == [("2m", 3, True), ("5m", 3, True),
                                                                                   ("8m", 4, True)]
    assert "improving_tiles" not in first
    assert len(table) == len({d["discard"] for d in table}) == 13
    assert [d["shanten"] for d in table] == sorted(d["shanten"] for d in table)


def test_fourteen_tiles_without_manzu_or_with_melds(client: TestClient) -> None:
    answer = analyze(client, "123456p789s11z456s")
    assert answer["shanten"] == -1 and answer["discards_analysis"][0]["shanten"] == 0
    melded = analyze(client, "456p789s11z457s", (("pon", "777z"),))
    assert melded["shanten_by_form"] == {"standard": 0, "chiitoitsu": None, "kokushi": None}
    best = melded["discards_analysis"][0]
    assert (best["discard"], best["ukeire"], wait_tiles(best)) == ("7s", 8, ["3s", "6s"])  # 45s ryanmen, 4 + 4 left


def test_fourteen_tiles_discard_table_order(client: TestClient) -> None:
    # 123m456p789s 1z 2z 45s + 9m: dropping 9m, 1z or 2z leaves 1-shanten hands; by ukeire, then tile order.
    answer = analyze(client, "1239m456p789s12z45s")
    assert answer["shanten"] == 1
    table = answer["discards_analysis"]
    keys = [(d["shanten"], -d["ukeire"]) for d in table]
    assert keys == sorted(keys)
    best = table[0]
    assert best["discard"] in ("9m", "1z", "2z") and best["shanten"] == 1
    assert best["ukeire"] == sum(t["remaining"] for t in best["improving_tiles"])


def test_wrong_tile_count_says_which_counts_are_accepted(client: TestClient) -> None:
    detail = rejected(client, {"hand": {"tiles": "234567m456p22s"}})
    assert detail[0]["type"] == "tile_count" and detail[0]["loc"] == ["body", "hand", "tiles"]
    assert "13 or 14" in detail[0]["msg"] and "got 11" in detail[0]["msg"]
    melded = rejected(client, {"hand": {"tiles": "234567m456p", "melds": [{"type": "pon", "tiles": "777z"}]}})
    assert "10 or 11" in melded[0]["msg"] and "got 9" in melded[0]["msg"]


@pytest.mark.parametrize(("body", "kind", "loc"), [
    ({"hand": {"tiles": "234567m456p2267x"}}, "invalid_tile", ["body", "hand", "tiles"]),
    ({"hand": {"tiles": "234567m456p2267s"}, "context": {"visible": "5q"}}, "invalid_tile", ["body", "context", "visible"]),
    ({"hand": {"tiles": "234567m456p2267s"}, "context": {"visible": "7s7s7s7s"}}, "too_many_copies",
     ["body", "context", "visible"]),
    ({"hand": {"tiles": "2345678m", "melds": [{"type": "chi", "tiles": "346p"}, {"type": "pon", "tiles": "777z"}]}},
     "invalid_meld", ["body", "hand", "melds", 0, "tiles"]),
    ({"hand": {"tiles": "23456m12355p789s"}, "context": {"ippatsu": True}}, "inconsistent_context",
     ["body", "context", "ippatsu"]),
    ({"hand": {"tiles": "23456m12355p789s"}, "context": {"rinshan": True}}, "inconsistent_context",
     ["body", "context", "rinshan"]),
    ({"hand": {"tiles": "23456m12355p789s", "win_tile": "1m"}}, "extra_forbidden", ["body", "hand", "win_tile"]),
    ({"context": {}}, "missing", ["body", "hand"]),
    ({"hand": {"tiles": "1234z", "melds": [{"type": "pon", "tiles": "12345678m"}, {"type": "pon", "tiles": "12345678p"},
                                           {"type": "pon", "tiles": "12345678s"}]}, "context": {"dora_indicators": ["9m", "9p", "9s"]}},
     "invalid_meld", ["body", "hand", "melds", 0, "tiles"]),  # every tile named somewhere
])
def test_bad_input(client: TestClient, body: dict[str, Any], kind: str, loc: list[Any]) -> None:
    detail = rejected(client, body)
    assert (detail[0]["type"], detail[0]["loc"]) == (kind, loc), detail


def test_batch(client: TestClient) -> None:
    good = {"hand": {"tiles": "2345m123456p789s"}, "context": {"seat_wind": "south"}}
    response = client.post("/hand/analyze/batch", json={"items": [good, {"hand": {"tiles": "1m"}}, good]})
    assert response.status_code == 200
    HandAnalyzeBatchResponse.model_validate(response.json())
    results = response.json()["results"]
    assert [r["ok"] for r in results] == [True, False, True]
    assert results[0]["result"] == client.post("/hand/analyze", json=good).json() == results[2]["result"]
    assert results[1]["detail"][0]["type"] == "tile_count" and results[1]["detail"][0]["loc"] == ["body", "items", 1, "hand", "tiles"]
    too_many = client.post("/hand/analyze/batch", json={"items": [good] * (MAX_ANALYZE_BATCH + 1)})
    assert too_many.status_code == 422 and too_many.json()["detail"][0]["type"] == "too_long"


def test_readings_won_on_a_discard_are_the_ron_readings() -> None:
    """evaluate.value_wins turns the tsumo readings into the ron ones: the same as reading them anew."""
    from app.scoring.decompose import readings, won_on_a_discard
    from app.scoring.hand import HandInput, WinContext
    from app.scoring.rules import HandRules
    from app.scoring.validate import parse_hand

    for tiles, win in (("111222333m44455p", "5p"), ("111222333m44455p", "4p"), ("1122m3344p5566s77z", "7z"),
                       ("19m19p19s12345677z", "7z"), ("22233344455566m", "5m")):
        hand = parse_hand(HandInput(tiles, win), WinContext(), HandRules())
        assert won_on_a_discard(readings(hand, False), hand.win_tile) == readings(hand, True)


def waits_against_the_scorer(tiles: str, melds: Any, ctx: Any, rules: Any, waits: Any, where: str) -> tuple[int, int]:
    """Every tile added to 13 tiles (less 3 per meld) scored by /hand/score's core by ron and by tsumo, against
    `waits` (the analysis's): a tile is a wait exactly when the scorer takes the hand with it as complete, and the
    wait's values are what it scores, whole (han, fu, yaku and yakuman ids, limit, points; no_yaku: null). A
    chankan the scorer refuses (the hand holds another copy of the robbed tile, or an indicator shows one) is a
    null ron. Tiles that would be a fifth copy in sight are left out (the scorer refuses them). Answers the
    values compared and the chankans refused."""
    from app.errors import InvalidInput
    from app.scoring import HandInput, score_hand
    from app.scoring.analysis import WinOnWait, win_contexts
    from app.scoring.tiles import tile_name

    by_tile = {w.tile: w for w in waits or ()}
    checked = refused_chankan = 0
    for t in range(34):
        hand = HandInput(tiles + tile_name(t), tile_name(t), melds)
        for kind, context in zip(("ron", "tsumo"), win_contexts(ctx)[:2]):
            try:
                result = score_hand(hand, context, rules)
                scored: WinOnWait | str | None = WinOnWait(
                    result.han, result.fu, tuple(y.id for y in result.yaku), tuple(y.id for y in result.yakuman),
                    result.limit, result.points)
            except InvalidInput as exc:
                scored = exc.problems[0].type
            if scored == "too_many_copies":
                continue  # a fifth copy in sight
            wait = by_tile.get(tile_name(t))
            if wait is None:
                refused = scored == "inconsistent_context" and context.chankan  # checked before the shape
                assert scored == "not_a_winning_hand" or refused, (where, tile_name(t), scored)
                continue
            value = getattr(wait, kind)
            if scored == "inconsistent_context":
                assert kind == "ron" and context.chankan and value is None, (where, t)
                refused_chankan += 1
                continue
            assert value == (None if scored == "no_yaku" else scored), (where, t, kind)
            checked += 1
    return checked, refused_chankan


def test_waits_agree_with_the_scorer_tile_by_tile() -> None:
    """On generated hands less their winning tile (every rule option, melds, red fives): waits_against_the_scorer."""
    from app.scoring.analysis import analyze_hand
    from tests.analysis_harness import Waiting
    from tests.handgen import generate

    checked = refused_chankan = 0
    for case in generate(77, 1500):
        if case.hand is None:
            continue
        given, ctx, rules = Waiting(case).ours
        waits = analyze_hand(given, ctx, rules).waits
        found = waits_against_the_scorer(given.tiles, given.melds, ctx, rules, waits, case.describe())
        checked, refused_chankan = checked + found[0], refused_chankan + found[1]
    assert checked > 4000 and refused_chankan > 5, (checked, refused_chankan)


def test_discards_waits_agree_with_the_scorer_tile_by_tile() -> None:
    """On generated 14-tile hands, each discard that leaves the hand tenpai: waits_against_the_scorer on the 13
    tiles left (a red five discarded only when every copy held is red)."""
    from app.scoring.analysis import AnalysisInput, analyze_hand
    from app.scoring.tiles import TILE_OF
    from tests.handgen import _parse_mpsz, format_tiles, generate

    checked = 0
    for case in generate(78, 150):
        if case.hand is None:
            continue
        hand = case.hand
        for option in analyze_hand(AnalysisInput(hand.tiles, hand.melds), case.ctx, case.rules).discards_analysis or ():
            if option.waits is None:
                continue
            tiles = _parse_mpsz(hand.tiles)
            d = TILE_OF[option.discard]
            tiles.remove((d, False) if (d, False) in tiles else (d, True))
            checked += waits_against_the_scorer(format_tiles(tiles), hand.melds, case.ctx, case.rules, option.waits,
                                                f"{case.describe()} discard {option.discard}")[0]
    assert checked > 1000, checked


def test_a_tile_held_or_shown_elsewhere_is_not_the_stand_in_winning_tile(client: TestClient) -> None:
    # A 13-tile hand is validated as if won on a tile it holds nowhere. East is the first candidate: here all four
    # are in the concealed kan and South is the dora indicator, so either would count five copies; the hand is
    # valid, and its one wait is the 5z tanki (the East kan is the round wind: 1 han; 20 + 10 menzen ron + 32 the
    # honor ankan + 2 the haku pair + 2 tanki = 66 -> 70 fu by ron, a non-dealer's 2300).
    answer = analyze(client, "123m456p789s5z", (("ankan", "1111z"),), seat_wind="west", dora_indicators=["2z"])
    assert wait_tiles(answer) == ["5z"]
    assert brief(answer["waits"][0]["ron"]) == (1, 70, ["yakuhai_round_wind"], [], 2300)
