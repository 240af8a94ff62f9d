#!/usr/bin/env bash
# What each memo earns: instructions per hand (callgrind, benchmarks/instructions.py's 300 hands) of scoring and of
# the analysis with every memo on, with all off (MAHJONG_MEMO=off), and with each memo alone off
# (MAHJONG_MEMO_OFF=name): `first` is a first sight of the hands (the one pass after start-up), `again` the
# passes after it (make bench-instructions' figure). docs/performance.md ("The memo layer") keeps the figures.
#     bash benchmarks/memo_worth.sh [MEMO...]
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}

count() {  # kind rounds -> instructions of the whole run
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$python" benchmarks/instructions.py "$1" "$2" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

start_up=$(count ours -1)
for memo in "all-on" "all-off" "$@"; do
    case $memo in
        all-on) export MAHJONG_MEMO=on MAHJONG_MEMO_OFF= ;;
        all-off) export MAHJONG_MEMO=off MAHJONG_MEMO_OFF= ;;
        *) export MAHJONG_MEMO=on MAHJONG_MEMO_OFF=$memo ;;
    esac
    for kind in ours ours-analysis; do
        once=$(count "$kind" 0)
        twice=$(count "$kind" 2)
        echo "$memo ${kind/ours/scoring}: first $(( (once - start_up) / 300 )) again $(( (twice - once) / 600 ))"
    done
done
