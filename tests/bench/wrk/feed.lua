-- wrk script of `npm run bench`: POSTs JSON bodies read from a file, one per line, each sent once
-- (signed bodies must be unique: the replay cache refuses a repeated signature). Arguments after
-- `--`: <path> <bodies file> <wrap: 1 to cycle through the file, 0 to stop at its end>.
-- Counts replies whose envelope is not success '1' and prints one JSON line at the end.

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  path = args[1]
  wrap = args[3] == "1"
  bodies = {}
  for line in io.lines(args[2]) do bodies[#bodies + 1] = line end
  index = 0
  failures = 0
  exhausted = 0
  first_failure = ""
  headers = { ["Content-Type"] = "application/json", ["X-Client"] = "enot-bench" }
end

function request()
  index = index + 1
  if index > #bodies then
    if not wrap then
      exhausted = exhausted + 1
      index = #bodies
    else
      index = 1
    end
  end
  return wrk.format("POST", path, headers, bodies[index])
end

function response(status, _, body)
  if status ~= 200 or not string.find(body, '"success":"1"', 1, true) then
    failures = failures + 1
    if first_failure == "" then first_failure = status .. " " .. string.sub(body, 1, 160) end
  end
end

function done(summary, latency, _)
  local failed, ran_out, first = 0, 0, ""
  for _, thread in ipairs(threads) do
    failed = failed + thread:get("failures")
    ran_out = ran_out + thread:get("exhausted")
    if first == "" then first = thread:get("first_failure") end
  end
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"non2xx":%d,"socketErrors":%d,"failures":%d,"exhausted":%d,"firstFailure":"%s"}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    failed, ran_out, string.gsub(first, '[%c"\\]', "?")))
end
