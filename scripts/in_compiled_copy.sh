#!/usr/bin/env bash
# `bash scripts/in_compiled_copy.sh COMMAND...`: COMMAND run in a scratch copy of the project whose cores (app/scoring, app/match) are
# the compiled one (the wheel in dist/: scripts/mypyc_build.sh), e.g. `make bench-http-compiled`. $PYTHON (the
# project's interpreter) is exported as an absolute path.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mypyc_build.sh
compiled_scratch_copy app tests scripts benchmarks
export PYTHON=$python
cd "$work" && "$@"
