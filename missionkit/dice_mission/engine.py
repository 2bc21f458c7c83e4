"""The Dice Mission round engine: apply one validated event to a state, or refuse it.

State is a fold over the event log (`replay`); undo is a replay without the last event.
Pure Python: no web, no database. Cards in hand, decks and the rolling itself stay physical;
the engine tracks the dice as they lie, the token, revealed cards and gadget counts.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from ..content.errors import field_path
from ..game import Handlers, IllegalEvent
from . import gadgets
from .events import EVENT, GADGET_EVENTS, Complete, Dice, DrawGadget, EndTurn, Exchange, Reroll
from .limits import SPECIAL
from .messages import faces, log, word
from .model import Check, DiceMission
from .predicates import evaluate
from .state import Round, Setup, State, new_state
from .table import (
    dice_of,
    exchange,
    mission,
    own_turn,
    refuse,
    reroll_faces,
    take_special,
)


def parse_event(raw: Any) -> Any:
    """Validate an event's shape; IllegalEvent names the first bad field."""
    try:
        return EVENT.validate_python(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        tag = err["type"] in ("union_tag_invalid", "union_tag_not_found")
        loc = ("type",) if tag else err["loc"][1:]  # a tagged union puts the type first
        field = field_path(("event", *loc))
        raise IllegalEvent(f"{field}: {err['msg']}", field) from None  # the words name it


def replay(setup: Setup, events: Iterable[Any], game: DiceMission) -> State:
    """The state after `events` (raw dicts or parsed), starting from `setup`."""
    state = new_state(setup, game)
    for raw in events:
        apply(state, parse_event(raw) if isinstance(raw, dict) else raw)
    return state


def try_apply(state: State, raw: dict) -> State:
    """Apply a raw event to a copy of `state`; the original is untouched on refusal."""
    event = parse_event(raw)
    trial = state.clone()
    apply(trial, event)
    return trial


ROLLED = ("dice", "reroll", "forced_relaunch", "extra_chance")


def resolve_rolls(state: State, raw: dict, rng: random.Random) -> dict:
    """Turn a `roll: true` request into faces, and a SPECIAL refill left for the app to turn
    up into its id, so the stored event is exact. An exchange's kept card is the player's
    choice (`table.exchange_choices`), never drawn here."""
    if raw.get("type") in SPECIAL_DRAWS:
        return _resolve_special(state, raw, rng)
    if raw.get("type") not in ROLLED or not raw.get("roll"):
        return raw
    event = parse_event(raw)
    count = dice_count(state, event) if isinstance(event, Dice) else len(event.dice)
    out = {k: v for k, v in raw.items() if k != "roll"}
    out["faces"] = [rng.randint(1, 6) for _ in range(count)]
    return out


SPECIAL_DRAWS = {"complete": "refill"}


def _resolve_special(state: State, raw: dict, rng: random.Random) -> dict:
    key, card = SPECIAL_DRAWS[raw["type"]], raw.get("card")
    if raw.get(key) is not None or card not in state.display:
        return raw
    deck = state.special_deck()
    vs = state.setup.variants.very_special
    if not deck or (vs and not state.limits.very_special_refill):
        return raw
    return {**raw, key: rng.choice(deck)}


def dice_count(state: State, event: Dice) -> int:
    """How many dice a `dice` event must show: N (the agent may set it), plus the Joker."""
    n = state.round.n_for(event.player)
    if n is None and event.player == state.round.agent:
        n = event.count
        if n is None and event.faces is not None:
            n = len(event.faces) - (state.limits.joker_dice if event.joker else 0)
        lim = state.limits
        if n is None or not lim.dice_min <= n <= lim.dice_max:
            refuse(state, "dc.no.agent_dice", "event.count" if event.faces is None
                   else "event.faces", low=lim.dice_min, high=lim.dice_max)
    elif n is None:
        refuse(state, "dc.no.agent_first", "event.player")
    elif event.count is not None and event.count != n:
        refuse(state, "dc.no.everyone_rolls", "event.count", n=n)
    return n + (state.limits.joker_dice if event.joker else 0)


HANDLERS = Handlers()
handles = HANDLERS.on


def apply(state: State, event: Any) -> None:
    """Apply a parsed event in place; raise IllegalEvent (state unspecified) if refused."""
    if state.status == "finished":
        refuse(state, "dc.no.game_over", player=state.winner)
    if event.player >= len(state.players):
        refuse(state, "dc.no.no_player", "event.player", number=event.player)
    if isinstance(event, GADGET_EVENTS):
        return gadgets.play(state, event)
    return HANDLERS[type(event)](state, event)


@handles(Dice)
def _dice(state: State, event: Dice) -> None:
    own_turn(state, event, "mission")
    p, lim = state.players[event.player], state.limits
    if p.dice is not None:
        refuse(state, "dc.no.dice_entered", "event.faces", player=event.player)
    if event.joker:
        if not state.setup.variants.joker:
            refuse(state, "dc.no.joker_variant", "event.joker")
        if p.jokers >= lim.joker_uses:
            refuse(state, "dc.no.joker_used", "event.joker", player=event.player)
    count = dice_count(state, event)
    if event.roll or event.faces is None:
        refuse(state, "dc.no.enter_faces", "event.faces")
    if event.joker and count > lim.joker_max_dice:
        refuse(state, "dc.no.joker_max", "event.joker", n=lim.joker_max_dice)
    if len(event.faces) != count:
        refuse(state, "dc.no.dice_number", "event.faces", player=event.player, count=count,
               given=len(event.faces))
    agent = event.player == state.round.agent
    limit = lim.rolls_max if agent else state.round.r
    if event.rolls > limit:
        refuse(state, "dc.no.most_rolls", "event.rolls", n=limit)
    if event.player not in state.round.kept_n:
        state.round.n = count - (lim.joker_dice if event.joker else 0)
    p.dice, p.rolls, p.jokers = list(event.faces), event.rolls, p.jokers + event.joker
    log(state, ("dc.rolls_joker" if event.joker else "dc.rolls")
        + ("_many" if event.rolls > 1 else ""), player=event.player, faces=faces(p.dice),
        rolls=event.rolls)


@handles(Reroll)
def _reroll(state: State, event: Reroll) -> None:
    own_turn(state, event, "mission")
    p = state.players[event.player]
    dice_of(state, event.player, "event.dice")
    limit = state.limits.rolls_max if event.player == state.round.agent else state.round.r
    if p.rolls >= limit:
        refuse(state, "dc.no.rolls_made", "event.dice", player=event.player, rolls=p.rolls,
               limit=limit)
    reroll_faces(state, event.player, event)
    p.rolls += 1
    log(state, "dc.rerolls", player=event.player, faces=faces(p.dice), rolls=p.rolls)


@handles(EndTurn)
def _end_turn(state: State, event: EndTurn) -> None:
    own_turn(state, event, state.round.side)
    rnd, p = state.round, state.players[event.player]
    order = state.order()
    last = order.index(event.player) == len(order) - 1
    if rnd.side == "mission":
        dice_of(state, event.player, "event.player")
        if event.player == rnd.agent:
            rnd.r = p.rolls
            log(state, "dc.everyone_rolls_many" if rnd.r > 1 else "dc.everyone_rolls", n=rnd.n,
                r=rnd.r)
        if last:
            rnd.side, rnd.turn = "debriefing", rnd.agent
            log(state, "dc.debriefing", side="DEBRIEFING")
        else:
            rnd.turn = order[order.index(event.player) + 1]
        return
    p.draws_due = 0  # DMD-31: a suitcase gadget not drawn on this turn lapses
    if state.has_won(event.player):
        state.status, state.winner = "finished", event.player
        log(state, "dc.wins", player=event.player)
        return
    if last:
        return _new_round(state)
    rnd.turn = order[order.index(event.player) + 1]
    rnd.done_types, rnd.failure = [], False


def _new_round(state: State) -> None:
    """Nobody won: the token passes clockwise, MISSION side up; dice are picked up."""
    agent = (state.round.agent + 1) % len(state.players)
    state.round = Round(state.round.number + 1, agent, turn=agent)
    for p in state.players:
        p.dice, p.rolls, p.drawn = None, 0, 0
    log(state, "dc.round", round=state.round.number, player=agent)


@handles(Complete)
def _complete(state: State, event: Complete) -> None:
    own_turn(state, event, "debriefing")
    card, p, rnd = mission(state, event.card), state.players[event.player], state.round
    if any(event.card in q.completed for q in state.players):
        refuse(state, "dc.no.completed", "event.card", mission=event.card)
    if rnd.failure:
        refuse(state, "dc.no.took_failure", "event.card", player=event.player)
    if rnd.done_types.count(card.type) >= state.limits.per_type_per_turn:
        refuse(state, "dc.no.type_this_turn", "event.card", player=event.player,
               type=word(card.type))
    done, need = state.progress(event.player)[card.type]
    if card.type == SPECIAL:
        need = state.limits.specials_per_game
        if event.card not in state.display:
            refuse(state, "dc.no.not_face_up", "event.card", mission=event.card,
                   type="SPECIAL")
    if done >= need:
        refuse(state, "dc.no.none_left" if card.type != SPECIAL else "dc.no.special_done",
               "event.card", player=event.player, type=word(card.type))
    if card.type != SPECIAL and event.refill is not None:
        refuse(state, "dc.no.only_special_refilled", "event.refill", type="SPECIAL")
    if not meets(card.check, event.player, state.table()):
        refuse(state, "dc.no.not_met", "event.card", mission=event.card)
    p.completed.append(event.card)
    rnd.done_types.append(card.type)
    new = None
    if card.type == SPECIAL:
        state.specials_out.append(event.card)
        new = take_special(state, event.card, event.refill, "event.refill")
    if card.suitcase:
        p.draws_due += 1
    done_id = "dc.complete" + ("_turned_up" if new else "") + ("_suitcase" if card.suitcase
                                                               else "")
    log(state, done_id, player=event.player, mission=event.card, type=word(card.type),
        **({"new": new} if new else {}))


def meets(check: Check, seat: int, table: tuple[tuple[int, ...], ...]) -> bool:
    """A card's check on the dice as they lie (the content's evaluator)."""
    return evaluate(check, seat, table)


@handles(DrawGadget)
def _draw_gadget(state: State, event: DrawGadget) -> None:
    p = state.players[event.player]
    if p.draws_due:  # owed only during the turn the card was completed (DMD-31)
        own_turn(state, event, "debriefing")
        p.draws_due -= 1
        why = "suitcase"
    else:
        _failure_option(state, event)
        why = "failure"
    if state.gadget_deck == 0:
        state.gadget_deck, state.gadget_discard = len(state.gadget_discard), []
        if state.gadget_deck:
            log(state, "dc.gadget_reshuffle")
    if state.gadget_deck == 0:
        refuse(state, "dc.no.no_gadget_left", "event.type")
    state.gadget_deck -= 1
    if p.gadgets < state.limits.hand_limit:
        if event.discard is not None:
            refuse(state, "dc.no.discard_only_past", "event.discard", n=state.limits.hand_limit)
        p.gadgets, p.drawn = p.gadgets + 1, p.drawn + 1
        log(state, f"dc.draw_{why}", player=event.player)
        return
    if event.discard is None:
        refuse(state, "dc.no.name_discard", "event.discard", player=event.player, n=p.gadgets)
    gadgets.to_discard(state, event.discard, "event.discard")
    if not event.discarded_new:
        p.drawn = min(p.drawn + 1, p.gadgets)
    log(state, f"dc.draw_{why}_discard", player=event.player, gadget=event.discard)


def _failure_option(state: State, event: Any) -> None:
    own_turn(state, event, "debriefing")
    rnd = state.round
    if rnd.done_types:
        refuse(state, "dc.no.completed_no_failure", "event.type", player=event.player)
    if rnd.failure:
        refuse(state, "dc.no.failure_used", "event.type", player=event.player)
    rnd.failure = True


@handles(Exchange)
def _exchange(state: State, event: Exchange) -> None:
    _failure_option(state, event)
    done = exchange(state, event)
    log(state, f"dc.{done[0]}", **dict(done[1]))


def hand_check(state: State, seat: int, cards: list[str]) -> dict[str, bool]:
    """Which of `cards` the dice as they lie would complete for `seat` (a per-phone check of
    a secret hand: nothing is stored, the shared state never sees the ids)."""
    if not 0 <= seat < len(state.players):
        refuse(state, "dc.no.no_player", "player", number=seat)
    table = state.table()
    return {card: meets(mission(state, card, f"cards[{i}]").check, seat, table)
            for i, card in enumerate(cards)}
