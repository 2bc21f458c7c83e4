"""Checks and moves shared by the engine's handlers and the gadgets: turns, dice, SPECIALs."""

from __future__ import annotations

from typing import Any

from missionkit.draws import stream

from ..messages import Message, msg
from .limits import HAND_TYPES
from .messages import refuse, word
from .state import State

__all__ = ["refuse"]


def own_turn(state: State, event: Any, side: str) -> None:
    """The event's player must be the one whose turn it is, on the right side of the token."""
    if state.round.side != side:
        refuse(state, "dc.no.wrong_phase", "event.type", side=word(state.round.side),
               wanted=word(side))
    if event.player != state.round.turn:
        refuse(state, "dc.no.not_your_turn", "event.player", active=state.round.turn,
               player=event.player)


def mission(state: State, card: str, field: str = "event.card") -> Any:
    """The content's mission card `card`, or a refusal naming `field`."""
    try:
        found = state.game.mission(card)
    except (KeyError, LookupError):
        found = None
    if found is None:
        refuse(state, "dc.no.unknown_mission", field, value=card)
    return found


def dice_of(state: State, seat: int, field: str) -> list[int]:
    """The dice in front of `seat`; refused if they have not rolled this round."""
    dice = state.players[seat].dice
    if dice is None:
        refuse(state, "dc.no.not_rolled", field, player=seat)
    return dice


def die(state: State, seat: int, index: int, field: str) -> int:
    """Position `index` in `seat`'s dice, checked."""
    dice = dice_of(state, seat, field)
    if index >= len(dice):
        refuse(state, "dc.no.no_such_die", field, player=seat, n=len(dice), index=index)
    return index


def unlocked(state: State, seat: int, field: str) -> None:
    """Target Lock: no gadget may touch a locked player's dice until the round ends."""
    if seat in state.round.locked:
        refuse(state, "dc.no.locked", field, player=seat, gadget="target_lock")


def reroll_faces(state: State, seat: int, event: Any) -> None:
    """Put `event.faces` on the dice of `seat` at positions `event.dice` (a reroll)."""
    for i, index in enumerate(event.dice):
        die(state, seat, index, f"event.dice[{i}]")
        if index in event.dice[:i]:
            refuse(state, "dc.no.die_twice", f"event.dice[{i}]", index=index)
    faces = event.faces
    if event.roll or faces is None:
        refuse(state, "dc.no.enter_new_faces", "event.faces")
    if len(faces) != len(event.dice):
        refuse(state, "dc.no.faces_number", "event.faces", n=len(event.dice), given=len(faces))
    dice = state.players[seat].dice
    for index, face in zip(event.dice, faces, strict=True):
        dice[index] = face


def take_special(state: State, card: str, refill: str | None, field: str) -> str | None:
    """Take `card` off the display and turn up `refill` (or draw one) in its slot."""
    slot = state.display.index(card)
    if state.setup.variants.very_special and not state.limits.very_special_refill:
        if refill is not None:
            refuse(state, "dc.no.never_refilled", field)
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
            refuse(state, "dc.no.not_in_deck", field, mission=card, type="SPECIAL")
        return card
    if not deck:
        return None
    state.draws += 1
    return stream(state.setup.seed, f"special-draw:{state.draws}").choice(deck)


def exchange_choices(state: State) -> list[str]:
    """The SPECIALs the app draws for an exchange now (`round.exchange_draw` of them,
    rulebook l. 57): the same cards on every phone and replay, all turn long.
    The player keeps one; a table that drew other real cards names the one it kept."""
    deck, rnd = state.special_deck(), state.round
    turn = f"{rnd.number}:{rnd.side}:{rnd.turn}:{','.join(state.display)}"
    draw = stream(state.setup.seed, f"special-exchange:{turn}")  # a gadget cannot redraw
    return draw.sample(deck, min(state.limits.exchange_draw, len(deck)))


def exchange(state: State, event: Any) -> Message:
    """Give up a mission and keep one of two drawn from its deck; the log line (an
    `exchange_hand` or `exchange_special` message)."""
    if event.card_type in HAND_TYPES:
        if event.card is not None or event.keep is not None:
            refuse(state, "dc.no.hand_secret", "event.card")
        done, need = state.progress(event.player)[event.card_type]
        if done >= need:
            refuse(state, "dc.no.holds_no_type", "event.card_type", player=event.player,
                   type=word(event.card_type))
        return msg("exchange_hand", player=event.player, type=word(event.card_type))
    if state.setup.variants.very_special and not state.limits.very_special_exchange:
        refuse(state, "dc.no.specials_kept", "event.card_type")
    if event.card not in state.display:
        refuse(state, "dc.no.not_face_up", "event.card", mission=event.card, type="SPECIAL")
    deck = state.special_deck()
    if not deck and event.keep is None:
        refuse(state, "dc.no.deck_empty", "event.card", type="SPECIAL")
    keep = event.keep
    if keep is None and len(deck) > 1:
        refuse(state, "dc.no.choose_kept", "event.keep", n=state.limits.exchange_draw,
               type="SPECIAL")
    slot = state.display.index(event.card)
    state.display[slot] = turn_up(state, keep or deck[0], "event.keep")
    return msg("exchange_special", player=event.player, type="SPECIAL", mission=event.card,
               new=state.display[slot])



