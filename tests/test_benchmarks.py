"""`make bench` stays runnable: a small run of benchmarks/bench.py prints its figures and the last line the issue
asks for."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bench_prints_both_libraries_and_the_speedup_last() -> None:
    run = subprocess.run([sys.executable, "benchmarks/bench.py", "--hands", "60", "--rounds", "2"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, check=True)
    lines = run.stdout.strip().splitlines()
    assert "both libraries agree on the total for 60/60 hands" in lines
    assert any(re.fullmatch(r"ours +\d+\.\d +\d+\.\d +\d+\.\d", line) for line in lines)
    assert any(re.fullmatch(r"mahjong +\d+\.\d +\d+\.\d +\d+\.\d", line) for line in lines)
    assert any(line.startswith("interleaved ") for line in lines)
    assert re.fullmatch(r"speedup_vs_mahjong: \d+\.\d", lines[-1])


def test_bench_records_prints_games_per_second_per_core_last() -> None:
    run = subprocess.run([sys.executable, "benchmarks/bench_records.py", "--rounds", "1"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300, check=True)
    lines = run.stdout.strip().splitlines()
    assert re.fullmatch(r"12 games \(6 real hanchan, each as tenhou6 and as mjlog\), \d+ hands, \d+ wins; .*", lines[0])
    assert any(re.fullmatch(r"mahjong, scoring the wins only +\d+\.\d\d +\d+\.\d", line) for line in lines)
    assert re.fullmatch(r"records_games_per_second_per_core: \d+\.\d", lines[-1])
