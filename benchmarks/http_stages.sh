#!/usr/bin/env bash
# `make bench-http-stages`: instructions a POST /hand/score request per stage of the route's work (benchmarks/
# http_stages.py: validate, core records, score, encode, response) and the whole request through the ASGI app
# in-process, beside GET /health's, on the 1,000 bodies `make bench-http` sends (seen before, as there), for this
# tree's build and for the compiled wheel in dist/ (when it is one). Counted by valgrind's callgrind (apt-installed
# when missing); 8 runs under valgrind for each build, about 15 minutes here.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mypyc_build.sh

command -v valgrind >/dev/null || { apt-get update >/dev/null && apt-get install -y --no-install-recommends valgrind >/dev/null; }
"$python" benchmarks/http_bodies.py "$work" >/dev/null

count() {  # tree run -> instructions of a whole process that makes one pass of that run
    (cd "$1" && PYTHONHASHSEED=0 MAHJONG_ACCESS_LOG=false valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$python" benchmarks/http_stages.py "$2" 1 --bodies "$work/single.jsonl" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
}

report() {  # tree label
    local names=("" validate "core records" score encode response)
    local -a at
    local n health score
    n=$(grep -c . "$work/single.jsonl")
    for k in 0 1 2 3 4 5; do
        at[k]=$(count "$1" "$k")
    done
    health=$(count "$1" health)
    score=$(count "$1" score)
    printf '%-10s %-40s %12s\n' "$2" stage instructions
    for k in 1 2 3 4 5; do
        printf '%-10s %-40s %12d\n' "$2" "${names[k]}" $(( (at[k] - at[k-1]) / n ))
    done
    printf '%-10s %-40s %12d\n' "$2" "the five stages" $(( (at[5] - at[0]) / n ))
    printf '%-10s %-40s %12d\n' "$2" "GET /health, the whole app" $(( (health - at[0]) / n ))
    printf '%-10s %-40s %12d\n' "$2" "POST /hand/score, the whole app" $(( (score - at[0]) / n ))
    # Negative where /health's own handler (FastAPI's standard one: its response model validated and written) costs
    # more than what /hand/score adds beyond its stages (passing /health's router, the body, the route class).
    printf '%-10s %-40s %12d\n' "$2" "/hand/score less /health less the stages" \
        $(( (score - health - at[5] + at[0]) / n ))
}

report . "$("$python" -c 'from app.api.health import core_build; print(core_build())')"
if compiled_scratch_copy app tests benchmarks scripts >/dev/null; then
    report "$work" compiled
fi
