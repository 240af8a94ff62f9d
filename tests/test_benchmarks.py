"""`make bench` stays runnable: a small run of benchmarks/bench.py (this tree's build only) prints its figures, the
four ratios the issue asks for, and `speedup_vs_mahjong` last (prefixed `compiled_` when this tree is compiled)."""

import re
import subprocess
import sys
from pathlib import Path

from app.api.health import core_build

ROOT = Path(__file__).resolve().parent.parent


def test_bench_prints_both_libraries_and_the_ratios_speedup_last() -> None:
    run = subprocess.run([sys.executable, "benchmarks/bench.py", "--hands", "40", "--rounds", "2", "--discards", "12",
                          "--stream", "150", "--compiled-wheel", "none"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    lines = run.stdout.strip().splitlines()
    assert "  both libraries agree on the total for 40/40 hands" in lines
    assert any(re.fullmatch(r" +ours +\d+\.\d +\d+\.\d +\d+\.\d", line) for line in lines)
    assert any(re.fullmatch(r" +mahjong +\d+\.\d +\d+\.\d +\d+\.\d", line) for line in lines)
    assert any(line.startswith("  interleaved ") for line in lines)
    assert any(re.fullmatch(r" +discards: 12 14-tile hands .* for 12/12 hands", line) for line in lines)
    assert any(re.fullmatch(r" +stream: 150 distinct hands, each scored once by a fresh process \(memos held 0 entries .*", line)
               for line in lines)
    prefix = "" if core_build() == "pure" else "compiled_"
    names = [f"{prefix}{name}" for name in ("speedup_vs_mahjong", "analyze_speedup_vs_mahjong",
                                            "discard_speedup_vs_mahjong", "stream_speedup_vs_mahjong")]
    ratios = [line for line in lines if re.fullmatch(r"[a-z_]+: \d+\.\d", line)]
    assert sorted(line.split(":")[0] for line in ratios) == sorted(names)
    assert lines[-1].startswith(f"{prefix}speedup_vs_mahjong: ")


def test_bench_records_prints_games_per_second_per_core_last() -> None:
    run = subprocess.run([sys.executable, "benchmarks/bench_records.py", "--rounds", "1"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300, check=True)
    lines = run.stdout.strip().splitlines()
    assert re.fullmatch(r"build: (pure|compiled); 12 games \(6 real hanchan, each as tenhou6 and as mjlog\), \d+ hands, \d+ wins; .*", lines[0])
    assert any(re.fullmatch(r"mahjong, scoring the wins only +\d+\.\d\d +\d+\.\d", line) for line in lines)
    assert re.fullmatch(r"stats_games_per_second_per_core: \d+\.\d", lines[-2])  # POST /records/stats beside it
    assert re.fullmatch(r"records_games_per_second_per_core: \d+\.\d", lines[-1])
