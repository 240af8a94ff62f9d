#!/usr/bin/env bash
# `make mypyc-check`: compile the pure cores (app/scoring, app/errors.py) with mypyc in a scratch copy and check
# that the compiled core answers 20,000 generated hands byte for byte as the pure one does. The product stays pure
# Python; this keeps the same source compilable, which is where speed beyond the floors is to come from.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}
case $python in /*) ;; *) python=$PWD/$python ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r app tests scripts "$work/"
find "$work" -name __pycache__ -prune -exec rm -rf {} +
(cd "$work" && "$(dirname "$python")/mypyc" app/errors.py app/scoring/ >"$work/mypyc.log" 2>&1) \
    || { tail -n 30 "$work/mypyc.log" >&2; echo "mypyc could not compile the core" >&2; exit 1; }
compiled=$(ls "$work"/app/scoring/*.so | wc -l)
pure_digest=$("$python" scripts/answers_digest.py)
compiled_digest=$(cd "$work" && "$python" scripts/answers_digest.py)
echo "pure:     $pure_digest"
echo "compiled: $compiled_digest ($compiled extension modules)"
[ "$pure_digest" = "$compiled_digest" ] || { echo "the compiled core answers differently" >&2; exit 1; }
echo "mypyc-check: the compiled core answers as the pure one"
