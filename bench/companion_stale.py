"""Stale requests on a long game: a POST with an old version must be refused from the
stored version, not after replaying the log. Prints the time of a 409 on a 10,000-event
game next to a current post on the same game, in the same run (Flask's test client: the
server's own work, no network).

Target: a stale request answers in under 5 ms.
Usage: python bench/companion_stale.py [--events 10000] [--requests 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion import create_app  # noqa: E402

TWO = [{"name": "Ann", "character": "jack", "side": "A"},
       {"name": "Bo", "character": "queen", "side": "A"}]


def timed(call, n: int) -> list[float]:
    out = []
    for _ in range(n):
        start = time.perf_counter()
        call()
        out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    app = create_app({"DATABASE": str(Path(tempfile.mkdtemp()) / "stale.db"),
                      "RATELIMIT_ENABLED": False, "MAX_EVENTS": args.events * 2})
    client, service = app.test_client(), app.extensions["games"]
    events = [{"type": "end_turn", "player": i % 2} for i in range(args.events)]
    game_id, edit, _ = service.store.import_game({"players": TWO, "seed": 1}, events)
    headers = {"Authorization": f"Bearer {edit}"}
    url = f"/api/v1/games/{game_id}/events"
    state = {"v": args.events}

    def stale() -> None:
        r = client.post(url, headers=headers, json={"version": 1, "event": events[0]})
        assert r.status_code == 409

    def current() -> None:
        r = client.post(url, headers=headers, json={
            "version": state["v"], "event": {"type": "end_turn", "player": state["v"] % 2}})
        assert r.status_code == 200, r.json
        state["v"] = r.json["version"]

    start = time.perf_counter()
    service.load(game_id)
    replay_ms = (time.perf_counter() - start) * 1000
    stale_ms = timed(stale, args.requests)
    current_ms = timed(current, args.requests)
    print(f"{args.events}-event game: one full replay {replay_ms:.0f} ms")
    for name, ms in (("stale POST (409)", stale_ms), ("current POST (200)", current_ms)):
        ordered = sorted(ms)
        print(f"{name}: p50 {statistics.median(ms):.2f} ms  "
              f"p99 {ordered[int(0.99 * (len(ordered) - 1))]:.2f} ms")
    print("target: a stale request under 5 ms")


if __name__ == "__main__":
    main()
