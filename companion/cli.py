"""The `companion` command line: serve the app, plus each game's own commands.

argparse, like cardgen's command line: quick to start, nothing to build per option."""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

from missionkit.commandline import Failed, add_command, run
from missionkit.registry import GAMES


def fail(message: str, code: int) -> Failed:
    print(message, file=sys.stderr, flush=True)
    return Failed(code)


def serve(args: argparse.Namespace) -> None:
    """Run the companion with a production WSGI server (waitress, or gunicorn workers),
    after checking that its database takes writes."""
    from . import create_app

    config = {"DATABASE": args.db} if args.db else None
    flask_app = _checked_app(create_app, config)
    _open_files(args.connection_limit + 64)
    if args.workers == 1:
        from waitress import serve as waitress_serve

        from .heap import freeze_startup

        freeze_startup()  # before the first request: see heap.py

        print(f"Mission Kit companion on http://{args.host}:{args.port}/ "
              f"(data: {flask_app.config['DATABASE']})", flush=True)
        # Every open connection (an idle phone's keep-alive, a slow client) holds one of
        # `connection_limit` places, not a thread: threads serve whole requests only.
        waitress_serve(flask_app, host=args.host, port=args.port, threads=args.threads,
                       connection_limit=args.connection_limit,
                       channel_timeout=args.channel_timeout, asyncore_use_poll=True,
                       backlog=2048, ident="mission-kit")
        return
    flask_app.extensions["games"].store.close()  # each worker opens its own after the fork
    from .multiworker import run_gunicorn

    print(f"Mission Kit companion on http://{args.host}:{args.port}/ ({args.workers} workers)",
          flush=True)
    run_gunicorn(lambda: create_app(config), bind=f"{args.host}:{args.port}",
                 workers=args.workers, threads=args.threads,
                 connections=args.connection_limit, timeout=args.channel_timeout)


def _checked_app(create_app: Any, config: dict[str, Any] | None) -> Any:
    """The app, once its database has shown it takes writes; else a clear message, exit 1."""
    from sqlalchemy.exc import DBAPIError

    from .store import Unavailable

    where = (config or {}).get("DATABASE", "the default database")
    try:
        flask_app = create_app(config)
        flask_app.extensions["games"].store.check_writable()
    except Unavailable as exc:
        raise fail(f"companion serve: cannot serve from {where}: {exc.reason}", 1) from None
    except DBAPIError as exc:
        raise fail(f"companion serve: cannot open {where}: {exc.orig}", 1) from None
    return flask_app


def _open_files(needed: int) -> None:
    """Raise this process's open-file limit towards `needed` (each connection is a file)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        top = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, top), hard))


def _at_least_one(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="companion",
                                   description="The Mission Kit scoring companion.")
    commands = root.add_subparsers(title="commands", metavar="COMMAND")

    sub = add_command(commands, serve)
    sub.add_argument("--host", default="127.0.0.1", help="address to listen on")
    sub.add_argument("--port", type=int, default=5000, help="port to listen on")
    sub.add_argument("--db", help="SQLite file, or a database URL such as "
                     "postgresql+psycopg://user:pw@host/db (default: instance/companion.db)")
    sub.add_argument("--workers", type=_at_least_one, default=1, help="worker processes (more "
                     "than 1 runs gunicorn; use PostgreSQL for real scale-out)")
    sub.add_argument("--threads", type=_at_least_one, default=24,
                     help="threads per worker (they mostly wait on the database)")
    sub.add_argument("--connection-limit", type=_at_least_one, default=1000,
                     help="open connections per worker, idle keep-alive ones included "
                     "(default 1000: about 250 tables of four phones)")
    sub.add_argument("--channel-timeout", type=_at_least_one, default=60,
                     help="seconds a connection may sit idle or send nothing before it is "
                     "closed (default 60)")

    for package in GAMES.values():  # a game may add its own commands (companion/<game>/cli.py)
        try:
            module = importlib.import_module(f"companion.{package}.cli")
        except ModuleNotFoundError as exc:
            if exc.name not in (f"companion.{package}", f"companion.{package}.cli"):
                raise
            continue
        module.register(commands)
    return root


def main(argv: list[str] | None = None) -> None:
    """Entry point for the console script."""
    raise SystemExit(run(parser(), argv))
