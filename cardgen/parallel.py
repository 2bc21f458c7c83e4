"""Run independent jobs in forked worker processes; results come back in order.

The kit's PDFs are independent files, so writing them on every core cuts a build's wall
time. fork (not spawn) keeps this cheap: a worker inherits the loaded content, fonts and
code, so nothing is imported or pickled on the way in; only each job's small result (or
its exception) comes back through a pipe. This process works too, beside one forked worker
per other core; each takes the next job number from a shared pipe as it finishes, so a
slow file does not hold up the rest. Off Linux (fork is missing or unsafe), with one core,
or in a process that already runs threads (fork could deadlock them), jobs run here, one
after another. Either way the files written are the same bytes."""

from __future__ import annotations

import contextlib
import os
import pickle
import struct
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
NUMBER = struct.Struct("<I")  # a job number in the queue pipe
# fork without exec is safe on Linux; macOS frameworks may not survive it, Windows lacks it
FORK_IS_SAFE = sys.platform.startswith("linux") and hasattr(os, "fork")


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def run_jobs(jobs: Sequence[Callable[[], T]], done: Callable[[T], None] | None = None,
             parallel: bool = True) -> list[T]:
    """Call every job and return their results in order; `done` is told of each.
    `parallel=False`: all in this process."""
    workers = min(len(jobs), usable_cores()) if parallel else 1
    if workers <= 1 or not FORK_IS_SAFE or threading.active_count() > 1:
        results = []
        for job in jobs:
            results.append(job())
            if done:
                done(results[-1])
        return results
    queue, feed = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    children = [_fork(jobs, queue, feed) for _ in range(workers - 1)]
    os.write(feed, b"".join(NUMBER.pack(i) for i in range(len(jobs))))
    os.close(feed)  # workers read to the end of the queue
    answers = _work(jobs, queue)  # this process is a worker too
    os.close(queue)
    for pid, pipe in children:
        # a worker that died answers nothing: its jobs are reported below
        with os.fdopen(pipe, "rb") as f, contextlib.suppress(EOFError, pickle.UnpicklingError):
            answers.update(pickle.load(f))
        os.waitpid(pid, 0)
    for _, (ok, value) in sorted(answers.items()):
        if not ok:
            raise value  # the first job that failed, as a run in order would have
    if missing := [i for i in range(len(jobs)) if i not in answers]:
        raise RuntimeError(f"build jobs {missing} died without an answer")
    results = [answers[i][1] for i in range(len(jobs))]
    if done:
        for result in results:
            done(result)
    return results


def _fork(jobs: Sequence[Callable[[], Any]], queue: int, feed: int) -> tuple[int, int]:
    """Start a worker taking jobs from `queue`; return its pid and the pipe it answers on."""
    read, write = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write)
        return pid, read
    os.close(feed)  # only the parent feeds the queue: the workers must see its end
    os.close(read)  # the worker: run, answer, and leave without running the parent's exit code
    code = 0
    try:
        answers = _work(jobs, queue)
        try:
            payload = pickle.dumps(answers)
        except Exception:  # an exception that cannot travel: send its text instead
            payload = pickle.dumps({i: (ok, v if ok else RuntimeError(f"{type(v).__name__}: {v}"))
                                    for i, (ok, v) in answers.items()})
        with os.fdopen(write, "wb") as f:
            f.write(payload)
    except BaseException:
        code = 1
    finally:
        os._exit(code)


def _work(jobs: Sequence[Callable[[], Any]], queue: int) -> dict[int, tuple[bool, Any]]:
    """Take job numbers from `queue` until it is empty (or a job fails); return the
    answers: job number -> (True, result) or (False, exception)."""
    answers: dict[int, tuple[bool, Any]] = {}
    while len(number := os.read(queue, NUMBER.size)) == NUMBER.size:
        i = NUMBER.unpack(number)[0]
        try:
            answers[i] = (True, jobs[i]())
        except Exception as exc:  # raised again by run_jobs, in order
            answers[i] = (False, exc)
            break
    return answers
