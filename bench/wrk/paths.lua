-- Cycles through request paths read from a file (one a line), so every request asks something
-- different and no cache helps. Usage:
--   wrk ... -s bench/wrk/paths.lua http://127.0.0.1:PORT -- PATHS_FILE [API_KEY]
-- Each wrk thread starts at its own offset in the list.

local paths = {}
local key = nil
local counter = 0
local threads = 0

function setup(thread)
  thread:set("thread_index", threads)
  threads = threads + 1
end

function init(args)
  local file = assert(io.open(args[1], "r"))
  for line in file:lines() do
    if #line > 0 then
      paths[#paths + 1] = line
    end
  end
  file:close()
  key = args[2]
  counter = ((thread_index or 0) * 7919) % #paths
end

function request()
  counter = counter % #paths + 1
  local headers = {}
  if key then
    headers["Authorization"] = "Bearer " .. key
  end
  return wrk.format("GET", paths[counter], headers)
end
