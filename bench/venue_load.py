"""Venue load: 1,000 phones at 250 tables of four, against one `companion serve`.

Each phone polls its table's `/t/<token>/live?v=<version>` about every 2 s, as app.js does
(204 while nothing changed, else the fresh fragment, whose version it keeps); each table
posts a version-chained event every 10 s. Two wrk processes drive it (bench/venue_poll.lua
with 1,000 connections, bench/venue_events.lua with 250) for `--seconds` (default 60).
Prints p50/p99 of polls and of events, errors and refusals, and the server's CPU use.

Targets (one process, SQLite, two shared cores): 0 errors, poll p99 <= 50 ms, event
p99 <= 100 ms. Loopback is one client address, so the run sets what a venue whose phones
share one NAT address sets (docs/deploy.md): no per-address connection cap and a per-address
rate limit sized for the venue. Tables are opened from 250 distinct loopback addresses
(127.0.1.x), as a venue's phones would, under the default creation limit.
Needs `wrk` (Debian package `wrk`).
Usage: python bench/venue_load.py [--seconds 60] [--tables 250] [--workers 1] [--db URL]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion_load import free_port, script, start  # same folder: bench/

HERE = Path(__file__).resolve().parent


def create(port: int, i: int) -> tuple[str, str]:
    """Open table `i` from its own loopback address (one phone per table creates it)."""
    source = f"127.0.{1 + i // 250}.{1 + i % 250}"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                      source_address=(source, 0))
    seats = zip("ABCD", ("jack", "queen", "king", "joker"), strict=True)
    body = {"players": [{"name": f"{seat}{i}", "character": ch, "side": "A"}
                        for seat, ch in seats]}
    conn.request("POST", "/api/v1/games", json.dumps(body), {"Content-Type": "application/json"})
    resp = conn.getresponse()
    got = json.loads(resp.read())
    conn.close()
    if resp.status != 201:
        raise RuntimeError(f"table {i} from {source}: {resp.status} {got}")
    return got["id"], got["edit_token"]


def cpu_seconds(pid: int) -> float:
    """User + system CPU of `pid` and its children (gunicorn workers) so far."""
    total = 0.0
    pids = [pid] + [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    for p in pids:
        fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def wrk(url: str, lua: Path, threads: int, connections: int, seconds: int) -> subprocess.Popen:
    return subprocess.Popen(["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s",
                             "--timeout", "10s", "-s", str(lua), url, "--", str(threads),
                             str(-(-connections // threads))],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def result(proc: subprocess.Popen) -> dict:
    out, err = proc.communicate()
    if proc.returncode:
        raise RuntimeError(f"wrk failed: {err.strip()}")
    line = next(x for x in out.splitlines() if x.startswith("RESULT "))
    return json.loads(line[len("RESULT "):])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("bench/venue_load.py needs wrk (apt-get install wrk)")
    phones = 4 * args.tables
    tmp = Path(tempfile.mkdtemp())
    port = free_port()
    env = {**os.environ, "MISSION_KIT_RATELIMIT_TOKEN": f"{60 * phones}/minute"}
    server = start([sys.executable, "-m", "companion", "serve", "--port", str(port),
                    "--db", args.db or str(tmp / "venue.db"), "--workers", str(args.workers),
                    "--per-address-limit", "0",
                    "--connection-limit", str(phones + args.tables + 50)], port, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        began = time.monotonic()
        tables = [create(port, i) for i in range(args.tables)]
        opened = time.monotonic() - began
        rows = ", ".join(f'{{"{g}", "{t}", 0}}' for g, t in tables)
        events_lua = script(tmp, "venue_events.lua",
                            f"function setup_games() return {{{rows}}} end\n")
        tokens = ", ".join(f'"{t}"' for _, t in tables)
        poll_lua = script(tmp, "venue_poll.lua",
                          f"function setup_tables() return {{{tokens}}} end\n")
        if os.environ.get("VENUE_PROFILE"):  # py-spy's view of the server under load
            subprocess.Popen(["py-spy", "record", "--idle", "-p", str(server.pid), "-d",
                              str(args.seconds - 2), "-f", "raw", "-o",
                              os.environ["VENUE_PROFILE"]], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        cpu0, wall0 = cpu_seconds(server.pid), time.monotonic()
        polls = wrk(url, poll_lua, 4, phones, args.seconds)
        events = wrk(url, events_lua, 2, args.tables, args.seconds)
        got_polls, got_events = result(polls), result(events)
        cpu = (cpu_seconds(server.pid) - cpu0) / (time.monotonic() - wall0)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
    print(f"{args.tables} tables opened from {args.tables} addresses in {opened:.1f} s")
    for name, r, target in (("polls", got_polls, 50), ("events", got_events, 100)):
        print(f"{name:6}: {r['requests'] / r['seconds']:7.1f}/s  p50 {r['p50_ms']:6.1f} ms  "
              f"p99 {r['p99_ms']:6.1f} ms (target <= {target})  errors {r['errors']}  "
              f"refused {r['non200']}")
    print(f"server CPU: {cpu:.2f} cores ({args.workers} worker(s), "
          f"{'PostgreSQL' if args.db and args.db.startswith('postgres') else 'SQLite'})")


if __name__ == "__main__":
    main()
