"""Fill `{placeholders}` in guide prose from game.yaml, so each number lives in one place.

`{hand.limit}` is a rule constant, `{options.mp_target}` an option's default, `{bought.d10}`
a bought piece per player, `{deck_size}` the number of cards.
"""

from __future__ import annotations

import re
from dataclasses import is_dataclass
from typing import Any

from .model_rules import GameFile

PLACEHOLDER = re.compile(r"\{([a-z_]+(?:\.[a-z0-9_]+)*)\}")


def resolve(name: str, game: GameFile) -> Any:
    """The value behind `name`, e.g. 'hand.limit' -> 10, 'options.mp_target' -> 10."""
    head, _, rest = name.partition(".")
    if head == "options":
        return next(o.default for o in game.options if o.id == rest)
    if head == "bought":
        return next(b.per_player for b in game.bought if b.id == rest)
    value: Any = game
    for part in name.split("."):
        value = getattr(value, part)
    if isinstance(value, bool | list | dict | tuple) or is_dataclass(value) or value is None:
        raise AttributeError(name)
    return value


def unknown_placeholders(template: str, game: GameFile) -> list[str]:
    """Placeholders in `template` that do not name a value of game.yaml."""
    bad = []
    for name in PLACEHOLDER.findall(template):
        try:
            resolve(name, game)
        except (AttributeError, StopIteration):
            bad.append(name)
    return bad


def fill(template: str, game: GameFile) -> str:
    """`template` with every placeholder replaced by its value."""
    return PLACEHOLDER.sub(lambda m: str(resolve(m.group(1), game)), template)
