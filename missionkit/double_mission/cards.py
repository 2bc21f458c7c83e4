"""Plan cards: pay the cost (King A's first card free) and apply what the app tracks.

Every play is remembered with the table as it was before its effect (Threaten cancels it by
putting that back) and becomes the top of the discard pile (what Hacking copies). Cards that
answer an operation (Perfect Job after it, Enforcement, Security Disruption, Double-Cross)
find it in `state.recent`, which any other event closes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import reactions
from .events import PlayCard
from .messages import log, refuse
from .operation import robbed_one
from .reactions import pay
from .state import CardPlay, OpRecord, Recent, State


@dataclass
class Play:
    """One card being played: what its effect needs to know."""

    state: State
    event: PlayCard
    card: Any  # the card whose effect applies (for Hacking: the copied card)
    prev: Recent | None  # what the last event left open
    cost: int
    seat: int

    def fail(self, msg_id: str, field: str = "event", **params: Any) -> Any:
        refuse(self.state, msg_id, field, **params)


def play(state: State, event: PlayCard, own_turn: Callable) -> None:
    card = state.game.plan_card_by_id.get(event.card)
    if card is None:
        refuse(state, "dm.no.unknown_card", "event.card", value=event.card)
    if card.timing == "own_turn":
        own_turn(state, event)
    prev, state.recent = state.recent, None
    p = state.players[event.player]
    free = (event.player == state.turn.player and state.turn.cards_played == 0
            and state.ability(event.player, "king", "A"))
    cost = 0 if free else card.cost
    if p.millions < cost:
        refuse(state, "dm.no.card_cost", card=card.id, cost=cost, player=event.player,
               millions=p.millions)
    pay(state, event.player, cost)
    before = state.clone()
    before.recent = prev
    kept = apply_effect(Play(state, event, card, prev, cost, event.player))
    state.card_plays[card.id] += 1
    state.discard_top = card.id
    state.recent = Recent(op=kept, card=CardPlay(event.player, card.id, before))
    log(state, "dm.play_free" if free and card.cost else "dm.play", player=event.player,
        card=card.id)


def apply_effect(ctx: Play) -> OpRecord | None:
    """Apply the card's effect; return the operation it leaves open to further reactions."""
    if ctx.event.roll:
        ctx.fail("dm.no.enter_dice", "event.active_successes")
    return EFFECTS.get(ctx.card.effect.kind, _physical)(ctx)


def _physical(ctx: Play) -> None:
    """Effects on things the app does not track (moves, hands)."""


def _gain_millions(ctx: Play) -> None:
    ctx.state.players[ctx.seat].millions += ctx.card.effect.amount


def _gain_points(ctx: Play) -> None:
    ctx.state.players[ctx.seat].score += ctx.card.effect.amount


def _lower_security(ctx: Play) -> None:
    if ctx.state.turn.security_card:
        ctx.fail("dm.no.security_card", "event.card")
    ctx.state.turn.security_card = ctx.card.effect.amount


def _single_die(ctx: Play) -> None:
    ctx.state.turn.single_die = True


def _extra_operation(ctx: Play) -> None:
    ctx.state.turn.operations_left += 1


def _imitation(ctx: Play) -> None:
    ctx.state.turn.imitations += 1


def _target(ctx: Play) -> Any:
    event, state = ctx.event, ctx.state
    if event.target is None or event.target == ctx.seat or event.target >= len(state.players):
        ctx.fail("dm.no.other_player", "event.target")
    return state.players[event.target]


def _take_from_player(ctx: Play) -> None:
    """Extortion: one treasure of your choice from a player in your city."""
    victim, treasure = _target(ctx), ctx.event.treasure
    if not treasure or victim.treasures.get(treasure, 0) == 0:
        ctx.fail("dm.no.no_such_treasure", "event.treasure", player=ctx.event.target)
    victim.treasures[treasure] -= 1
    ctx.state.players[ctx.seat].treasures[treasure] += 1


def _swap(ctx: Play) -> None:
    other, me, event = _target(ctx), ctx.state.players[ctx.seat], ctx.event
    if not event.give or me.treasures.get(event.give, 0) == 0:
        ctx.fail("dm.no.nothing_to_give", "event.give", player=ctx.seat)
    if not event.treasure or other.treasures.get(event.treasure, 0) == 0:
        ctx.fail("dm.no.no_such_treasure", "event.treasure", player=event.target)
    me.treasures[event.give] -= 1
    other.treasures[event.give] += 1
    other.treasures[event.treasure] -= 1
    me.treasures[event.treasure] += 1


def _buy_back(ctx: Play) -> None:
    state, treasure = ctx.state, ctx.event.treasure
    if not treasure or state.sold.get(treasure, 0) == 0:
        ctx.fail("dm.no.sold_pile", "event.treasure")
    state.sold[treasure] -= 1
    state.players[ctx.seat].treasures[treasure] += 1


def _easy_pickings(ctx: Play) -> None:
    state = ctx.state
    full = [c for c in state.game.cities if state.cities[c.id] is not None]
    lowest = min((c.security for c in full), default=None)
    city = state.game.city_by_id.get(ctx.event.city or "")
    if city is None or state.cities[city.id] is None or city.security != lowest:
        ctx.fail("dm.no.lowest_security", "event.city", level=lowest)
    treasure = state.cities[city.id]
    state.cities[city.id] = None
    state.players[ctx.seat].treasures[treasure] += 1
    robbed_one(state)


def _hacking(ctx: Play) -> OpRecord | None:
    """Hacking: the effect of the card on top of the discard pile, for Hacking's cost (D33)."""
    top = ctx.state.discard_top
    if top is None:
        ctx.fail("dm.no.discard_empty", "event.card")
    copied = ctx.state.game.plan_card_by_id[top]
    if copied.effect.kind == "copy_discard":
        ctx.fail("dm.no.hacking_hacking", "event.card", card=ctx.card.id)
    log(ctx.state, "dm.hacking_copies", card="hacking", copied=copied.id)
    return apply_effect(Play(ctx.state, ctx.event, copied, ctx.prev, ctx.cost, ctx.seat))


def resolve_reroll(state: State, raw: dict, rng: random.Random) -> dict:
    """Security Disruption with `roll: true`: roll for whoever had succeeded."""
    card = raw.get("card")
    if not isinstance(card, str):
        return raw  # validation names the field
    if card == "hacking":
        card = state.discard_top
    kind = getattr(state.game.plan_card_by_id.get(card or ""), "effect", None)
    op = state.recent.op if state.recent else None
    if getattr(kind, "kind", None) != "force_reroll" or op is None or not op.success:
        return raw  # the engine refuses or ignores it with a message
    return reactions.roll_again(op, raw, rng, state.game.game.dice.success_chance)


EFFECTS: dict[str, Callable[[Play], OpRecord | None]] = {
    "gain_millions": _gain_millions, "gain_points": _gain_points,
    "lower_security": _lower_security, "double_points": reactions.perfect_job,
    "single_die": _single_die, "extra_operation": _extra_operation, "imitation": _imitation,
    "take_treasure_here": _take_from_player, "double_cross": reactions.double_cross,
    "swap_treasure": _swap, "buy_back": _buy_back, "easy_pickings": _easy_pickings,
    "copy_discard": _hacking, "cancel_card": reactions.threaten,
    "fix_own_die": reactions.enforcement, "force_reroll": reactions.security_disruption,
}
