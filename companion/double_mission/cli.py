"""Double Mission's commands: `companion tally FILE` and `companion setup N`."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from missionkit.commandline import add_command

from ..cli import fail

GAME = "double-mission"


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
        game = load_game(GAME, args.content)
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
    sub = add_command(commands, tally)
    sub.add_argument("file", type=Path, help="end-game snapshot (JSON)")
    sub.add_argument("--content", **content)

    sub = add_command(commands, setup)
    sub.add_argument("players", type=int, help="how many players sit at the table")
    sub.add_argument("--content", **content)
