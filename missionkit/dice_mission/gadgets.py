"""The ten gadgets as edits to the round: who may play one, when, and what it changes.

A gadget event's `type` is the gadget's id in the content; its phase (MISSION or DEBRIEFING)
comes from the content too. Which card a player holds stays secret: the engine only counts
cards in hand, refuses a play with none playable, and keeps the public discard pile.
"""

from __future__ import annotations

from typing import Any

from . import events as ev
from .limits import Limits
from .messages import faces, log
from .state import State
from .table import dice_of, die, exchange, own_turn, refuse, reroll_faces, unlocked

Done = tuple[str, dict[str, Any]]  # what a gadget did: a message id suffix, its parameters


def gadget(state: State, gadget_id: str, field: str) -> Any:
    """The content's gadget `gadget_id`, or a refusal naming `field`."""
    try:
        found = state.game.gadget(gadget_id)
    except (KeyError, LookupError):
        found = None
    if found is None:
        refuse(state, "dc.no.unknown_gadget", field, value=gadget_id)
    return found


def to_discard(state: State, gadget_id: str, field: str) -> None:
    """Put a gadget on the face-up discard pile (refused if every copy is there already)."""
    card = gadget(state, gadget_id, field)
    if state.gadget_discard.count(gadget_id) >= card.copies:
        refuse(state, "dc.no.all_discarded", field, n=card.copies, gadget=gadget_id)
    state.gadget_discard.append(gadget_id)


def play(state: State, event: Any) -> None:
    """Play the gadget named by the event's type, on the player's own turn in its phase."""
    card = gadget(state, event.type, "event.type")
    own_turn(state, event, card.phase)
    p = state.players[event.player]
    if p.gadgets - p.drawn < 1:
        refuse(state, "dc.no.no_playable_drawn" if p.drawn else "dc.no.no_playable",
               "event.player", player=event.player)
    if card.effect != EFFECT_OF[type(event)]:
        refuse(state, "dc.no.effect_mismatch", "event.type", value=card.id, effect=card.effect)
    what, params = EFFECTS[card.effect](state, event)
    to_discard(state, event.type, "event.type")
    p.gadgets -= 1
    p.played += 1
    log(state, f"dc.gadget.{what}", player=event.player, gadget=card.id, **params)


def _opponent(state: State, event: Any) -> None:
    if event.target == event.player:
        refuse(state, "dc.no.choose_opponent", "event.target")
    if event.target >= len(state.players):
        refuse(state, "dc.no.no_player", "event.target", number=event.target)


def _seat(state: State, seat: int, field: str) -> None:
    if seat >= len(state.players):
        refuse(state, "dc.no.no_player", field, number=seat)


def _new_deal(state: State, event: ev.NewDeal) -> Done:
    lim: Limits = state.limits
    if not lim.dice_min <= event.count <= lim.dice_max:
        refuse(state, "dc.no.dice_count_range", "event.count", low=lim.dice_min,
               high=lim.dice_max)
    rnd = state.round
    if event.count == rnd.n:
        refuse(state, "dc.no.dice_count_same", "event.count", n=event.count)
    for seat in rnd.locked:  # DMD-32: a locked agent still to roll keeps the N they had
        if state.players[seat].dice is None and rnd.n is not None:
            rnd.kept_n.setdefault(seat, rnd.n)
    rnd.n = event.count
    return "set_dice_count", {"n": event.count}


def _forced_relaunch(state: State, event: ev.ForcedRelaunch) -> Done:
    _opponent(state, event)
    dice_of(state, event.target, "event.target")
    unlocked(state, event.target, "event.target")
    reroll_faces(state, event.target, event)
    return "force_reroll", {"target": event.target, "faces": _show(state, event.target)}


def _extra_chance(state: State, event: ev.ExtraChance) -> Done:
    dice_of(state, event.player, "event.dice")
    unlocked(state, event.player, "event.player")
    reroll_faces(state, event.player, event)
    return "extra_roll", {"faces": _show(state, event.player)}


def _target_lock(state: State, event: ev.TargetLock) -> Done:
    _seat(state, event.target, "event.target")
    if event.target not in state.round.locked:
        state.round.locked.append(event.target)
    return "lock_player", {"target": event.target}


def _change_of_mission(state: State, event: ev.ChangeOfMission) -> Done:
    what, params = exchange(state, event)
    return what, {k: v for k, v in params if k != "player"}


def _theft(state: State, event: ev.Theft) -> Done:
    _opponent(state, event)
    index = die(state, event.target, event.die, "event.die")
    unlocked(state, event.target, "event.target")
    unlocked(state, event.player, "event.player")
    face = state.players[event.target].dice.pop(index)
    state.players[event.player].dice.append(face)
    return "steal_die", {"face": face, "target": event.target}


def _delete(state: State, event: ev.Delete) -> Done:
    _seat(state, event.target, "event.target")
    index = die(state, event.target, event.die, "event.die")
    unlocked(state, event.target, "event.target")
    face = state.players[event.target].dice.pop(index)
    state.round.deleted.append(face)
    return "delete_die", {"target": event.target, "face": face}


def _adaptation(state: State, event: ev.Adaptation) -> Done:
    _seat(state, event.target, "event.target")
    index = die(state, event.target, event.die, "event.die")
    unlocked(state, event.target, "event.target")
    dice = state.players[event.target].dice
    if dice[index] == event.face:
        refuse(state, "dc.no.already_shows", "event.face", face=event.face)
    old, dice[index] = dice[index], event.face
    return "change_face", {"target": event.target, "old": old, "face": event.face}


def _transaction(state: State, event: ev.Transaction) -> Done:
    _seat(state, event.target, "event.target")
    _seat(state, event.other, "event.other")
    if event.other == event.target:
        refuse(state, "dc.no.swap_two", "event.other")
    a = die(state, event.target, event.die, "event.die")
    b = die(state, event.other, event.other_die, "event.other_die")
    unlocked(state, event.target, "event.target")
    unlocked(state, event.other, "event.other")
    mine, theirs = state.players[event.target].dice, state.players[event.other].dice
    mine[a], theirs[b] = theirs[b], mine[a]
    return "swap_dice", {"target": event.target, "face": theirs[b], "other": event.other,
                         "other_face": mine[a]}


def _transfer(state: State, event: ev.Transfer) -> Done:
    _opponent(state, event)
    index = die(state, event.player, event.die, "event.die")
    unlocked(state, event.player, "event.player")
    unlocked(state, event.target, "event.target")
    face = state.players[event.player].dice.pop(index)
    state.players[event.target].dice.append(face)
    return "give_die", {"face": face, "target": event.target}


def _show(state: State, seat: int) -> str:
    return faces(state.players[seat].dice)


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
