-- The line bench/companion_load.py reads from each wrk run (prepended to its scripts).
function report(summary, latency, non200)
  io.write(string.format(
    'RESULT {"requests":%d,"seconds":%f,"p50_ms":%f,"p99_ms":%f,"non200":%d,"errors":%d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, non200,
    summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.timeout))
end
