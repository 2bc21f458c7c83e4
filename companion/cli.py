"""The `companion` command line: serve the app, plus each game's own commands.

argparse, like cardgen's command line: quick to start, nothing to build per option."""

from __future__ import annotations

import argparse
import importlib
import sys

from missionkit.commandline import Failed, add_command, run
from missionkit.registry import GAMES


def fail(message: str, code: int) -> Failed:
    print(message, file=sys.stderr, flush=True)
    return Failed(code)


def serve(args: argparse.Namespace) -> None:
    """Run the companion with a production WSGI server (waitress, or gunicorn workers)."""
    from . import create_app

    config = {"DATABASE": args.db} if args.db else None
    if args.workers == 1:
        from waitress import serve as waitress_serve

        flask_app = create_app(config)
        print(f"Mission Kit companion on http://{args.host}:{args.port}/ "
              f"(data: {flask_app.config['DATABASE']})", flush=True)
        waitress_serve(flask_app, host=args.host, port=args.port, threads=args.threads,
                       ident="mission-kit")
        return
    from .multiworker import run_gunicorn

    print(f"Mission Kit companion on http://{args.host}:{args.port}/ ({args.workers} workers)",
          flush=True)
    run_gunicorn(lambda: create_app(config), bind=f"{args.host}:{args.port}",
                 workers=args.workers, threads=args.threads)


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
