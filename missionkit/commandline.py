"""What the `cardgen` and `companion` command lines share: one subcommand per function,
and a failure that has been reported and only needs its exit code."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

Command = Callable[[argparse.Namespace], None]


class Failed(Exception):
    """A command failed after reporting why; the process exits with `code`."""

    def __init__(self, code: int):
        self.code = code


def add_command(commands: Any, func: Command) -> argparse.ArgumentParser:
    """A subcommand named after `func`, its docstring as help; running it calls `func`."""
    doc = (func.__doc__ or "").strip()
    sub = commands.add_parser(func.__name__, help=doc.split("\n")[0], description=doc)
    sub.set_defaults(run=func)
    return sub


def run(parser: argparse.ArgumentParser, argv: list[str] | None = None) -> int:
    """Parse `argv` and run its command; return the exit code (help and 2 without one)."""
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    try:
        args.run(args)
    except Failed as failed:
        return failed.code
    return 0
