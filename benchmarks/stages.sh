#!/usr/bin/env bash
# `make bench-stages`: instructions a hand per stage of /hand/score's pipeline (benchmarks/stages.py), on first
# sight (one pass over HANDS distinct hands in a fresh process: the stream) and on hands seen before (the cost of
# a further pass: the bench), for this tree's build and for the compiled wheel in dist/ (when it is one). Counted by
# valgrind's callgrind (apt-installed when missing); the `mahjong` library's figure is make bench-instructions'.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mypyc_build.sh
hands=${HANDS:-1000}

command -v valgrind >/dev/null || { apt-get update >/dev/null && apt-get install -y --no-install-recommends valgrind >/dev/null; }
"$python" -c "from benchmarks.bench import choose; print(*choose(9001, $hands), sep='\n')" >"$work/indices"

count() {  # tree stages passes -> instructions of the whole run
    (cd "$1" && PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$python" benchmarks/stages.py "$2" "$3" --hands "$hands" --indices "$work/indices" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
}

report() {  # tree label
    local names=("" validate readings "hand facts" "readings scored" answer)
    local -a first again
    for k in 0 1 2 3 4 5; do
        first[k]=$(count "$1" "$k" 1)
        again[k]=$(count "$1" "$k" 2)
    done
    printf '%-10s %-16s %14s %14s\n' "$2" stage first_sight seen_before
    for k in 1 2 3 4 5; do
        printf '%-10s %-16s %14d %14d\n' "$2" "${names[k]}" $(( (first[k] - first[k-1]) / hands )) \
            $(( ((again[k] - first[k]) - (again[k-1] - first[k-1])) / hands ))
    done
    printf '%-10s %-16s %14d %14d\n' "$2" total $(( (first[5] - first[0]) / hands )) \
        $(( ((again[5] - first[5]) - (again[0] - first[0])) / hands ))
}

report . "$("$python" -c 'from app.api.health import core_build; print(core_build())')"
if compiled_scratch_copy app tests benchmarks scripts >/dev/null; then
    report "$work" compiled
fi
