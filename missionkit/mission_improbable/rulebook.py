"""What the rules engine reads from the content model, in one place.

Odds, tables and the engine ask these functions, never the model's fields directly, so a
change in the model's shape is one edit here. Every rule constant comes from `game.yaml`.
"""

from __future__ import annotations

from typing import Any

from ..game import IllegalEvent

Option = tuple[str, int]  # (skill, card modifier)

ASSET_KINDS = ("equipment", "experience")
OBSTACLE_KINDS = ("obstacle", "location")


def card(game: Any, card_id: str, field: str) -> Any:
    """The card `card_id`, or IllegalEvent naming `field`."""
    try:
        found = game.card(card_id)
    except KeyError:
        found = None
    if found is None:
        raise IllegalEvent(f"unknown card '{card_id}'", field)
    return found


def kind(game: Any, found: Any) -> str:
    """'agent', 'mission', 'obstacle', 'location', 'equipment', 'experience', 'connection'
    or 'event'."""
    return found.kind


def name(found: Any, side: str | None = None) -> str:
    """A card's English name (a mission's good or bad half when `side` is given)."""
    if side is not None and getattr(found, f"name_{side}", None) is not None:
        return getattr(found, f"name_{side}").en
    return found.name.en


def checks(found: Any) -> list[list[Option]]:
    """Each check of a card as its alternatives: one option, or several for an 'or' check."""
    out: list[list[Option]] = []
    for check in found.checks:
        alternatives = getattr(check, "any", None)
        if alternatives:
            out.append([(a.skill, a.mod) for a in alternatives])
        else:
            out.append([(check.skill, check.mod)])
    return out


def bonuses(found: Any) -> dict[str, int]:
    """The skill bonuses a card gives (agents, assets, connections, bonus events)."""
    return dict(getattr(found, "skills", None) or {})


def mission_points(found: Any) -> int:
    return found.mp


def table_rows(game: Any, table_id: str) -> list[Any]:
    """The rows of a D10 table, or IllegalEvent naming 'table'."""
    table = game.tables.get(table_id)
    if table is None:
        raise IllegalEvent(f"unknown table '{table_id}'", "table")
    return list(table.rows)


def row_range(row: Any) -> tuple[int, int]:
    return row.from_, row.to


def row_effects(row: Any) -> list[Any]:
    return list(row.effects)


def effect_kind(effect: Any) -> str:
    return effect.kind


def table_modifier(found: Any, table_id: str) -> int | None:
    """The modifier an event card gives to rolls on `table_id`, or None if it gives none."""
    effect = getattr(found, "effect", None)
    if effect is None or getattr(effect, "table", None) != table_id:
        return None
    return effect.modifier


def event_effect(found: Any) -> str | None:
    """What an event card does, as an effect kind the engine knows (None: untracked)."""
    effect = getattr(found, "effect", None)
    return None if effect is None else effect.kind


def event_timing(found: Any) -> str:
    """When an event card is played: 'intercept', 'roll', 'fail', 'capt', 'mission', ..."""
    return found.when


def rules(game: Any) -> Any:
    """The rule constants (game.yaml)."""
    return game.game


def die_sides(game: Any) -> int:
    return rules(game).die.sides


def d5(game: Any, face: int) -> int:
    """The 1D5 of the rules from a die face (MID-04: halve, rounding up)."""
    return -(-face // rules(game).die.d5_divisor)


def player_counts(game: Any) -> tuple[int, int]:
    players = rules(game).players
    return players.min, players.max


def phases(game: Any) -> list[str]:
    """The turn's phase ids in order."""
    return [p.id for p in rules(game).phases]


def mp_target(game: Any) -> int:
    """The default Mission Points target (MID-01)."""
    return rules(game).end.mp_target


def option_default(game: Any, option_id: str) -> Any:
    return game.options[option_id].default
