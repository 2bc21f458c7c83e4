-- wrk script for bench/companion_load.py: the baseline, GET /api/v1/health.
function done(summary, latency, requests)
  report(summary, latency, summary.errors.status)
end
