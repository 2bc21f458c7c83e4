"""The server starts with its start-up objects out of the garbage collector's full passes.

Under load, full collections that walked the ~100,000 objects start-up builds held the GIL
for 40-60 ms each and made most of the load bench's p99; `bench/companion_load.py` shows
the latency. Here: both serve paths freeze start-up before the first request."""

from __future__ import annotations

import gc

import pytest
import waitress
from waitress.channel import HTTPChannel

from companion import cli, create_app
from companion.multiworker import _Gunicorn
from tests.companion.conftest import free_port


@pytest.fixture
def thawed():
    gc.unfreeze()
    yield
    gc.unfreeze()  # give the test process its collector back


def seen_by_collector() -> tuple[int, int]:
    return gc.get_freeze_count(), len(gc.get_objects())


def test_waitress_starts_with_start_up_frozen(thawed, tmp_path, monkeypatch):
    at_start = {}

    class Started:  # the server `companion serve` makes, run as far as its first request
        channel_class = HTTPChannel  # what serve's keep-alive and inline polls extend

        def __init__(self, app, **kw):
            self.map = {}

        def add_task(self, channel):
            pass

        def run(self):
            at_start.update(zip(("frozen", "walked"), seen_by_collector(), strict=True))

    monkeypatch.setattr(waitress, "create_server", Started)
    args = cli.parser().parse_args(["serve", "--db", str(tmp_path / "c.db"), "--port",
                                    str(free_port())])
    cli.serve(args)
    assert at_start, "waitress was not started"
    # the app's content, Flask and SQLAlchemy are frozen; a full pass walks far fewer
    assert at_start["frozen"] > 20_000
    assert at_start["walked"] < at_start["frozen"] / 10


def test_each_gunicorn_worker_freezes_once_its_app_is_built(thawed, tmp_path):
    worker = _Gunicorn(lambda: create_app({"DATABASE": str(tmp_path / "c.db")}),
                       {"bind": "127.0.0.1:0", "workers": 2})
    assert gc.get_freeze_count() == 0
    app = worker.load()
    frozen, walked = seen_by_collector()
    assert frozen > 20_000 and walked < frozen / 10
    assert app.extensions["games"].store is not None
