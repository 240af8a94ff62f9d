#!/usr/bin/env bash
# `make verify-real [REAL_LOGS="DIR ..."]`: every public Tenhou log found here, verified by the service's own
# command (`python -m app.records verify`): the committed records (tests/fixtures/records) and the folders named by
# REAL_LOGS (e.g. Agony5757/mahjong's paipuxmls/, 1000 Houou games of 1 Jan 2020), then each of their mjlog games
# once more as tenhou.net/6 JSON, converted by scripts/mjlog_to_tenhou6.py, so both readers see every game. Offline:
# it reads only what is on disk. Prints each game that does not verify and the counts; exits 1 if any, bar KNOWN.
set -uo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}
read -r -a folders <<< "tests/fixtures/records ${REAL_LOGS:-}"
# The committed records whose own figures are wrong (tests/records_helpers.py's KNOWN, each reason given there):
# shown, not counted as failures.
KNOWN=$("$python" -c 'from tests.records_helpers import KNOWN; print(" ".join(KNOWN))') || exit 1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0

failures_and_counts() {  # the command's lines less the games that verified; 1 if another did not, or no summary came
    { "$python" -m app.records verify "$@" || true; } | awk -v known="$KNOWN" '
        /^ok / { next }
        /^(MISMATCH|INVALID|ERROR) / {
            n = split(known, names, " ")
            for (i = 1; i <= n; i++) if (index($0, "/" names[i] ".")) { print "(known)   " $0; next }
            failed = 1
        }
        / games in .* verified, / { summary = 1 }
        { print }
        END { exit failed || !summary }'
}

echo "== the records as found: ${folders[*]}"
failures_and_counts "${folders[@]}" || status=1
echo "== their mjlog games as tenhou.net/6 JSON (scripts/mjlog_to_tenhou6.py)"
"$python" scripts/mjlog_to_tenhou6.py "${folders[@]}" --out "$scratch/tenhou6" || status=1
failures_and_counts "$scratch/tenhou6" || status=1
[ $status = 0 ] && echo "verify-real: every game verifies (the KNOWN records aside)" || echo "verify-real: some games do not verify (above)"
exit $status
