-- wrk script for bench/venue_load.py: the phones. Thread k holds seat k's phone of every
-- table (setup_tables() lists each table's edit token), polls /t/<token>/live?v=<version>
-- about every 2 s per phone as app.js does (204 while nothing changed), and keeps the
-- version each fresh fragment carries, so each phone renders each change once.
local tables = setup_tables()
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  tokens, versions, next_one = {}, {}, 0
  for i, t in ipairs(tables) do tokens[i] = t; versions[t] = 0 end
  headers = {["HX-Request"] = "true"}
  fresh, bad = 0, 0
  first_delays = tonumber(args[2] or "0")  -- this thread's connections
  math.randomseed(os.time() + #threads)
end

function delay()
  -- each phone's first poll at a random moment of the first 2 s (phones are not switched
  -- on in the same millisecond), then one every 2 s, not in lockstep
  if first_delays > 0 then
    first_delays = first_delays - 1
    return math.random(0, 2000)
  end
  return math.random(1500, 2500)
end

function request()
  next_one = next_one % #tokens + 1
  local t = tokens[next_one]
  return wrk.format("GET", "/t/" .. t .. "/live?v=" .. versions[t], headers)
end

function response(status, hdrs, body)
  if status == 200 then
    local t = string.match(body, "/t/([%w_-]+)/")
    local v = tonumber(string.match(body, 'data%-version="(%d+)"'))
    if t and v and versions[t] then versions[t] = v end
    fresh = fresh + 1
  elseif status ~= 204 then
    bad = bad + 1
  end
end

function done(summary, latency, requests)
  local refused = 0
  for _, t in ipairs(threads) do refused = refused + t:get("bad") end
  report(summary, latency, refused)
end
