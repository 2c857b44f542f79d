-- wrk script of `make bench` for a URL whose expected status is not 2xx (the 404 page):
-- `wrk ... -s expect-status.lua URL -- 404`. Counts responses with any other status
-- ("unexpected"); defining `response` makes wrk hand every response to Lua, so it is
-- used only for such URLs.
local threads = {}

setup = function(thread)
  table.insert(threads, thread)
end

init = function(args)
  expected = tonumber(args[1]) or 200
  unexpected = 0
end

response = function(status, headers, body)
  if status ~= expected then
    unexpected = unexpected + 1
  end
end

done = function(summary, latency, requests)
  local bad = 0
  for _, thread in ipairs(threads) do
    bad = bad + thread:get("unexpected")
  end
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"unexpected":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout, bad,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
