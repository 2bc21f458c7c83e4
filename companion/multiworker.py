"""Run the app under gunicorn with several worker processes.

The app (and so its database pool) is built inside each worker after the fork, never
shared between processes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gunicorn.app.base import BaseApplication

from .heap import freeze_startup


class _Gunicorn(BaseApplication):
    def __init__(self, factory: Callable[[], Any], options: dict[str, Any]):
        self.factory, self.options = factory, options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        app = self.factory()
        freeze_startup()  # in each worker, once its app is built: see heap.py
        return app


def run_gunicorn(factory: Callable[[], Any], *, bind: str, workers: int, threads: int,
                 connections: int = 1000, timeout: int = 60) -> None:
    _Gunicorn(factory, {"bind": bind, "workers": workers, "threads": threads,
                        "worker_connections": connections, "keepalive": timeout,
                        "worker_class": "gthread", "preload_app": False,
                        "accesslog": None, "loglevel": "warning"}).run()
