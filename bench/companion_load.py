"""Load benchmark with a compiled load generator (wrk), so the client is not the bottleneck.

16 connections (one wrk thread each), each on its own game, post version-chained events
(bench/chain_events.lua carries each answer's version into the next event, as a phone
does) to `companion serve`; then the same server's GET /api/v1/health with the same
connections, in the same run. The two alternate for several rounds and the medians are
compared, so a noisy neighbour on the machine does not decide the ratio.

Prints events/s, health requests/s, their ratio and p50/p99 latency.
Targets (SQLite): ratio >= 0.5, p99 <= 25 ms. Only loopback addresses are used.
Needs `wrk` (Debian package `wrk`).
Usage: python bench/companion_load.py [--seconds 5] [--rounds 5] [--connections 16] [--db URL]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(cmd: list[str], port: int, env: dict[str, str] | None = None) -> subprocess.Popen:
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True, env=env)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/health", timeout=1)
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"server did not start: {cmd}")


def call(port: int, method: str, path: str, body: dict | None = None,
         token: str | None = None) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    resp = conn.getresponse()
    out = resp.status, json.loads(resp.read() or b"null")
    conn.close()
    return out


def wrk(url: str, script: Path, connections: int, seconds: int) -> dict:
    """One wrk run; the figures its Lua `done` prints."""
    done = subprocess.run(["wrk", f"-t{connections}", f"-c{connections}", f"-d{seconds}s",
                           "--timeout", "10s", "-s", str(script), url],
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"wrk failed: {done.stderr.strip()}")
    line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT "))
    return json.loads(line[len("RESULT "):])


def events_script(port: int, games: list[tuple[str, str]], folder: Path) -> Path:
    """The chaining script with each game at its current version."""
    rows = []
    for game_id, token in games:
        status, state = call(port, "GET", f"/api/v1/games/{game_id}", token=token)
        assert status == 200, state
        rows.append(f'{{"{game_id}", "{token}", {state["version"]}}}')
    return script(folder, "chain_events.lua",
                  "function setup_games() return {" + ", ".join(rows) + "} end\n")


def script(folder: Path, name: str, prefix: str = "") -> Path:
    """bench/<name> with the RESULT reporter (result.lua) and `prefix` before it."""
    path = folder / name
    path.write_text(prefix + (HERE / "result.lua").read_text() + (HERE / name).read_text())
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=int, default=5, help="length of one round (s)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds of each load, alternating (medians are compared)")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite)")
    parser.add_argument("--workers", type=int, default=1, help="companion worker processes")
    parser.add_argument("--threads", type=int, default=None,
                        help="threads per worker (default: companion serve's own)")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("bench/companion_load.py needs wrk (apt-get install wrk)")
    tmp = Path(tempfile.mkdtemp())
    port = free_port()
    server = start([sys.executable, "-m", "companion", "serve", "--port", str(port), "--db",
                    args.db or str(tmp / "load.db"), "--workers", str(args.workers),
                    *(["--threads", str(args.threads)] if args.threads else [])], port)
    url = f"http://127.0.0.1:{port}"
    events, health = [], []
    try:
        games = []
        for i in range(args.connections):
            status, body = call(port, "POST", "/api/v1/games", {"players": [
                {"name": f"A{i}", "character": "jack", "side": "A"},
                {"name": f"B{i}", "character": "queen", "side": "A"}]})
            assert status == 201, body
            games.append((body["id"], body["edit_token"]))
        health_script = script(tmp, "health.lua")  # the events' script changes each round
        for _ in range(args.rounds):  # alternate: both loads see the same machine
            got = wrk(url, events_script(port, games, tmp), args.connections, args.seconds)
            if got["non200"] or got["errors"]:
                raise RuntimeError(f"events were refused or failed: {got}")
            events.append(got)
            health.append(wrk(url + "/api/v1/health", health_script, args.connections,
                              args.seconds))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)

    def rate(runs: list[dict]) -> float:
        return statistics.median(r["requests"] / r["seconds"] for r in runs)

    def show(name: str, runs: list[dict]) -> None:
        rounds = ", ".join(f"{r['requests'] / r['seconds']:.0f}" for r in runs)
        print(f"{name}: {rate(runs):.0f}/s (median; rounds {rounds})  "
              f"p50 {statistics.median(r['p50_ms'] for r in runs):.1f} ms  "
              f"p99 {max(r['p99_ms'] for r in runs):.1f} ms (worst round)")

    print(f"database: {'SQLite' if args.db is None else args.db.split('://')[0]}; wrk, "
          f"{args.connections} connections each on its own game; {args.rounds} alternating "
          f"rounds of {args.seconds:g} s; companion serve, {args.workers} worker(s), "
          f"{args.threads or 'default'} threads")
    show("event posts (version-chained)", events)
    show("health (same server)", health)
    print(f"ratio events/s : health req/s = {rate(events) / rate(health):.2f}  "
          "(target >= 0.5; p99 target <= 25 ms)")


if __name__ == "__main__":
    main()
