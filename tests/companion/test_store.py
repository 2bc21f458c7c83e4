"""The SQLite group commit: a batch of changes from many callers, each answered on its own.

These drive `GroupCommit._commit` with hand-made batches, so that every path is taken for
sure: the optimistic one (every change current: one INSERT), and the checked one (a stale
change, an unknown game, two changes chained on one game, an undo in the batch)."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from companion.groupcommit import _Pending
from companion.store import Conflict, NotFound, Store

EVENT = {"type": "take_investigation", "player": 0}


@pytest.fixture()
def store(tmp_path):
    s = Store(tmp_path / "games.db")
    yield s
    s.engine.dispose()


def game(store: Store) -> str:
    return store.create({"players": []})[0]


def commit(store: Store, *changes: tuple[str, int, dict | None]) -> list[_Pending]:
    batch = [_Pending(c) for c in changes]
    store._writer._commit(batch)
    return batch


def test_a_batch_of_current_changes_commits_every_one(store):
    a, b = game(store), game(store)
    batch = commit(store, (a, 0, EVENT), (b, 0, EVENT), (a, 1, EVENT), (a, 2, EVENT))
    assert [p.result for p in batch] == [1, 1, 2, 3]
    assert all(p.error is None for p in batch)
    assert (store.version(a), store.version(b)) == (3, 1)
    assert len(store.load(a).events) == 3 and len(store.load(b).events) == 1


def test_a_stale_change_is_refused_alone_and_the_rest_commit(store):
    a, b = game(store), game(store)
    batch = commit(store, (a, 0, EVENT), (a, 0, EVENT), (b, 0, EVENT), ("nobody", 0, EVENT))
    assert batch[0].result == 1 and batch[2].result == 1
    assert isinstance(batch[1].error, Conflict) and batch[1].error.current == 1
    assert isinstance(batch[3].error, NotFound)
    assert (store.version(a), store.version(b)) == (1, 1)
    assert store.load(a).events == [EVENT]  # the refused twin wrote nothing


def test_a_change_behind_the_database_is_refused_with_the_current_version(store):
    a = game(store)
    commit(store, (a, 0, EVENT), (a, 1, EVENT))
    batch = commit(store, (a, 1, EVENT))
    assert isinstance(batch[0].error, Conflict) and batch[0].error.current == 2
    assert store.version(a) == 2 and len(store.load(a).events) == 2


def test_an_undo_in_the_batch_is_applied_in_order(store):
    a = game(store)
    batch = commit(store, (a, 0, EVENT), (a, 1, None), (a, 2, {**EVENT, "player": 1}))
    assert [p.result for p in batch] == [1, 2, 3]
    assert store.load(a).events == [{**EVENT, "player": 1}]
    empty = commit(store, (game(store), 0, None))
    assert isinstance(empty[0].error, ValueError)  # nothing to undo


def test_many_threads_each_get_their_own_answer(store):
    games = [game(store) for _ in range(8)]
    answers: dict[str, list[int]] = {g: [] for g in games}

    def play(g: str) -> None:
        version = 0
        for _ in range(40):
            version = store.append(g, version, EVENT)
            answers[g].append(version)

    threads = [threading.Thread(target=play, args=(g,)) for g in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for g in games:
        assert answers[g] == list(range(1, 41))
        assert store.version(g) == 40 and len(store.load(g).events) == 40


def test_the_chain_trigger_refuses_a_stale_insert_and_keeps_the_log_whole(store):
    """The rule lives in the database: even SQL that bypasses the store cannot fork a log."""
    a = game(store)
    commit(store, (a, 0, EVENT))
    with sqlite3.connect(store.url.split("///", 1)[1]) as db, pytest.raises(
            sqlite3.IntegrityError, match="stale version"):
        db.execute("INSERT INTO events (game_id, seq, body, undone, version) "
                   "VALUES (?, 1, '{}', 0, 1)", (a,))
    assert store.version(a) == 1 and store.load(a).events == [EVENT]


def test_a_database_from_before_the_trigger_gains_it_on_start(tmp_path):
    path = tmp_path / "old.db"
    old = Store(path)
    a = game(old)
    old.engine.dispose()
    with sqlite3.connect(path) as db:
        db.execute("DROP TRIGGER events_chain")
    store = Store(path)  # started again by a newer companion
    try:
        assert store.append(a, 0, EVENT) == 1
        assert store.version(a) == 1 and store.load(a).events == [EVENT]
        with pytest.raises(Conflict):
            store.append(a, 0, EVENT)
    finally:
        store.engine.dispose()


def test_a_database_from_an_older_version_gains_its_columns_and_keeps_its_games(tmp_path):
    """Made before several games (`game`), expiry (`updated`) and kept rules (`rules`): it
    opens, its games load as Double Mission games with their log, and count as changed now."""
    path = tmp_path / "old.db"
    s = Store(path)
    game_id = game(s)
    s.append(game_id, 0, EVENT)
    s.close()
    with sqlite3.connect(path) as db:
        db.execute("DROP TRIGGER events_chain")
        db.execute("DROP INDEX ix_games_updated")
        for column in ("game", "updated", "rules"):
            db.execute(f"ALTER TABLE games DROP COLUMN {column}")
    reopened = Store(path)
    loaded = reopened.load(game_id)
    assert (loaded.game, loaded.rules, loaded.version, loaded.events) == (
        "double-mission", None, 1, [EVENT])
    with sqlite3.connect(path) as db:
        (updated,) = db.execute("SELECT updated FROM games").fetchone()
    assert updated is not None
    assert reopened.append(game_id, 1, EVENT) == 2  # the chain trigger is back
    with pytest.raises(Conflict):
        reopened.append(game_id, 1, EVENT)
    reopened.close()


def updated(store: Store, game_id: str, value: int | None = None) -> int:
    """The game's `updated` (Unix seconds), after setting it to `value` if given."""
    with sqlite3.connect(store.url.split("///", 1)[1]) as db:
        if value is not None:
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (value, game_id))
        return db.execute("SELECT updated FROM games WHERE id = ?", (game_id,)).fetchone()[0]


def test_a_change_after_an_idle_spell_counts_the_game_as_changed_now(store):
    """What idle-game expiry reads: a game played again is not deleted as idle."""
    a = game(store)
    updated(store, a, int(time.time()) - 7200)
    store.append(a, 0, EVENT)
    assert updated(store, a) >= int(time.time()) - 5


def test_changes_within_a_minute_leave_updated_and_its_index_alone(store):
    """Expiry counts days; rewriting `updated` on every event only moved its index entry,
    more pages in every commit."""
    a = game(store)
    recent = updated(store, a, int(time.time()) - 30)
    for version in range(3):
        store.append(a, version, EVENT)
    assert updated(store, a) == recent and store.version(a) == 3


def test_a_database_with_an_older_chain_trigger_gains_the_new_one(tmp_path):
    path = tmp_path / "old.db"
    old = Store(path)
    a = game(old)
    old.close()
    with sqlite3.connect(path) as db:  # the trigger as an earlier companion wrote it
        db.execute("DROP TRIGGER events_chain")
        db.execute("""CREATE TRIGGER events_chain BEFORE INSERT ON events
BEGIN
    SELECT RAISE(ABORT, 'stale version')
    WHERE NEW.seq IS NOT NEW.version
       OR (SELECT version FROM games WHERE id = NEW.game_id) IS NOT NEW.version - 1;
    UPDATE games SET version = NEW.version, updated = CAST(strftime('%s', 'now') AS INTEGER)
    WHERE id = NEW.game_id;
END""")
    store = Store(path)
    try:
        recent = updated(store, a, int(time.time()) - 30)
        assert store.append(a, 0, EVENT) == 1
        assert updated(store, a) == recent  # the new trigger, not the old one
        with pytest.raises(Conflict):
            store.append(a, 0, EVENT)
    finally:
        store.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_every_event_carries_its_time(tmp_path, kind):
    from tests.companion.conftest import database

    s = Store(database(kind, tmp_path))
    try:
        before = int(time.time())
        a = game(s)
        s.append(a, 0, EVENT)
        s.append(a, 1, EVENT)
        s.undo(a, 2)
        loaded = s.load(a)
        assert loaded.events == [EVENT] and len(loaded.times) == 1
        assert before <= loaded.created <= loaded.times[0] <= int(time.time())
        created, first, last = s.span(a)
        assert (created, first) == (loaded.created, loaded.times[0]) and last >= first
    finally:
        s.close()


def test_a_database_from_before_times_loads_its_games_and_times_new_events(tmp_path):
    """Made before events kept their time (`events.recorded`, `games.created`): it opens, its
    games load with no times, and what is recorded from now on has one."""
    path = tmp_path / "old.db"
    s = Store(path)
    a = game(s)
    s.append(a, 0, EVENT)
    s.close()
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE events DROP COLUMN recorded")
        db.execute("ALTER TABLE games DROP COLUMN created")
    reopened = Store(path)
    try:
        loaded = reopened.load(a)
        assert (loaded.events, loaded.times, loaded.created) == ([EVENT], [None], None)
        assert reopened.span(a) == (None, None, None)
        reopened.append(a, 1, EVENT)
        assert reopened.load(a).times[0] is None and reopened.load(a).times[1] is not None
        assert reopened.span(a)[1] is not None
    finally:
        reopened.close()
