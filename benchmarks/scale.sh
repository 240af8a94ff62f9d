#!/usr/bin/env bash
# `make scale-test`: two containers of the real image behind Debian's nginx (deploy/nginx/nginx.conf.template:
# retries to the next replica), all on loopback, under wrk -t2 -c SCALE_CONNECTIONS with valid POST /hand/score
# bodies (benchmarks/http_bodies.py, benchmarks/http_ratio.lua). Three runs of SCALE_SECONDS each (default 10):
#   1. one replica behind nginx,   2. both replicas (each one's /metrics must show it served),
#   3. both, with replica b stopped (docker stop: SIGTERM, graceful shutdown) a third of the way in:
#      every answer must be 2xx, no socket error (the retry covers the replica that went away).
# A real Prometheus (Debian's) scrapes both replicas every second and must see both serve, and promtool lints a
# scrape. Prints req/s of each run, what each replica served, the failover's counts and the replicas' memory.
# Each replica gets SCALE_CPUS (default 0.5) of a core, as a pod gets its CPU limit, so that on this 2-core machine
# the replicas, not wrk and nginx beside them, are what runs out. Needs a running Docker engine and the image
# (SCALE_IMAGE, default riichi-scoring: `make image`); installs nginx, wrk and prometheus with apt when missing.
# Other knobs: SCALE_WORKERS (uvicorn workers per replica, 1), SCALE_CONNECTIONS (32), PYTHON.
set -euo pipefail
cd "$(dirname "$0")/.."

image=${SCALE_IMAGE:-riichi-scoring}
seconds=${SCALE_SECONDS:-10}
connections=${SCALE_CONNECTIONS:-32}
workers=${SCALE_WORKERS:-1}
cpus=${SCALE_CPUS:-0.5}
python=${PYTHON:-.venv/bin/python}
replicas=(riichi-scale-a riichi-scale-b)

fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

install_missing() {  # command, Debian package
    command -v "$1" >/dev/null 2>&1 && return 0
    [ "$(id -u)" = 0 ] || fail "$1 is missing: run as root, or apt-get install $2"
    echo "$1 is missing: installing $2 with apt"
    # Debian's nginx package starts a system nginx on port 80 unless told not to: policy-rc.d, for the install only.
    local policy=/usr/sbin/policy-rc.d placed=
    if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && placed=1; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$2" >/dev/null 2>&1 \
        || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$2" >/dev/null; }
    [ -z "$placed" ] || rm -f "$policy"
}
install_missing nginx nginx
install_missing wrk wrk
install_missing prometheus prometheus
docker image inspect "$image" >/dev/null 2>&1 || fail "no image $image: make image (or SCALE_IMAGE=...)"

work=$(mktemp -d)
chmod 755 "$work"
nginx_pid=
prometheus_pid=
cleanup() {
    set +e
    if [ -n "$nginx_pid" ]; then kill -QUIT "$nginx_pid" 2>/dev/null; wait "$nginx_pid" 2>/dev/null; fi
    if [ -n "$prometheus_pid" ]; then kill "$prometheus_pid" 2>/dev/null; wait "$prometheus_pid" 2>/dev/null; fi
    docker rm -f "${replicas[@]}" >/dev/null 2>&1
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { "$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
lb_port=$(free_port)
prometheus_port=$(free_port)
declare -A port
for name in "${replicas[@]}"; do
    port[$name]=$(free_port)
    docker rm -f "$name" >/dev/null 2>&1 || true
    # The host's network, so each replica listens on a loopback port of its own with no proxy in between.
    docker run -d --name "$name" --read-only --tmpfs /tmp --network host --cpus "$cpus" -e MAHJONG_HOST=127.0.0.1 \
        -e MAHJONG_PORT="${port[$name]}" -e MAHJONG_WORKERS="$workers" "$image" >/dev/null
done
for name in "${replicas[@]}"; do
    for _ in $(seq 1 100); do
        curl -fsS -o /dev/null "http://127.0.0.1:${port[$name]}/health" 2>/dev/null && break
        sleep 0.2
    done
    curl -fsS -o /dev/null "http://127.0.0.1:${port[$name]}/health" || { docker logs "$name" >&2; fail "$name did not start"; }
done

"$python" benchmarks/http_bodies.py "$work" --batch 10 >/dev/null
for name in "${replicas[@]}"; do  # warm-up, and every body scores
    "$python" benchmarks/http_bodies.py "$work" --check "http://127.0.0.1:${port[$name]}" >/dev/null
done

nginx_conf() {  # replicas behind nginx
    local servers="" name
    for name in "$@"; do servers+="server 127.0.0.1:${port[$name]} max_fails=1 fail_timeout=10s; "; done
    sed -e "s|@PREFIX@|$work|g" -e "s|@LISTEN@|127.0.0.1:$lb_port|" -e "s|@SERVERS@|$servers|" \
        deploy/nginx/nginx.conf.template >"$work/nginx.conf"
}
nginx_conf riichi-scale-a
nginx -t -q -c "$work/nginx.conf" -g 'daemon off;'
nginx -c "$work/nginx.conf" -g 'daemon off;' &
nginx_pid=$!
for _ in $(seq 1 50); do curl -fsS -o /dev/null "http://127.0.0.1:$lb_port/health" 2>/dev/null && break; sleep 0.1; done

# A real Prometheus scrapes both replicas every second, as it would in a cluster.
cat >"$work/prometheus.yml" <<PROMETHEUS
global: {scrape_interval: 1s, scrape_timeout: 1s}
scrape_configs:
  - job_name: riichi-scoring
    static_configs: [{targets: ["127.0.0.1:${port[riichi-scale-a]}", "127.0.0.1:${port[riichi-scale-b]}"]}]
PROMETHEUS
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/prometheus" --log.level=warn \
    --web.listen-address="127.0.0.1:$prometheus_port" >"$work/prometheus.log" 2>&1 &
prometheus_pid=$!
curl -fsS "http://127.0.0.1:${port[riichi-scale-a]}/metrics" | promtool check metrics || fail "promtool check metrics"
prometheus_sees() {  # "INSTANCE=VALUE ..." for a PromQL query, from Prometheus' HTTP API
    curl -fsS --get --data-urlencode "query=$1" "http://127.0.0.1:$prometheus_port/api/v1/query" 2>/dev/null \
        | "$python" -c 'import json, sys
print(" ".join("%s=%.0f" % (r["metric"]["instance"], float(r["value"][1])) for r in json.load(sys.stdin)["data"]["result"]))' 2>/dev/null
}

served() {  # the replica's own count of POST /hand/score answered 200, from its /metrics
    curl -fsS "http://127.0.0.1:${port[$1]}/metrics" \
        | awk '/^mahjong_http_requests_total\{method="POST",route="\/hand\/score",status="200"\}/ {printf "%d", $2; found=1}
               END {if (!found) printf "0"}'
}
value() { sed -n "s/.*[[:space:]]$2=\([0-9.]*\).*/\1/p" "$work/$1.out" | head -n 1; }
load() {  # name: wrk through nginx for SCALE_SECONDS
    wrk -t2 -c"$connections" -d"${seconds}s" --timeout 5s -s benchmarks/http_ratio.lua "http://127.0.0.1:$lb_port" \
        -- /hand/score "$work/single.jsonl" >"$work/$1.out"
}
not_2xx() {  # every answer that is not 2xx, and every socket error
    awk '/^RESULT/ {for (i = 2; i <= NF; i++) {split($i, kv, "=");
         if (kv[1] ~ /^status_(3xx|4xx|5xx|other)$/ || kv[1] == "socket_errors") n += kv[2]}} END {print n + 0}' "$work/$1.out"
}
report() {  # name, label
    printf '%-34s %8s req/s  p50 %s ms  p99 %s ms  2xx %s  not 2xx or socket errors %s\n' "$2" "$(value "$1" rps)" \
        "$(value "$1" p50_ms)" "$(value "$1" p99_ms)" "$(value "$1" status_2xx)" "$(not_2xx "$1")"
}

echo "scale: $image, ${#replicas[@]} containers (read-only, $workers uvicorn worker(s) and $cpus CPU each) behind nginx" \
     "at 127.0.0.1:$lb_port; wrk -t2 -c$connections -d${seconds}s POST /hand/score per run, on $(nproc) cores"
load one
report one "one replica"

nginx_conf "${replicas[@]}"
kill -HUP "$nginx_pid"
sleep 1
a0=$(served riichi-scale-a); b0=$(served riichi-scale-b)
load two
a1=$(served riichi-scale-a); b1=$(served riichi-scale-b)
report two "two replicas"
echo "  served in that run: a $((a1 - a0)), b $((b1 - b0)) (their /metrics)"
[ $((a1 - a0)) -gt 0 ] && [ $((b1 - b0)) -gt 0 ] || fail "both replicas must serve the two-replica run"
query='sum by (instance) (mahjong_http_requests_total{route="/hand/score",status="200"})'
total() { tr ' ' '\n' <<<"$1" | awk -F= '{n += $2} END {print n + 0}'; }
for _ in $(seq 1 40); do  # until Prometheus has scraped both since the run ended: then it has their very counts
    seen=$(prometheus_sees "$query" || true)
    [ "$(wc -w <<<"$seen")" = 2 ] && [ "$(total "$seen")" = $((a1 + b1)) ] && break
    sleep 0.5
done
echo "  Prometheus, scraping both every second: $query ->" \
     "$(sed -e "s/127.0.0.1:${port[riichi-scale-a]}=/a /; s/127.0.0.1:${port[riichi-scale-b]}=/b /" <<<"$seen")" \
     "(each replica's count since it started, warm-up included: the same as its own /metrics)"
[ "$(wc -w <<<"$seen")" = 2 ] && [ "$(total "$seen")" = $((a1 + b1)) ] \
    || { cat "$work/prometheus.log" >&2; fail "Prometheus does not see what both replicas counted ($a1 + $b1)"; }

load failover &
wrk_pid=$!
sleep "$(awk -v s="$seconds" 'BEGIN {print s / 3}')"
b2=$(served riichi-scale-b)
stop_started=$(date +%s.%N)
docker stop -t 30 riichi-scale-b >/dev/null
stop_seconds=$(awk -v a="$stop_started" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
wait "$wrk_pid"
a3=$(served riichi-scale-a)
report failover "two replicas, b stopped mid-run"
echo "  b served $((b2 - b1)) before it was stopped (docker stop took ${stop_seconds} s: graceful shutdown);" \
     "a served $((a3 - a1)) in the run"
echo "  what nginx met on b meanwhile (each time it sent the request to a instead; the client saw none of it):"
sed -nE 's/^.* \[(error|warn)\] [0-9#]+: \*?[0-9]* ?//p' "$work/error.log" | sed -E 's/, client: .*//; s/[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+:[0-9]+/HOST:PORT/g' \
    | sort | uniq -c | sed 's/^/   /'
failed=$(not_2xx failover)

for name in "${replicas[@]}"; do
    echo "  $name logs: $(docker logs "$name" 2>&1 | "$python" scripts/check_json_logs.py)" || fail "$name logged errors"
done
rss=$(docker exec riichi-scale-a awk '/^VmRSS:/ {printf "%.1f", $2 / 1024}' /proc/1/status)
echo "  replica a: worker RSS ${rss} MiB after the runs; container memory $(docker stats --no-stream --format '{{.MemUsage}}' riichi-scale-a)"
echo "one_replica_rps: $(value one rps)"
echo "two_replicas_rps: $(value two rps)"
echo "failover_not_2xx: $failed"
[ "$failed" = 0 ] || { cat "$work/failover.out" "$work/error.log" >&2; fail "$failed answers were not 2xx while a replica stopped"; }
echo "scale test passed"
