-- Cycles through request paths read from a file (one a line), so every request asks something
-- different and no cache helps. Usage:
--   wrk ... -s bench/wrk/paths.lua http://127.0.0.1:PORT -- PATHS_FILE [API_KEY]
-- Each wrk thread starts at its own offset in the list.
--
-- The requests are formatted once, in init(), as wrk's scripting guide advises for fast servers:
-- formatting one per request cost wrk ~10 us of CPU each (48 -> 38 us per request, measured), and
-- on loopback that CPU is taken from the server under test. The static runs (page, baseline) send
-- one pre-formatted request too, so all runs now pay the same client cost.

local requests = {}
local counter = 0
local threads = 0

function setup(thread)
  thread:set("thread_index", threads)
  threads = threads + 1
end

function init(args)
  local headers = {}
  if args[2] then
    headers["Authorization"] = "Bearer " .. args[2]
  end
  local file = assert(io.open(args[1], "r"))
  for line in file:lines() do
    if #line > 0 then
      requests[#requests + 1] = wrk.format("GET", line, headers)
    end
  end
  file:close()
  counter = ((thread_index or 0) * 7919) % #requests
end

function request()
  counter = counter % #requests + 1
  return requests[counter]
end
