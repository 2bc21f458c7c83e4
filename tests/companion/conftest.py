"""Companion fixtures: an app on a temporary database, and a real server process."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from companion import create_app
from tests.conftest import require

TWO = [{"name": "Ann", "character": "jack", "side": "A"},
       {"name": "Bo", "character": "queen", "side": "A"}]


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "test.db"), "TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def created(client):
    """A 2-player game made through the API: (id, edit token, view token, state)."""
    r = client.post("/api/v1/games", json={"players": TWO})
    assert r.status_code == 201
    return r.json["id"], r.json["edit_token"], r.json["view_token"], r.json["state"]


def start_together(target, args: tuple, count: int, timeout: float = 120) -> list:
    """Start `count` processes at once (forked, as gunicorn's workers are), each running
    `target(*args, barrier, results)`, all released by one barrier; return what each put."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    barrier, results = ctx.Barrier(count), ctx.Queue()
    workers = [ctx.Process(target=target, args=(*args, barrier, results)) for _ in range(count)]
    for w in workers:
        w.start()
    got = [results.get(timeout=timeout) for _ in workers]
    for w in workers:
        w.join(timeout=30)
    return got


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


PG_URL = os.environ.get("MISSION_KIT_PG_URL")


def database(kind: str, tmp_path: Path) -> str:
    """A fresh database of `kind` ('sqlite' or 'postgresql') for one test."""
    if kind == "sqlite":
        return str(tmp_path / "served.db")
    require(PG_URL is not None, "no PostgreSQL: set MISSION_KIT_PG_URL (see .ci/postgres.sh)")
    return PG_URL


class Server:
    """`companion serve` in a child process, as a user runs it."""

    def __init__(self, db: Path | str, workers: int = 1):
        self.db, self.port, self.proc, self.workers = db, free_port(), None, workers

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        # these servers take load tests from one address: no per-address limit on token routes
        env = {**os.environ, "PYTHONUNBUFFERED": "1",
               "MISSION_KIT_RATELIMIT_TOKEN": "1000000 per minute"}
        fd, self.log_path = tempfile.mkstemp(prefix="companion-serve-", suffix=".log")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--port", str(self.port), "--db",
             str(self.db), "--workers", str(self.workers)], env=env,
            stdout=fd, stderr=subprocess.STDOUT, start_new_session=True)
        os.close(fd)  # the child has its own copy
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/v1/health", timeout=1)
                return self
            except OSError:
                if self.proc.poll() is not None:
                    break
                time.sleep(0.1)
        self.kill()
        output = Path(self.log_path).read_text(errors="replace")[-3000:]
        raise RuntimeError(f"companion serve did not start; its output:\n{output}")

    def kill(self) -> None:
        """SIGKILL the server and every worker it forked (its whole process group)."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
