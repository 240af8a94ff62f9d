"""mjai event logs and Mahjong Soul records in POST /records/verify, and POST /records/convert: real logs of each
dialect verify, a changed value is flagged at its hand, seat and field, a broken record is invalid_record with a
loc, and every record converted and verified again gives the same hands and final scores."""

import gzip
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.records_helpers import FIXTURES, KNOWN, MAJSOUL, MJAI, MJLOG, TENHOU6, load, mismatch_places

GIMITE = FIXTURES / "mjai" / "mjai-manue-go_2026-07-01-130909.mjson"  # gimite's server: yakus, fu, fan, hora_points
MORTAL = FIXTURES / "mjai" / "riichienv_126_204_0_mjai.jsonl"  # Mortal's dialect: deltas and ura_markers only
CORPUS = FIXTURES / "majsoul" / "riichienv_corpus_validation.json"  # four players, an open honitsu tsumo
HEAVENLY = FIXTURES / "majsoul" / "riichienv_heavenly_hand.json"  # three players, the dealer's tenhou

# KNOWN (tests/records_helpers.py) names the one triaged difference: the heavenly hand's tsumo loss.


def verify(client: TestClient, record: Any, **extra: Any) -> dict[str, Any]:
    response = client.post("/records/verify", json={"record": record, **extra})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def problem(client: TestClient, record: Any) -> dict[str, Any]:
    response = client.post("/records/verify", json={"record": record})
    assert response.status_code == 422, response.text
    (detail,) = response.json()["detail"]
    assert detail["type"] == "invalid_record"
    result: dict[str, Any] = detail
    return result


def events(path: Any) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("path", MJAI + MAJSOUL, ids=lambda p: p.name)
def test_a_real_record_of_each_dialect_verifies(client: TestClient, path: Any) -> None:
    answer = verify(client, load(path))
    assert answer["format"] == ("mjai" if path.parent.name == "mjai" else "majsoul")
    assert mismatch_places(answer) == KNOWN.get(path.stem, set()), answer["mismatches"]


def test_gimite_s_log_is_read_whole(client: TestClient) -> None:
    """Its start_kyoku leaves the scores out: each hand starts from the hora's or ryukyoku's `scores` before it."""
    answer = verify(client, load(GIMITE))
    assert answer["rules"] == {"preset": "tenhou", "aka_dora": True, "open_tanyao": True, "length": "hanchan"}
    assert len(answer["hands"]) == 10 and answer["players"] == 4
    assert [h["scores"] for h in answer["hands"][:3]] == [[25000] * 4, [25000, 25000, 27600, 22400],
                                                          [23000, 24000, 30600, 22400]]
    (win,) = answer["hands"][0]["wins"]
    assert win["recorded"] == {"han": 2, "fu": 40, "points": 2600, "yaku": [{"id": "aka_dora", "han": 1}, {"id": "riichi", "han": 1}],
                               "yakuman": []}
    assert (win["score"]["han"], win["score"]["fu"], win["score"]["points"]["ron"]) == (2, 40, 2600)
    assert answer["final_scores"] == {"recorded": [17200, 13500, 35600, 33700], "computed": [17200, 13500, 35600, 33700]}
    # gimite names the three dragons by one symbol: its yaku are compared at that grain
    assert answer["hands"][1]["wins"][0]["recorded"]["yaku"] == [{"id": "aka_dora", "han": 1}, {"id": "sangenpai", "han": 1}]


def test_a_json_array_and_json_lines_are_the_same_log(client: TestClient) -> None:
    as_lines = verify(client, MORTAL.read_text())
    as_array = verify(client, events(MORTAL))
    assert as_lines == as_array
    assert as_lines["verified"] and len(as_lines["hands"]) == 12
    assert as_lines["final_scores"] == {"recorded": None, "computed": [2400, 14900, 38800, 43900]}


@pytest.mark.parametrize(("field", "value", "where"), [
    ("fu", 50, (0, 2, "fu")),
    ("fan", 3, (0, 2, "han")),
    ("hora_points", 3900, (0, 2, "points")),
    ("yakus", [["akadora", 1], ["reach", 1], ["ippatsu", 1]], (0, 2, "yaku")),
    ("deltas", [0, 0, 4600, -3600], (0, 3, "deltas")),
])
def test_a_changed_gimite_value_is_pinned_to_its_hand_seat_and_field(client: TestClient, field: str, value: Any,
                                                                      where: tuple[int, int, str]) -> None:
    log = events(GIMITE)
    first_hora = next(e for e in log if e["type"] == "hora")
    first_hora[field] = value
    places = mismatch_places(verify(client, log))
    assert where in places
    assert {place for place in places if place[0] == 0 and place[2] != "deltas"} <= {where}


def test_a_changed_mortal_delta_is_pinned(client: TestClient) -> None:
    log = events(MORTAL)
    hora = [e for e in log if e["type"] == "hora"][1]
    hora["deltas"] = [0, 0, 3300, -1400]
    assert mismatch_places(verify(client, log)) == {(1, 3, "deltas")}


def test_riichienv_s_yaku_and_han_are_compared(client: TestClient) -> None:
    """RiichiEnv writes Tenhou's names with their han, and `han`: stated, so compared."""
    log = events(MORTAL)
    hora = next(e for e in log if e["type"] == "hora")
    hora.update({"yaku": [["立直", 1], ["門前清自摸和", 1], ["平和", 1], ["ドラ", 1], ["赤ドラ", 1]], "han": 5})
    assert verify(client, log)["verified"]
    hora["yaku"] = [["立直", 1], ["門前清自摸和", 1], ["平和", 1], ["ドラ", 2]]
    hora["han"] = 6
    assert mismatch_places(verify(client, log)) == {(0, 3, "yaku"), (0, 3, "han")}


def test_a_changed_mahjong_soul_value_is_pinned(client: TestClient) -> None:
    record = load(CORPUS)
    hule = record["data"]["records"][-1]["data"]
    hule["hules"][0]["count"] = 6
    hule["hules"][0]["fans"][3]["val"] = 2  # two dora
    hule["scores"] = [20000, 34000, 23000, 23000]
    assert mismatch_places(verify(client, record)) == {(0, 1, "han"), (0, 1, "yaku"), (0, 0, "deltas"), (0, 1, "deltas")}


def test_mahjong_soul_s_actions_layout_and_prefixed_names_read_the_same(client: TestClient) -> None:
    record = load(CORPUS)
    actions = {"head": record["head"], "data": {"version": 210715, "actions": [
        {"type": 1, "result": {"name": f".lq.Record{r['name']}", "data": r["data"]}} for r in record["data"]["records"]]}}
    assert verify(client, actions)["hands"] == verify(client, record)["hands"]


def test_the_heavenly_hand_verifies_with_tsumo_loss(client: TestClient) -> None:
    answer = verify(client, load(HEAVENLY), rules={"tsumo_loss": True})
    assert answer["verified"], answer["mismatches"]
    assert answer["rules"] == {"preset": "mahjong_soul_sanma", "length": "hanchan", "tsumo_loss": True}
    (win,) = answer["hands"][0]["wins"]
    assert win["hand"]["win_tile"] == "9s" and [y["id"] for y in win["score"]["yakuman"]] == ["tenhou"]
    assert answer["hands"][0]["deltas"] == [-16100, 32200, -16100]


def test_detail_rule_changes_the_preset(client: TestClient) -> None:
    record = load(CORPUS)
    record["head"]["config"]["mode"]["detail_rule"] = {"init_point": 30000, "dora_count": 0, "shiduan": 0}
    def plain(value: Any) -> Any:
        if isinstance(value, str):
            return value.replace("0", "5")
        return [plain(v) for v in value] if isinstance(value, list) else value

    for entry in record["data"]["records"]:  # no red fives: the record's own red fives are plain
        entry["data"] = {key: plain(value) for key, value in entry["data"].items()}
    answer = verify(client, record)
    assert answer["rules"] == {"preset": "mahjong_soul", "length": "hanchan", "start_points": 30000, "aka_dora": False,
                               "open_tanyao": False}


@pytest.mark.parametrize(("change", "loc", "words"), [
    (lambda log: log[2].update(pai="5x"), [2, "pai"], "not an mjai tile"),
    (lambda log: log[3].update(pai=next(t for t in ("1m", "2m", "3m", "1p", "1s", "2s") if t not in log[1]["tehais"][0])), [3],
     "which it does not hold"),
    (lambda log: log.insert(1, {"type": "tsumo", "actor": 0, "pai": "1m"}), [1], "before any start_kyoku"),
    (lambda log: log[1].update(bakaze="X"), [1], "bakaze"),
    (lambda log: log.pop(3), [3], "seat 1 draws before seat 0 has discarded"),
    (lambda log: log.__delitem__(slice(120, None)), [103], "East 2: the log ends in the middle of this hand"),
])
def test_a_broken_mjai_log_is_refused_with_its_place(client: TestClient, change: Any, loc: list[Any], words: str) -> None:
    log = events(MORTAL)
    change(log)
    detail = problem(client, log)
    assert detail["loc"] == ["body", "record", *loc]
    assert words in detail["msg"]


def test_a_broken_mahjong_soul_record_is_refused_with_its_place(client: TestClient) -> None:
    record = load(CORPUS)
    record["data"]["records"][1]["data"]["tile"] = "8z"
    detail = problem(client, record)
    assert detail["loc"] == ["body", "record", "data", "records", 1, "data", "tile"]
    assert "East 1" in detail["msg"] and "8z" in detail["msg"]
    record = load(CORPUS)
    record["data"]["records"][1]["data"]["tile"] = "5s"
    assert "does not hold" in problem(client, record)["msg"]


def test_a_format_that_says_otherwise_is_refused(client: TestClient) -> None:
    response = client.post("/records/verify", json={"record": events(MORTAL), "format": "majsoul"})
    assert response.status_code == 422
    assert response.json()["detail"][0]["msg"] == "format says majsoul, but the record is a mjai record"


# POST /records/convert


def same_game(a: dict[str, Any], b: dict[str, Any]) -> None:
    assert len(a["hands"]) == len(b["hands"])
    for x, y in zip(a["hands"], b["hands"], strict=True):
        for key in ("round_wind", "round_number", "honba", "riichi_sticks", "scores", "result", "riichi", "tenpai", "nagashi",
                    "abortive", "deltas"):
            assert x[key] == y[key], (x["index"], key)
        assert [(w["winner"], w["from_seat"], w["pao_seat"], w["hand"], w["score"]) for w in x["wins"]] == \
            [(w["winner"], w["from_seat"], w["pao_seat"], w["hand"], w["score"]) for w in y["wins"]], x["index"]
    assert a["final_scores"]["computed"] == b["final_scores"]["computed"]


@pytest.mark.parametrize("to", ["tenhou6", "mjai"])
@pytest.mark.parametrize("path", TENHOU6 + MJLOG + MJAI + MAJSOUL, ids=lambda p: p.name)
def test_every_record_converts_and_verifies_the_same(client: TestClient, path: Any, to: str) -> None:
    original = verify(client, load(path))
    response = client.post("/records/convert", json={"record": load(path), "to": to})
    assert response.status_code == 200, response.text
    converted = response.json()
    assert (converted["format"], converted["to"]) == (original["format"], to)
    rules = original["rules"] if to == "mjai" or original["format"] in ("mjai", "majsoul") else None
    again = verify(client, converted["record"], **({"rules": rules} if rules else {}))
    assert again["format"] == to
    same_game(original, again)
    assert not [m for m in again["mismatches"] if m["field"] != "game_end"], again["mismatches"]


def test_a_tenhou6_conversion_writes_tenhou_s_spelling(client: TestClient) -> None:
    converted = client.post("/records/convert", json={"record": events(MORTAL), "to": "tenhou6"}).json()["record"]
    first = converted["log"][0]
    assert first[0] == [0, 0, 0] and first[1] == [25000] * 4
    assert first[16] == ["和了", [-4000, -2000, -2000, 10000], [3, 3, 3, "満貫2000-4000点",
                                                               "立直(1飜)", "門前清自摸和(1飜)", "平和(1飜)", "ドラ(1飜)", "赤ドラ(1飜)"]]
    assert converted["rule"] == {"disp": "般南喰赤", "aka": 1}


def test_an_mjai_conversion_carries_gimite_s_values(client: TestClient) -> None:
    converted = client.post("/records/convert", json={"record": load(FIXTURES / "tenhou6" / "2019021004gm-00a9-0000-e2f6516d.json"),
                                                      "to": "mjai"}).json()["record"]
    assert converted[0]["type"] == "start_game" and converted[-1]["type"] == "end_game"
    hora = next(e for e in converted if e["type"] == "hora")
    assert {k: hora[k] for k in ("actor", "target", "fu", "fan", "hora_points", "deltas")} == \
        {"actor": 2, "target": 2, "fu": 40, "fan": 6, "hora_points": 12000, "deltas": [-6000, -3000, 12000, -3000]}
    assert sorted(hora["yakus"]) == [["bakaze", 1], ["honiso", 2], ["jikaze", 1], ["toitoiho", 2]]
    assert converted[1]["scores"] == [25000] * 4 and hora["scores"] == [19000, 22000, 37000, 22000]


def test_a_record_that_cannot_be_read_is_not_converted(client: TestClient) -> None:
    response = client.post("/records/convert", json={"record": {"log": [[[0, 0, 0]]]}, "to": "mjai"})
    assert response.status_code == 422
    (detail,) = response.json()["detail"]
    assert (detail["type"], detail["loc"]) == ("invalid_record", ["body", "record", "log", 0])
    response = client.post("/records/convert", json={"record": events(MORTAL), "to": "mjlog"})
    assert response.status_code == 422


def test_a_three_player_game_converts_to_mjai_with_nukidora(client: TestClient) -> None:
    path = FIXTURES / "mjlog" / "2020010123gm-00b9-0000-792964ac.xml"
    converted = client.post("/records/convert", json={"record": load(path), "to": "mjai"}).json()["record"]
    assert len(converted[1]["tehais"]) == 3 and any(e["type"] == "nukidora" for e in converted)
    answer = verify(client, converted, rules={"preset": "tenhou_sanma"})
    assert answer["players"] == 3


# The folder command


def command(argv: list[str]) -> tuple[int, list[str]]:
    from app.records.__main__ import main

    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdout=out, stderr=err)
    return status, out.getvalue().splitlines()


def test_the_folder_command_reads_the_new_formats_plain_and_gzipped(tmp_path: Path) -> None:
    shutil.copy(GIMITE, tmp_path / GIMITE.name)
    (tmp_path / f"{MORTAL.name}.gz").write_bytes(gzip.compress(MORTAL.read_bytes()))
    (tmp_path / f"{CORPUS.name}.gz").write_bytes(gzip.compress(CORPUS.read_bytes()))
    (tmp_path / "array.json").write_text(json.dumps(events(MORTAL)))
    status, lines = command(["verify", str(tmp_path), "--jobs", "1"])
    assert status == 0, lines
    assert lines[-1].endswith("4 verified, 0 with mismatches, 0 refused, 0 errors")
    assert sorted(line.split("(")[-1] for line in lines[:-1]) == ["1 hands, 4 players, majsoul)", "10 hands, 4 players, mjai)",
                                                                  "12 hands, 4 players, mjai)", "12 hands, 4 players, mjai)"]


@pytest.mark.parametrize(("to", "suffix"), [("mjai", ".mjson"), ("tenhou6", ".json")])
def test_the_folder_command_converts(tmp_path: Path, to: str, suffix: str) -> None:
    out = tmp_path / "out"
    sources = [GIMITE, CORPUS, FIXTURES / "mjlog" / "2019021004gm-00a9-0000-e2f6516d.xml"]
    status, lines = command(["convert", *map(str, sources), "--to", to, "--out", str(out), "--jobs", "1"])
    assert status == 0, lines
    assert lines[-1].endswith(f"3 records in {lines[-1].split(' in ')[1].split(' s:')[0]} s: 3 converted to {to}, 0 not")
    written = sorted(p.name for p in out.iterdir())
    assert written == sorted(f"{p.name.split('.')[0]}{suffix}" for p in sources)
    status, lines = command(["verify", str(out), "--jobs", "1"])
    assert status == 0 and lines[-1].endswith("3 verified, 0 with mismatches, 0 refused, 0 errors"), lines


def test_the_folder_command_names_a_record_it_cannot_convert(tmp_path: Path) -> None:
    broken = tmp_path / "broken.mjson"
    broken.write_text('{"type":"start_game"}\n{"type":"tsumo","actor":0,"pai":"1m"}\n')
    status, lines = command(["convert", str(broken), "--to", "tenhou6", "--out", str(tmp_path / "out"), "--jobs", "1"])
    assert status == 1
    assert lines[0].startswith("INVALID") and "a tsumo event before any start_kyoku" in lines[0]


@pytest.mark.parametrize(("name", "abortive"), [
    ("mjai-reviewer_kyushukyuhai", "kyuushu_kyuuhai"), ("mjai-reviewer_four_reach", "suucha_riichi"),
    ("pantheon_four_wind_draw", "suufon_renda"), ("pantheon_four_kan_draw", "suukaikan"), ("mjai-reviewer_ryukyoku", None),
])
def test_a_draw_mortal_writes_without_a_reason_is_told_by_the_play(client: TestClient, name: str, abortive: str | None) -> None:
    path = FIXTURES / "tenhou6" / f"{name}.json"
    original = verify(client, load(path))
    log = client.post("/records/convert", json={"record": load(path), "to": "mjai"}).json()["record"]
    for event in log:
        event.pop("reason", None)
    again = verify(client, log, rules=original["rules"])
    assert [h["abortive"] for h in again["hands"]] == [h["abortive"] for h in original["hands"]]
    assert abortive in [h["abortive"] for h in again["hands"]]
    same_game(original, again)


def test_mahjong_soul_s_dadian_delta_scores_and_final_result_are_compared(client: TestClient) -> None:
    record = load(CORPUS)
    hule = record["data"]["records"][-1]["data"]
    hule["hules"][0]["dadian"] = 8000
    hule["delta_scores"] = [-4000, 8000, -2000, -2000]
    record["head"]["result"] = {"players": [{"seat": seat, "part_point_1": points} for seat, points in
                                            enumerate([21000, 33000, 23000, 23000])]}
    answer = verify(client, record)
    assert answer["final_scores"] == {"recorded": [21000, 33000, 23000, 23000], "computed": [21000, 33000, 23000, 23000]}
    assert mismatch_places(answer) == {(0, None, "game_end")}  # one hand of a hanchan, with a final result: not over
    hule["hules"][0]["dadian"] = 7700
    hule["delta_scores"] = [-3900, 7700, -1900, -1900]
    record["head"]["result"]["players"][0]["part_point_1"] = 21100
    assert mismatch_places(verify(client, record)) == {(0, None, "game_end"), (0, 1, "points"), (0, 0, "deltas"),
                                                       (0, 1, "deltas"), (0, 2, "deltas"), (0, 3, "deltas"), (None, 0, "final_scores")}


def test_mahjong_soul_s_camel_case_field_names_read_the_same(client: TestClient) -> None:
    """protobuf's JSON printers write liqi.proto's names in camelCase unless told otherwise (isLiqi, huTile, ...)."""
    def camel(value: Any) -> Any:
        if isinstance(value, dict):
            return {"".join(w.title() if i else w for i, w in enumerate(k.split("_"))): camel(v) for k, v in value.items()}
        return [camel(v) for v in value] if isinstance(value, list) else value

    record = load(CORPUS)
    camel_case = {"head": record["head"], "data": {"records": [{"name": r["name"], "data": camel(r["data"])}
                                                               for r in record["data"]["records"]]}}
    assert "huTile" in json.dumps(camel_case) and "is_liqi" not in json.dumps(camel_case)
    assert verify(client, camel_case)["hands"] == verify(client, record)["hands"]


def test_the_scores_a_log_states_after_a_hand_are_compared(client: TestClient) -> None:
    """gimite's last hora states the scores after it; RiichiEnv's excerpt ends with the next hand's start_kyoku,
    whose scores are those after the hand: each is compared with the hand's start plus its computed changes."""
    log = events(GIMITE)
    last_end = [e for e in log if e["type"] in ("hora", "ryukyoku")][-1]
    last_end["scores"] = [last_end["scores"][0] + 100, *last_end["scores"][1:]]
    assert mismatch_places(verify(client, log)) == {(9, 0, "scores")}
    excerpt = events(FIXTURES / "mjai" / "riichienv_mjsoul_3p_double_ron_excerpt.jsonl")
    assert excerpt[-1]["type"] == "start_kyoku" and excerpt[-1]["scores"] == [47000, 51000, 7000]
    excerpt[-1]["scores"] = [47000, 51000, 8000]
    answer = verify(client, excerpt)
    assert mismatch_places(answer) == {(0, 2, "scores")} and len(answer["hands"]) == 1


TENHOU_S_OWN = [p for p in TENHOU6 if f"| `tenhou6/{p.name}` | T: " in (FIXTURES / "SOURCES.md").read_text(encoding="utf-8")]


@pytest.mark.parametrize("path", TENHOU_S_OWN, ids=lambda p: p.stem)
def test_tenhou_s_own_log_converted_to_tenhou6_comes_back(client: TestClient, path: Path) -> None:
    """Tenhou's own JSON of a game, converted: the same log (its rounds, scores, indicators, starting hands and
    results, kita counted in ドラ as Tenhou writes it), bar the order of the yaku and entries of 0 han. The play is the same play, written
    with the same tiles where they are not a tedashi of a tile equal to the one just drawn (written 60, the same tile)
    or a call's own tiles in another order."""
    record = load(path)
    converted = client.post("/records/convert", json={"record": record, "to": "tenhou6"}).json()["record"]

    def result(entry: list[Any]) -> list[Any]:  # yaku in any order; Tenhou lists 裏ドラ(0飜) in some hands only
        return [x[:4] + sorted(y for y in x[4:] if not y.endswith("(0飜)")) if isinstance(x, list) and len(x) > 3
                and isinstance(x[3], str) else x for x in entry]

    assert len(converted["log"]) == len(record["log"])
    for ours, theirs in zip(converted["log"], record["log"], strict=True):
        assert ours[:5] == theirs[:5] and ours[7] == theirs[7] and ours[10] == theirs[10] and ours[13] == theirs[13]
        for seat_lists in range(5, 16):
            assert len(ours[seat_lists]) == len(theirs[seat_lists])
        assert result(ours[16]) == result(theirs[16])
    assert converted["sc"][::2] == record["sc"][::2]


def test_a_byte_order_mark_is_read_through(client: TestClient) -> None:
    """Some editors save JSON lines and XML with a byte order mark; the record reads the same."""
    assert verify(client, "\ufeff" + MORTAL.read_text())["hands"] == verify(client, MORTAL.read_text())["hands"]
    xml = (FIXTURES / "mjlog" / "2019021004gm-00a9-0000-e2f6516d.xml").read_text()
    assert verify(client, "\ufeff" + xml)["verified"]
