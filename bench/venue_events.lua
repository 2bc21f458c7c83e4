-- wrk script for bench/venue_load.py: each table's tap every 10 s. Each connection's thread
-- holds some tables and posts a version-chained event (the version and whose turn it is
-- come from the previous answer), as the phone whose turn it is does.
local games = setup_games()
local counter, per = 0, 0
local threads = {}

function setup(thread)
  counter = counter + 1
  thread:set("first", counter)
  table.insert(threads, thread)
end

function init(args)
  mine, state, next_one = {}, {}, 0
  local n = tonumber(args[1] or "1")
  for i = first, #games, n do
    local g = games[i]
    table.insert(mine, g[1])
    state[g[1]] = {token = g[2], version = g[3], player = 0}
  end
  bad = 0
  first_delays = tonumber(args[2] or "0")  -- this thread's connections
  math.randomseed(os.time() + first)
end

function delay()
  -- each table's first tap at a random moment of the first 10 s (tables do not play in
  -- step), then one every 10 s or so
  if first_delays > 0 then
    first_delays = first_delays - 1
    return math.random(0, 10000)
  end
  return math.random(9000, 11000)
end

function request()
  next_one = next_one % #mine + 1
  local id = mine[next_one]
  local s = state[id]
  local body = string.format(
    '{"version":%d,"event":{"type":"take_investigation","player":%d}}', s.version, s.player)
  return wrk.format("POST", "/api/v1/games/" .. id .. "/events",
    {["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. s.token}, body)
end

function response(status, hdrs, body)
  local id = string.match(body, '"id":"([%w_-]+)"')
  if status == 200 and id and state[id] then
    state[id].version = tonumber(string.match(body, '"version":(%d+)'))
    state[id].player = tonumber(string.match(body, '"turn":{"player":(%d+)'))
  else
    bad = bad + 1
  end
end

function done(summary, latency, requests)
  local refused = 0
  for _, t in ipairs(threads) do refused = refused + t:get("bad") end
  report(summary, latency, refused)
end
