"""Checks and moves shared by the engine's handlers and the gadgets: turns, dice, SPECIALs."""

from __future__ import annotations

from typing import Any, NoReturn

from missionkit.draws import stream

from ..game import IllegalEvent
from .limits import HAND_TYPES
from .state import State


def refuse(message: str, field: str = "event") -> NoReturn:
    raise IllegalEvent(message, field)


def own_turn(state: State, event: Any, side: str) -> None:
    """The event's player must be the one whose turn it is, on the right side of the token."""
    if state.round.side != side:
        refuse(f"this is the {state.round.side.upper()} phase, not the {side.upper()} phase",
               "event.type")
    if event.player != state.round.turn:
        refuse(f"it is {state.current.name}'s turn, not {state.players[event.player].name}'s",
               "event.player")


def mission(state: State, card: str, field: str = "event.card") -> Any:
    """The content's mission card `card`, or a refusal naming `field`."""
    try:
        found = state.game.mission(card)
    except (KeyError, LookupError):
        found = None
    if found is None:
        refuse(f"unknown mission card '{card}'", field)
    return found


def dice_of(state: State, seat: int, field: str) -> list[int]:
    """The dice in front of `seat`; refused if they have not rolled this round."""
    dice = state.players[seat].dice
    if dice is None:
        refuse(f"{state.players[seat].name} has not rolled this round", field)
    return dice


def die(state: State, seat: int, index: int, field: str) -> int:
    """Position `index` in `seat`'s dice, checked."""
    dice = dice_of(state, seat, field)
    if index >= len(dice):
        refuse(f"{state.players[seat].name} has {len(dice)} dice; there is no die {index}", field)
    return index


def unlocked(state: State, seat: int, field: str) -> None:
    """Target Lock: no gadget may touch a locked player's dice until the round ends."""
    if seat in state.round.locked:
        refuse(f"{state.players[seat].name}'s dice are under Target Lock this round", field)


def reroll_faces(state: State, seat: int, event: Any) -> None:
    """Put `event.faces` on the dice of `seat` at positions `event.dice` (a reroll)."""
    for i, index in enumerate(event.dice):
        die(state, seat, index, f"event.dice[{i}]")
        if index in event.dice[:i]:
            refuse(f"die {index} is named twice", f"event.dice[{i}]")
    faces = event.faces
    if event.roll or faces is None:
        refuse("enter the new faces (or ask the app to roll)", "event.faces")
    if len(faces) != len(event.dice):
        refuse(f"{len(event.dice)} dice rerolled, {len(faces)} faces given", "event.faces")
    dice = state.players[seat].dice
    for index, face in zip(event.dice, faces, strict=True):
        dice[index] = face


def take_special(state: State, card: str, refill: str | None, field: str) -> str | None:
    """Take `card` off the display and turn up `refill` (or draw one) in its slot."""
    slot = state.display.index(card)
    if state.setup.variants.very_special and not state.limits.very_special_refill:
        if refill is not None:
            refuse("Very Special Missions: the display is never refilled", field)
        state.display.pop(slot)
        return None
    new = turn_up(state, refill, field)
    if new is None:
        state.display.pop(slot)
    else:
        state.display[slot] = new
    return new


def turn_up(state: State, card: str | None, field: str) -> str | None:
    """The SPECIAL turned up from the deck: `card` as the table saw it, or one the app draws
    (seeded by the setup and the draws so far, so a replay draws the same). None: deck empty."""
    deck = state.special_deck()
    if card is not None:
        if card not in deck:
            refuse(f"'{card}' is not in the SPECIAL deck", field)
        return card
    if not deck:
        return None
    state.draws += 1
    return stream(state.setup.seed, f"special-draw:{state.draws}").choice(deck)


def exchange(state: State, event: Any) -> str:
    """Give up a mission and keep one of two drawn from its deck; the log line."""
    p = state.players[event.player]
    if event.card_type in HAND_TYPES:
        if event.card is not None or event.keep is not None:
            refuse("a card in hand stays secret: give only its type", "event.card")
        done, need = state.progress(event.player)[event.card_type]
        if done >= need:
            refuse(f"{p.name} holds no {event.card_type.upper()} card", "event.card_type")
        return f"{p.name} exchanges a {event.card_type.upper()} card from their hand."
    if state.setup.variants.very_special and not state.limits.very_special_exchange:
        refuse("Very Special Missions: the SPECIALs cannot be exchanged", "event.card_type")
    if event.card not in state.display:
        refuse(f"'{event.card}' is not a face-up SPECIAL", "event.card")
    if not state.special_deck() and event.keep is None:
        refuse("the SPECIAL deck is empty", "event.card")
    slot = state.display.index(event.card)
    state.display[slot] = turn_up(state, event.keep, "event.keep")
    return (f"{p.name} exchanges the SPECIAL {title(state, event.card)} for "
            f"{title(state, state.display[slot])}.")


def title(state: State, card: str) -> str:
    """A mission's English name, for the log."""
    return state.game.mission(card).name.en

