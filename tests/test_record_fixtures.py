"""The committed game records (tests/fixtures/records, listed in its SOURCES.md) cover what POST /records/verify is
tested on, and a game kept in both formats is the same game in both."""

import json
from collections import Counter
from pathlib import Path

import pytest

from scripts.mjlog_to_tenhou6 import convert, main
from scripts.record_census import census

RECORDS = Path(__file__).parent / "fixtures" / "records"
ROWS = census([RECORDS])

REQUIRED_FEATURES = {
    "west_round", "double_ron", "pao_ron", "pao_tsumo", "chankan", "rinshan_after_kan", "rinshan_after_kita",
    "kan_dora", "ura_dora", "kita", "double_riichi", "yakuman", "tobi", "exhaustive_draw", "all_tenpai", "all_noten",
    "nagashi_mangan", "kyuushu_kyuuhai", "suucha_riichi", "suufon_renda", "suukaikan", "sanchahou",
}
# Counted differently by the two formats: riichi accepted (mjlog) or declared (tenhou6); tenpai shown only by mjlog;
# yaku names (`yaku:...`) only in tenhou6.
FORMAT_DEPENDENT = {"riichi", "some_tenpai"}


def rows_by_stem(fmt: str) -> dict[str, dict[str, object]]:
    return {Path(str(row["file"])).stem: row for row in ROWS if row["format"] == fmt}


PAIRS = sorted(rows_by_stem("mjlog").keys() & rows_by_stem("tenhou6").keys())


def test_the_records_cover_every_feature_the_verifier_is_tested_on() -> None:
    union: Counter[str] = Counter()
    for row in ROWS:
        union.update(row["features"])  # type: ignore[arg-type]
    assert REQUIRED_FEATURES - set(union) == set()


@pytest.mark.parametrize(("fmt", "players", "length"), [
    ("mjlog", 4, "hanchan"), ("mjlog", 4, "tonpuusen"), ("mjlog", 3, "hanchan"),
    ("tenhou6", 4, "hanchan"), ("tenhou6", 4, "tonpuusen"), ("tenhou6", 3, "hanchan"),
])
def test_each_format_has_games_of_each_kind(fmt: str, players: int, length: str) -> None:
    assert any(row["format"] == fmt and row["players"] == players and length in row["rules"] for row in ROWS)  # type: ignore[operator]


def test_several_games_are_kept_in_both_formats() -> None:
    assert len(PAIRS) >= 6


@pytest.mark.parametrize("stem", PAIRS)
def test_a_game_in_both_formats_is_the_same_game(stem: str) -> None:
    xml, json = rows_by_stem("mjlog")[stem], rows_by_stem("tenhou6")[stem]
    assert xml["players"] == json["players"]
    assert xml["start_scores"] == json["start_scores"]
    features = [{k: v for k, v in row["features"].items() if k not in FORMAT_DEPENDENT and not k.startswith("yaku:")}  # type: ignore[attr-defined]
                for row in (xml, json)]
    assert features[0] == features[1]


def test_every_record_file_is_listed_in_sources() -> None:
    sources = (RECORDS / "SOURCES.md").read_text(encoding="utf-8")
    files = sorted(p.name for p in RECORDS.rglob("*") if p.suffix in (".xml", ".json"))
    assert [name for name in files if name not in sources] == []


# The pairs whose JSON is Tenhou's own (SOURCES.md: T, and P's Tenhou games with the players renamed): the converter
# must write what Tenhou wrote. The others' JSON was made by the converter, and must be what it writes now.
TENHOU_OWN_KEYS = ("ver", "ref", "rule", "lobby", "dan", "rate", "sx", "sc", "name")


@pytest.mark.parametrize("stem", PAIRS)
def test_the_converter_writes_the_tenhou6_json_of_each_pair(stem: str) -> None:
    written = convert((RECORDS / "mjlog" / f"{stem}.xml").read_text(encoding="utf-8"), stem)
    kept = json.loads((RECORDS / "tenhou6" / f"{stem}.json").read_text(encoding="utf-8"))
    assert written["log"] == kept["log"]
    if not stem.startswith("pantheon_"):  # Pantheon renamed the players and the game
        assert {key: written.get(key) for key in TENHOU_OWN_KEYS} == {key: kept.get(key) for key in TENHOU_OWN_KEYS}


def test_the_converter_takes_folders_skips_json_and_names_what_it_cannot_convert(tmp_path, capsys) -> None:
    stem = "2020010118gm-00b9-0000-fec27b29"
    found = tmp_path / "found"
    found.mkdir()
    (found / f"{stem}.txt").write_bytes((RECORDS / "mjlog" / f"{stem}.xml").read_bytes())
    (found / "other.json").write_text((RECORDS / "tenhou6" / f"{stem}.json").read_text())
    (found / "broken.xml").write_text("<mjloggm><INIT/></mjloggm>")
    assert main([str(found), "--out", str(tmp_path / "out")]) == 1
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [f"{stem}.json"]
    assert (tmp_path / "out" / f"{stem}.json").read_text() == (RECORDS / "tenhou6" / f"{stem}.json").read_text()
    assert capsys.readouterr().err.startswith(f"cannot convert {found / 'broken.xml'}: ")
