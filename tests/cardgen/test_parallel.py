"""Jobs spread over forked workers come back in order, and their failures come back too."""

from __future__ import annotations

import os
import time

import pytest

from cardgen import parallel
from cardgen.text import TextOverflow


def square(n: int):
    def job():
        time.sleep(0.02)  # long enough for every worker to take a share
        return n * n, os.getpid()

    return job


@pytest.fixture(params=[1, 2, 4])
def cores(request, monkeypatch):
    monkeypatch.setattr(parallel, "usable_cores", lambda: request.param)
    return request.param


def test_results_come_back_in_order(cores):
    seen = []
    results = parallel.run_jobs([square(n) for n in range(9)], done=seen.append)
    assert [r for r, _ in results] == [n * n for n in range(9)]
    assert seen == results
    if cores > 1 and parallel.FORK_IS_SAFE:
        assert len({pid for _, pid in results}) > 1  # really shared out


def test_a_failure_is_raised_as_itself(cores):
    def overflow():
        raise TextOverflow("plan_cards/headline", "effect", "3 lines at 7 pt")

    jobs = [square(1), overflow, square(3)]
    with pytest.raises(TextOverflow, match="plan_cards/headline: effect: text does not fit"):
        parallel.run_jobs(jobs)


def test_a_worker_that_dies_is_reported():
    if not parallel.FORK_IS_SAFE:
        pytest.skip("jobs run in one process on this system (no safe fork)")
    parent = os.getpid()

    def die():
        if os.getpid() != parent:
            os._exit(3)  # a crash in a forked worker
        raise RuntimeError("died")  # the same failure where it ran in this process

    with pytest.raises(RuntimeError, match="died"):
        parallel.run_jobs([die, die, die, die])
