#!/usr/bin/env bash
# `make mypyc-check`: compile the pure cores (app/scoring, app/errors.py) with mypyc in a scratch copy and check
# that the compiled core answers 20,000 generated hands byte for byte as the pure one does. The product stays pure
# Python; this keeps the same source compilable, which is where speed beyond the floors is to come from.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mypyc_build.sh
compile_scratch_copy app tests scripts
compiled=$(ls "$work"/app/scoring/*.so | wc -l)
pure_digest=$("$python" scripts/answers_digest.py)
compiled_digest=$(cd "$work" && "$python" scripts/answers_digest.py)
echo "pure:     $pure_digest"
echo "compiled: $compiled_digest ($compiled extension modules)"
[ "$pure_digest" = "$compiled_digest" ] || { echo "the compiled core answers differently" >&2; exit 1; }
echo "mypyc-check: the compiled core answers as the pure one"
