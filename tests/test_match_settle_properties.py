"""Properties of settling, over random matches of every preset: points are conserved, /match/settle's
end_check is /match/end-check's answer for the same scoreboard, and /match/replay equals settling hand by hand."""

from typing import Any

from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from app.main import app
from app.match.rules import MAX_WINNERS, AbortiveDraw, resolve_match_rules
from app.scoring import HandRules
from app.scoring.rules import PRESETS

client = TestClient(app)
lenient_client = TestClient(app, raise_server_exceptions=False)  # a server error as the 500 a client would get
NAGASHI_PRESETS = {"tenhou", "mahjong_soul"}
THREE_PLAYER_TSUMO = "players" in HandRules.__dataclass_fields__
FOUR_PLAYERS_ONLY = {AbortiveDraw.SUUFON_RENDA, AbortiveDraw.SUUCHA_RIICHI, AbortiveDraw.SANCHAHOU}
MAX_HANDS = 14
VALID_FU = [20, 25, *range(30, 120, 10)]


@st.composite
def win_values(draw: st.DrawFn) -> dict[str, Any]:
    if draw(st.integers(0, 9)) == 0:
        return {"yakuman": draw(st.integers(1, 2))}
    han = draw(st.integers(1, 13))
    if han >= 5:
        return {"han": han}
    fu = draw(st.sampled_from(VALID_FU[2:] if han == 1 else VALID_FU))
    return {"han": han, "fu": fu}


def seats_subset(draw: st.DrawFn, seats: list[int], min_size: int = 0, max_size: int | None = None) -> list[int]:
    return draw(st.lists(st.sampled_from(seats), unique=True, min_size=min_size, max_size=max_size)) if seats else []


@st.composite
def hands(draw: st.DrawFn, preset: str, scores: list[int]) -> dict[str, Any]:
    """A hand that can happen on this scoreboard under the preset."""
    rules = resolve_match_rules(preset, {})
    players = len(scores)
    seats = list(range(players))
    abortive = [kind for kind in rules.abortive_draws if players == 4 or kind not in FOUR_PLAYERS_ONLY]
    can_riichi = [seat for seat in seats if scores[seat] >= 1000 or not rules.riichi_needs_points]
    kinds = ["ron", "ron", "draw", "chombo", *(["tsumo", "tsumo"] if players == 4 or THREE_PLAYER_TSUMO else []),
             *(["abortive_draw"] if abortive else [])]
    kind = draw(st.sampled_from(kinds))
    riichi = seats_subset(draw, can_riichi)
    hand: dict[str, Any] = {"result": kind, "riichi": riichi}
    if kind == "ron":
        discarder = draw(st.sampled_from(seats))
        others = [seat for seat in seats if seat != discarder]
        winners = seats_subset(draw, others, 1, MAX_WINNERS[rules.multi_ron])
        hand["wins"] = [{"winner": winner, "from_seat": discarder} | draw(win_values()) for winner in winners]
    elif kind == "tsumo":
        hand["wins"] = [{"winner": draw(st.sampled_from(seats))} | draw(win_values())]
    elif kind == "draw":
        hand["tenpai"] = seats_subset(draw, seats)
        if preset in NAGASHI_PRESETS and (players == 4 or THREE_PLAYER_TSUMO) and draw(st.integers(0, 5)) == 0:
            hand["nagashi"] = seats_subset(draw, seats, 1)
    elif kind == "abortive_draw":
        hand["abortive"] = draw(st.sampled_from(abortive))
        if hand["abortive"] == AbortiveDraw.SUUCHA_RIICHI:
            hand["riichi"] = seats if can_riichi == seats else []
            hand["abortive"] = hand["abortive"] if can_riichi == seats else AbortiveDraw.SUUKAIKAN
    else:
        hand["chombo"] = draw(st.sampled_from(seats))
    return hand


def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code == 200, (body, response.json())
    answer: dict[str, Any] = response.json()
    return answer


def end_check_request(preset: str, before: dict[str, Any], hand: dict[str, Any],
                      settled: dict[str, Any]) -> dict[str, Any]:
    """The /match/end-check request for the scoreboard the hand left."""
    players = len(before["scores"])
    dealer = (before.get("starting_dealer_seat", 0) + before["round_number"] - 1) % players
    result = {"ron": "win", "tsumo": "win"}.get(hand["result"], hand["result"])
    last_hand = {"result": result, "winners": [win["winner"] for win in settled["wins"]],
                 "dealer_tenpai": hand["result"] == "draw" and dealer in hand.get("tenpai", []),
                 "nagashi_winners": hand.get("nagashi", [])}
    state = {key: before.get(key, 0) for key in ("round_wind", "round_number", "honba", "lap", "starting_dealer_seat")}
    state |= {"riichi_sticks": settled["riichi_sticks"], "scores": settled["scores"], "penalties": settled["penalties"]}
    return {"rules": {"preset": preset}, "state": state, "last_hand": last_hand}


@settings(max_examples=60, deadline=None)
@given(data=st.data(), preset=st.sampled_from(sorted(PRESETS)))
def test_random_matches(data: st.DataObject, preset: str) -> None:
    rules = resolve_match_rules(preset, {})
    before: dict[str, Any] = {"round_wind": "east", "round_number": 1, "honba": 0, "riichi_sticks": 0,
                              "scores": [rules.start_points] * rules.players}
    played, answers = [], []
    for _ in range(MAX_HANDS):
        hand = data.draw(hands(preset, before["scores"]))
        settled = post("/match/settle", {"rules": {"preset": preset}, "state": before, "hand": hand})
        # Conservation: what the seats gained and lost is what left or joined the table.
        assert sum(settled["deltas"]) + 1000 * (settled["riichi_sticks"] - before["riichi_sticks"]) == 0
        assert settled["scores"] == [s + d for s, d in zip(before["scores"], settled["deltas"], strict=True)]
        assert post("/match/end-check", end_check_request(preset, before, hand, settled)) == settled["end_check"]
        played.append(hand)
        answers.append(settled)
        if settled["next_state"] is None:
            break
        before = settled["next_state"]
    replayed = post("/match/replay", {"rules": {"preset": preset}, "hands": played})
    assert replayed["hands"] == answers
    assert replayed["standings"] == answers[-1]["end_check"]["standings"]


seat = st.integers(0, 3)
any_value = st.one_of(
    st.fixed_dictionaries({"han": st.integers(1, 99)}, optional={"fu": st.sampled_from([20, 25, 30, 35, 110])}),
    st.fixed_dictionaries({"yakuman": st.integers(1, 6)}, optional={"pao_seat": seat, "pao_yakuman": st.integers(1, 6)}),
    st.fixed_dictionaries({"hand": st.just({"tiles": "234567m456p22678s", "win_tile": "8s"})},
                          optional={"context": st.fixed_dictionaries({}, optional={
                              "seat_wind": st.sampled_from(["east", "south", "west", "north"]),
                              "riichi": st.booleans(), "honba": st.integers(0, 3), "nagashi_mangan": st.booleans()})}),
)
any_hand = st.fixed_dictionaries(
    {"result": st.sampled_from(["ron", "tsumo", "draw", "abortive_draw", "chombo"])},
    optional={
        "riichi": st.lists(seat, max_size=4),
        "wins": st.lists(st.fixed_dictionaries({"winner": seat}, optional={"from_seat": seat}).flatmap(
            lambda win: any_value.map(lambda value: win | value)), max_size=3),
        "tenpai": st.lists(seat, max_size=4),
        "nagashi": st.lists(seat, max_size=4),
        "abortive": st.sampled_from(["kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"]),
        "chombo": seat,
    },
)


@settings(max_examples=300, deadline=None)
@given(hand=any_hand, preset=st.sampled_from(sorted(PRESETS)), honba=st.integers(0, 3),
       scores=st.lists(st.integers(-2000, 60000), min_size=3, max_size=4))
def test_any_hand_is_settled_or_refused_never_a_server_error(hand: dict[str, Any], preset: str, honba: int,
                                                             scores: list[int]) -> None:
    """Every hand the schema accepts is either settled, conserving points, or a 422 saying what is wrong."""
    before = {"round_wind": "east", "round_number": 2, "honba": honba, "riichi_sticks": 1, "scores": scores}
    response = lenient_client.post(
        "/match/settle", json={"rules": {"preset": preset}, "state": before, "hand": hand})
    assert response.status_code in (200, 422), response.text
    if response.status_code == 200:
        body = response.json()
        assert sum(body["deltas"]) + 1000 * (body["riichi_sticks"] - 1) == 0
    else:
        assert all(problem["msg"] for problem in response.json()["detail"])
