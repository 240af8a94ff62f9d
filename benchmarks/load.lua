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
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "wrk_report.lua")

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
