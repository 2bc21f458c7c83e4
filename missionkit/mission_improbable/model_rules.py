"""Mission Improbable's game-wide data: game.yaml, tables.yaml, guide.yaml, glossary.yaml.

Every rule constant and every decision on a gap of the rules (MID-nn) is data here, with a
`note:` saying why, so the engine, the print kit and the companion read one source.
"""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Literal

from annotated_types import Ge, Le, MinLen

from ..content.base import PYDANTIC_CONFIG, Id, Localized, Positive, Text, TextRule, model
from ..content.guide import GuideSection
from .model_effects import Effect, TableId

CardType = Literal[
    "agent", "mission", "obstacle", "location", "equipment", "experience", "connection", "event"
]
CARD_TYPES: tuple[str, ...] = (
    "agent", "mission", "obstacle", "location", "equipment", "experience", "connection", "event"
)
"""Every card type, in deck order."""

# --- tables.yaml -----------------------------------------------------------------------

Face = Annotated[int, Ge(1), Le(10)]


def _strip_underscore(name: str) -> str:
    """`from_` is written `from` in YAML (a Python keyword cannot name a field)."""
    return name.rstrip("_")


@model
class TableRow:
    """Results `from_`..`to` (inclusive) of a D10 roll; `effects` empty = nothing happens."""

    from_: Face
    to: Face
    result: Localized
    effects: tuple[Effect, ...] = ()

    def __post_init__(self) -> None:
        if self.from_ > self.to:
            raise ValueError(f"from {self.from_} is above to {self.to}")

    def covers(self, face: int) -> bool:
        return self.from_ <= face <= self.to


TableRow.__pydantic_config__ = {  # type: ignore[attr-defined]
    **PYDANTIC_CONFIG, "alias_generator": _strip_underscore}


@model
class Table:
    id: TableId
    name: Localized
    when: Localized
    rows: tuple[TableRow, ...]
    note: str = ""

    def __post_init__(self) -> None:
        if not self.rows:
            raise ValueError("rows must not be empty")

    def row(self, face: int) -> TableRow:
        """The row for a (clamped) result 1-10."""
        for row in self.rows:
            if row.covers(face):
                return row
        raise ValueError(f"no row of table {self.id} covers {face}")


@model
class D5:
    """How to roll 1D5 with a D10 (MID-04)."""

    die: Literal[10]
    divide: Literal[2]
    round: Literal["up"]
    note: str = ""

    def from_d10(self, face: int) -> int:
        """1-2 -> 1, ..., 9-10 -> 5."""
        return -(-face // self.divide)


@model
class Modifiers:
    """How card modifiers change a table roll (MID-24)."""

    stack: bool
    clamp: tuple[Face, Face]
    note: str = ""

    def apply(self, face: int, total: int) -> int:
        low, high = self.clamp
        return max(low, min(high, face + total))


@model
class TablesFile:
    d5: D5
    modifiers: Modifiers
    tables: Annotated[list[Table], MinLen(1)]


# --- game.yaml -------------------------------------------------------------------------


@model
class CardTypeInfo:
    """One of the 8 card types: its name, how many the deck holds, how it behaves."""

    id: CardType
    name: Localized
    plural: Localized
    count: Positive
    asset: bool = False
    permanent: bool = False
    discarded_when_used: bool = False
    tradeable: bool = False
    note: str = ""


@model
class Bought:
    """A piece the kit does not print: players bring or buy it."""

    id: Id
    name: Localized
    per_player: Positive
    note: str = ""


MAX_PLAYERS = 8  # seats a setup may list (state.Setup); shipped: 2-6
Seats = Annotated[int, Ge(1), Le(MAX_PLAYERS)]


@model
class Players:
    min: Seats
    max: Seats
    note: str = ""


@model
class Alignment:
    """Good or bad organisations (MID-19) and nemesis choice."""

    two_players: Literal["opposite"]
    mix: Literal["at_least_one_each", "free"]
    nemesis: Literal["opposite_alignment"]
    nemesis_mutual: bool
    note: str = ""


@model
class Hand:
    start: Positive
    draw: Positive
    limit: Positive
    limit_checked: Literal["support_phase"]
    note: str = ""


@model
class PerTurn:
    recruit: Positive
    assets: Positive
    missions_into_play: Positive
    spy_rolls: Positive
    mission_attempts: Positive
    note: str = ""


@model
class EndOfGame:
    """MID-01 and MID-06: when play stops."""

    deck_option: Id
    mp_target_option: Id
    finish_round: bool
    note: str = ""


@model
class TieBreak:
    """MID-02: compared in order; a tie on all of them shares the place."""

    order: Annotated[tuple[Literal["mp", "completed_missions"], ...], MinLen(1)]
    then: Literal["shared"]
    note: str = ""


OptionValue = bool | int | str | None


@model
class RuleOption:
    """A switch the players set before the game; `default` is the MID default."""

    id: Id
    name: Localized
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    min: int | None = None
    max: int | None = None
    off_allowed: bool = False
    decision: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        if self.choices and self.default not in self.choices:
            raise ValueError(f"default {self.default!r} is not one of the choices")
        if self.default is None and not self.off_allowed:
            raise ValueError("default is off (null) but off_allowed is false")
        if isinstance(self.default, int) and not isinstance(self.default, bool):
            if self.min is not None and self.default < self.min:
                raise ValueError(f"default {self.default} is below min {self.min}")
            if self.max is not None and self.default > self.max:
                raise ValueError(f"default {self.default} is above max {self.max}")


@model
class Decision:
    """How the kit settles one gap of the rules (the facts file's MID-nn)."""

    id: Annotated[str, TextRule(pattern=r"^MID-\d\d$")]
    choice: Text
    note: Text
    # the rulebook's "Rules clarified" line, player-facing (no ids, file or option names);
    # {name} takes a number from the game's rulebook values()
    en: str = ""
    ko: str = ""  # the same line in Korean
    rulebook: bool = True  # False: about making the kit, not a rule; not printed


@model
class GameFile:
    """`game.yaml`: identity, card types and counts, rule constants, options, decisions."""

    id: Annotated[str, TextRule(pattern=r"^[a-z][a-z0-9-]*$")]
    name: Localized
    subtitle: Localized
    card_types: Annotated[list[CardTypeInfo], MinLen(1)]
    deck_size: Positive
    bought: list[Bought] = field(default_factory=list)
    players: Players
    alignment: Alignment
    hand: Hand
    per_turn: PerTurn
    end: EndOfGame
    tie_break: TieBreak
    options: list[RuleOption] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    # BoardGameGeek's id for the game, when known for certain (BG Stats links carry it)
    bgg_id: int | None = None

    def card_type(self, type_id: str) -> CardTypeInfo:
        return next(t for t in self.card_types if t.id == type_id)


# --- guide.yaml ------------------------------------------------------------------------

PhaseId = Literal[
    "support", "recruit", "assignment", "intercept", "spy", "mission", "objectives", "counter",
    "capture",
]


@model
class Phase:
    id: PhaseId
    name: Localized
    reminder: Localized


@model
class GuideFile:
    """Player aid and rules summary: the 9 phases, a reminder per card type, the rules."""

    phases: Annotated[list[Phase], MinLen(1)]
    card_reminders: dict[CardType, Localized]
    sections: Annotated[list[GuideSection], MinLen(1)]


# --- glossary.yaml ---------------------------------------------------------------------


@model
class Term:
    en: Text
    ko: Text
    reject: list[Text] = field(default_factory=list)
    note: str = ""


@model
class GlossaryFile:
    terms: Annotated[list[Term], MinLen(1)]
