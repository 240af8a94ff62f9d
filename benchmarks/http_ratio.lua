-- wrk script for benchmarks/http_ratio.sh: `wrk ... -s benchmarks/http_ratio.lua URL -- PATH [BODIES]`.
-- Without BODIES: GET PATH. With BODIES (a file, one JSON body a line): POST PATH, rotating the bodies,
-- each thread starting at a different one. The same script drives every run, so wrk's own cost per
-- request is the same for /health and the POSTs. Prints RESULT lines and counts answers by status class.

local requests = {}
local index = 0
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "wrk_report.lua")

function init(args)
  local path, bodies = args[1] or "/health", args[2]
  if bodies == nil then
    requests = {wrk.format("GET", path)}
    return
  end
  local headers = {["Content-Type"] = "application/json"}
  for line in io.lines(bodies) do
    if #line > 0 then
      table.insert(requests, wrk.format("POST", path, headers, line))
    end
  end
  assert(#requests > 0, "no bodies in " .. bodies)
  index = ((id or 0) * 7919) % #requests
end

function request()
  index = index % #requests + 1
  return requests[index]
end
