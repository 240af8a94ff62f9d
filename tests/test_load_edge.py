"""`make load-edge` stays runnable: a short run of benchmarks/load_edge.py against this tree's build prints /health's
figures, every heavy answer as 200 or 503, the slow clients cut off in their deadlines, and the soak's resident sizes.
(Its own pass or fail, which holds /health's p99 to 250 ms, is `make load-edge`'s: a shared test machine is no place
to judge a latency.)"""

import re
import subprocess
import sys

from tests.served import ROOT


def test_load_edge_prints_its_figures() -> None:
    run = subprocess.run([sys.executable, "benchmarks/load_edge.py", "--seconds", "3", "--clients", "16",
                          "--soak", "200", "--header-timeout", "1", "--body-timeout", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    lines = run.stdout.splitlines()
    assert re.fullmatch(r"core build: (pure|compiled|partial); heavy work in processes: .*", lines[0]), run.stdout
    assert re.fullmatch(r"  /health: \d+ answers, p50 [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms", lines[2])
    heavy = re.fullmatch(r"  heavy answers: (\d+): (.*)", lines[3])
    assert heavy is not None and {kind.rsplit(" ", 1)[0] for kind in heavy[2].split(", ")} <= {"200", "503"}
    assert re.fullmatch(r"  headers never ended: cut off after (0\.9\d|1\.\d\d) s \(limit 1 s\): HTTP/1.1 408 .*",
                        lines[4])
    assert lines[5].startswith("  40 KiB of headers: cut off after 0.")
    assert re.fullmatch(r"  half a body: cut off after (0\.9\d|1\.\d\d) s \(limit 1 s\): HTTP/1.1 408 .*", lines[6])
    assert lines[7].startswith("soak: 200 records in ") and lines[7].endswith("answers 200 200")
    assert [line.split(":")[0] for line in lines[8:12]] == ["  RSS fresh", "  RSS start", "  RSS  warm", "  RSS   end"]
    assert lines[-1] in ("load-edge: all checks held", "load-edge: FAILED")
    assert "the server exited" not in run.stdout
