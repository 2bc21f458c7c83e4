-- wrk script for bench/companion_load.py: the baseline, GET /api/v1/health.
function done(summary, latency, requests)
  io.write(string.format(
    'RESULT {"requests":%d,"seconds":%f,"p50_ms":%f,"p99_ms":%f,"non200":%d,"errors":%d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.timeout))
end
