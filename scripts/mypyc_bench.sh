#!/usr/bin/env bash
# `make bench-mypyc`: `make bench` on the same core compiled with mypyc (in a scratch copy, as make mypyc-check
# builds it), against the same `mahjong` library: what the compiled build of the typed source would give.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mypyc_build.sh
compile_scratch_copy app tests scripts benchmarks
echo "compiled: $(ls "$work"/app/scoring/*.so | wc -l) extension modules"
(cd "$work" && "$python" benchmarks/bench.py "$@")
