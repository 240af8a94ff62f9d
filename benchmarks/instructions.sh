#!/usr/bin/env bash
# `make bench-instructions`: instructions per hand, ours and the `mahjong` library's, counted by valgrind's
# callgrind on the first 300 hands of `make bench` (benchmarks/instructions.py, 2 rounds minus 0 after a
# warm-up pass; PYTHONHASHSEED=0 so that runs repeat exactly), then the same for the analysis of those hands less
# their winning tile (`ours-analysis_...`, `mahjong-analysis_...`). Installs valgrind with apt when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}

if ! command -v valgrind >/dev/null 2>&1; then
    echo "valgrind is missing: installing it with apt"
    [ "$(id -u)" = 0 ] || { echo "run as root, or install valgrind first (apt-get install -y valgrind)" >&2; exit 1; }
    apt-get install -y --no-install-recommends valgrind >/dev/null 2>&1 \
        || { apt-get update >/dev/null && apt-get install -y --no-install-recommends valgrind >/dev/null; }
fi

count() {  # library rounds -> instructions of the whole run
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$python" benchmarks/instructions.py "$1" "$2" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

for library in ours mahjong ours-analysis mahjong-analysis; do
    echo "${library/-/_}_instructions_per_hand: $(( ($(count "$library" 2) - $(count "$library" 0)) / 600 ))"
done
