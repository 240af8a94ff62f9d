#!/usr/bin/env bash
# `make bench-http`: one server worker exactly as production runs it (`python -m app`, MAHJONG_WORKERS=1:
# uvicorn, uvloop + httptools, no access log) on a free loopback port; after a warm-up, wrk -t2 -c64 for
# HTTP_SECONDS (default 15) against GET /health, then POST /hand/score rotating 1,000 varied valid hands,
# then POST /hand/score/batch with the same hands HTTP_BATCH (default 100) to a request
# (benchmarks/http_bodies.py writes the bodies, benchmarks/http_ratio.lua drives wrk).
# Prints each run's req/s, latency and the server's own CPU time per request (/proc/PID/stat), hands/s
# single and batch, the worker's RSS (VmRSS) before and after, the two ratios from CPU time, and
# last `score_vs_health_ratio: X.XX` and `batch_vs_single_hands: X.X`. The ratios are reported, not
# judged (they move with other load on the machine); the script fails on any answer neither 2xx nor 4xx,
# any socket error, a body that does not score, or an error in the server's log.
# Other knobs: HTTP_WARMUP_SECONDS (2), HTTP_CONNECTIONS (64), HTTP_THREADS (2), HTTP_TIMEOUT (wrk's, 60s),
# PYTHON (.venv/bin/python).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${HTTP_SECONDS:-15}
warmup=${HTTP_WARMUP_SECONDS:-2}
batch=${HTTP_BATCH:-100}
connections=${HTTP_CONNECTIONS:-64}
threads=${HTTP_THREADS:-2}
python=${PYTHON:-.venv/bin/python}
source benchmarks/server.sh
# 64 connections of 100-hand batches keep some 6,400 hands queued at one worker: a request can wait
# seconds (asyncio serves the connections unevenly), which is latency, not a failed request.
timeout=${HTTP_TIMEOUT:-60s}

if ! command -v wrk >/dev/null 2>&1; then
    echo "wrk is missing: installing it with apt"
    [ "$(id -u)" = 0 ] || { echo "run as root, or install wrk first (apt-get install -y wrk)" >&2; exit 1; }
    apt-get install -y --no-install-recommends wrk >/dev/null 2>&1 \
        || { apt-get update >/dev/null && apt-get install -y --no-install-recommends wrk >/dev/null; }
fi

work=$(mktemp -d)
trap 'stop_server; rm -rf "$work"' EXIT

"$python" benchmarks/http_bodies.py "$work" --batch "$batch"

# The batch is a heavy route (app/heavy.py): with wrk's connections all asking at once, the default queue (16) would
# refuse most of them 503 `overloaded` at once, as it should; to measure the batch's throughput rather than that
# refusal, the queue here holds every connection (admission control itself is make load-edge's). The batch's work is
# done in the pool's processes, so the server's CPU time printed for it leaves that work out.
export MAHJONG_HEAVY_QUEUE=${MAHJONG_HEAVY_QUEUE:-$((connections * 2))}
start_server "$work/server.log"  # one worker: uvicorn serves from the process started, $server

rss_kib() { awk '/^VmRSS:/{print $2}' "/proc/$server/status"; }
# The server's CPU time so far, in clock ticks (utime + stime; the command name has no spaces: python).
cpu_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
ticks_per_second=$(getconf CLK_TCK)
mib() { awk -v k="$1" 'BEGIN{printf "%.1f", k / 1024}'; }
rss_before=$(rss_kib)

# Every body scores (and the server has seen every hand once) before anything is timed.
"$python" benchmarks/http_bodies.py "$work" --check "$base"

failures=()
value() { sed -n "s/.*[[:space:]]$2=\([0-9.]*\).*/\1/p" "$work/$1.out" | head -n 1; }
run() {  # name, path, [bodies file]
    local name=$1 path=$2 bodies=${3:-}
    local args=("$path")
    [ -z "$bodies" ] || args+=("$bodies")
    wrk -t"$threads" -c"$connections" -d"${warmup}s" --timeout "$timeout" -s benchmarks/http_ratio.lua "$base" \
        -- "${args[@]}" >"$work/$name.warmup"
    local ticks_before ticks_after
    ticks_before=$(cpu_ticks)
    wrk -t"$threads" -c"$connections" -d"${seconds}s" --timeout "$timeout" -s benchmarks/http_ratio.lua "$base" \
        -- "${args[@]}" >"$work/$name.out"
    ticks_after=$(cpu_ticks)
    # The server's own CPU time per request: what a request costs it, whatever else shares the cores.
    awk -v t=$((ticks_after - ticks_before)) -v hz="$ticks_per_second" -v n="$(value "$name" requests)" \
        'BEGIN {printf "RESULT server_cpu_us=%.1f\n", n ? t / hz * 1e6 / n : 0}' >>"$work/$name.out"
    local bad
    for out in "$work/$name.warmup" "$work/$name.out"; do
        bad=$(awk '/^RESULT/{for (i = 2; i <= NF; i++) {split($i, kv, "=");
                  if (kv[1] ~ /^status_(3xx|5xx|other)$/ || kv[1] == "socket_errors") n += kv[2]}}
                  END {print n + 0}' "$out")
        [ "$bad" = 0 ] || failures+=("$name: $bad answers neither 2xx nor 4xx, or socket errors ($(grep RESULT "$out" | tr '\n' ' '))")
    done
    printf '%-18s %8s req/s  server CPU %7s us/request  latency p50 %s p99 %s max %s ms  2xx %s  4xx %s  5xx %s  socket errors %s\n' \
        "$path" "$(value "$name" rps)" "$(value "$name" server_cpu_us)" "$(value "$name" p50_ms)" "$(value "$name" p99_ms)" \
        "$(value "$name" max_ms)" \
        "$(value "$name" status_2xx)" "$(value "$name" status_4xx)" "$(value "$name" status_5xx)" \
        "$(value "$name" socket_errors)"
}

echo "http: wrk -t$threads -c$connections -d${seconds}s per endpoint (after ${warmup}s of warm-up) against one worker"
echo "      (python -m app, MAHJONG_WORKERS=1: uvicorn, uvloop + httptools, no access log) at $base;"
echo "      wrk and the server share this machine's $(nproc) cores"
run health /health
run score /hand/score "$work/single.jsonl"
run batch /hand/score/batch "$work/batch.jsonl"
rss_after=$(rss_kib)

health_rps=$(value health rps)
score_rps=$(value score rps)
batch_rps=$(value batch rps)
awk -v h="$health_rps" -v s="$score_rps" -v b="$batch_rps" -v n="$batch" \
    -v hc="$(value health server_cpu_us)" -v sc="$(value score server_cpu_us)" -v bc="$(value batch server_cpu_us)" \
    -v before="$(mib "$rss_before")" -v after="$(mib "$rss_after")" 'BEGIN {
    printf "health_rps: %.0f\n", h
    printf "score_rps: %.0f\n", s
    printf "batch_rps: %.1f (%d hands each)\n", b, n
    printf "hands_per_second_single: %.0f\n", s
    printf "hands_per_second_batch: %.0f\n", b * n
    printf "worker_rss_mib_before: %s\n", before
    printf "worker_rss_mib_after: %s\n", after
    # The same two ratios from the server CPU time per request (less sensitive to other load).
    printf "by_server_cpu: score_vs_health %.2f, batch_vs_single_hands %.1f\n", sc ? hc / sc : 0, bc ? sc * n / bc : 0
    printf "score_vs_health_ratio: %.2f\n", s / h
    printf "batch_vs_single_hands: %.1f\n", b * n / s
}'

if grep -qiE "error|traceback" "$work/server.log"; then
    failures+=("the server logged errors: $(head -c 2000 "$work/server.log")")
fi
if [ ${#failures[@]} -gt 0 ]; then
    printf 'FAILED: %s\n' "${failures[@]}" >&2
    exit 1
fi
