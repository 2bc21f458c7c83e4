"""The D10 tables (Spy, Mission Failure, Capture): a roll plus modifiers gives a row.

Modifiers stack and the result is clamped to the die's faces (MID-24). A roll is either
taken from the table's physical die or drawn here from an rng.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..game import IllegalEvent
from . import rulebook


@dataclass(frozen=True)
class Row:
    roll: int  # the modified, clamped result the row was read at
    result: Any  # the row's text (localized)
    effects: list[Any]


def lookup(game: Any, table_id: str, roll: int, modifier: int = 0) -> Row:
    """The row of `table_id` for a die showing `roll`, shifted by `modifier`."""
    sides = rulebook.die_sides(game)
    if not 1 <= roll <= sides:
        raise IllegalEvent(f"a die shows 1 to {sides}, not {roll}", "roll")
    result = rulebook.clamp(game, roll, modifier)
    for row in rulebook.table_rows(game, table_id):
        low, high = rulebook.row_range(row)
        if low <= result <= high:
            return Row(result, row.result, list(row.effects))
    raise IllegalEvent(f"table '{table_id}' has no row for {result}", "roll")


def nothing(game: Any, table_id: str, roll: int) -> Row:
    """The row of `table_id` where nothing happens (no effects), read for a die showing
    `roll` that counts as nothing (a repeated 'your nemesis rolls', MID-21)."""
    for row in rulebook.table_rows(game, table_id):
        if not row.effects:
            return Row(roll, row.result, [])
    raise IllegalEvent(f"table '{table_id}' has no row where nothing happens", "roll")


def roll(game: Any, table_id: str, rng: random.Random, modifier: int = 0) -> Row:
    """Roll the table's die and look the result up."""
    return lookup(game, table_id, rng.randint(1, rulebook.die_sides(game)), modifier)


def modifier(game: Any, table_id: str, cards: Sequence[str], field: str = "cards") -> int:
    """The stacked modifier of the cards played on a roll (e.g. Narrow Escape +2); a card that
    does not modify `table_id` is refused, naming `field[i]`."""
    total = 0
    for i, card_id in enumerate(cards):
        found = rulebook.card(game, card_id, f"{field}[{i}]")
        shift = rulebook.table_modifier(found, table_id)
        if shift is None:
            raise IllegalEvent(f"'{card_id}' does not modify the {table_id} table",
                               f"{field}[{i}]")
        total += shift
    if len(set(cards)) != len(cards):
        raise IllegalEvent("a card is played twice", field)
    return total


def d5(game: Any, face: int) -> int:
    """1D5 from a die face (MID-04)."""
    sides = rulebook.die_sides(game)
    if not 1 <= face <= sides:
        raise IllegalEvent(f"a die shows 1 to {sides}, not {face}", "roll")
    return rulebook.d5(game, face)
