"""The `companion` command line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from missionkit.content import ContentError, load_all

app = typer.Typer(
    help="The Mission Kit scoring companion.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.command()
def setup(
    players: Annotated[int, typer.Argument(help="How many players sit at the table.")],
    content: Annotated[Path | None, typer.Option(help="Content root.", file_okay=False)] = None,
) -> None:
    """Print the setup for a player count: titles on offer, end trigger, starting scores."""
    try:
        game = load_all(content)["double-mission"]
    except (ContentError, KeyError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    try:
        row = game.player_count(players)
    except KeyError as exc:
        typer.echo(f"error: {exc.args[0]}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"{players} players: lay out {row.titles_on_offer} titles; "
               f"round marker starts on {row.end_trigger}; "
               f"starting scores by seat {', '.join(map(str, row.starting_scores))}.")


@app.callback()
def _root() -> None:
    """The Mission Kit scoring companion (the web app comes with the companion issue)."""


def main() -> None:
    """Entry point for the console script."""
    app()
