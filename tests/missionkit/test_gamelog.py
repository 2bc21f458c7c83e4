"""The game log copies in constant time yet behaves like the list of lines it replaces."""

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
