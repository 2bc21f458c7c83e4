"""What the rules engine reads from the content model, in one place.

Odds, tables and the engine ask these functions, never the model's fields directly, so a
change in the model's shape is one edit here. Every rule constant comes from the content
(`game.yaml`, `tables.yaml`, the phases of `guide.yaml`).
"""

from __future__ import annotations

from typing import Any

from ..game import IllegalEvent

Option = tuple[str, int]  # (skill, card modifier)

ASSET_TYPES = ("equipment", "experience")
OBSTACLE_TYPES = ("obstacle", "location")


def card(game: Any, card_id: str, field: str) -> Any:
    """The card `card_id`, or IllegalEvent naming `field`."""
    try:
        return game.card(card_id)
    except KeyError:
        raise IllegalEvent(f"unknown card '{card_id}'", field) from None


def kind(found: Any) -> str:
    """'agent', 'mission', 'obstacle', 'location', 'equipment', 'experience', 'connection'
    or 'event'."""
    return found.type


def label(found: Any, alignment: str | None = None) -> Any:
    """A card's name in both languages (the good or bad half of a mission for `alignment`)."""
    if alignment is not None and hasattr(found, "name_for"):
        return found.name_for(alignment)
    return found.display_name


def name(found: Any, alignment: str | None = None) -> str:
    """A card's English name (the good or bad half of a mission for `alignment`)."""
    return label(found, alignment).en


def checks(found: Any) -> list[list[Option]]:
    """Each check of a card as its alternatives: one option, or several for an 'or' check."""
    listed = found.checks if kind(found) == "mission" else (found.check,)
    return [[(o.skill, o.mod) for o in c.options] for c in listed]


def effects(found: Any) -> list[Any]:
    return list(getattr(found, "effects", ()) or ())


def bonuses(found: Any) -> dict[str, int]:
    """The skill bonuses a card gives: printed skills, or an event's skill_bonus effects."""
    out = dict(getattr(found, "skills", None) or {})
    for e in effects(found):
        if e.kind == "skill_bonus":
            out[e.skill] = out.get(e.skill, 0) + e.amount
    return out


def always_counts(game: Any, found: Any) -> bool:
    """An asset that counts on every check its agent makes without being added to the roll:
    one of a permanent card type (experience; game.yaml `card_types`, MID-13)."""
    return game.game.card_type(kind(found)).permanent


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


def table_modifier(found: Any, table_id: str) -> int | None:
    """The modifier a card gives to rolls on `table_id`, or None if it gives none."""
    shifts = [e.amount for e in effects(found)
              if e.kind == "table_modifier" and e.table == table_id]
    return sum(shifts) if shifts else None


def untargetable(found: Any) -> bool:
    """An asset that keeps event cards off its agent (Undercover, MID-31)."""
    return any(e.kind == "untargetable_by_events" for e in effects(found))


def timing(found: Any) -> str:
    """When an event card is played ('intercept', 'before_check', 'mission', ...)."""
    return found.when


def target(found: Any) -> str:
    """What an event card targets ('none', 'own_agent', 'enemy_agent', 'agent', ...)."""
    return found.target


def d5(game: Any, face: int) -> int:
    """The 1D5 of the rules from a die face (MID-04)."""
    return game.d5.from_d10(face)


def die_sides(game: Any) -> int:
    """Faces of the die every check and table uses (the D10 also halved for 1D5)."""
    return game.d5.die


def clamp(game: Any, face: int, total: int) -> int:
    """A table roll plus stacked modifiers, held within the table (MID-24)."""
    return game.modifiers.apply(face, total)


def player_counts(game: Any) -> tuple[int, int]:
    players = game.game.players
    return players.min, players.max


def alignment_rules(game: Any) -> Any:
    """two_players ('opposite'), mix ('at_least_one_each'|'free'), nemesis rule."""
    return game.game.alignment


def per_turn(game: Any) -> Any:
    """recruit, assets, missions_into_play, spy_rolls, mission_attempts."""
    return game.game.per_turn


def phases(game: Any) -> list[str]:
    """The turn's phase ids in order."""
    return [p.id for p in game.guide.phases]


def end_options(game: Any) -> tuple[str, str]:
    """The option ids of the two end triggers: (empty deck, MP target) (MID-01)."""
    end = game.game.end
    return end.deck_option, end.mp_target_option


def tie_break(game: Any) -> tuple[str, ...]:
    """What a tie compares, in order ('mp', 'completed_missions'), MID-02."""
    return tuple(game.game.tie_break.order)


def options(game: Any) -> dict[str, Any]:
    """The game's options by id (default, choices, min, max, off_allowed)."""
    return {o.id: o for o in game.options}
