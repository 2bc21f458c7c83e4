"""Fill `{placeholders}` in guide prose from the rule constants of game.yaml."""

from __future__ import annotations

import re
from dataclasses import is_dataclass
from typing import Any

from .model import GameFile

PLACEHOLDER = re.compile(r"\{([a-z_]+(?:\.[a-z0-9_]+)*)\}")


def resolve(name: str, game: GameFile) -> Any:
    """The value behind `name`, e.g. 'round.rolls_max' -> 3."""
    value: Any = game
    for part in name.split("."):
        value = getattr(value, part)
    if isinstance(value, bool | list | dict) or is_dataclass(value):
        raise AttributeError(name)
    return value


def unknown_placeholders(template: str, game: GameFile) -> list[str]:
    """Placeholders in `template` that do not name a rule constant."""
    bad = []
    for name in PLACEHOLDER.findall(template):
        try:
            resolve(name, game)
        except AttributeError:
            bad.append(name)
    return bad


def fill(template: str, game: GameFile) -> str:
    """`template` with every placeholder replaced by its value."""
    return PLACEHOLDER.sub(lambda m: str(resolve(m.group(1), game)), template)
