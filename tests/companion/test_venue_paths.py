"""The venue's cheap paths: a poll's version remembered by the one writer process
(store.VersionMemo), a table's fragment rendered once when its phones ask together
(fragments.FragmentCache), and rate counters that start no thread per request
(ratestore.QuietMemoryStorage)."""

from __future__ import annotations

import threading
import time

from companion import create_app
from companion.fragments import FragmentCache
from companion.ratestore import QuietMemoryStorage
from tests.companion.conftest import TWO


def _remembering(tmp_path, ttl: float):
    """A fresh game and its app's store, remembering versions for `ttl` seconds."""
    app = create_app({"DATABASE": str(tmp_path / "m.db")})
    made = app.test_client().post("/api/v1/games", json={"players": TWO}).json
    store = app.extensions["games"].store
    store.remember_versions(ttl=ttl)
    return made, store


def test_a_remembered_version_follows_this_process_writes(tmp_path):
    made, store = _remembering(tmp_path, 60)
    assert store.poll_version(made["id"]) == 0
    store.append(made["id"], 0, {"type": "take_millions", "player": 0})
    assert store.poll_version(made["id"]) == 1  # its own write: known at once


def test_another_process_write_shows_once_the_memo_is_old(tmp_path):
    made, store = _remembering(tmp_path, 0.2)
    assert store.poll_version(made["id"]) == 0
    other = create_app({"DATABASE": str(tmp_path / "m.db")}).extensions["games"].store
    other.append(made["id"], 0, {"type": "take_millions", "player": 0})
    time.sleep(0.25)
    assert store.poll_version(made["id"]) == 1


def test_phones_asking_together_share_one_render():
    cache, renders, started = FragmentCache(), [], threading.Event()

    def render() -> str:
        renders.append(1)
        started.set()
        time.sleep(0.2)
        return "<div>table csrf-A</div>"

    got: list[str] = []
    first = threading.Thread(target=lambda: got.append(cache.get("k", "csrf-A", render)))
    first.start()
    started.wait(2)
    others = [threading.Thread(target=lambda c=c: got.append(cache.get("k", c, render)))
              for c in ("csrf-B", "csrf-C", "csrf-D")]
    for t in others:
        t.start()
    for t in [first, *others]:
        t.join(5)
    assert len(renders) == 1
    assert sorted(got) == [f"<div>table csrf-{c}</div>" for c in "ABCD"]  # each its own token


def test_counting_hits_starts_no_thread():
    storage = QuietMemoryStorage()
    time.sleep(0.05)  # the base class's one start-up timer has run out
    before = threading.active_count()
    for i in range(2000):
        storage.incr(f"addr{i % 40}", 60)
        assert threading.active_count() == before
    assert storage.get("addr1") == 50
