"""The game log copies in constant time yet behaves like the list of lines it replaces."""

import gc

from missionkit.gamelog import GameLog


def test_a_copy_shares_the_past_but_not_the_future():
    log = GameLog(["a", "b"])
    copy = log.copy()
    copy.append("c")
    log.append("x")
    assert list(copy) == ["a", "b", "c"]
    assert list(log) == ["a", "b", "x"]
    assert len(copy) == len(log) == 3


def test_it_reads_like_a_list():
    log = GameLog(f"line {i}" for i in range(30))
    assert log[-1] == "line 29"
    assert log[-3:] == ["line 27", "line 28", "line 29"]
    assert log[-50:] == [f"line {i}" for i in range(30)]
    assert log[0] == "line 0" and log[2:4] == ["line 2", "line 3"]
    assert log == [f"line {i}" for i in range(30)] and log == GameLog(list(log))
    assert not GameLog() and GameLog() == []


def test_copies_branch_across_many_links():
    log = GameLog(f"line {i}" for i in range(130))
    copies = [log.copy() for _ in range(3)]
    for n, copy in enumerate(copies):
        for i in range(n * 70):
            copy.append(f"branch {n} line {i}")
    log.append("original")
    assert list(log) == [f"line {i}" for i in range(130)] + ["original"]
    for n, copy in enumerate(copies):
        assert len(copy) == 130 + n * 70
        assert list(copy) == [f"line {i}" for i in range(130)] + [
            f"branch {n} line {i}" for i in range(n * 70)]
        assert copy[-1] == (f"branch {n} line {n * 70 - 1}" if n else "line 129")
        for k in (0, 1, 63, 64, 65, 129, 200, 400):
            assert copy[-k:] == list(copy)[-k:] if k else copy[-k:] == list(copy)


def tracked_in(log):
    """The containers holding the log's lines that the garbage collector tracks (walks on
    each pass): the tuples reachable from it (not its class, which every log shares)."""
    seen, todo, tracked = set(), [x for x in gc.get_referents(log) if type(x) is tuple], 0
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        tracked += gc.is_tracked(obj)
        todo.extend(x for x in gc.get_referents(obj) if type(x) is tuple)
    return tracked


def test_a_long_log_gives_the_collector_few_objects_to_walk():
    """A server keeps every game's log; each tracked container in it is walked, GIL held,
    on every full collection. 10,000 lines make a few hundred, not 10,000."""
    gc.disable()  # look at the log as built, before any pass untracks part of it
    try:
        log = GameLog()
        for i in range(10_000):
            log.append(f"line {i}")
            if i % 7 == 0:
                log = log.copy()  # as every event's trial state does
        walked = tracked_in(log)
    finally:
        gc.enable()
    assert walked <= 2 * (10_000 // 64 + 1) + 1
    assert log[-2:] == ["line 9998", "line 9999"] and len(log) == 10_000
