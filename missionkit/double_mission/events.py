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
    invert: bool = False  # King side B declares before rolling


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


class PlayCard(_Event):
    """Play a plan card: pay its cost and apply what the app tracks of its effect."""

    type: Literal["play_card"]
    card: str
    target: Seat | None = None
    treasure: str | None = None  # taken (Extortion, Buy-Back) or received (Swap)
    give: str | None = None  # Swap: the treasure handed over
    city: str | None = None  # Easy Pickings


class EndTurn(_Event):
    type: Literal["end_turn"]


class Score(_Event):
    """Final scoring inputs once play has stopped: missions and end-game choices."""

    type: Literal["score"]
    missions: list[list[str]]
    jack_b_take: list[str] = []
    gamble_successes: dict[str, Dice] = {}


Event = Annotated[
    TakeMillions | Action | BuyDie | Operation | Sell | ClaimTitle | TakeInvestigation
    | PlayCard | EndTurn | Score,
    Field(discriminator="type"),
]
EVENT = TypeAdapter(Event)
