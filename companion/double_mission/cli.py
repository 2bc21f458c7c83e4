"""Double Mission's commands: `companion setup N` (`companion tally` reads every game)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from missionkit.commandline import add_command

from ..cli import fail

GAME = "double-mission"


def setup(args: argparse.Namespace) -> None:
    """Print the setup for a player count: titles on offer, end trigger, starting scores."""
    from missionkit.content import ContentError, load_game

    try:
        game = load_game(GAME, args.content)
    except ContentError as exc:
        raise fail(str(exc), 1) from None
    try:
        row = game.player_count(args.players)
    except KeyError as exc:
        raise fail(f"error: {exc.args[0]}", 2) from None
    print(f"{args.players} players: lay out {row.titles_on_offer} titles; "
          f"round marker starts on {row.end_trigger}; "
          f"starting scores by seat {', '.join(map(str, row.starting_scores))}.")



def register(commands: Any) -> None:
    """Add this game's subcommands to the `companion` command line."""
    content = {"type": Path, "metavar": "DIR", "help": "content root"}
    sub = add_command(commands, setup)
    sub.add_argument("players", type=int, help="how many players sit at the table")
    sub.add_argument("--content", **content)
