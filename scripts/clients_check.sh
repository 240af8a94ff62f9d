#!/usr/bin/env bash
# `make clients-check`: generate two clients from openapi/openapi.json and run a program with each against the app.
# - Python: openapi-python-client (clients/python/requirements.txt, every package pinned) in its own venv under
#   $CLIENTS_CACHE (default /var/tmp/riichi-clients, one venv per requirements file), never in the project's .venv.
#   Any generator warning fails (--fail-on-warning, and any "Warning" in its output). The program
#   (clients/python/check_client.py) is type-checked with the project's mypy --strict together with the generated
#   package, then run.
# - TypeScript: openapi-typescript types and openapi-fetch (clients/ts/package-lock.json, `npm ci` when it changed),
#   clients/ts/check.ts compiled with tsc (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes), run with node.
# Generated code goes to clients/python/generated, clients/ts/generated and clients/ts/dist (gitignored).
# The app is started once, as `python -m app` (uvicorn, one worker) on a free loopback port (benchmarks/server.sh),
# both programs run against it, and it is stopped; any failure, or an error in the server's log, exits non-zero.
# Needs python3 (3.11), node 20 and npm; PYTHON defaults to .venv/bin/python (`make` sets it).
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-.venv/bin/python}
source benchmarks/server.sh
cache=${CLIENTS_CACHE:-/var/tmp/riichi-clients}
document=openapi/openapi.json
py_generated=clients/python/generated
ts=clients/ts

step() { printf '\n-- [%3ss] %s\n' "$SECONDS" "$*"; }
fail() { printf 'clients-check FAILED: %s\n' "$*" >&2; exit 1; }
command -v node >/dev/null || fail "node is missing (node 20 is needed)"
command -v npm >/dev/null || fail "npm is missing"
mkdir -p "$cache"

work=$(mktemp -d)
trap 'stop_server; rm -rf "$work"' EXIT

step "tools: openapi-python-client venv, npm ci (both cached)"
requirements=clients/python/requirements.txt
tools=$cache/py-$(sha256sum "$requirements" | cut -c1-16)
if [ ! -e "$tools/.installed" ]; then
    rm -rf "$tools"
    python3 -m venv "$tools"
    "$tools/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$requirements" >"$work/pip.log" 2>&1 \
        || { cat "$work/pip.log" >&2; fail "pip install -r $requirements"; }
    "$tools/bin/pip" check >/dev/null
    touch "$tools/.installed"
fi
lock_sum=$(sha256sum "$ts/package-lock.json" | cut -d' ' -f1)
if [ "$(cat "$ts/node_modules/.riichi-lock-sha256" 2>/dev/null)" != "$lock_sum" ]; then
    (cd "$ts" && npm ci --no-audit --no-fund --loglevel=error)
    echo "$lock_sum" >"$ts/node_modules/.riichi-lock-sha256"
fi
echo "$("$tools/bin/openapi-python-client" --version); openapi-typescript $(node -p 'require("./clients/ts/node_modules/openapi-typescript/package.json").version');" \
    "typescript $("$ts/node_modules/.bin/tsc" --version | cut -d' ' -f2); openapi-fetch $(node -p 'require("./clients/ts/node_modules/openapi-fetch/package.json").version')"

step "generate the Python client (openapi-python-client, warnings fail)"
rm -rf "$py_generated"
mkdir -p "$py_generated"
# ruff (pinned beside the generator) formats the generated code: its post hooks find it on PATH.
PATH="$tools/bin:$PATH" "$tools/bin/openapi-python-client" generate --path "$document" \
    --output-path "$py_generated/riichi_client" --meta none --fail-on-warning >"$work/generate-python.log" 2>&1 \
    || { cat "$work/generate-python.log" >&2; fail "openapi-python-client"; }
if grep -qi warning "$work/generate-python.log"; then cat "$work/generate-python.log" >&2; fail "openapi-python-client warned"; fi

step "mypy --strict: the Python program with the generated client"
# --disable-error-code redundant-cast: for a union member that is a free-form JSON array (a record as mjai events), the
# generator writes cast(list[Any], data) after its own isinstance check; a cast too many is no type error.
MYPYPATH=$py_generated "$(dirname "$python")/mypy" --strict --disable-error-code redundant-cast --python-executable "$tools/bin/python" \
    --cache-dir "$cache/mypy-cache" clients/python/check_client.py

step "generate the TypeScript types (openapi-typescript), compile with tsc --strict"
rm -rf "$ts/generated" "$ts/dist"
# --default-non-nullable false: a request field with a default stays optional (openapi-typescript issue #1741);
# every response schema of ours lists its always-present fields as required, so answers lose nothing.
"$ts/node_modules/.bin/openapi-typescript" "$document" -o "$ts/generated/schema.d.ts" --default-non-nullable false \
    >"$work/generate-ts.log" 2>&1 || { cat "$work/generate-ts.log" >&2; fail "openapi-typescript"; }
if grep -qiE 'warn|error' "$work/generate-ts.log"; then cat "$work/generate-ts.log" >&2; fail "openapi-typescript warned"; fi
# No escape from the types in the program: no any, no @ts- comments, no casts through unknown.
if grep -nE '\bany\b|@ts-|as unknown' "$ts/check.ts"; then fail "clients/ts/check.ts escapes the type checker"; fi
"$ts/node_modules/.bin/tsc" -p "$ts/tsconfig.json" --strict

step "start the app (python -m app, one worker, a free port)"
start_server "$work/server.log"

status=0
step "the Python client against $base"
PYTHONPATH=$py_generated "$tools/bin/python" clients/python/check_client.py --base-url "$base" --openapi "$document" || status=1
step "the TypeScript client against $base"
node "$ts/dist/check.js" "$base" "$document" || status=1

if grep -nE 'Traceback|ERROR' "$work/server.log"; then echo "the server logged an error" >&2; status=1; fi
[ "$status" = 0 ] || fail "a client program failed (above)"
echo "clients-check: both generated clients called every operation and read every error (${SECONDS}s)"
