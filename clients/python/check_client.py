"""`make clients-check`, Python half: the client openapi-python-client generates from openapi/openapi.json, against
a running app. Every operation of the document answers 200 with known values, and every POST operation a 422 read
through the generated ErrorResponse (one 413 and one 415 too); the last check is that nothing in the document was
left uncalled.

Requests are built with the generated models' from_dict, so the program does not name generated enum classes
(their names follow the schemas and may change); answers are read through the generated models' attributes.

    PYTHONPATH=<dir holding riichi_client> python check_client.py --base-url http://127.0.0.1:PORT --openapi openapi/openapi.json
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import httpx
from riichi_client import Client
from riichi_client.api.catalog import list_rules, list_yaku
from riichi_client.api.hand import analyze_hand, analyze_hands, score_hand, score_hands, score_points
from riichi_client.api.match import check_match_end, replay_match, settle_hand
from riichi_client.api.records import convert_record, record_stats, verify_record
from riichi_client.api.service import health, version
from riichi_client.models import (
    EndCheckRequest,
    EndCheckResponse,
    ErrorResponse,
    HandAnalyzeBatchRequest,
    HandAnalyzeBatchResponse,
    HandAnalyzeRequest,
    HandAnalyzeResponse,
    HandPointsRequest,
    HandPointsResponse,
    HandScoreBatchRequest,
    HandScoreBatchResponse,
    HandScoreRequest,
    HandScoreResponse,
    HealthResponse,
    Language,
    RecordsConvertRequest,
    RecordsConvertResponse,
    RecordsStatsRequest,
    RecordsStatsResponse,
    RecordsVerifyRequest,
    RecordsVerifyResponse,
    ReplayRequest,
    ReplayResponse,
    RulesCatalog,
    SettleRequest,
    SettleResponse,
    VersionResponse,
    YakuCatalogEntry,
)
from riichi_client.types import Response, Unset

T = TypeVar("T")
P = TypeVar("P")

# The contract's example: the dealer's riichi, tanyao, pinfu and one dora, won on a discard.
DEALER_RON = {
    "hand": {"tiles": "234567m456p22678s", "melds": [], "win_tile": "8s"},
    "context": {"win": "ron", "seat_wind": "east", "round_wind": "east", "riichi": True, "dora_indicators": ["3m"]},
    "rules": {"preset": "tenhou"},
}
# An open hand (pon of chun, a chi) won by tsumo by South with one honba: 1 han 30 fu, 500/300 plus 100 a payer.
OPEN_TSUMO = {
    "hand": {"tiles": "123m789p55s", "melds": [{"type": "pon", "tiles": "777z"}, {"type": "chi", "tiles": "345s"}],
             "win_tile": "3m"},
    "context": {"win": "tsumo", "seat_wind": "south", "honba": 1},
}
# Kokushi on a thirteen-sided wait, counted double under Mahjong Soul's rules with double_yakuman.
KOKUSHI_13 = {
    "hand": {"tiles": "19m19p19s12345677z", "win_tile": "7z"},
    "context": {"win": "ron", "seat_wind": "west"},
    "rules": {"preset": "mahjong_soul", "double_yakuman": True},
}
TENPAI_13 = {"hand": {"tiles": "234567m456p2267s", "melds": []},
             "context": {"seat_wind": "south", "round_wind": "east", "riichi": True, "dora_indicators": ["1p"]},
             "rules": {"preset": "tenhou"}}
START = {"round_wind": "east", "round_number": 1, "honba": 0, "riichi_sticks": 0, "scores": [25000] * 4}


class CheckFailed(Exception):
    pass


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise CheckFailed(what)


def equal(actual: object, expected: object, what: str) -> None:
    expect(actual == expected, f"{what}: {actual!r}, expected {expected!r}")


def ok(response: Response[P], model: type[T]) -> T:
    """The answer parsed as the generated model of a 200."""
    expect(response.status_code == 200, f"status {response.status_code}, expected 200: {response.content[:300]!r}")
    parsed = response.parsed
    if not isinstance(parsed, model):
        raise CheckFailed(f"the 200 was parsed as {type(parsed).__name__}, not {model.__name__}")
    return parsed


def rejected(response: Response[P], status: int, error_type: str, loc: list[int | str]) -> ErrorResponse:
    """The answer parsed as the generated ErrorResponse, with one entry of this type at this place."""
    expect(response.status_code == status, f"status {response.status_code}, expected {status}: {response.content[:300]!r}")
    parsed = response.parsed
    if not isinstance(parsed, ErrorResponse):
        raise CheckFailed(f"the {status} was parsed as {type(parsed).__name__}, not ErrorResponse")
    expect(len(parsed.detail) >= 1, "an error answer with an empty detail")
    first = parsed.detail[0]
    equal(first.type_, error_type, f"{status} detail[0].type")
    equal(first.loc, loc, f"{status} detail[0].loc")
    expect(isinstance(first.msg, str) and len(first.msg) > 0, f"{status} detail[0].msg is empty")
    return parsed


def present(value: T | None | Unset, what: str) -> T:
    if value is None or isinstance(value, Unset):
        raise CheckFailed(f"{what} is missing")
    return value


def check_health(client: Client) -> None:
    answer = ok(health.sync_detailed(client=client), HealthResponse)
    equal(answer.status, "ok", "status")
    build = ok(version.sync_detailed(client=client), VersionResponse)
    equal(build.version, "0.1.0", "version")
    expect(str(build.build) in ("compiled", "pure", "partial"), f"build {build.build}")


def check_catalogs(client: Client) -> None:
    rules = ok(list_rules.sync_detailed(client=client), RulesCatalog)
    equal(rules.default_preset, "tenhou", "default_preset")
    presets = {preset.name for preset in rules.presets}
    expect({"tenhou", "mahjong_soul", "mleague", "wrc", "ema"} <= presets, f"presets {sorted(presets)}")
    options = {option.name: option for option in rules.options}
    expect({"open_tanyao", "aka_dora", "kiriage_mangan", "length", "multi_ron"} <= set(options), f"options {sorted(options)}")
    equal(options["double_wind_pair_fu"].values, [2, 4], "double_wind_pair_fu values")

    by_id = yaku_by_id(client, Language.EN)
    equal((by_id["pinfu"].han_closed, by_id["pinfu"].han_open), (1, None), "pinfu han closed/open")
    equal((by_id["honitsu"].han_closed, by_id["honitsu"].han_open), (3, 2), "honitsu han closed/open")
    equal((by_id["kokushi_musou_13"].kind, by_id["kokushi_musou_13"].yakuman_multiplier), ("yakuman", 2), "kokushi_musou_13")
    equal((by_id["riichi"].tenhou_id, by_id["riichi"].mahjong_soul_id), (1, 2), "riichi's Tenhou and Mahjong Soul ids")
    japanese = yaku_by_id(client, Language.JA)["riichi"]
    equal((japanese.name, japanese.names.ko), ("立直", "리치"), "riichi's name with lang=ja, and its Korean name")


def yaku_by_id(client: Client, lang: Language) -> dict[str, YakuCatalogEntry]:
    response = list_yaku.sync_detailed(client=client, lang=lang)
    equal(response.status_code, 200, "GET /yaku status")
    entries = present(response.parsed, "the parsed /yaku list")
    if not isinstance(entries, list):
        raise CheckFailed(f"GET /yaku was parsed as {type(entries).__name__}, not a list")
    expect(all(isinstance(entry, YakuCatalogEntry) for entry in entries), "a /yaku entry not parsed as YakuCatalogEntry")
    return {entry.id: entry for entry in entries}


def check_index_page(client: Client) -> None:
    # GET / is an HTML page left out of the document (include_in_schema=False): no generated function, plain httpx.
    page = client.get_httpx_client().get("/")
    equal(page.status_code, 200, "GET / status")
    expect(page.headers["content-type"].startswith("text/html"), f"GET / content-type {page.headers['content-type']}")
    expect("/docs" in page.text, "GET / does not point to /docs")


def check_score_hand(client: Client) -> None:
    answer = ok(score_hand.sync_detailed(client=client, body=HandScoreRequest.from_dict(DEALER_RON)), HandScoreResponse)
    equal((answer.han, answer.fu, answer.limit, answer.base_points), (4, 30, "none", 1920), "han, fu, limit, base points")
    equal([yaku.id for yaku in answer.yaku], ["riichi", "tanyao", "pinfu", "dora"], "yaku ids")
    equal([yaku.han for yaku in answer.yaku], [1, 1, 1, 1], "yaku han")
    equal(answer.yakuman, [], "yakuman")
    points = answer.points
    equal((points.ron, points.tsumo_dealer, points.tsumo_non_dealer, points.total), (11600, None, None, 11600), "points")
    equal([(item.reason, item.fu) for item in answer.fu_breakdown], [("base", 20), ("menzen_ron", 10)], "fu breakdown")
    equal([(group.kind, group.tiles, group.open_) for group in answer.decomposition],
          [("sequence", "234m", False), ("sequence", "567m", False), ("sequence", "456p", False),
           ("sequence", "678s", False), ("pair", "22s", False)], "decomposition")
    equal(answer.wait, "ryanmen", "wait")
    equal([(payment.payer, payment.points) for payment in answer.payments], [("discarder", 11600)], "payments")

    yakuman = ok(score_hand.sync_detailed(client=client, body=HandScoreRequest.from_dict(KOKUSHI_13)), HandScoreResponse)
    equal([(entry.id, entry.multiplier) for entry in yakuman.yakuman], [("kokushi_musou_13", 2)], "yakuman")
    equal((yakuman.han, yakuman.limit, yakuman.points.ron, yakuman.yaku), (26, "double_yakuman", 64000, []),
          "double yakuman han, limit, ron, yaku")

    copies = {**DEALER_RON, "hand": {"tiles": "345555m456p22678s", "win_tile": "8s"},
              "context": {"win": "ron", "dora_indicators": ["5m"]}}
    rejected(score_hand.sync_detailed(client=client, body=HandScoreRequest.from_dict(copies)),
             422, "too_many_copies", ["body", "hand", "tiles"])
    # A schema problem keeps Pydantic's type: honba as a string ("3") is int_type.
    as_text = {**DEALER_RON, "context": {**DEALER_RON["context"], "honba": "3"}}  # type: ignore[dict-item]
    rejected(score_hand.sync_detailed(client=client, body=HandScoreRequest.from_dict(as_text)),
             422, "int_type", ["body", "context", "honba"])


def check_score_hand_413_415(client: Client) -> None:
    huge = {"hand": {"tiles": "1m" * 40_000, "win_tile": "1m"}}  # 80 KB: over the 64 KiB cap, refused unread
    rejected(score_hand.sync_detailed(client=client, body=HandScoreRequest.from_dict(huge)),
             413, "request_too_large", ["body"])
    # A form body: the generated function always sends JSON, so this one goes through its httpx client; the answer
    # is still read with the generated ErrorResponse.
    form = client.get_httpx_client().post("/hand/score", content=b"tiles=234567m456p22678s",
                                          headers={"Content-Type": "application/x-www-form-urlencoded"})
    equal(form.status_code, 415, "form body status")
    error = ErrorResponse.from_dict(form.json())
    equal([(entry.type_, entry.loc) for entry in error.detail], [("unsupported_media_type", ["header", "content-type"])],
          "415 detail")


def check_score_hands(client: Client) -> None:
    wrong_win_tile = {"hand": {"tiles": "234567m456p22678s", "win_tile": "9s"}, "context": {"win": "ron"}}
    body = HandScoreBatchRequest.from_dict({"items": [DEALER_RON, OPEN_TSUMO, wrong_win_tile]})
    answer = ok(score_hands.sync_detailed(client=client, body=body), HandScoreBatchResponse)
    equal([item.ok for item in answer.results], [True, True, False], "ok per item")
    first, second, third = answer.results
    dealer = present(first.result, "results[0].result")
    equal((dealer.han, dealer.fu, dealer.points.total), (4, 30, 11600), "results[0] han, fu, total")
    tsumo = present(second.result, "results[1].result")
    equal((tsumo.han, tsumo.fu, tsumo.points.tsumo_dealer, tsumo.points.tsumo_non_dealer, tsumo.points.honba_bonus,
           tsumo.points.total), (1, 30, 500, 300, 300, 1400), "results[1] han, fu, tsumo payments, honba, total")
    equal([yaku.id for yaku in tsumo.yaku], ["yakuhai_chun"], "results[1] yaku")
    equal([(payment.payer, payment.points) for payment in tsumo.payments], [("east", 600), ("west", 400), ("north", 400)],
          "results[1] payments")
    detail = present(third.detail, "results[2].detail")
    equal([(entry.type_, entry.loc) for entry in detail],
          [("win_tile_not_in_hand", ["body", "items", 2, "hand", "win_tile"])], "results[2] detail")
    expect(isinstance(third.result, Unset), "a refused item carries a result")

    rejected(score_hands.sync_detailed(client=client, body=HandScoreBatchRequest.from_dict({"items": []})),
             422, "too_short", ["body", "items"])


def check_analyze_hand(client: Client) -> None:
    answer = ok(analyze_hand.sync_detailed(client=client, body=HandAnalyzeRequest.from_dict(TENPAI_13)), HandAnalyzeResponse)
    equal(answer.shanten, 0, "shanten")
    equal((answer.shanten_by_form.standard, answer.shanten_by_form.chiitoitsu, answer.shanten_by_form.kokushi), (0, 5, 13),
          "shanten by form")
    waits = present(answer.waits, "waits")
    equal([(wait.tile, wait.remaining, wait.furiten) for wait in waits], [("5s", 4, False), ("8s", 4, False)], "waits")
    ron = present(waits[0].ron, "the ron value of 5s")
    equal((ron.han, ron.fu, ron.yaku, ron.points.ron), (3, 30, ["riichi", "tanyao", "pinfu"], 3900), "ron on 5s")
    tsumo = present(waits[0].tsumo, "the tsumo value of 5s")
    equal((tsumo.han, tsumo.fu, tsumo.points.tsumo_dealer, tsumo.points.tsumo_non_dealer, tsumo.points.total),
          (4, 20, 2600, 1300, 5200), "tsumo on 5s")
    equal(answer.ukeire, 8, "ukeire")
    expect(not answer.discards_analysis and not answer.improving_tiles, "13 tiles in tenpai: only waits apply")

    rejected(analyze_hand.sync_detailed(client=client, body=HandAnalyzeRequest.from_dict({"hand": {"tiles": "2x"}})),
             422, "invalid_tile", ["body", "hand", "tiles"])


def check_analyze_hands(client: Client) -> None:
    body = HandAnalyzeBatchRequest.from_dict({"items": [{"hand": {"tiles": "234567m456p22678s"}}, {"hand": {"tiles": "2x"}}]})
    answer = ok(analyze_hands.sync_detailed(client=client, body=body), HandAnalyzeBatchResponse)
    equal([item.ok for item in answer.results], [True, False], "ok per item")
    complete = present(answer.results[0].result, "results[0].result")
    equal(complete.shanten, -1, "a complete hand's shanten")
    discards = present(complete.discards_analysis, "results[0].discards_analysis")
    equal([(option.discard, option.shanten, option.ukeire) for option in discards[:3]], [("2m", 0, 10), ("7m", 0, 10), ("4m", 0, 7)],
          "the three best discards")
    detail = present(answer.results[1].detail, "results[1].detail")
    equal([(entry.type_, entry.loc) for entry in detail], [("invalid_tile", ["body", "items", 1, "hand", "tiles"])],
          "results[1] detail")

    rejected(analyze_hands.sync_detailed(client=client, body=HandAnalyzeBatchRequest.from_dict({"items": []})),
             422, "too_short", ["body", "items"])


def check_score_points(client: Client) -> None:
    body = HandPointsRequest.from_dict({"han": 3, "fu": 40, "win": "ron"})
    answer = ok(score_points.sync_detailed(client=client, body=body), HandPointsResponse)
    equal((answer.han, answer.fu, answer.limit, answer.base_points, answer.points.ron, answer.points.total),
          (3, 40, "none", 1280, 5200, 5200), "han, fu, limit, base points, ron, total")
    rejected(score_points.sync_detailed(client=client, body=HandPointsRequest.from_dict({"han": 3, "fu": 40, "honba": "1"})),
             422, "int_type", ["body", "honba"])


def check_match_end_check(client: Client) -> None:
    body = EndCheckRequest.from_dict({
        "rules": {"preset": "tenhou"},
        "state": {"round_wind": "south", "round_number": 4, "honba": 0, "riichi_sticks": 0,
                  "scores": [31000, 24000, 20000, 25000]},
        "last_hand": {"result": "win", "winners": [3], "dealer_tenpai": False, "dealer_ends": None},
    })
    answer = ok(check_match_end.sync_detailed(client=client, body=body), EndCheckResponse)
    equal((answer.game_over, answer.reason), (False, "dealer_repeat"), "game_over, reason")
    next_round = present(answer.next_round, "next_round")
    equal((next_round.round_wind, next_round.round_number, next_round.dealer_seat, next_round.honba), ("south", 4, 3, 1),
          "next round")
    equal([(standing.seat, standing.points, standing.rank) for standing in answer.standings],
          [(0, 31000, 1), (3, 25000, 2), (1, 24000, 3), (2, 20000, 4)], "standings")

    three = EndCheckRequest.from_dict({"state": {**START, "scores": [25000] * 3}, "last_hand": {"result": "win", "winners": [0]}})
    rejected(check_match_end.sync_detailed(client=client, body=three), 422, "inconsistent_state", ["body", "state", "scores"])


def check_settle(client: Client) -> None:
    body = SettleRequest.from_dict({"rules": {"preset": "tenhou"}, "state": START, "hand": {
        "result": "ron", "riichi": [2], "wins": [{"winner": 2, "from_seat": 0, "han": 3, "fu": 40}]}})
    answer = ok(settle_hand.sync_detailed(client=client, body=body), SettleResponse)
    equal(answer.deltas, [-5200, 0, 5200, 0], "deltas")
    equal([(p.from_seat, p.to_seat, p.points, p.kind) for p in answer.payments],
          [(2, None, 1000, "riichi_deposit"), (0, 2, 5200, "win"), (None, 2, 1000, "riichi_sticks")], "payments")
    equal([(win.winner, win.han, win.fu, win.points) for win in answer.wins], [(2, 3, 40, 5200)], "wins")
    equal((answer.scores, answer.riichi_sticks), ([19800, 25000, 30200, 25000], 0), "scores, riichi sticks")
    equal((answer.end_check.game_over, answer.end_check.reason), (False, "dealer_rotation"), "end check")
    next_state = present(answer.next_state, "next_state")
    equal((next_state.round_wind, next_state.round_number, next_state.dealer_seat, next_state.scores),
          ("east", 2, 1, [19800, 25000, 30200, 25000]), "next state")

    own = SettleRequest.from_dict({"state": START, "hand": {"result": "ron", "wins": [{"winner": 0, "from_seat": 0, "han": 3, "fu": 40}]}})
    rejected(settle_hand.sync_detailed(client=client, body=own), 422, "inconsistent_state",
             ["body", "hand", "wins", 0, "from_seat"])


def check_replay(client: Client) -> None:
    body = ReplayRequest.from_dict({"rules": {"preset": "tenhou"}, "hands": [
        {"result": "draw", "tenpai": [0]}, {"result": "tsumo", "wins": [{"winner": 1, "han": 2, "fu": 30}]}]})
    answer = ok(replay_match.sync_detailed(client=client, body=body), ReplayResponse)
    equal([hand.deltas for hand in answer.hands], [[3000, -1000, -1000, -1000], [-1100, 2300, -600, -600]], "deltas per hand")
    equal(answer.game_over, False, "game_over")
    equal([(standing.seat, standing.points, standing.rank) for standing in answer.standings],
          [(0, 26900, 1), (1, 26300, 2), (2, 23400, 3), (3, 23400, 4)], "standings")
    last = present(answer.hands[-1].next_state, "the last hand's next_state")
    equal((last.round_number, last.dealer_seat, last.honba), (2, 1, 0), "next state after the tsumo")

    chombo = ReplayRequest.from_dict({"hands": [{"result": "chombo"}]})
    rejected(replay_match.sync_detailed(client=client, body=chombo), 422, "inconsistent_state", ["body", "hands", 0, "chombo"])


# A three-player hand in tenhou.net/6 JSON: the dealer sets a North aside and wins on the replacement tile.
SANMA_KITA_RECORD = {
    "title": ["", ""], "name": ["A", "B", "C", ""], "rule": {"disp": "三般南喰赤", "aka": 1},
    "log": [[[0, 0, 0], [35000, 35000, 35000, 0], [37], [],
             [11, 11, 11, 19, 19, 19, 21, 22, 23, 24, 25, 26, 44], [27, 27], ["f44"],
             [21, 21, 22, 22, 23, 23, 24, 24, 25, 26, 26, 28, 29], [], [],
             [31, 31, 32, 32, 33, 33, 34, 34, 35, 36, 36, 41, 42], [], [], [], [], [],
             ["和了", [5200, -2600, -2600, 0], [0, 0, 0, "40符3飜2600点∀", "嶺上開花(1飜)", "門前清自摸和(1飜)", "ドラ(1飜)"]]]],
}


def check_verify_record(client: Client) -> None:
    body = RecordsVerifyRequest.from_dict({"record": SANMA_KITA_RECORD})
    answer = ok(verify_record.sync_detailed(client=client, body=body), RecordsVerifyResponse)
    equal((answer.verified, answer.players, len(answer.mismatches)), (True, 3, 0), "verified, players, mismatches")
    hand = answer.hands[0]
    equal((hand.result, hand.deltas, hand.recorded_deltas), ("tsumo", [5200, -2600, -2600], [5200, -2600, -2600]), "the hand")
    score = present(hand.wins[0].score, "the win's score")
    equal((score.han, score.fu, [y.id for y in score.yaku]), (3, 40, ["menzen_tsumo", "rinshan", "kita"]), "the win's score")
    # The answer's replay is a ReplayRequest as it is: sent back, it replays the game.
    replayed = ok(replay_match.sync_detailed(client=client, body=answer.replay), ReplayResponse)
    equal([(s.seat, s.points) for s in replayed.standings], [(s.seat, s.points) for s in answer.standings],
          "the replay's standings")

    not_a_record = RecordsVerifyRequest.from_dict({"record": "not a record"})
    rejected(verify_record.sync_detailed(client=client, body=not_a_record), 422, "invalid_record", ["body", "record"])


def check_record_stats(client: Client) -> None:
    body = RecordsStatsRequest.from_dict({"records": [SANMA_KITA_RECORD]})
    answer = ok(record_stats.sync_detailed(client=client, body=body), RecordsStatsResponse)
    equal((answer.games, answer.hands, answer.unverified), (1, 1, []), "games, hands, unverified")
    dealer = answer.players[0]
    equal((dealer.name, dealer.seats, dealer.placements), ("A", 3, [1, 0, 0]), "the dealer's name, table, placements")
    equal((dealer.win.count, dealer.win.of, dealer.tsumo.count, dealer.dama.count), (1, 1, 1, 1), "the dealer's win")
    equal(dealer.average_win, 5200.0, "the dealer's average win")

    unreadable = RecordsStatsRequest.from_dict({"records": ["not a record"]})
    rejected(record_stats.sync_detailed(client=client, body=unreadable), 422, "invalid_record", ["body", "records", 0])


def check_convert_record(client: Client) -> None:
    body = RecordsConvertRequest.from_dict({"record": SANMA_KITA_RECORD, "to": "mjai"})
    answer = ok(convert_record.sync_detailed(client=client, body=body), RecordsConvertResponse)
    equal((answer.format_, answer.to), ("tenhou6", "mjai"), "format, to")
    events = answer.to_dict()["record"]
    hora = next(event for event in events if event["type"] == "hora")
    equal((hora["fu"], hora["fan"], hora["hora_points"], hora["deltas"]), (40, 3, 5200, [5200, -2600, -2600]),
          "the mjai hora's values")

    not_a_record = RecordsConvertRequest.from_dict({"record": "not a record", "to": "tenhou6"})
    rejected(convert_record.sync_detailed(client=client, body=not_a_record), 422, "invalid_record", ["body", "record"])


CHECKS: list[Callable[[Client], None]] = [
    check_health, check_catalogs, check_index_page, check_score_hand, check_score_hand_413_415, check_score_hands,
    check_analyze_hand, check_analyze_hands, check_score_points, check_match_end_check, check_settle, check_replay,
    check_verify_record, check_record_stats, check_convert_record,
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--openapi", type=Path, required=True, help="the document the client was generated from")
    args = parser.parse_args()

    answered: set[tuple[str, str, int]] = set()

    def record(response: httpx.Response) -> None:
        answered.add((response.request.method.lower(), response.request.url.path, response.status_code))

    client = Client(base_url=args.base_url, raise_on_unexpected_status=True, timeout=httpx.Timeout(30.0),
                    httpx_args={"event_hooks": {"response": [record]}})
    failed = 0
    with client:
        for check in CHECKS:
            try:
                check(client)
            except Exception as exc:  # every check runs; each failure is reported with where it happened
                failed += 1
                print(f"FAIL {check.__name__}: {exc}")
                if not isinstance(exc, CheckFailed):
                    traceback.print_exc()
            else:
                print(f"ok   {check.__name__}")

    document = json.loads(args.openapi.read_text())
    operations = [(method, path, operation["operationId"]) for path, methods in document["paths"].items()
                  for method, operation in methods.items()]
    for method, path, operation_id in operations:
        statuses = sorted(status for m, p, status in answered if (m, p) == (method, path))
        wanted = {200, 422} if method == "post" else {200}
        if not wanted <= set(statuses):
            failed += 1
            print(f"FAIL {operation_id} ({method.upper()} {path}) answered {statuses}, never all of {sorted(wanted)}")
    if failed:
        print(f"python client: {failed} failure(s)")
    else:
        print(f"python client: every one of the {len(operations)} operations answered as expected ({len(CHECKS)} checks)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
