"""Run the app under gunicorn: several worker processes, or HTTPS (`--tls`, any number).

The app (and so its database pool) is built inside each worker after the fork, never
shared between processes. waitress, the one-process server, speaks no TLS; gunicorn does,
with the standard library's ssl module.
"""

from __future__ import annotations

import ssl
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


def _tls_context() -> Callable[[Any, Callable[[], ssl.SSLContext]], ssl.SSLContext]:
    """gunicorn's ssl_context hook: its default context (the certificate chain loaded),
    made once per worker instead of once per connection, and TLS 1.2 at least."""
    made: list[ssl.SSLContext] = []

    def ssl_context(config: Any, default_ssl_context_factory: Callable[[], ssl.SSLContext]
                    ) -> ssl.SSLContext:
        if not made:
            context = default_ssl_context_factory()
            context.minimum_version = ssl.TLSVersion.TLSv1_2
            made.append(context)
        return made[0]

    return ssl_context


def run_gunicorn(factory: Callable[[], Any], *, bind: str, workers: int, threads: int,
                 connections: int = 1000, timeout: int = 60,
                 tls: tuple[str, str] | None = None) -> None:
    """Serve until stopped; `tls` is (certificate file, key file) for HTTPS."""
    options: dict[str, Any] = {"bind": bind, "workers": workers, "threads": threads,
                               "worker_connections": connections, "keepalive": timeout,
                               "worker_class": "gthread", "preload_app": False,
                               "accesslog": None, "loglevel": "warning"}
    if tls:
        options.update(certfile=tls[0], keyfile=tls[1], ssl_context=_tls_context())
    _Gunicorn(factory, options).run()
