"""The `companion` command line: serve the app, or tally an end-game snapshot file.

argparse, like cardgen's command line: quick to start, nothing to build per option."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from missionkit.commandline import Failed, add_command, run


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


def tally(args: argparse.Namespace) -> None:
    """Print the end-game tally of a snapshot as JSON (exit 2 with the field on bad input)."""
    from pydantic import ValidationError

    from missionkit.content import ContentError, load_game
    from missionkit.content.errors import field_path
    from missionkit.double_mission.snapshot import Snapshot, TallyError
    from missionkit.double_mission.tally import tally as run_tally

    file: Path = args.file
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise fail(f"{file}: cannot read: {exc.strerror}", 2) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise fail(f"{file}: not valid JSON: {exc}", 2) from None
    try:
        game = load_game("double-mission", args.content)
        result = run_tally(Snapshot.model_validate(data), game)
    except ContentError as exc:
        raise fail(str(exc), 1) from None
    except ValidationError as exc:
        err = exc.errors()[0]
        raise fail(f"{field_path(err['loc']) or 'body'}: {err['msg']}", 2) from None
    except TallyError as exc:
        raise fail(f"{exc.field}: {exc.message}", 2) from None
    print(json.dumps(result, indent=2, ensure_ascii=False))


def setup(args: argparse.Namespace) -> None:
    """Print the setup for a player count: titles on offer, end trigger, starting scores."""
    from missionkit.content import ContentError, load_game

    try:
        game = load_game("double-mission", args.content)
    except ContentError as exc:
        raise fail(str(exc), 1) from None
    try:
        row = game.player_count(args.players)
    except KeyError as exc:
        raise fail(f"error: {exc.args[0]}", 2) from None
    print(f"{args.players} players: lay out {row.titles_on_offer} titles; "
          f"round marker starts on {row.end_trigger}; "
          f"starting scores by seat {', '.join(map(str, row.starting_scores))}.")


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

    content = {"type": Path, "metavar": "DIR", "help": "content root"}
    sub = add_command(commands, tally)
    sub.add_argument("file", type=Path, help="end-game snapshot (JSON)")
    sub.add_argument("--content", **content)

    sub = add_command(commands, setup)
    sub.add_argument("players", type=int, help="how many players sit at the table")
    sub.add_argument("--content", **content)
    return root


def main(argv: list[str] | None = None) -> None:
    """Entry point for the console script."""
    raise SystemExit(run(parser(), argv))
