"""Load benchmark: 20 concurrent clients, each on its own game, posting version-chained
events to `companion serve` for a fixed time; then the same clients against a bare Flask
"hello" endpoint served the same way (waitress, same threads), in the same run. The two
alternate for several rounds and the medians are compared, so that a noisy neighbour on
the machine does not decide the ratio.

Prints events/s, the ratio to hello requests/s, and p50/p99 latency.
Targets (SQLite): ratio >= 0.5, p99 <= 25 ms. Only loopback addresses are used.
Usage: python bench/companion_load.py [--seconds 3] [--rounds 4] [--clients 20] [--db URL]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
THREADS = 24  # as companion serve's default


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(cmd: list[str], port: int) -> subprocess.Popen:
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/health", timeout=1)
            return proc
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"server did not start: {cmd}")


def stop(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=10)


def request(conn: http.client.HTTPConnection, path: str, body: dict,
            token: str | None = None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request("POST", path, json.dumps(body), headers)
    resp = conn.getresponse()
    return resp.status, json.loads(resp.read() or b"null")


def run_clients(port: int, clients: int, seconds: float, make_job) -> tuple[int, list[float]]:
    """Run `clients` threads until the time is up; return (successful requests, latencies)."""
    latencies: list[float] = []
    done = [0]
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds
    barrier = threading.Barrier(clients)

    def worker(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        job = make_job(conn, i)
        mine, ok = [], 0
        barrier.wait()
        while time.monotonic() < stop_at:
            t0 = time.perf_counter()
            if job():
                ok += 1
                mine.append(time.perf_counter() - t0)
        conn.close()
        with lock:
            done[0] += ok
            latencies.extend(mine)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return done[0], latencies


def companion_job(games: list[tuple[str, str]]):
    versions = [0] * len(games)  # carried from one round to the next

    def make(conn, i):
        game_id, token = games[i]
        state = {"version": versions[i]}

        def post() -> bool:
            status, body = request(conn, f"/api/v1/games/{game_id}/events", {
                "version": state["version"],
                "event": {"type": "take_investigation", "player": state["version"] % 2}}, token)
            if status != 200:
                raise RuntimeError(f"unexpected {status}: {body.get('error')}")
            state["version"] = versions[i] = body["version"]
            return True

        return post
    return make


def hello_job(conn, i):
    return lambda: request(conn, "/hello", {"n": i})[0] == 200


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one round")
    parser.add_argument("--rounds", type=int, default=4,
                        help="rounds of each server, alternating (medians are compared)")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite)")
    parser.add_argument("--workers", type=int, default=1,
                        help="worker processes for both servers (gunicorn when > 1)")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp())
    db = args.db or str(tmp / "load.db")

    port, hello_port = free_port(), free_port()
    server = start([sys.executable, "-m", "companion", "serve", "--port", str(port), "--db", db,
                    "--threads", str(THREADS), "--workers", str(args.workers)], port)
    hello = start([sys.executable, str(HERE / "hello_app.py"), str(hello_port), str(THREADS),
                   str(args.workers)], hello_port)
    ev_rates, hello_rates, ev_lat, hello_lat = [], [], [], []
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port)
        games = []
        for i in range(args.clients):
            status, body = request(conn, "/api/v1/games", {"players": [
                {"name": f"A{i}", "character": "jack", "side": "A"},
                {"name": f"B{i}", "character": "queen", "side": "A"}]})
            assert status == 201, body
            games.append((body["id"], body["edit_token"]))
        conn.close()
        job = companion_job(games)
        # Alternate the two servers so that both see the same machine (other load, CPU
        # frequency, the database growing) and compare medians.
        for _ in range(args.rounds):
            events, lat = run_clients(port, args.clients, args.seconds, job)
            ev_rates.append(events / args.seconds)
            ev_lat += lat
            hellos, lat = run_clients(hello_port, args.clients, args.seconds, hello_job)
            hello_rates.append(hellos / args.seconds)
            hello_lat += lat
    finally:
        stop(server)
        stop(hello)

    ev_rate, hello_rate = statistics.median(ev_rates), statistics.median(hello_rates)
    server_kind = (f"waitress, {THREADS} threads" if args.workers == 1
                   else f"gunicorn, {args.workers} workers x {THREADS} threads")
    print(f"database: {'SQLite' if args.db is None else args.db.split('://')[0]}; "
          f"{args.clients} clients; {args.rounds} alternating rounds of {args.seconds:g} s "
          f"per server; {server_kind}")
    print(f"companion events: {ev_rate:.0f}/s (median; rounds "
          f"{', '.join(f'{r:.0f}' for r in ev_rates)})  p50 "
          f"{statistics.median(ev_lat) * 1000:.1f} ms  p99 {pct(ev_lat, 0.99):.1f} ms")
    print(f"bare Flask hello: {hello_rate:.0f}/s (median; rounds "
          f"{', '.join(f'{r:.0f}' for r in hello_rates)})  p50 "
          f"{statistics.median(hello_lat) * 1000:.1f} ms  p99 {pct(hello_lat, 0.99):.1f} ms")
    print(f"ratio events/s : hello req/s = {ev_rate / hello_rate:.2f}  (target >= 0.5; "
          f"p99 target <= 25 ms)")


if __name__ == "__main__":
    main()
