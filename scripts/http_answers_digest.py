"""Print a digest of the app's HTTP answers (status, Content-Type, Content-Language, Vary, Content-Length and the
body's bytes) to some 4,500 requests over every POST endpoint, one line per path: run it in two trees to compare
them (an edge change should leave every answer byte for byte the same).

    python scripts/http_answers_digest.py

The requests: the document's examples (also with ?lang=ja); 1,000 varied valid /hand/score bodies (those of
`make bench-http`, with each language) and ten batches of 100 with two bad items; malformed and oddly valued
bodies (tests/test_hand_json_route.py's); each of 300 of those hands analysed with 14 tiles and with 13, and one
batch; /hand/points over han, fu, dealer and win (and yakuman); and 250 random matches (derandomized hypothesis,
tests/test_match_settle_properties.py's hands, some wins given as tiles) settled hand by hand, each scoreboard
end-checked, and replayed whole.
"""

import hashlib
import json
import os
import random
import re
import sys
import warnings
from typing import Any

sys.path.insert(0, os.getcwd())
warnings.filterwarnings("ignore")

from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from app.api.example_requests import EXAMPLES  # noqa: E402
from app.main import create_app  # noqa: E402
from app.match.rules import resolve_match_rules  # noqa: E402
from app.scoring.rules import PRESETS  # noqa: E402
from app.settings import Settings  # noqa: E402
from benchmarks.http_bodies import valid_bodies  # noqa: E402
from tests.test_hand_json_route import RAW_BODIES, odd_bodies  # noqa: E402
from tests.test_match_settle_properties import hands  # noqa: E402

# Each operation's path, as the app's own document names them (every operation with an example is a POST).
PATHS = {operation["operationId"]: path for path, methods in create_app(Settings()).openapi()["paths"].items()
         for operation in methods.values()}
LANGS = ("en", "ja", "vi", "zh", "ko")
HEADERS = ("content-type", "content-language", "vary", "content-length")


class Digests:
    def __init__(self) -> None:
        self.client = TestClient(create_app(Settings()), raise_server_exceptions=False)
        self.by_path: dict[str, Any] = {}
        self.counts: dict[str, int] = {}

    def post(self, path: str, body: object = None, query: str = "", raw: bytes | None = None,
             content_type: str = "application/json") -> Any:
        content = raw if raw is not None else json.dumps(body).encode()
        response = self.client.post(path + query, content=content, headers={"content-type": content_type})
        head = (path, query, response.status_code, *(response.headers.get(name) for name in HEADERS))
        self.by_path.setdefault(path, hashlib.sha256()).update(repr(head).encode() + response.content)
        self.counts[path] = self.counts.get(path, 0) + 1
        return response

    def report(self) -> None:
        total = hashlib.sha256()
        for path in sorted(self.by_path):
            print(f"{path:22} {self.counts[path]:5} {self.by_path[path].hexdigest()[:16]}")
            total.update(self.by_path[path].digest())
        print(f"all {sum(self.counts.values())} answers: {total.hexdigest()[:16]}")


def without_one(tiles: str, tile: str) -> str:
    """The MPSZ tiles less one copy of `tile`."""
    out, done = "", False
    for digits, suit in re.findall(r"(\d+)([mpsz])", tiles):
        if suit == tile[1] and not done and tile[0] in digits:
            digits, done = digits.replace(tile[0], "", 1), True
        out += digits + suit if digits else ""
    return out


def hand_requests(d: Digests) -> None:
    for operation, examples in EXAMPLES.items():
        for _summary, body in examples.values():
            for query in ("", "?lang=ja"):
                d.post(PATHS[operation], body, query)
    bodies = valid_bodies(4242, 1000)
    for i, body in enumerate(bodies):
        d.post("/hand/score", body, f"?lang={LANGS[i % 5]}" if i % 3 == 0 else "")
    bad = [{"hand": {"tiles": "123m", "win_tile": "1m"}}, {"bad": 1}]
    for i in range(0, 1000, 100):
        d.post("/hand/score/batch", {"items": bodies[i:i + 100] + bad}, "?lang=zh" if i % 200 else "")
    for raw in RAW_BODIES:
        for path in ("/hand/score", "/hand/analyze", "/match/settle"):
            d.post(path, raw=raw)
    for raw in odd_bodies():
        d.post("/hand/score", raw=raw)
    for content_type in ("text/plain", "application/merge-patch+json"):
        d.post("/hand/score", bodies[0], content_type=content_type)
    for i, body in enumerate(bodies[:300]):
        hand, context = body["hand"], {k: v for k, v in body["context"].items() if k != "win"}
        fourteen = {"hand": {"tiles": hand["tiles"], "melds": hand.get("melds", [])}, "context": context, "rules": body["rules"]}
        d.post("/hand/analyze", fourteen)
        thirteen = {**fourteen, "hand": {**fourteen["hand"], "tiles": without_one(hand["tiles"], hand["win_tile"])},
                    "context": {**context, "discards": "9m"}}
        d.post("/hand/analyze", thirteen, "?lang=ko" if i % 4 == 0 else "")
    d.post("/hand/analyze/batch", {"items": [{"hand": {"tiles": b["hand"]["tiles"]}} for b in bodies[:20]] + [{"x": 1}]})
    for han in range(15):
        for fu in (None, 20, 25, 30, 35, 40, 110):
            for dealer in (False, True):
                for win in ("ron", "tsumo"):
                    d.post("/hand/points", {"han": han or None, "fu": fu, "dealer": dealer, "win": win, "honba": han % 3,
                                            "riichi_sticks": han % 2,
                                            "rules": {"preset": ("tenhou", "mleague", "tenhou_sanma")[han % 3]}})
    for yakuman in range(8):
        d.post("/hand/points", {"yakuman": yakuman, "dealer": bool(yakuman % 2)}, "?lang=vi")


def random_matches() -> list[tuple[str, list[int], list[dict[str, Any]]]]:
    matches = []

    @settings(max_examples=250, deadline=None, derandomize=True, database=None)
    @given(data=st.data(), preset=st.sampled_from(sorted(PRESETS)))
    def gather(data: st.DataObject, preset: str) -> None:
        rules = resolve_match_rules(preset, {})
        scores = [rules.start_points] * rules.players
        matches.append((preset, scores, [data.draw(hands(preset, scores)) for _ in range(data.draw(st.integers(1, 6)))]))

    gather()
    return matches


def match_requests(d: Digests) -> None:
    rng = random.Random(9)
    tiles = valid_bodies(4242, 200)
    kept = ("round_wind", "round_number", "honba", "riichi_sticks", "scores", "lap", "starting_dealer_seat")
    for preset, scores, played in random_matches():
        state: dict[str, Any] = {"round_wind": "east", "round_number": 1, "scores": scores}
        for hand in played:
            if hand.get("wins") and rng.random() < 0.3:
                body = rng.choice(tiles)
                first = {k: v for k, v in hand["wins"][0].items() if k in ("winner", "from_seat")}
                context = {k: v for k, v in body["context"].items()
                           if k not in ("win", "seat_wind", "riichi", "double_riichi", "honba", "riichi_sticks")}
                hand["wins"][0] = first | {"hand": body["hand"], "context": context}
            response = d.post("/match/settle", {"rules": {"preset": preset}, "state": state, "hand": hand},
                              "?lang=ja" if rng.random() < 0.2 else "")
            if response.status_code == 200 and response.json()["next_state"]:
                state = response.json()["next_state"]
                d.post("/match/end-check", {"rules": {"preset": preset}, "state": {k: state[k] for k in kept},
                                            "last_hand": {"result": "draw", "dealer_tenpai": rng.random() < 0.5}})
        d.post("/match/replay", {"rules": {"preset": preset}, "hands": played}, "?lang=zh" if rng.random() < 0.2 else "")


def main() -> None:
    digests = Digests()
    hand_requests(digests)
    match_requests(digests)
    digests.report()


if __name__ == "__main__":
    main()
