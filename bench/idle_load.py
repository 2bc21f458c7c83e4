"""What a venue's idle phones cost every other request: waitress's loop against ours.

A venue holds about 1,250 keep-alive connections (1,000 phones between polls, the tables'
taps). waitress's own loop asks every open connection whether it wants to read or write on
each turn; companion/eventloop.py registers an idle connection once. This opens `--idle`
keep-alive connections that each made one request, then measures GET /api/v1/health with
wrk (8 connections) against both loops, alternating for `--rounds`, and prints the
medians of requests/s and p99 with and without the idle connections, and the ratio.

Target: with the idle connections, our loop's rate >= 0.9x its rate without them (waitress:
0.47x, measured when it was written). Only loopback addresses are used. Needs `wrk`.
Usage: python bench/idle_load.py [--idle 1250] [--seconds 4] [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile

from companion_load import free_port, start  # same folder: bench/

REQUEST = b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n"
UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def measure(loop: str, idle: int, seconds: int, db: str) -> tuple[float, float]:
    """(requests/s, p99 ms) of health checks while `idle` connections sit open."""
    port = free_port()
    env = {**os.environ, "MISSION_KIT_EVENT_LOOP": loop}
    server = start([sys.executable, "-m", "companion", "serve", "--port", str(port), "--db",
                    db, "--per-address-limit", "0", "--connection-limit", str(idle + 200)],
                   port, env=env)
    held = []
    try:
        for _ in range(idle):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(REQUEST)
            held.append(s)
        for s in held:
            s.recv(4096)
        out = subprocess.run(["wrk", "-t2", "-c8", f"-d{seconds}s", "--latency",
                              f"http://127.0.0.1:{port}/api/v1/health"],
                             capture_output=True, text=True, check=True).stdout
    finally:
        for s in held:
            s.close()
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    value, unit = re.search(r"99%\s+([\d.]+)(us|ms|s)", out).groups()
    return rate, float(value) * UNITS[unit]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--idle", type=int, default=1250)
    parser.add_argument("--seconds", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("bench/idle_load.py needs wrk (apt-get install wrk)")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(max(soft, args.idle + 500), hard), hard))
    db = str(tempfile.mkdtemp() + "/idle.db")
    runs: dict[tuple[str, int], list[tuple[float, float]]] = {}
    for _ in range(args.rounds):
        for loop in ("waitress", "epoll"):
            for idle in (0, args.idle):
                runs.setdefault((loop, idle), []).append(
                    measure(loop, idle, args.seconds, db))
    for loop, name in (("waitress", "waitress's loop"), ("epoll", "eventloop.py  ")):
        quiet, busy = runs[(loop, 0)], runs[(loop, args.idle)]
        rate0 = statistics.median(r for r, _ in quiet)
        rate1 = statistics.median(r for r, _ in busy)
        p99_0 = statistics.median(p for _, p in quiet)
        p99_1 = statistics.median(p for _, p in busy)
        print(f"{name}: {rate0:7.0f}/s p99 {p99_0:5.1f} ms alone; {rate1:7.0f}/s p99 "
              f"{p99_1:5.1f} ms beside {args.idle} idle connections: {rate1 / rate0:.2f}x")


if __name__ == "__main__":
    main()
