"""Records that cannot be read get a 422 invalid_record pointing into the record, with a message naming the hand
and the seat; no edit of a real record gives a 500."""

import copy
import json
import re

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.main import create_app
from app.settings import Settings
from tests.records_helpers import FIXTURES, tenhou6

GAME = "2019021004gm-00a9-0000-e2f6516d"


def refusal(client: TestClient, record: object, **extra: object) -> dict[str, object]:
    response = client.post("/records/verify", json={"record": record, **extra})
    assert response.status_code == 422, response.text
    (problem,) = response.json()["detail"]
    assert problem["type"] == "invalid_record"
    return problem


def test_not_a_record(client: TestClient) -> None:
    for record in ({"names": []}, "not a record", "{1, 2}"):
        assert refusal(client, record)["loc"] == ["body", "record"]
    assert refusal(client, "[1, 2]")["loc"] == ["body", "record", 0]  # a list: an mjai log, whose first event is not one


def test_a_format_that_disagrees(client: TestClient) -> None:
    assert "tenhou6" in str(refusal(client, tenhou6(GAME), format="mjlog")["msg"])


def test_an_unknown_tile_code(client: TestClient) -> None:
    record = tenhou6(GAME)
    record["log"][2][5][3] = 99
    problem = refusal(client, record)
    assert problem["loc"] == ["body", "record", "log", 2, 5, 3]
    assert str(problem["msg"]).startswith("East 3: seat 0's draw: 99 is not a tile code")


def test_a_discard_the_seat_does_not_hold(client: TestClient) -> None:
    record = tenhou6(GAME)
    hand = record["log"][0]
    held = set(hand[4]) | {t for t in hand[5] if isinstance(t, int)}
    missing = next(t for t in (11, 12, 13, 14, 15, 16, 17, 18, 19, 21) if t not in held)
    hand[6][0] = missing
    problem = refusal(client, record)
    assert problem["loc"] == ["body", "record", "log", 0, 6, 0]
    assert problem["msg"] == f"East 1: seat 0 discards {missing % 10}m, which it does not hold"


def test_a_call_on_a_tile_nobody_discarded(client: TestClient) -> None:
    record = tenhou6(GAME)
    draws = record["log"][0][8]  # seat 1 calls "c375336": make it a chi of tiles never discarded before it
    place = next(i for i, t in enumerate(draws) if isinstance(t, str))
    draws[place] = "c191817"
    problem = refusal(client, record)
    assert problem["loc"][:4] == ["body", "record", "log", 0] and "seat 1" in str(problem["msg"])


def test_a_fifth_copy(client: TestClient) -> None:
    record = tenhou6(GAME)
    record["log"][0][4][:5] = [47, 47, 47, 47, 47]
    assert "fifth 7z" in str(refusal(client, record)["msg"])


def test_a_red_five_twice(client: TestClient) -> None:
    record = tenhou6(GAME)
    record["log"][0][4][:2] = [51, 51]
    assert "another red 0m" in str(refusal(client, record)["msg"])


def test_more_hands_than_any_real_game(client: TestClient) -> None:
    record = tenhou6(GAME)
    record["log"] = [record["log"][0]] * 129
    problem = refusal(client, record)
    assert problem["loc"] == ["body", "record", "log"] and "129 hands" in str(problem["msg"])


def test_a_dtd_or_an_entity_is_refused_and_nothing_is_fetched(client: TestClient) -> None:
    xml = (FIXTURES / "mjlog" / f"{GAME}.xml").read_text()
    for doctype in ('<!DOCTYPE mjloggm [<!ENTITY big "x">]>', '<!DOCTYPE mjloggm SYSTEM "http://127.0.0.1:9/x.dtd">'):
        assert "DTD" in str(refusal(client, doctype + xml)["msg"])
    assert "not well-formed" in str(refusal(client, xml[:-20])["msg"])


def test_an_mjlog_win_the_play_does_not_lead_to(client: TestClient) -> None:
    xml = (FIXTURES / "mjlog" / f"{GAME}.xml").read_text()
    start = xml.index("<AGARI")
    who = xml.index('who="', start) + len('who="')
    changed = xml[:who] + str((int(xml[who]) + 1) % 4) + xml[who + 1:]
    problem = refusal(client, changed)
    assert problem["loc"] == ["body", "record"] and str(problem["msg"]).startswith("East 1: the record has seat")


def test_a_record_has_its_own_body_cap() -> None:
    client = TestClient(create_app(Settings(max_record_body_bytes=4096)))
    record = tenhou6(GAME)
    assert client.post("/records/verify", json={"record": record}).status_code == 413
    assert client.post("/hand/score", json={"hand": {"tiles": "x" * 3000, "win_tile": "1m"}}).status_code == 422
    default = TestClient(create_app(Settings()))
    assert default.post("/records/verify", json={"record": record}).status_code == 200


# Random edits of real records: a value anywhere in a hand replaced by another (a tile code, a number, a string, a
# list, null), or a character of an mjlog replaced.

SHORT = tenhou6("mjai-reviewer_double_kakan_then_chankan")
LEAVES = [(h, e, i) for h, hand in enumerate(SHORT["log"]) for e, element in enumerate(hand)
          for i in range(len(element) if isinstance(element, list) else 1)]
ANY_VALUE = st.one_of(st.integers(-5, 70), st.sampled_from([0, 60, 44, 51, "r15", "f44", "c121314", "1111a11", "p111111",
                                                            "和了", "流局", None, [], [11], 1e9]), st.text(max_size=6))


def edited(record: dict, edits: list[tuple[tuple[int, int, int], object]]) -> dict:
    changed = copy.deepcopy(record)
    for (h, e, i), value in edits:
        element = changed["log"][h][e]
        if isinstance(element, list) and element:
            element[i % len(element)] = value
        else:
            changed["log"][h][e] = value
    return changed


def assert_no_500(client: TestClient, record: object) -> None:
    response = client.post("/records/verify", json={"record": record})
    assert response.status_code in (200, 422), response.text
    if response.status_code == 422:
        assert {p["type"] for p in response.json()["detail"]} == {"invalid_record"}, response.text


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(LEAVES), ANY_VALUE), min_size=1, max_size=3))
def test_edits_of_a_tenhou6_record_never_give_a_500(client: TestClient, edits) -> None:
    assert_no_500(client, edited(SHORT, edits))


FULL = tenhou6("2019103023gm-00a9-0000-f90e0fe9")  # double ron, pao tsumo, tobi
FULL_LEAVES = [(h, e, i) for h, hand in enumerate(FULL["log"]) for e, element in enumerate(hand)
               for i in range(len(element) if isinstance(element, list) else 1)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(FULL_LEAVES), ANY_VALUE)
def test_edits_of_a_whole_game_never_give_a_500(client: TestClient, leaf, value) -> None:
    assert_no_500(client, edited(FULL, [(leaf, value)]))


XML = (FIXTURES / "mjlog" / "pantheon_pao_ron.xml").read_text()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, len(XML) - 1), st.sampled_from(list('0123456789,"<>/= abTDN&;'))),
                min_size=1, max_size=4))
def test_edits_of_an_mjlog_never_give_a_500(client: TestClient, edits) -> None:
    text = list(XML)
    for place, char in edits:
        text[place] = char
    assert_no_500(client, "".join(text))


def test_json_text_of_a_record_is_read_as_the_record(client: TestClient) -> None:
    response = client.post("/records/verify", json={"record": json.dumps(tenhou6(GAME))})
    assert response.status_code == 200 and response.json()["verified"]


ELEMENTS = re.findall(r"<[^>]+>", (FIXTURES / "mjlog" / "pantheon_doubleron.xml").read_text())


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, len(ELEMENTS) - 1), st.sampled_from(["drop", "twice", "swap"])), min_size=1, max_size=3))
def test_moves_of_an_mjlog_dropped_doubled_or_swapped_never_give_a_500(client: TestClient, edits) -> None:
    elements = list(ELEMENTS)
    for place, edit in edits:
        place %= len(elements)
        if edit == "drop" and len(elements) > 2:
            del elements[place]
        elif edit == "twice":
            elements.insert(place, elements[place])
        elif place + 1 < len(elements):
            elements[place], elements[place + 1] = elements[place + 1], elements[place]
    assert_no_500(client, "".join(elements))
