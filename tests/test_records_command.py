"""`python -m app.records verify`: a folder of records (plain and .gz) verified locally or by a running service, one
line per game, a summary, a JSON-lines report, and exit status 1 when any game does not verify."""

import gzip
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

from app.records.__main__ import main
from tests.records_helpers import FIXTURES, tenhou6
from tests.served import ROOT, served

GAMES = ("2019021004gm-00a9-0000-e2f6516d", "2019103023gm-00a9-0000-f90e0fe9")


def folder(tmp_path: Path) -> Path:
    """Two real games as tenhou6 JSON, one as gzipped mjlog, and a tampered copy."""
    games = tmp_path / "games"
    (games / "deeper").mkdir(parents=True)
    for name in GAMES:
        shutil.copy(FIXTURES / "tenhou6" / f"{name}.json", games / f"{name}.json")
    (games / "deeper" / f"{GAMES[0]}.mjlog.gz").write_bytes(gzip.compress((FIXTURES / "mjlog" / f"{GAMES[0]}.xml").read_bytes()))
    tampered = tenhou6(GAMES[0])
    tampered["sc"][0] += 100
    (games / "deeper" / "tampered.json").write_text(json.dumps(tampered))
    (games / "notes.md").write_text("not a record")
    return games


def run(argv: list[str]) -> tuple[int, list[str]]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdout=out, stderr=err)
    assert err.getvalue() == ""  # no progress bar when stderr is not a terminal
    return status, out.getvalue().splitlines()


def test_a_folder_verified_here(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    status, lines = run(["verify", str(folder(tmp_path)), "--out", str(report), "--jobs", "2"])
    assert status == 1  # the tampered copy does not verify
    assert lines[-1].startswith("4 games in ") and lines[-1].endswith("3 verified, 1 with mismatches, 0 refused, 0 errors")
    assert sorted(line.split()[0] for line in lines[:-1]) == ["MISMATCH", "ok", "ok", "ok"]
    (flagged,) = [line for line in lines if line.startswith("MISMATCH")]
    assert "tampered.json" in flagged and "final_scores" in flagged
    rows = [json.loads(row) for row in report.read_text().splitlines()]
    assert sorted(row["status"] for row in rows) == ["mismatch", "verified", "verified", "verified"]
    gz = next(row for row in rows if row["path"].endswith(".gz"))
    assert gz["format"] == "mjlog" and gz["hands"] == 10


def test_every_game_verifies_exits_0(tmp_path: Path) -> None:
    status, lines = run(["verify", str(FIXTURES / "tenhou6" / f"{GAMES[1]}.json"), "--jobs", "1"])
    assert status == 0 and lines[0].startswith("ok ")


def test_a_refused_record_is_listed_with_its_reason(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"log": [[1, 2, 3]]}))
    status, lines = run(["verify", str(bad), "--jobs", "1"])
    assert status == 1 and lines[0].startswith("INVALID") and "hand 0 is not a list of 17 elements" in lines[0]


def test_another_preset(tmp_path: Path) -> None:
    status, lines = run(["verify", str(FIXTURES / "mjlog" / "2020010121gm-00a9-0000-65c17c4b.xml"), "--preset", "mleague",
                         "--jobs", "1"])
    assert status == 1 and lines[0].startswith("MISMATCH")  # kiriage mangan: East 1's 3900 is 4000 under M.League


def test_a_folder_sent_to_a_running_service(tmp_path: Path) -> None:
    games = folder(tmp_path)
    with served(tmp_path) as server:
        command = [sys.executable, "-m", "app.records", "verify", str(games), "--url", server.base, "--out", str(tmp_path / "r.jsonl")]
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1].endswith("3 verified, 1 with mismatches, 0 refused, 0 errors")
    assert len((tmp_path / "r.jsonl").read_text().splitlines()) == 4
