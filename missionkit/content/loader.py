"""Find the games under a content root and load each with its own loader.

A content root holds one folder per game (`double_mission/`, later `dice_mission/`, ...).
Games come from `missionkit.registry`; each game's package has a `load(folder)` function.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..registry import GAMES
from .cache import cached
from .errors import ContentError, Problem

# game id -> "module:function" that loads its folder (imported only when that game is loaded)
LOADERS: dict[str, str] = {game: f"missionkit.{pkg}.load:load" for game, pkg in GAMES.items()}


def _loader(game: str) -> Callable[[Path], Any]:
    module, _, func = LOADERS[game].partition(":")
    return getattr(importlib.import_module(module), func)

DEFAULT_ROOT = Path(__file__).resolve().parents[2] / "content"


def default_root() -> Path:
    """The content root: $MISSION_KIT_CONTENT, else the repository's `content/`."""
    return Path(os.environ.get("MISSION_KIT_CONTENT", DEFAULT_ROOT))


def game_folder(game: str) -> str:
    """'double-mission' -> 'double_mission'."""
    return GAMES.get(game, game.replace("-", "_"))


def available_games(root: Path) -> list[str]:
    """Games with a content folder under `root`, in a stable order."""
    return [g for g in LOADERS if (root / game_folder(g)).is_dir()]


def load_game(game: str, root: Path | None = None) -> Any:
    """Load one game's content, raising ContentError with every problem found."""
    root = root or default_root()
    if game not in LOADERS:
        known = ", ".join(LOADERS)
        raise ContentError([Problem(root, None, "game", f"unknown game '{game}' (known: {known})")])
    folder = root / game_folder(game)
    if not folder.is_dir():
        raise ContentError([Problem(folder, None, "", "no content folder for this game")])
    code = ["missionkit.content", LOADERS[game].partition(":")[0].rpartition(".")[0]]
    return cached(game, folder, code, lambda: _load_checked(game, folder))


def load_folder(game: str, folder: Path) -> Any:
    """Load `game` from `folder` (any folder holding its files, e.g. a scratch copy with one
    file edited), validated as load_game does but never cached."""
    return _load_checked(game, folder)


def _load_checked(game: str, folder: Path) -> Any:
    """The game's own loader, then its glossary (if any): problems of both are raised together.
    (Imported here: a build served from the content cache never needs the validators.)"""
    from .glossary import check_folder

    problems = check_folder(folder)
    try:
        loaded = _loader(game)(folder)
    except ContentError as exc:
        raise ContentError(exc.problems + problems) from None
    if problems:
        raise ContentError(problems)
    return loaded


def load_all(root: Path | None = None) -> dict[str, Any]:
    """Load every game under `root`; problems from all games are raised together."""
    root = root or default_root()
    if not root.is_dir():
        raise ContentError([Problem(root, None, "", "content folder not found")])
    games = available_games(root)
    if not games:
        folders = ", ".join(LOADERS)
        raise ContentError([Problem(root, None, "", f"no game folder found (expected: {folders})")])
    loaded: dict[str, Any] = {}
    problems: list[Problem] = []
    for game in games:
        try:
            loaded[game] = load_game(game, root)
        except ContentError as exc:
            problems += exc.problems
    if problems:
        raise ContentError(problems)
    return loaded
