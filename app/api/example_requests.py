"""Every example request of the OpenAPI document, by operation id: the picker Swagger UI shows on each operation.

Data only. Each example is (summary, request body); the answers shown beside them are the app's own, written to
example_responses.json by `make openapi` (scripts/examples.py) and checked against the live answers by
tests/test_examples.py, so they cannot drift. Keys are the example names in the document.
"""

from typing import Any

Body = dict[str, Any]

_RIICHI_PINFU: Body = {  # the contract's example
    "hand": {"tiles": "234567m456p22678s", "melds": [], "win_tile": "8s"},
    "context": {"win": "ron", "seat_wind": "east", "round_wind": "east", "riichi": True,
                "dora_indicators": ["3m"], "honba": 0, "riichi_sticks": 0},
    "rules": {"preset": "tenhou"},
}
_OPEN_HAND: Body = {
    "hand": {"tiles": "123m789p55s", "melds": [{"type": "pon", "tiles": "777z"}, {"type": "chi", "tiles": "345s"}],
             "win_tile": "3m"},
    "context": {"win": "tsumo", "seat_wind": "south", "round_wind": "east", "honba": 1},
}
_KOKUSHI_13: Body = {
    "hand": {"tiles": "19m19p19s12345677z", "win_tile": "7z"},
    "context": {"win": "ron", "seat_wind": "west", "discarder_seat_wind": "north"},
    "rules": {"preset": "mahjong_soul"},
}
_SANMA_KITA: Body = {
    "hand": {"tiles": "11m234p567p789s777z", "win_tile": "4p"},
    "context": {"win": "tsumo", "seat_wind": "east", "riichi": True, "kita": 1, "dora_indicators": ["9s"]},
    "rules": {"preset": "tenhou_sanma"},
}
_TOO_MANY_COPIES: Body = {
    "hand": {"tiles": "55555m123p456s789s", "win_tile": "5m"},
    "context": {"win": "tsumo"},
}

_TENPAI_13: Body = {
    "hand": {"tiles": "234567m456p2267s", "melds": []},
    "context": {"seat_wind": "south", "round_wind": "east", "riichi": True, "dora_indicators": ["1p"]},
    "rules": {"preset": "tenhou"},
}
_FOURTEEN: Body = {
    "hand": {"tiles": "234567m456p22678s"},
    "context": {"discards": "9s", "visible": "5s5s"},
}


def _end_check(rules: Body, state: Body, last_hand: Body) -> Body:
    return {"rules": rules, "state": state, "last_hand": last_hand}


def _state(round_wind: str, round_number: int, scores: list[int], honba: int = 0, riichi_sticks: int = 0) -> Body:
    return {"round_wind": round_wind, "round_number": round_number, "honba": honba, "riichi_sticks": riichi_sticks,
            "scores": scores}


TENHOU: Body = {"preset": "tenhou"}

# Records used by several examples: a hand of a real Tenhou game, and a three-player hand with a kita.
RINSHAN_RECORD: Body = {"title": ["", ""], "name": ["Aさん", "Bさん", "Cさん", "Dさん"], "rule": {"disp": "般南喰赤", "aka": 1},
    "log": [[[5, 0, 0], [29300, 2700, 48500, 19500], [32, 11], [43, 38],
             [11, 12, 12, 12, 14, 15, 18, 24, 52, 33, 35, 36, 43], [45, 24, 32, 14, 25, 23, 21, 29],
             [43, 18, 11, 45, 15, 32, 60, 60],
             [14, 17, 17, 23, 34, 34, 34, 41, 42, 43, 46, 46, 47], [21, 27, 27, 27, 25, 29, 44, 23, 37],
             [43, 42, 14, 47, 41, 60, 60, 21, 60],
             [11, 18, 19, 22, 24, 28, 28, 37, 39, 39, 41, 42, 43], [21, 41, 38, 45, 17, 27, 13, 47, 13],
             [43, 42, 39, 11, 45, 28, 24, 13, 60],
             [13, 13, 16, 17, 24, 31, 31, 32, 33, 35, 53, 39, 39],
             [22, 19, 25, 35, 16, 16, 12, 28, 16, 26], [31, 60, 39, 39, 22, "r17", 60, 60, "161616a16"],
             ["和了", [-2000, -4000, -2000, 9000],
              [3, 3, 3, "満貫2000-4000点", "立直(1飜)", "嶺上開花(1飜)", "門前清自摸和(1飜)", "ドラ(1飜)",
               "赤ドラ(1飜)"]]]]}
KITA_RECORD: Body = {"title": ["", ""], "name": ["A", "B", "C", ""], "rule": {"disp": "三般南喰赤", "aka": 1},
    "log": [[[0, 0, 0], [35000, 35000, 35000, 0], [37], [],
             [11, 11, 11, 19, 19, 19, 21, 22, 23, 24, 25, 26, 44], [27, 27], ["f44"],
             [21, 21, 22, 22, 23, 23, 24, 24, 25, 26, 26, 28, 29], [], [],
             [31, 31, 32, 32, 33, 33, 34, 34, 35, 36, 36, 41, 42], [], [],
             [], [], [],
             ["和了", [5200, -2600, -2600, 0],
              [0, 0, 0, "40符3飜2600点∀", "嶺上開花(1飜)", "門前清自摸和(1飜)", "ドラ(1飜)"]]]]}

EXAMPLES: dict[str, dict[str, tuple[str, Body]]] = {
    "score_hand": {
        "closed_riichi": ("Closed hand: the dealer's riichi, tanyao, pinfu and a dora, by ron", _RIICHI_PINFU),
        "open_hand": ("Open hand: a called chun and a chi, by tsumo, one honba", _OPEN_HAND),
        "yakuman": ("Yakuman: kokushi on a 13-sided wait, a double yakuman in Mahjong Soul's rules", _KOKUSHI_13),
        "three_player": ("Three players: riichi tsumo with a kita (North set aside), Tenhou's sanma rules", _SANMA_KITA),
        "invalid_hand": ("Rejected: a tile written five times answers 422 too_many_copies", _TOO_MANY_COPIES),
    },
    "score_hands": {
        "three_hands": ("Three /hand/score requests, one of them invalid: one result or error list each, in order",
                        {"items": [_RIICHI_PINFU, _OPEN_HAND, _TOO_MANY_COPIES]}),
    },
    "analyze_hand": {
        "tenpai_13_tiles": ("13 tiles, tenpai: each wait with the copies left and its value by ron and by tsumo",
                            _TENPAI_13),
        "iishanten_13_tiles": ("13 tiles, one from tenpai: the tiles that improve it",
                               {"hand": {"tiles": "234567m456p2269s"}}),
        "fourteen_tiles": ("14 tiles: every discard, best first, with what each leaves", _FOURTEEN),
    },
    "analyze_hands": {
        "two_hands": ("Two /hand/analyze requests, analyzed each on its own",
                      {"items": [_TENPAI_13, {"hand": {"tiles": "234567m456p2269s"}}]}),
    },
    "score_points": {
        "han_fu_ron": ("3 han 30 fu, a non-dealer's ron", {"han": 3, "fu": 30}),
        "dealer_tsumo": ("Dealer's 4 han 30 fu tsumo with 2 honba and a riichi stick on the table",
                         {"han": 4, "fu": 30, "dealer": True, "win": "tsumo", "honba": 2, "riichi_sticks": 1}),
        "kiriage": ("4 han 30 fu under M-League rules: kiriage mangan", {"han": 4, "fu": 30, "rules": {"preset": "mleague"}}),
        "double_yakuman": ("Two yakuman, a non-dealer's tsumo", {"yakuman": 2, "win": "tsumo"}),
    },
    "check_match_end": {
        "all_last_complete": ("Oorasu: South 4 won by a non-dealer with the top above the goal; the match ends",
                              _end_check(TENHOU, _state("south", 4, [35000, 24000, 16000, 25000]),
                                         {"result": "win", "winners": [0]})),
        "dealer_repeat": ("South 4 won by the dealer in second place: the dealer goes on",
                          _end_check(TENHOU, _state("south", 4, [31000, 24000, 20000, 25000]),
                                     {"result": "win", "winners": [3], "dealer_tenpai": False, "dealer_ends": None})),
        "agariyame": ("Agariyame: South 4 won by the dealer who is first above the goal; the match ends",
                      _end_check(TENHOU, _state("south", 4, [22000, 18000, 24000, 36000], honba=1),
                                 {"result": "win", "winners": [3]})),
        "tenpaiyame": ("Tenpaiyame: the South 4 dealer tenpai at a draw and first above the goal; the match ends",
                       _end_check(TENHOU, _state("south", 4, [22000, 18000, 24000, 36000]),
                                  {"result": "draw", "dealer_tenpai": True})),
        "tenpai_renchan": ("Tenpai renchan: East 2's dealer tenpai at a draw keeps the seat, one more honba",
                           _end_check(TENHOU, _state("east", 2, [24000, 27000, 24000, 25000], riichi_sticks=1),
                                      {"result": "draw", "dealer_tenpai": True})),
        "dealer_rotation": ("East 1 won by a non-dealer: the seat passes to East 2",
                            _end_check(TENHOU, _state("east", 1, [21000, 33000, 23000, 23000]),
                                       {"result": "win", "winners": [1]})),
        "enter_enchousen": ("Enchousen: South 4 over with nobody at 30,000; the West round follows",
                            _end_check({"preset": "mahjong_soul"},
                                       _state("south", 4, [28500, 27500, 23000, 20000], riichi_sticks=1),
                                       {"result": "draw", "dealer_tenpai": False})),
        "sudden_death_goal": ("Goal reached in enchousen: West 1 won by a non-dealer who passes 30,000",
                              _end_check(TENHOU, _state("west", 1, [24000, 31000, 23000, 22000]),
                                         {"result": "win", "winners": [1]})),
        "enchousen_cap": ("End of the extra round: West 4 over with nobody at the goal; the match ends",
                          _end_check(TENHOU, _state("west", 4, [29000, 26000, 23000, 22000]),
                                     {"result": "win", "winners": [0]})),
        "tobi": ("Tobi: a player below 0 ends the match at once",
                 _end_check(TENHOU, _state("east", 3, [-1600, 41200, 35400, 25000]),
                            {"result": "win", "winners": [1]})),
    },
    "settle_hand": {
        "ron_han_fu": ("A ron given as han and fu, the winner's riichi stick included",
                       {"rules": TENHOU, "state": _state("east", 1, [25000, 25000, 25000, 25000]),
                        "hand": {"result": "ron", "riichi": [2], "wins": [{"winner": 2, "from_seat": 0, "han": 3, "fu": 40}]}}),
        "ron_tiles": ("A ron given as tiles: the win is scored as /hand/score would and settled",
                      {"rules": TENHOU, "state": _state("east", 2, [25000, 25000, 25000, 25000], honba=1),
                       "hand": {"result": "ron", "riichi": [0],
                                "wins": [{"winner": 0, "from_seat": 3,
                                          "hand": {"tiles": "234567m456p22678s", "win_tile": "8s"},
                                          "context": {"dora_indicators": ["3m"]}}]}}),
        "double_ron": ("Double ron: han and fu for one winner, a yakuman for the other; the discarder goes below 0 (tobi)",
                       {"rules": {"preset": "mahjong_soul"},
                        "state": _state("south", 2, [31000, 22000, 27000, 19000], honba=1, riichi_sticks=1),
                        "hand": {"result": "ron", "wins": [{"winner": 0, "from_seat": 3, "han": 2, "fu": 30},
                                                           {"winner": 1, "from_seat": 3, "yakuman": 1}]}}),
        "exhaustive_draw": ("Exhaustive draw: two tenpai seats receive the noten payments",
                            {"rules": TENHOU, "state": _state("east", 3, [25000, 25000, 25000, 25000], honba=2),
                             "hand": {"result": "draw", "riichi": [0], "tenpai": [0, 2]}}),
        "three_player": ("Three players: a ron in Tenhou's sanma rules",
                         {"rules": {"preset": "tenhou_sanma"},
                          "state": {"round_wind": "east", "round_number": 1, "scores": [35000, 35000, 35000]},
                          "hand": {"result": "ron", "wins": [{"winner": 1, "from_seat": 2, "han": 1, "fu": 30}]}}),
    },
    "replay_match": {
        "two_hands": ("Two hands from East 1: a draw, then a tsumo",
                      {"rules": TENHOU, "hands": [{"result": "draw", "tenpai": [0]},
                                                  {"result": "tsumo", "wins": [{"winner": 1, "han": 2, "fu": 30}]}]}),
        "tonpuusen_to_the_end": ("A whole East-only match: four non-dealer wins, then the standings with oka and uma",
                                 {"rules": {"preset": "tenhou", "length": "tonpuusen"},
                                  "hands": [{"result": "ron", "wins": [{"winner": 1, "from_seat": 0, "han": 3, "fu": 30}]},
                                            {"result": "tsumo", "wins": [{"winner": 2, "han": 2, "fu": 40}]},
                                            {"result": "ron", "wins": [{"winner": 0, "from_seat": 2, "han": 4, "fu": 30}]},
                                            {"result": "ron", "wins": [{"winner": 1, "from_seat": 3, "han": 5}]}]}),
    },
    "verify_record": {
        "rinshan": ("A hand of a real Tenhou game (tenhou.net/6 JSON): riichi, a concealed kan and a win on its replacement",
                    {"record": RINSHAN_RECORD}),
        "three_player_kita": ("Three players: the dealer sets a North aside (f44) and wins on the replacement tile",
                              {"record": KITA_RECORD}),
    },
    "record_stats": {
        "two_records": ("Two records, four and three players: each player's figures as counts of their denominators",
                        {"records": [RINSHAN_RECORD, KITA_RECORD]}),
    },
}
