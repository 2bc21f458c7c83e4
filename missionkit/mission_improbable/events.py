"""The events a table records, as validated shapes. The engine applies them to a state.

Dice: a client either sends the faces it rolled (`die`, `dice`, ...) or `roll: true`, and
the server turns that into faces (`engine.resolve_rolls`) before storing the event.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Seat = Annotated[int, Field(ge=0, le=7)]  # the count is checked against the setup
Face = Annotated[int, Field(ge=1, le=20)]  # the die's sides are checked against the content
Cards = Annotated[list[str], Field(max_length=12)]


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    player: Seat


class Phase(_Event):
    """Move the turn tracker forward to `phase` (a phase id; never back)."""

    type: Literal["phase"]
    phase: str


class Recruit(_Event):
    """Recruit phase: an agent from hand goes face up to the table."""

    type: Literal["recruit"]
    agent: str


class Attach(_Event):
    """Assignment phase: attach one asset (equipment or experience) to one of your agents."""

    type: Literal["attach"]
    agent: str
    asset: str


class Trade(_Event):
    """Assignment phase: move equipment from one of your agents to another."""

    type: Literal["trade"]
    equipment: str
    to_agent: str


class PlayEvent(_Event):
    """An event card whose effect the app tracks or logs (Intercept cards and the others that
    are not bonuses on a roll). Targets as the card needs them."""

    type: Literal["play_event"]
    card: str
    agent: str | None = None
    mission: str | None = None
    asset: str | None = None
    to_agent: str | None = None
    target: Seat | None = None
    die: Face | None = None  # 1D5 for Security Risk
    roll: bool = False


class Spy(_Event):
    """Spy phase: one roll on the Spy Table. On a 1 the nemesis rolls (`nemesis_die`); on
    'discard a mission' `mission` names the opponent's mission in play; left out, the roll
    is kept and a second Spy event names it (no die). `count_die` is the 1D5 of a row that
    asks for one (look at the next 1D5 cards), shown with the roll."""

    type: Literal["spy"]
    die: Face | None = None
    nemesis_die: Face | None = None
    count_die: Face | None = None
    mission: str | None = None
    roll: bool = False


class Attempt(_Event):
    """Mission phase: `agent` attempts `card` (the next obstacle on `mission`, or the mission
    itself once no obstacle is left). `dice` holds one [agent's die, nemesis's die] pair per
    check of the card, in order, up to the first failed one. With Partners/Team (pick_one)
    `checks` lets this agent make only the next few checks of the mission; the next event
    names the partner for the rest."""

    type: Literal["attempt"]
    agent: str
    mission: str
    card: str
    skill: str | None = None
    assets: Cards = []
    bonus_cards: Cards = []
    partners: Cards = []  # Partners/Team with joint_attempt add_bonuses: their skills add
    checks: Annotated[int, Field(ge=1, le=6)] | None = None  # Partners/Team pick_one: how
    # many of the mission's remaining checks this agent makes (the rest go to a partner)
    dice: Annotated[list[tuple[Face, Face]], Field(max_length=6)] = []
    roll: bool = False


class Retreat(_Event):
    """Pull the agent out after an overcome obstacle: the attempt ends, no failure roll."""

    type: Literal["retreat"]


class Failure(_Event):
    """The Mission Failure roll after a failed check, with the cards played on it."""

    type: Literal["failure"]
    cards: Cards = []
    die: Face | None = None
    wound_die: Face | None = None  # the 1D5 of a wound
    roll: bool = False


class PlayMission(_Event):
    """Objectives phase: a mission from hand goes into play in front of its owner."""

    type: Literal["play_mission"]
    mission: str


class Counter(_Event):
    """Counter phase: `count` obstacles or locations played face down onto an opponent's
    mission (each goes on top of its stack)."""

    type: Literal["counter"]
    mission: str
    count: Annotated[int, Field(ge=1, le=30)] = 1


class Capture(_Event):
    """Capture phase: one roll on the Capture Table for one of your captured agents."""

    type: Literal["capture"]
    agent: str
    cards: Cards = []
    die: Face | None = None
    roll: bool = False


class DeckEmpty(_Event):
    """The draw deck ran out: this round is the last (MID-01)."""

    type: Literal["deck_empty"]


class EndTurn(_Event):
    type: Literal["end_turn"]


Event = Annotated[
    Phase | Recruit | Attach | Trade | PlayEvent | Spy | Attempt | Retreat | Failure
    | PlayMission | Counter | Capture | DeckEmpty | EndTurn,
    Field(discriminator="type"),
]
EVENT = TypeAdapter(Event)
