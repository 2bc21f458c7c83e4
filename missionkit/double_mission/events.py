"""The events a table records, as validated shapes. The engine applies them to a state."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Seat = Annotated[int, Field(ge=0, le=3)]
Dice = Annotated[int, Field(ge=0, le=6)]


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    player: Seat


class TakeMillions(_Event):
    """The Get Millions action."""

    type: Literal["take_millions"]


class Action(_Event):
    """An action the app does not otherwise track (it only counts against the two per turn)."""

    type: Literal["action"]
    kind: Literal["move", "draw_plan"]


class BuyDie(_Event):
    type: Literal["buy_die"]


class Operation(_Event):
    """An operation: target city, optional helper and how many success faces each rolled.

    `active_successes` / `helper_successes` count success faces among the dice rolled (the
    effective security level, or 1 die for Without Anyone Knowing). A client that wants the
    app to roll sends `roll: true` instead; the server turns that into counts before storing.
    """

    type: Literal["operation"]
    city: str
    helper: Seat | None = None
    active_successes: Dice | None = None
    helper_successes: Dice | None = None
    roll: bool = False
    invert: bool = False  # King side B declares before rolling (or `declare_inversion` first)
    token_from: Seat | None = None  # empty bag: the player the active roller takes from (D27)
    helper_token_from: Seat | None = None  # the same for the helper


class Sell(_Event):
    type: Literal["sell"]
    treasure: str


class ClaimTitle(_Event):
    type: Literal["claim_title"]
    title: str
    imitations: Annotated[int, Field(ge=0, le=2)] = 0


class TakeInvestigation(_Event):
    """Draw an investigation token outside an operation (e.g. a correction)."""

    type: Literal["take_investigation"]
    token_from: Seat | None = None  # empty bag: which of the tied players to take from (D27)


class PlayCard(_Event):
    """Play a plan card: pay its cost and apply what the app tracks of its effect."""

    type: Literal["play_card"]
    card: str
    target: Seat | None = None
    treasure: str | None = None  # taken (Extortion, Buy-Back) or received (Swap)
    give: str | None = None  # Swap: the treasure handed over
    city: str | None = None  # Easy Pickings
    # Security Disruption: the new success counts of whoever had succeeded (or `roll: true`)
    active_successes: Dice | None = None
    helper_successes: Dice | None = None
    roll: bool = False
    token_from: Seat | None = None  # an empty bag after the reroll (as on `operation`)
    helper_token_from: Seat | None = None


class DeclareInversion(_Event):
    """King side B declares, before rolling, that this turn's next operation is inverted."""

    type: Literal["declare_inversion"]


class Reshuffle(_Event):
    """The discard pile was shuffled into a new deck: card counts and Hacking's target reset."""

    type: Literal["reshuffle"]


Counts = dict[str, Annotated[int, Field(ge=1, le=4)]]


class TeamExchange(_Event):
    """Team variant: `player` and `partner` (same team, same city) trade treasures and
    Millions on either one's turn, without using an action (EN 229; KO 299-302)."""

    type: Literal["team_exchange"]
    partner: Seat
    give: Counts = {}  # treasures `player` hands to `partner`
    get: Counts = {}  # treasures `partner` hands to `player`
    give_millions: Annotated[int, Field(ge=0, le=200)] = 0
    get_millions: Annotated[int, Field(ge=0, le=200)] = 0


class EndTurn(_Event):
    type: Literal["end_turn"]


class Score(_Event):
    """Final scoring inputs once play has stopped: missions and end-game choices."""

    type: Literal["score"]
    missions: list[list[str]]
    jack_b_take: list[str] = []
    gamble_successes: dict[str, Dice] = {}
    close_watch_reveal: list[str] | None = None  # the 3 titles revealed at the table


Event = Annotated[
    TakeMillions | Action | BuyDie | Operation | Sell | ClaimTitle | TakeInvestigation
    | PlayCard | DeclareInversion | Reshuffle | TeamExchange | EndTurn | Score,
    Field(discriminator="type"),
]
EVENT = TypeAdapter(Event)
