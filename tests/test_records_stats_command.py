"""`python -m app.records stats`: the figures of POST /records/stats over a folder, as a table or as its JSON, and
exit status 1 when a record could not be read (named; the others still counted)."""

import io
import json
import shutil
from pathlib import Path

from fastapi.testclient import TestClient

from app.records.__main__ import main
from app.records.stats import Rate
from app.records.stats_command import percent, table, width
from tests.records_helpers import FIXTURES

FOUR, THREE = "2020010111gm-00a9-0000-7f7fa35e", "2020010121gm-00b9-0000-3e0c7a0b"


def folder(tmp_path: Path, broken: bool = False) -> Path:
    games = tmp_path / "games"
    (games / "deeper").mkdir(parents=True)
    shutil.copy(FIXTURES / "mjlog" / f"{FOUR}.xml", games / f"{FOUR}.xml")
    shutil.copy(FIXTURES / "mjlog" / f"{THREE}.xml", games / "deeper" / f"{THREE}.xml")
    if broken:
        (games / "broken.json").write_text('{"log": [[[0, 0, 0]]]}')
    return games


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_the_json_is_the_routes_answer(tmp_path: Path, client: TestClient) -> None:
    status, out, err = run(["stats", str(folder(tmp_path)), "--json", "--jobs", "2"])
    assert (status, err) == (0, "")
    records = [(FIXTURES / "mjlog" / f"{stem}.xml").read_text() for stem in (FOUR, THREE)]
    assert json.loads(out) == client.post("/records/stats", json={"records": records}).json()


def test_a_table_one_player_a_row_rates_in_percent_with_their_counts(tmp_path: Path) -> None:
    status, out, _ = run(["stats", str(folder(tmp_path)), "--jobs", "1"])
    lines = out.splitlines()
    assert status == 0 and lines[0].split()[:3] == ["player", "table", "games"]
    rows = {line.split()[0]: line for line in lines[2:9]}
    assert list(rows) == ["検査員", "比嘉秀仁", "kaanyuyu", "まささ伊藤", "ヨッシー9zde", "樽なの壊さないで", "北小路:隆太"]
    # kaanyuyu: 4 wins of 11 hands, 3 of them dama (one with only a concealed kan), never dealt in
    assert "36.4% 4/11" in rows["kaanyuyu"] and "75.0% 3/4" in rows["kaanyuyu"] and "0.0% 0/11" in rows["kaanyuyu"]
    assert lines[-1] == "2 games, 24 hands; 0 with mismatches; 0 could not be read"
    assert len({width(line) for line in lines[:9]}) == 1  # the columns line up, wide (Japanese) names included


def test_one_player_and_a_record_that_cannot_be_read(tmp_path: Path) -> None:
    status, out, err = run(["stats", str(folder(tmp_path, broken=True)), "--player", "kaanyuyu", "--json"])
    assert status == 1
    assert err.startswith("INVALID   ") and "broken.json" in err and len(err.splitlines()) == 1
    answer = json.loads(out)
    assert (answer["games"], answer["hands"]) == (2, 24)
    assert [(p["name"], p["seats"], p["win"]) for p in answer["players"]] == [("kaanyuyu", 4, {"count": 4, "of": 11})]


def test_percent_and_width() -> None:
    assert percent(Rate(135, 648)) == "20.8% 135/648"
    assert percent(Rate(0, 0)) == "- 0/0"
    assert width("検査員 a") == 8
    assert table([]).splitlines()[0].startswith("player  table")
