"""The ten gadgets as edits to the round: who may play one, when, and what it changes.

A gadget event's `type` is the gadget's id in the content; its phase (MISSION or DEBRIEFING)
comes from the content too. Which card a player holds stays secret: the engine only counts
cards in hand, refuses a play with none playable, and keeps the public discard pile.
"""

from __future__ import annotations

from typing import Any

from . import events as ev
from .limits import Limits
from .state import State
from .table import dice_of, die, exchange, own_turn, refuse, reroll_faces, unlocked


def gadget(state: State, gadget_id: str, field: str) -> Any:
    """The content's gadget `gadget_id`, or a refusal naming `field`."""
    try:
        found = state.game.gadget(gadget_id)
    except (KeyError, LookupError):
        found = None
    if found is None:
        refuse(f"unknown gadget '{gadget_id}'", field)
    return found


def to_discard(state: State, gadget_id: str, field: str) -> None:
    """Put a gadget on the face-up discard pile (refused if every copy is there already)."""
    card = gadget(state, gadget_id, field)
    if state.gadget_discard.count(gadget_id) >= card.copies:
        refuse(f"all {card.copies} {gadget_id} cards are already in the discard pile", field)
    state.gadget_discard.append(gadget_id)


def play(state: State, event: Any) -> None:
    """Play the gadget named by the event's type, on the player's own turn in its phase."""
    card = gadget(state, event.type, "event.type")
    own_turn(state, event, card.phase)
    p = state.players[event.player]
    if p.gadgets - p.drawn < 1:
        why = " (gadgets drawn this round wait for the next)" if p.drawn else ""
        refuse(f"{p.name} holds no gadget playable this round{why}", "event.player")
    if card.effect != EFFECT_OF[type(event)]:
        refuse(f"the content's '{card.id}' does '{card.effect}', not what this event records",
               "event.type")
    line = EFFECTS[card.effect](state, event)
    to_discard(state, event.type, "event.type")
    p.gadgets -= 1
    p.played += 1
    state.log.append(f"{p.name} plays {event.type.replace('_', ' ').title()}: {line}.")


def _name(state: State, seat: int) -> str:
    return state.players[seat].name


def _opponent(state: State, event: Any) -> None:
    if event.target == event.player:
        refuse("choose an opponent", "event.target")
    if event.target >= len(state.players):
        refuse(f"there is no player {event.target}", "event.target")


def _seat(state: State, seat: int, field: str) -> None:
    if seat >= len(state.players):
        refuse(f"there is no player {seat}", field)


def _new_deal(state: State, event: ev.NewDeal) -> str:
    lim: Limits = state.limits
    if not lim.dice_min <= event.count <= lim.dice_max:
        refuse(f"the dice count is {lim.dice_min} to {lim.dice_max}", "event.count")
    if event.count == state.round.n:
        refuse(f"this round's dice count is already {event.count}", "event.count")
    state.round.n = event.count
    return f"players still to roll roll {event.count} dice"


def _forced_relaunch(state: State, event: ev.ForcedRelaunch) -> str:
    _opponent(state, event)
    dice_of(state, event.target, "event.target")
    unlocked(state, event.target, "event.target")
    reroll_faces(state, event.target, event)
    return f"{_name(state, event.target)} rerolls, now {_show(state, event.target)}"


def _extra_chance(state: State, event: ev.ExtraChance) -> str:
    dice_of(state, event.player, "event.dice")
    unlocked(state, event.player, "event.player")
    reroll_faces(state, event.player, event)
    return f"one more roll, now {_show(state, event.player)}"


def _target_lock(state: State, event: ev.TargetLock) -> str:
    _seat(state, event.target, "event.target")
    if event.target not in state.round.locked:
        state.round.locked.append(event.target)
    return f"{_name(state, event.target)}'s dice are locked until the round ends"


def _change_of_mission(state: State, event: ev.ChangeOfMission) -> str:
    return exchange(state, event).rstrip(".")


def _theft(state: State, event: ev.Theft) -> str:
    _opponent(state, event)
    index = die(state, event.target, event.die, "event.die")
    unlocked(state, event.target, "event.target")
    unlocked(state, event.player, "event.player")
    face = state.players[event.target].dice.pop(index)
    state.players[event.player].dice.append(face)
    return f"takes a {face} from {_name(state, event.target)}"


def _delete(state: State, event: ev.Delete) -> str:
    _seat(state, event.target, "event.target")
    index = die(state, event.target, event.die, "event.die")
    unlocked(state, event.target, "event.target")
    face = state.players[event.target].dice.pop(index)
    state.round.deleted.append(face)
    return f"{_name(state, event.target)}'s {face} leaves the table"


def _adaptation(state: State, event: ev.Adaptation) -> str:
    _seat(state, event.target, "event.target")
    index = die(state, event.target, event.die, "event.die")
    unlocked(state, event.target, "event.target")
    dice = state.players[event.target].dice
    if dice[index] == event.face:
        refuse(f"that die already shows {event.face}", "event.face")
    old, dice[index] = dice[index], event.face
    return f"{_name(state, event.target)}'s {old} turns to {event.face}"


def _transaction(state: State, event: ev.Transaction) -> str:
    _seat(state, event.target, "event.target")
    _seat(state, event.other, "event.other")
    if event.other == event.target:
        refuse("a swap is between two players", "event.other")
    a = die(state, event.target, event.die, "event.die")
    b = die(state, event.other, event.other_die, "event.other_die")
    unlocked(state, event.target, "event.target")
    unlocked(state, event.other, "event.other")
    mine, theirs = state.players[event.target].dice, state.players[event.other].dice
    mine[a], theirs[b] = theirs[b], mine[a]
    return (f"{_name(state, event.target)}'s {theirs[b]} and {_name(state, event.other)}'s "
            f"{mine[a]} swap")


def _transfer(state: State, event: ev.Transfer) -> str:
    _opponent(state, event)
    index = die(state, event.player, event.die, "event.die")
    unlocked(state, event.player, "event.player")
    unlocked(state, event.target, "event.target")
    face = state.players[event.player].dice.pop(index)
    state.players[event.target].dice.append(face)
    return f"gives a {face} to {_name(state, event.target)}"


def _show(state: State, seat: int) -> str:
    return " ".join(str(f) for f in state.players[seat].dice)


# what each gadget does, by its `effect` in the content, and the event shape recording it
EFFECTS = {
    "set_dice_count": _new_deal, "force_reroll": _forced_relaunch, "extra_roll": _extra_chance,
    "lock_player": _target_lock, "exchange_mission": _change_of_mission, "steal_die": _theft,
    "delete_die": _delete, "change_face": _adaptation, "swap_dice": _transaction,
    "give_die": _transfer,
}
EFFECT_OF = {
    ev.NewDeal: "set_dice_count", ev.ForcedRelaunch: "force_reroll", ev.ExtraChance: "extra_roll",
    ev.TargetLock: "lock_player", ev.ChangeOfMission: "exchange_mission", ev.Theft: "steal_die",
    ev.Delete: "delete_die", ev.Adaptation: "change_face", ev.Transaction: "swap_dice",
    ev.Transfer: "give_die",
}
