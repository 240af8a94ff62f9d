-- wrk script for `make load`: rotates valid and invalid requests and counts answers by status class.
-- Bodies are the contract's examples (valid) and typical client mistakes (invalid).

local json_headers = {["Content-Type"] = "application/json"}

local hand_valid = [[{"hand": {"tiles": "234567m456p22678s", "melds": [], "win_tile": "8s"},
 "context": {"win": "ron", "seat_wind": "east", "round_wind": "east", "riichi": true,
  "dora_indicators": ["3m"], "ura_dora_indicators": [], "honba": 0, "riichi_sticks": 0},
 "rules": {"preset": "tenhou"}}]]

local hand_invalid_tiles = [[{"hand": {"tiles": "234567m456p22678x", "melds": [], "win_tile": "8s"},
 "context": {"win": "ron"}}]]

local hand_malformed = [[{"hand": {"tiles": "234567m456p22678s", "melds": [], ]]

local end_check = [[{"rules": {"preset": "tenhou"},
 "state": {"round_wind": "south", "round_number": 4, "honba": 0, "riichi_sticks": 0,
  "scores": [31000, 24000, 20000, 25000]},
 "last_hand": {"result": "win", "winners": [3], "dealer_tenpai": false, "dealer_ends": null}}]]

local requests = {}
local index = 0
counts = {s2xx = 0, s3xx = 0, s4xx = 0, s5xx = 0, other = 0}

function init(args)
  requests = {
    wrk.format("POST", "/hand/score", json_headers, hand_valid),
    wrk.format("POST", "/hand/score", json_headers, hand_invalid_tiles),
    wrk.format("POST", "/hand/score", json_headers, hand_malformed),
    wrk.format("POST", "/match/end-check", json_headers, end_check),
    wrk.format("GET", "/health"),
  }
end

function request()
  index = index % #requests + 1
  return requests[index]
end

function response(status, headers, body)
  local class = math.floor(status / 100)
  local key = ({[2] = "s2xx", [3] = "s3xx", [4] = "s4xx", [5] = "s5xx"})[class] or "other"
  counts[key] = counts[key] + 1
end

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function done(summary, latency, _)
  local total = {s2xx = 0, s3xx = 0, s4xx = 0, s5xx = 0, other = 0}
  for _, thread in ipairs(threads) do
    local c = thread:get("counts")
    for key, value in pairs(c) do total[key] = total[key] + value end
  end
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format("RESULT requests=%d seconds=%.1f rps=%.0f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f\n",
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("RESULT status_2xx=%d status_3xx=%d status_4xx=%d status_5xx=%d status_other=%d\n",
    total.s2xx, total.s3xx, total.s4xx, total.s5xx, total.other))
  io.write(string.format("RESULT socket_errors=%d connect=%d read=%d write=%d timeout=%d\n",
    e.connect + e.read + e.write + e.timeout, e.connect, e.read, e.write, e.timeout))
end
