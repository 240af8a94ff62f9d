#!/usr/bin/env bash
# `make load`: start the server locally, run wrk with benchmarks/load.lua against it, report and
# fail on any 5xx answer or socket error. LOAD_SECONDS (default 60), LOAD_CONNECTIONS (64),
# LOAD_THREADS (2), LOAD_WORKERS (2), LOAD_PORT (default: a free loopback port), PYTHON (.venv/bin/python).
# The server measured must be the one started here (benchmarks/server.sh checks who answers on the port).
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${LOAD_SECONDS:-60}
connections=${LOAD_CONNECTIONS:-64}
threads=${LOAD_THREADS:-2}
workers=${LOAD_WORKERS:-2}
python=${PYTHON:-.venv/bin/python}
source benchmarks/server.sh
port=${LOAD_PORT:-$(free_port)}
base=http://127.0.0.1:$port

if ! command -v wrk >/dev/null 2>&1; then
    echo "wrk is missing: installing it with apt"
    [ "$(id -u)" = 0 ] || { echo "run as root, or install wrk first (apt-get install -y wrk)" >&2; exit 1; }
    apt-get install -y --no-install-recommends wrk >/dev/null 2>&1 \
        || { apt-get update >/dev/null && apt-get install -y --no-install-recommends wrk >/dev/null; }
fi

log=$(mktemp)
out=$(mktemp)
MAHJONG_HOST=127.0.0.1 MAHJONG_PORT=$port MAHJONG_WORKERS=$workers MAHJONG_LOG_LEVEL=warning \
    MAHJONG_ACCESS_LOG=false "$python" -m app >"$log" 2>&1 &
server=$!
stop_server() {
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    rm -f "$log" "$out"
}
trap stop_server EXIT

wait_for_server "$server" "$port" "$log"

# The workers are the server's children started by multiprocessing's spawn_main (its resource
# tracker is not one); with one worker, the server process itself serves.
worker_pids() {
    local status pid
    for status in $(grep -l "^PPid:[[:space:]]*$server\$" /proc/[0-9]*/status 2>/dev/null); do
        pid=${status#/proc/}
        pid=${pid%/status}
        tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q spawn_main && echo "$pid"
    done
    return 0
}
workers_rss() {
    local pids pid total=0 list=""
    pids=$(worker_pids)
    [ -n "$pids" ] || pids=$server
    for pid in $pids; do
        local kb
        kb=$(awk '/^VmRSS:/{print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
        [ -n "$kb" ] || kb=0
        total=$((total + kb))
        list="$list $pid:$((kb / 1024))MiB"
    done
    echo "total $((total / 1024)) MiB (${list# })"
}

rss_before=$(workers_rss)
echo "load: wrk -t$threads -c$connections -d${duration}s against $base ($workers workers)"
wrk -t"$threads" -c"$connections" -d"${duration}s" --timeout 5s -s benchmarks/load.lua "$base" >"$out"
rss_after=$(workers_rss)

cat "$out"
value() { sed -n "s/.*[[:space:]]$1=\([0-9.]*\).*/\1/p" "$out" | head -n 1; }
echo
echo "requests/s:      $(value rps)"
echo "p99 latency:     $(value p99_ms) ms"
echo "5xx answers:     $(value status_5xx)"
echo "socket errors:   $(value socket_errors)"
echo "workers' RSS before: $rss_before"
echo "workers' RSS after:  $rss_after"

if grep -qiE "error|traceback" "$log"; then
    echo "the server logged errors:" >&2
    cat "$log" >&2
    exit 1
fi
if [ "$(value status_5xx)" != 0 ] || [ "$(value socket_errors)" != 0 ] || [ "$(value status_other)" != 0 ]; then
    echo "load test failed: 5xx answers or socket errors" >&2
    exit 1
fi
echo "load test passed"
