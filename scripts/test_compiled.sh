#!/usr/bin/env bash
# `make test-compiled`: the whole test suite against the compiled core (the wheel in dist/), in a scratch copy of
# the project; tests/test_build.py fails if any core module is not the compiled one. Arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mypyc_build.sh
compiled_scratch_copy app tests scripts benchmarks openapi docs deploy clients README.md pyproject.toml setup.py \
    Dockerfile docker-compose.yml Makefile
cd "$work" && MAHJONG_EXPECT_BUILD=compiled "$python" -m pytest -p no:cacheprovider "$@"
