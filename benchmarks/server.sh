# Sourced by load.sh, http_ratio.sh and scripts/clients_check.sh (with $python set): a free loopback port for the
# server they start, and waiting until that very server answers on it, so that a server left running by an earlier
# run is never measured.

# A port nothing listens on now (the kernel's pick for a socket bound to port 0).
free_port() {
    "$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# listens_on PID PORT: whether process PID holds the socket listening on 127.0.0.1:PORT (uvicorn binds it in the
# process started, also when it spawns workers).
listens_on() {
    local inode
    inode=$(awk -v port="$(printf ':%04X' "$2")" '$2 ~ port "$" && $4 == "0A" {print $10; exit}' /proc/net/tcp)
    [ -n "$inode" ] && find "/proc/$1/fd" -lname "socket:\[$inode\]" 2>/dev/null | grep -q .
}

# wait_for_server PID PORT LOG: until GET /health answers on PORT, from the server PID; fails (with LOG) when PID
# exits first, when another process answers on PORT, or after 20 s.
wait_for_server() {
    local pid=$1 port=$2 log=$3
    for _ in $(seq 1 100); do
        if "$python" -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$port/health', timeout=1)" 2>/dev/null; then
            listens_on "$pid" "$port" && return 0
            echo "port $port is answered by another process, not by the server started (pid $pid)" >&2
            return 1
        fi
        kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; echo "the server did not start" >&2; return 1; }
        sleep 0.2
    done
    cat "$log" >&2
    echo "the server did not answer GET /health on port $port within 20 s" >&2
    return 1
}

# start_server LOG: `python -m app` as production runs it (one worker, warnings only, no access log) on a free
# loopback port, its output in LOG, waiting until it answers; sets server (its pid), port and base. stop_server
# stops it and waits for it (safe to call when none was started, as from an EXIT trap).
server=
start_server() {
    port=$(free_port)
    base=http://127.0.0.1:$port
    MAHJONG_HOST=127.0.0.1 MAHJONG_PORT=$port MAHJONG_WORKERS=1 MAHJONG_LOG_LEVEL=warning MAHJONG_ACCESS_LOG=false \
        "$python" -m app >"$1" 2>&1 &
    server=$!  # with one worker, uvicorn serves from this very process
    wait_for_server "$server" "$port" "$1"
}
stop_server() {
    [ -n "$server" ] || return 0
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=
}
