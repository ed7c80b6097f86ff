-- wrk script of bench/page-cache.ts: every connection of the load is open before the first request is sent.
--
-- wrk opens all its connections at once and sends each one's first request as soon as it is connected. A busy Node
-- server takes one new connection from its listen queue per turn of its event loop: once the first connections'
-- requests keep it busy, the rest wait in the queue, one more accepted per turn. On a server answering ~1 000
-- requests/s the last of 64 waited 2-4 s, counted by wrk as timeouts though the server answered each request in
-- under 300 ms once it had it. No visitor meets that: it is the load's own start. Here each connection's first
-- request waits FIRST_REQUEST_DELAY_MS, while the idle server accepts them all, and the load then runs on open
-- connections, as 64 visitors (or nginx's upstream connections) do; every request after is sent at once and timed
-- as before (wrk starts a request's clock when it sends it, after the wait).
--
-- Arguments (after `--`): the connections per thread.
local FIRST_REQUEST_DELAY_MS = 250
local connections = 0
local delayed = 0

function init(args)
  connections = tonumber(args[1]) or 0
end

function delay()
  if delayed < connections then
    delayed = delayed + 1
    return FIRST_REQUEST_DELAY_MS
  end
  return 0
end
