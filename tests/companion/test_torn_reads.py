"""A loaded game is one snapshot: its version and its events never disagree, however
reads and writes race (three stores stand for three workers)."""

from __future__ import annotations

import threading

import pytest

from companion.store import Conflict, Store

from .conftest import database

WRITES, READS = 400, 600


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_racing_reads_never_see_a_torn_game(kind, tmp_path):
    url = database(kind, tmp_path)
    workers = [Store(url) for _ in range(3)]
    game_id, _, _ = workers[0].create({"players": []})
    torn: list[tuple[int, int]] = []
    left = {"writes": WRITES}
    lock = threading.Lock()

    def write(store: Store) -> None:
        while True:
            with lock:
                if left["writes"] == 0:
                    return
                left["writes"] -= 1
            while True:
                try:
                    store.append(game_id, store.version(game_id), {"n": 1})
                    break
                except Conflict:
                    continue

    def read(store: Store, count: int) -> None:
        for _ in range(count):
            got = store.load(game_id)
            if len(got.events) != got.version:  # appends only: one event per version
                torn.append((got.version, len(got.events)))

    threads = [threading.Thread(target=write, args=(s,)) for s in workers for _ in range(2)]
    threads += [threading.Thread(target=read, args=(s, READS // 6)) for s in workers
                for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for store in workers:
        store.close()
    assert torn == [], f"{len(torn)} of {READS} reads were torn, e.g. {torn[:3]}"
    assert Store(url).version(game_id) == WRITES
