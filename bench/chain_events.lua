-- wrk script for bench/companion_load.py: each thread holds one connection and one game,
-- and chains the versions (the version of each answer goes into the next event), as a
-- phone does. The games come from setup_games(), written by the Python driver.
local games = setup_games()
local counter = 0
local threads = {}

function setup(thread)
  counter = counter + 1
  local g = games[counter]
  thread:set("game", g[1])
  thread:set("token", g[2])
  thread:set("version", g[3])
  table.insert(threads, thread)
end

function init(args)
  path = "/api/v1/games/" .. game .. "/events"
  headers = {["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token}
  stale = 0
end

function request()
  local body = string.format(
    '{"version":%d,"event":{"type":"take_investigation","player":%d}}', version, version % 2)
  return wrk.format("POST", path, headers, body)
end

function response(status, hdrs, body)
  if status == 200 then
    version = tonumber(string.match(body, '"version":(%d+)'))
  else
    stale = stale + 1
  end
end

function done(summary, latency, requests)
  local refused = 0
  for _, t in ipairs(threads) do refused = refused + t:get("stale") end
  report(summary, latency, refused)
end
