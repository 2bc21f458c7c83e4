"""The events a Dice Mission table records, as validated shapes. The engine applies them.

Dice are named by their seat and their position in that player's row of dice as it lies now
(`die: 2` = the third die in front of `target`). Faces may be entered, or a client sends
`roll: true` and the server turns it into faces (`engine.resolve_rolls`) before storing.
Hands are secret: no event carries a card that is still in a hand.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Seat = Annotated[int, Field(ge=0)]  # checked against the table's players by the engine
Face = Annotated[int, Field(ge=1, le=6)]
Index = Annotated[int, Field(ge=0)]  # a die's position in its holder's row
HandType = Literal["solo", "versus", "team"]
CardType = Literal["solo", "versus", "team", "special"]


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    player: Seat


class Dice(_Event):
    """A player's dice after their rolls: the faces as they lie and how many rolls it took.

    The active agent's entry sets N (`count`, or the number of faces) and R (`rolls`).
    `joker: true` adds the Joker die (N + 1 dice, once per game)."""

    type: Literal["dice"]
    faces: list[Face] | None = None
    rolls: Annotated[int, Field(ge=1, le=9)] = 1
    count: Annotated[int, Field(ge=1, le=9)] | None = None
    joker: bool = False
    roll: bool = False


class Reroll(_Event):
    """One more roll of the chosen dice (`dice`: positions), counted against the roll limit."""

    type: Literal["reroll"]
    dice: list[Index] = Field(min_length=1)
    faces: list[Face] | None = None
    roll: bool = False


class EndTurn(_Event):
    """Ends the player's rolling turn (MISSION side) or debriefing turn (DEBRIEFING side)."""

    type: Literal["end_turn"]


class Complete(_Event):
    """Reveal and complete a mission card. A SPECIAL taken from the display is replaced by
    `refill` (the id of the card turned up), or by one the app draws when it is left out."""

    type: Literal["complete"]
    card: str
    refill: str | None = None


class DrawGadget(_Event):
    """Draw a gadget (a suitcase reward or the failure option). At the hand limit, name the
    gadget discarded; `discarded_new` when it is the card just drawn."""

    type: Literal["draw_gadget"]
    discard: str | None = None
    discarded_new: bool = False


class Exchange(_Event):
    """The failure option: give up a mission of `card_type` (a hand card stays secret; a
    SPECIAL names the face-up `card`) and keep one of two drawn (`keep`, SPECIAL only)."""

    type: Literal["exchange"]
    card_type: CardType
    card: str | None = None
    keep: str | None = None


# --- MISSION gadgets ------------------------------------------------------------------------


class NewDeal(_Event):
    type: Literal["new_deal"]
    count: Annotated[int, Field(ge=1, le=9)]


class ForcedRelaunch(_Event):
    type: Literal["forced_relaunch"]
    target: Seat
    dice: list[Index] = Field(min_length=1)
    faces: list[Face] | None = None
    roll: bool = False


class ChangeOfMission(_Event):
    type: Literal["change_of_mission"]
    card_type: CardType
    card: str | None = None
    keep: str | None = None


class ExtraChance(_Event):
    type: Literal["extra_chance"]
    dice: list[Index] = Field(min_length=1)
    faces: list[Face] | None = None
    roll: bool = False


class TargetLock(_Event):
    type: Literal["target_lock"]
    target: Seat


# --- DEBRIEFING gadgets ---------------------------------------------------------------------


class Theft(_Event):
    type: Literal["theft"]
    target: Seat
    die: Index


class Delete(_Event):
    type: Literal["delete"]
    target: Seat
    die: Index


class Adaptation(_Event):
    type: Literal["adaptation"]
    target: Seat
    die: Index
    face: Face


class Transaction(_Event):
    """Swap die `die` of `target` with die `other_die` of `other` (you may be either)."""

    type: Literal["transaction"]
    target: Seat
    die: Index
    other: Seat
    other_die: Index


class Transfer(_Event):
    """Give your die `die` to `target`."""

    type: Literal["transfer"]
    target: Seat
    die: Index


GADGET_EVENTS = (NewDeal, ForcedRelaunch, ChangeOfMission, ExtraChance, TargetLock,
                 Theft, Delete, Adaptation, Transaction, Transfer)

Event = Annotated[
    Dice | Reroll | EndTurn | Complete | DrawGadget | Exchange
    | NewDeal | ForcedRelaunch | ChangeOfMission | ExtraChance | TargetLock
    | Theft | Delete | Adaptation | Transaction | Transfer,
    Field(discriminator="type"),
]
EVENT = TypeAdapter(Event)
