"""The `companion` command line: serve the app, or tally an end-game snapshot file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(
    help="The Mission Kit scoring companion.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 5000,
    db: Annotated[str | None, typer.Option(help="SQLite file, or a database URL such as "
                                           "postgresql+psycopg://user:pw@host/db "
                                           "(default: instance/companion.db).")] = None,
    workers: Annotated[int, typer.Option(min=1, help="Worker processes (more than 1 runs "
                                         "gunicorn; use PostgreSQL for real scale-out).")] = 1,
    threads: Annotated[int, typer.Option(min=1, help="Threads per worker (they mostly wait "
                                         "on the database).")] = 24,
) -> None:
    """Run the companion with a production WSGI server (waitress, or gunicorn workers)."""
    from . import create_app

    config = {"DATABASE": db} if db else None
    if workers == 1:
        from waitress import serve as waitress_serve

        flask_app = create_app(config)
        typer.echo(f"Mission Kit companion on http://{host}:{port}/ "
                   f"(data: {flask_app.config['DATABASE']})")
        waitress_serve(flask_app, host=host, port=port, threads=threads, ident="mission-kit")
        return
    from .multiworker import run_gunicorn

    typer.echo(f"Mission Kit companion on http://{host}:{port}/ ({workers} workers)")
    run_gunicorn(lambda: create_app(config), bind=f"{host}:{port}", workers=workers,
                 threads=threads)


@app.command()
def tally(
    file: Annotated[Path, typer.Argument(help="End-game snapshot (JSON).", exists=False)],
    content: Annotated[Path | None, typer.Option(help="Content root.", file_okay=False)] = None,
) -> None:
    """Print the end-game tally of a snapshot as JSON (exit 2 with the field on bad input)."""
    from pydantic import ValidationError

    from missionkit.content import ContentError, load_game
    from missionkit.content.errors import field_path
    from missionkit.double_mission.snapshot import Snapshot, TallyError
    from missionkit.double_mission.tally import tally as run_tally

    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        typer.echo(f"{file}: cannot read: {exc.strerror}", err=True)
        raise typer.Exit(2) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        typer.echo(f"{file}: not valid JSON: {exc}", err=True)
        raise typer.Exit(2) from None
    try:
        game = load_game("double-mission", content)
        result = run_tally(Snapshot.model_validate(data), game)
    except ContentError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from None
    except ValidationError as exc:
        err = exc.errors()[0]
        typer.echo(f"{field_path(err['loc']) or 'body'}: {err['msg']}", err=True)
        raise typer.Exit(2) from None
    except TallyError as exc:
        typer.echo(f"{exc.field}: {exc.message}", err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(result, indent=2, ensure_ascii=False))


@app.command()
def setup(
    players: Annotated[int, typer.Argument(help="How many players sit at the table.")],
    content: Annotated[Path | None, typer.Option(help="Content root.", file_okay=False)] = None,
) -> None:
    """Print the setup for a player count: titles on offer, end trigger, starting scores."""
    from missionkit.content import ContentError, load_game

    try:
        game = load_game("double-mission", content)
    except ContentError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from None
    try:
        row = game.player_count(players)
    except KeyError as exc:
        typer.echo(f"error: {exc.args[0]}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"{players} players: lay out {row.titles_on_offer} titles; "
               f"round marker starts on {row.end_trigger}; "
               f"starting scores by seat {', '.join(map(str, row.starting_scores))}.")


def main() -> None:
    """Entry point for the console script."""
    app()
