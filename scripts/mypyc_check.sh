#!/usr/bin/env bash
# `make mypyc-check`: the cores compiled with mypyc (the wheel in dist/, what the image runs) answers 20,000
# generated hands byte for byte as the pure source does.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mypyc_build.sh
compiled_scratch_copy app tests scripts
build=$(cd "$work" && "$python" -c 'from app.api.health import core_build; print(core_build())')
[ "$build" = compiled ] || { echo "the scratch copy runs the $build build, not the compiled one" >&2; exit 1; }
pure_digest=$("$python" scripts/answers_digest.py)
compiled_digest=$(cd "$work" && "$python" scripts/answers_digest.py)
echo "pure:     $pure_digest"
echo "compiled: $compiled_digest"
[ "$pure_digest" = "$compiled_digest" ] || { echo "the compiled core answers differently" >&2; exit 1; }
echo "mypyc-check: the compiled core answers as the pure one"
