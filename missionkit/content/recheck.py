"""Run a game's cross-file checks on a model already built (a rules copy an import carries),
which has no files and no lines: each problem names its place in the model, as
`<field>[i]...` under the game's content."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import Problem, field_path
from .source import Loc, SourceFile

Where = Callable[[Loc], Loc]  # a location in a file -> the same place in the model


class ModelSource(SourceFile):
    """Stands in for a file of the model: no data, no lines; problems located in the model."""

    def __init__(self, where: Where):
        super().__init__(Path("content"), {})
        self.where = where

    def problem(self, loc: Loc, message: str, *, field_name: str | None = None) -> Problem:
        return Problem(self.path, None, field_path(self.where(loc)), message)


def same(loc: Loc) -> Loc:
    """A file whose keys are the model's own fields."""
    return loc


def under(name: str) -> Where:
    """A file kept whole as the model's field `name` (game.yaml -> `game`)."""
    return lambda loc: (name, *loc)


def renamed(name: str) -> Where:
    """A file whose one list is the model's field `name` (guide `sections` -> `guide`)."""
    return lambda loc: (name, *loc[1:])


def recheck(check_all: Callable[[dict[str, Any], dict[str, Any]], list[Problem]],
            files: dict[str, Any], where: dict[str, Where]) -> list[Problem]:
    """`check_all(files, sources)` with each file standing in for its part of the model."""
    sources = {name: ModelSource(where.get(name, same)) for name in files}
    return check_all(files, sources)
