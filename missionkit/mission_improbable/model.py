"""Typed content model of Mission Improbable: skills, the 8 card types, the whole game.

Cards name skills by id (`skills.yaml`); a printed variant spelling is accepted as an alias
only where the skill allows it (MID-14/15) and is replaced by the id on load. `name` is what
every printed or shown text uses (`display_name` says so); `alias` keeps the source's own
name where we print another one (MID-38, misspellings).
"""

from __future__ import annotations

from dataclasses import field
from functools import cached_property
from typing import Annotated, Literal

from annotated_types import Ge, MinLen

from ..content.base import Id, Localized, Positive, Text, model
from .model_effects import Effect
from .model_rules import (
    CARD_TYPES,
    D5,
    Decision,
    GameFile,
    GuideFile,
    Modifiers,
    RuleOption,
    Table,
    Term,
)

# --- skills ----------------------------------------------------------------------------


@model
class SkillAlias:
    """A printed spelling read as this skill; on the listed cards only, if `cards` is set."""

    name: Id
    cards: list[Id] = field(default_factory=list)
    note: str = ""

    def applies_to(self, card_id: str) -> bool:
        return not self.cards or card_id in self.cards


@model
class Skill:
    id: Id
    name: Localized
    text: Localized
    aliases: list[SkillAlias] = field(default_factory=list)


@model
class SkillsFile:
    skills: Annotated[list[Skill], MinLen(1)]


# --- checks ----------------------------------------------------------------------------


@model
class SkillMod:
    """One skill and the modifier added to the nemesis's difficulty roll."""

    skill: Id
    mod: Annotated[int, Ge(0)]


@model
class Check:
    """One skill check: `{skill, mod}`, or `any: [...]` where the player picks one (MID-09)."""

    skill: Id | None = None
    mod: Annotated[int, Ge(0)] | None = None
    any: tuple[SkillMod, ...] = ()

    def __post_init__(self) -> None:
        single = self.skill is not None or self.mod is not None
        if single and self.any:
            raise ValueError("a check is either skill + mod or any: [...], not both")
        if not single and len(self.any) < 2:
            raise ValueError("a check needs skill + mod, or any: with at least 2 choices")
        if single and (self.skill is None or self.mod is None):
            raise ValueError("a check needs both skill and mod")

    @property
    def options(self) -> tuple[SkillMod, ...]:
        """The skills the player may test (one for a plain check)."""
        if self.any:
            return self.any
        assert self.skill is not None and self.mod is not None
        return (SkillMod(skill=self.skill, mod=self.mod),)


SkillBonuses = dict[Id, Annotated[int, Ge(1)]]


def _not_empty(value: object, what: str) -> None:
    """Checked after the items validate (a length rule on a tuple would also fire when one
    item is bad, doubling the message)."""
    if not value:
        raise ValueError(f"{what} must not be empty")

# --- cards -----------------------------------------------------------------------------


class _Named:
    """Shared by every card: the name to print."""

    name: Localized

    @property
    def display_name(self) -> Localized:
        """The name every printed and shown text uses."""
        return self.name


@model
class Agent(_Named):
    id: Id
    type: Literal["agent"]
    name: Localized
    alias: Text | None = None
    skills: SkillBonuses
    note: str = ""

    def __post_init__(self) -> None:
        _not_empty(self.skills, "skills")


@model
class Mission(_Named):
    """A mission: one name for both sides, or a good and a bad name (L189)."""

    id: Id
    type: Literal["mission"]
    name: Localized | None = None  # type: ignore[assignment]
    good: Localized | None = None
    bad: Localized | None = None
    mp: Positive
    checks: tuple[Check, ...]
    note: str = ""

    def __post_init__(self) -> None:
        _not_empty(self.checks, "checks")
        split = self.good is not None or self.bad is not None
        if split and self.name is not None:
            raise ValueError("a mission has either name or good + bad, not both")
        if split and (self.good is None or self.bad is None):
            raise ValueError("a mission with a good name needs a bad name too (and back)")
        if not split and self.name is None:
            raise ValueError("a mission needs a name, or good + bad")

    def name_for(self, alignment: Literal["good", "bad"]) -> Localized:
        """The half of the name an organisation of this alignment plays."""
        half = self.good if alignment == "good" else self.bad
        return half or self.name  # type: ignore[return-value]

    @property
    def display_name(self) -> Localized:
        """'Defend Base / Destroy Base', or the one name."""
        if self.name is not None:
            return self.name
        assert self.good is not None and self.bad is not None
        return Localized(en=f"{self.good.en} / {self.bad.en}",
                         ko=f"{self.good.ko} / {self.bad.ko}")


@model
class Obstacle(_Named):
    id: Id
    type: Literal["obstacle"]
    name: Localized
    alias: Text | None = None
    check: Check
    note: str = ""


@model
class Location(_Named):
    """A kind of obstacle: every obstacle rule applies (L137)."""

    id: Id
    type: Literal["location"]
    name: Localized
    alias: Text | None = None
    check: Check
    note: str = ""


@model
class Equipment(_Named):
    """Asset; discarded once its bonus is used (MID-12)."""

    id: Id
    type: Literal["equipment"]
    name: Localized
    alias: Text | None = None
    skills: SkillBonuses
    note: str = ""

    def __post_init__(self) -> None:
        _not_empty(self.skills, "skills")


@model
class Experience(_Named):
    """Asset; permanent, never traded."""

    id: Id
    type: Literal["experience"]
    name: Localized
    alias: Text | None = None
    skills: SkillBonuses = field(default_factory=dict)
    effects: tuple[Effect, ...] = ()
    text: Localized | None = None
    note: str = ""

    def __post_init__(self) -> None:
        if not self.skills and not self.effects:
            raise ValueError("an experience card needs skills or effects")
        if self.effects and self.text is None:
            raise ValueError("a card with effects needs a text saying them")


@model
class Connection(_Named):
    """Played from hand for a one-off bonus, then discarded."""

    id: Id
    type: Literal["connection"]
    name: Localized
    alias: Text | None = None
    skills: SkillBonuses
    note: str = ""

    def __post_init__(self) -> None:
        _not_empty(self.skills, "skills")


EventTiming = Literal[
    "intercept", "before_check", "before_failure_roll", "before_capture_roll", "mission",
    "opponent_turn", "reaction", "own_turn",
]
EventTarget = Literal[
    "none", "own_agent", "enemy_agent", "agent", "opponent", "mission", "check", "table_roll",
]


@model
class Event(_Named):
    """`when` it is played (MID-30), what it targets (Undercover, MID-31), what it does."""

    id: Id
    type: Literal["event"]
    name: Localized
    alias: Text | None = None
    when: EventTiming
    target: EventTarget
    effects: tuple[Effect, ...]
    text: Localized
    note: str = ""

    def __post_init__(self) -> None:
        _not_empty(self.effects, "effects")


Card = Agent | Mission | Obstacle | Location | Equipment | Experience | Connection | Event


@model
class AgentsFile:
    agents: list[Agent]


@model
class MissionsFile:
    missions: list[Mission]


@model
class ObstaclesFile:
    obstacles: list[Obstacle]


@model
class LocationsFile:
    locations: list[Location]


@model
class EquipmentFile:
    equipment: list[Equipment]


@model
class ExperienceFile:
    experience: list[Experience]


@model
class ConnectionsFile:
    connections: list[Connection]


@model
class EventsFile:
    events: list[Event]


# --- the whole game --------------------------------------------------------------------


@model
class MissionImprobable:
    """Everything about Mission Improbable, validated and cross-checked."""

    game: GameFile
    skills: tuple[Skill, ...]
    agents: tuple[Agent, ...]
    missions: tuple[Mission, ...]
    obstacles: tuple[Obstacle, ...]
    locations: tuple[Location, ...]
    equipment: tuple[Equipment, ...]
    experience: tuple[Experience, ...]
    connections: tuple[Connection, ...]
    events: tuple[Event, ...]
    tables: dict[str, Table]
    d5: D5
    modifiers: Modifiers
    guide: GuideFile
    glossary: tuple[Term, ...]

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def options(self) -> tuple[RuleOption, ...]:
        return tuple(self.game.options)

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(self.game.decisions)

    def option(self, option_id: str) -> RuleOption:
        return next(o for o in self.game.options if o.id == option_id)

    @cached_property
    def skill_by_id(self) -> dict[str, Skill]:
        return {s.id: s for s in self.skills}

    def cards_of(self, card_type: str) -> tuple[Card, ...]:
        """The cards of one type ('agent', ..., 'event'), in file order."""
        return {
            "agent": self.agents, "mission": self.missions, "obstacle": self.obstacles,
            "location": self.locations, "equipment": self.equipment,
            "experience": self.experience, "connection": self.connections,
            "event": self.events,
        }[card_type]

    def deck(self) -> tuple[Card, ...]:
        """All cards, one per copy, by type (game.yaml order) then file order."""
        return tuple(c for t in CARD_TYPES for c in self.cards_of(t))

    @cached_property
    def _card_by_id(self) -> dict[str, Card]:
        return {c.id: c for c in self.deck()}

    def card(self, card_id: str) -> Card:
        """Any card by id (KeyError when there is none)."""
        return self._card_by_id[card_id]

    def component_counts(self) -> dict[str, int]:
        """Printed cards per type, keyed as in the build manifest."""
        return {f"{t}_card": len(self.cards_of(t)) for t in CARD_TYPES}

    def bought(self, players: int | None = None) -> list[dict[str, object]]:
        """Pieces the kit does not print (2 D10 per player): per player, or for `players`."""
        out: list[dict[str, object]] = []
        for item in self.game.bought:
            row: dict[str, object] = {"id": item.id, "name": {"en": item.name.en,
                                      "ko": item.name.ko}, "per_player": item.per_player}
            if players is not None:
                row["count"] = item.per_player * players
            out.append(row)
        return out
