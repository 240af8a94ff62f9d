#!/usr/bin/env bash
# `make lint-openapi`: Redocly CLI (the exact version in package-lock.json, installed by `npm ci`) lints
# openapi/openapi.json with redocly.yaml. Any error, warning or ignored problem fails: Redocly itself exits 0
# on warnings, so its JSON totals are read too.
set -euo pipefail
cd "$(dirname "$0")"
# The Node that runs Redocly (make lint-openapi passes Node 24's directory); without it, the one on PATH.
export PATH="${LINT_NODE_BIN:+$LINT_NODE_BIN:}$PATH"
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
redocly=./node_modules/.bin/redocly
document=../../openapi/openapi.json

"$redocly" lint "$document" --config redocly.yaml --lint-config error --format stylish
"$redocly" lint "$document" --config redocly.yaml --format json 2>/dev/null | node -e '
let text = "";
process.stdin.on("data", (chunk) => { text += chunk; }).on("end", () => {
  const { errors, warnings, ignored } = JSON.parse(text).totals;
  console.log(`openapi lint: ${errors} errors, ${warnings} warnings, ${ignored} ignored`);
  process.exit(errors + warnings + ignored === 0 ? 0 : 1);
});'
