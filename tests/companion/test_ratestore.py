"""The shared rate-limit store opens however many workers start at once (CI caught a
gunicorn worker dying at start: "database is locked" while another set up the same file)."""

from __future__ import annotations

from companion.ratestore import SQLiteStorage
from tests.companion.conftest import start_together


def _open_and_count(path: str, barrier, results) -> None:
    barrier.wait()
    try:
        store = SQLiteStorage(f"mk-sqlite://{path}")
        results.put(store.incr("LIMITER/127.0.0.1/create", 60))
    except Exception as exc:  # noqa: BLE001 - reported to the test
        results.put(repr(exc))


def test_workers_starting_together_all_open_the_store_and_count(tmp_path):
    for attempt in range(8):  # each on a fresh file: the race is on the first set-up
        path = str(tmp_path / f"limits-{attempt}.db")
        got = start_together(_open_and_count, (path,), 6, timeout=30)
        assert sorted(got, key=str) == [1, 2, 3, 4, 5, 6], got  # every hit counted once
