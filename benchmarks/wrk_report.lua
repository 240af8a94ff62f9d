-- Shared by the wrk scripts (loaded with dofile): count answers by status class in every thread and,
-- at the end, print the RESULT lines that benchmarks/load.sh and benchmarks/http_ratio.sh read.

counts = {s2xx = 0, s3xx = 0, s4xx = 0, s5xx = 0, other = 0}
threads = {}

function setup(thread)
  thread:set("id", #threads)  -- a global of that thread's own Lua state
  table.insert(threads, thread)
end

function response(status, headers, body)
  local class = math.floor(status / 100)
  local key = ({[2] = "s2xx", [3] = "s3xx", [4] = "s4xx", [5] = "s5xx"})[class] or "other"
  counts[key] = counts[key] + 1
end

function done(summary, latency, _)
  local total = {s2xx = 0, s3xx = 0, s4xx = 0, s5xx = 0, other = 0}
  for _, thread in ipairs(threads) do
    local c = thread:get("counts")
    for key, value in pairs(c) do total[key] = total[key] + value end
  end
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format("RESULT requests=%d seconds=%.2f rps=%.1f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f\n",
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("RESULT status_2xx=%d status_3xx=%d status_4xx=%d status_5xx=%d status_other=%d\n",
    total.s2xx, total.s3xx, total.s4xx, total.s5xx, total.other))
  io.write(string.format("RESULT socket_errors=%d connect=%d read=%d write=%d timeout=%d\n",
    e.connect + e.read + e.write + e.timeout, e.connect, e.read, e.write, e.timeout))
end
