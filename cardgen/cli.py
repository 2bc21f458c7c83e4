"""The `cardgen` command line: thin wrappers that call plain functions."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from missionkit.content import ContentError, load_all

app = typer.Typer(
    help="Build the Mission Kit print-and-play PDFs from the YAML content.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
err = Console(stderr=True, highlight=False, soft_wrap=True)
out = Console(highlight=False, soft_wrap=True)

ContentOption = Annotated[
    Path | None,
    typer.Option(
        "--content",
        help="Content root: a folder with one folder per game, like content/.",
        file_okay=False,
    ),
]


COMPONENT_NAMES = {
    "city": "cities", "plan_card": "plan cards", "mission_card": "mission cards",
    "character_card": "character cards", "title": "titles",
    "investigation_token": "investigation tokens", "million_token": "Million tokens",
    "treasure_sticker": "treasure stickers", "value_token": "value tokens",
}


def report_content_error(exc: ContentError) -> None:
    """Print every content problem, one per line, and a count."""
    for problem in exc.problems:
        err.print(f"[red]error[/red] {problem}", markup=True)
    n = len(exc.problems)
    err.print(f"{n} problem{'s' if n != 1 else ''} found; nothing was built.")


@app.command()
def check(content: ContentOption = None) -> None:
    """Validate the content files and report every problem with its file and line."""
    try:
        games = load_all(content)
    except ContentError as exc:
        report_content_error(exc)
        raise typer.Exit(1) from None
    for game_id, game in games.items():
        counts = ", ".join(
            f"{n} {COMPONENT_NAMES.get(k, k)}" for k, n in game.component_counts().items()
        )
        out.print(f"{game_id}: content OK ({counts})")


@app.callback()
def _root() -> None:
    """Build the Mission Kit print-and-play PDFs from the YAML content."""


def main() -> None:
    """Entry point for the console script."""
    app()
