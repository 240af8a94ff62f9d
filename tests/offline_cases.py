"""The requests the page's offline engine is checked on (tests/test_answers.py in CPython, tests/browser/browser_offline.py
under Pyodide in Chromium), each against the service's own answer:

- hands: generated hands of four and three players (tests/handgen.py), some with context flags switched at random so
  that the core refuses them, some with a field of the wrong type so that the request models refuse them, in every
  language;
- analyses: some of those hands less their winning tile (the waits and what each pays), some whole (every discard);
- settles: whole recorded games (tests/fixtures/records), as the chain of POST /match/settle requests a table sends,
  each hand on the scoreboard the answer before left (next_state);
- replays: those games whole, as one POST /match/replay each (what the page's import sends);
- end checks: the scoreboard after each of their hands, as the page's "end match" asks at the regular all last.
"""

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.match.rules import OPTIONS
from tests.analysis_harness import Waiting
from tests.handgen import GenCase, generate
from tests.records_helpers import FIXTURES, body

SEED = 20261206
LANGS = ("en", "ja", "vi", "zh", "ko")
FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou")
# Whole games of real play, and the replay of one hand from each of the fixture's edge cases.
GAMES = ("2019021004gm-00a9-0000-e2f6516d", "2019081518gm-00a9-0000-cce9d00c", "pantheon_west", "pantheon_pao_ron",
         "pantheon_triple_ron_draw", "pantheon_nagashi_mangan_riichi_bets_bug", "mjai-reviewer_double_ron")
# Values of the wrong kind for a field the request models check (each a 422 with the models' own type).
ODD = (("context", "riichi", "yes"), ("context", "honba", -1), ("context", "seat_wind", "up"), ("rules", "preset", "x"),
       ("hand", "tiles", 5), ("context", "dora_indicators", ["1m"] * 6), ("rules", "kiriage_mangan", 1), ("context", "extra", 1))

Post = Callable[[str, dict[str, Any]], tuple[int, Any]]


def _request(case: GenCase, players: int) -> dict[str, Any]:
    assert case.hand is not None
    context = {name: list(value) if isinstance(value, tuple) else value
               for name, value in ((f, getattr(case.ctx, f)) for f in case.ctx.__dataclass_fields__)}
    return {"hand": {"tiles": case.hand.tiles, "win_tile": case.hand.win_tile,
                     "melds": [{"type": meld.type, "tiles": meld.tiles} for meld in case.hand.melds]},
            "context": context,
            "rules": {"preset": "tenhou_sanma" if players == 3 else "tenhou", "aka_dora": case.rules.aka_dora}}


def _cases(n: int) -> list[tuple[GenCase, int]]:
    """About n generated hands (nagashi mangan, which has none, left out), three in four at a table of four players."""
    cases = [(case, 4) for case in generate(SEED, n - n // 4)] + [(case, 3) for case in generate(SEED, n // 4, players=3)]
    return [(case, players) for case, players in cases if case.hand is not None]


def hand_requests(n: int) -> list[tuple[dict[str, Any], str]]:
    """About n POST /hand/score bodies with the language of each: a fifth perturbed, a few refused by the models."""
    rng = random.Random(SEED)
    requests = [_request(case, players) for case, players in _cases(n)]
    for request in requests[::5]:
        flag = rng.choice(FLAGS)
        request["context"][flag] = not request["context"][flag]
    for index, (section, field, value) in enumerate(ODD):
        requests[index * 7][section][field] = value
    return [(request, LANGS[index % len(LANGS)]) for index, request in enumerate(requests)]


def analyze_requests(n: int) -> list[tuple[dict[str, Any], str]]:
    """n POST /hand/analyze bodies from the hands of hand_requests: two in three less their winning tile (13 tiles
    less 3 a call), the others whole (14); the last one with its own discards, so its waits may be furiten."""
    requests = []
    for index, (case, players) in enumerate(_cases(n)):
        request = _request(case, players)
        hand = request.pop("hand")
        tiles = hand["tiles"] if index % 3 == 2 else Waiting(case).ours[0].tiles
        requests.append({**request, "hand": {"tiles": tiles, "melds": hand["melds"]}})
    requests[-1]["context"]["discards"] = requests[-1]["hand"]["tiles"][:1] + "m"
    return [(request, LANGS[index % len(LANGS)]) for index, request in enumerate(requests)]


def replay_of(path: Path, post: Post) -> dict[str, Any]:
    """The POST /match/replay request of a recorded game, as POST /records/verify gives it."""
    status, answer = post("/records/verify", body(path))
    assert status == 200, answer
    replay: dict[str, Any] = answer["replay"]
    return replay


def settle_chain(replay: dict[str, Any], post: Post) -> list[dict[str, Any]]:
    """The POST /match/settle requests of a game, each on the state the service's answer before left."""
    state, requests = replay["state"], []
    for hand in replay["hands"]:
        request = {"rules": replay["rules"], "state": state, "hand": hand}
        requests.append(request)
        status, answer = post("/match/settle", request)
        assert status == 200, answer
        state = answer["next_state"]
        if state is None:
            break
    return requests


def settle_requests(post: Post) -> list[tuple[dict[str, Any], str]]:
    """Every hand of GAMES as a /match/settle body, with a language for each game."""
    out = []
    for index, name in enumerate(GAMES):
        chain = settle_chain(replay_of(FIXTURES / "tenhou6" / f"{name}.json", post), post)
        out += [(request, LANGS[index % len(LANGS)]) for request in chain]
    return out



def replay_requests(post: Post) -> list[tuple[dict[str, Any], str]]:
    """Every game of GAMES as one /match/replay body, with a language for each game."""
    return [(replay_of(FIXTURES / "tenhou6" / f"{name}.json", post), LANGS[index % len(LANGS)])
            for index, name in enumerate(GAMES)]


def end_check_requests(post: Post) -> list[dict[str, Any]]:
    """The page's "end match" request after each hand of GAMES: its scoreboard as if at the regular all last (south
    4, or east 4 in an East-only game; the last of three with three players), no dealer repeat, no extension."""
    requests = []
    for request, _ in settle_requests(post):
        status, answer = post("/match/settle", request)
        assert status == 200, answer
        after = answer["next_state"] or request["state"]
        players = len(after["scores"])
        state = {key: value for key, value in after.items() if key not in ("dealer_seat", "lap")}
        state.update(round_wind="south" if len(requests) % 3 else "east", round_number=players)
        rules = {name: value for name, value in request["rules"].items()
                 if name not in OPTIONS or OPTIONS[name].scope != "hand"}
        requests.append({"rules": {**rules, "enchousen": "none"}, "state": state,
                         "last_hand": {"result": "draw", "dealer_tenpai": False}})
    return requests
