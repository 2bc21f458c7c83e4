"""Plan cards that answer what just happened: an operation, or another player's card.

Each takes the play in progress (`cards.Play`) and returns the operation it leaves open to
further reactions (None when it closes it). They run only right after what they answer.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from .messages import log
from .operation import require_tie_choice, resolve, revert, succeeded
from .state import OpRecord, State


def pay(state: State, seat: int, cost: int) -> None:
    """Pay a card's cost; the active player's card counts for King A's free first card."""
    state.players[seat].millions -= cost
    if seat == state.turn.player:
        state.turn.cards_played += 1


def _open_op(ctx: Any, what: str) -> OpRecord:
    op = ctx.prev.op if ctx.prev else None
    if op is None:
        ctx.fail(what, "event.card", card=ctx.card.id)
    return op


def perfect_job(ctx: Any) -> OpRecord | None:
    """Before the roll: the next operation's points double. Right after the active player's
    successful operation: that operation's points double now (Jack's +1 first)."""
    op = ctx.prev.op if ctx.prev else None
    if op is None or not op.success or op.player != ctx.seat:
        ctx.state.turn.perfect_job += 1
        return None
    points = []
    for seat, n in op.points:
        if seat == op.player:
            ctx.state.players[seat].score += n
            n *= 2
        points.append((seat, n))
    log(ctx.state, "dm.points_double", player=op.player)
    return replace(op, multiplier=op.multiplier * 2, points=tuple(points))


def enforcement(ctx: Any) -> OpRecord:
    """Own turn, right after a failed operation: one of your failed dice becomes a success;
    if that makes the operation succeed, it resolves as a success."""
    op = _open_op(ctx, "dm.no.after_failure")
    if op.player != ctx.seat or op.success:
        ctx.fail("dm.no.own_failure", "event.card", card=ctx.card.id)
    if op.active_successes >= op.need:
        ctx.fail("dm.no.no_failed_die", "event.card")
    revert(ctx.state, op)
    log(ctx.state, "dm.die_to_success", player=op.player)
    return resolve(ctx.state, replace(op, active_successes=op.active_successes + 1))


def security_disruption(ctx: Any) -> OpRecord:
    """Right after a successful operation: void it; whoever succeeded rolls again and the
    operation resolves on the new dice (the others keep theirs)."""
    op, event = _open_op(ctx, "dm.no.after_success"), ctx.event
    if not op.success:
        ctx.fail("dm.no.answers_success", "event.card", card=ctx.card.id)
    active_ok, helper_ok = succeeded(op)
    for ok, value, field, dice in ((active_ok, event.active_successes, "active_successes",
                                    op.need),
                                   (helper_ok, event.helper_successes, "helper_successes",
                                    op.helper_need)):
        if ok and value is None:
            ctx.fail("dm.no.enter_new_dice", f"event.{field}")
        if not ok and value is not None:
            ctx.fail("dm.no.only_winners_reroll", f"event.{field}")
        if ok and value > dice:
            ctx.fail("dm.no.too_many_successes", f"event.{field}", successes=value, dice=dice)
    revert(ctx.state, op)
    if active_ok:  # named before the new dice, whatever they show (D27)
        require_tie_choice(ctx.state, op.player, event.token_from if event.token_from
                           is not None else op.token_from, "event.token_from")
    log(ctx.state, "dm.disrupted_both" if active_ok and helper_ok
        else "dm.disrupted_active" if active_ok else "dm.disrupted_helper", card=ctx.card.id)
    again = replace(
        op, active_successes=op.active_successes if not active_ok else event.active_successes,
        helper_successes=op.helper_successes if not helper_ok else event.helper_successes,
        token_from=event.token_from if event.token_from is not None else op.token_from,
        helper_token_from=event.helper_token_from if event.helper_token_from is not None
        else op.helper_token_from)
    return resolve(ctx.state, again)


def roll_again(op: OpRecord, raw: dict, rng: random.Random, p: float) -> dict:
    """`roll: true` on Security Disruption: new counts for whoever had succeeded."""
    active_ok, helper_ok = succeeded(op)
    out = {k: v for k, v in raw.items() if k != "roll"}
    if active_ok:
        out["active_successes"] = sum(rng.random() < p for _ in range(op.need))
    if helper_ok:
        out["helper_successes"] = sum(rng.random() < p for _ in range(op.helper_need))
    return out


def double_cross(ctx: Any) -> OpRecord:
    """Only the helper, right after a successful cooperation on someone else's turn, takes
    the treasure just won (D39); both keep the points of their dice."""
    op, state, event = _open_op(ctx, "dm.no.after_coop"), ctx.state, ctx.event
    if not op.success or op.helper is None:
        ctx.fail("dm.no.answers_coop", "event.card", card=ctx.card.id)
    if ctx.seat != op.helper or ctx.seat == state.turn.player:
        ctx.fail("dm.no.only_helper", "event.player")
    if event.target not in (None, op.holder) or event.treasure not in (None, op.treasure):
        ctx.fail("dm.no.takes_just_won", "event.treasure", card=ctx.card.id,
                 treasure=op.treasure)
    holder = state.players[op.holder]
    if holder.treasures.get(op.treasure, 0) == 0:
        ctx.fail("dm.no.no_longer_holds", "event.treasure", player=op.holder)
    holder.treasures[op.treasure] -= 1
    state.players[ctx.seat].treasures[op.treasure] += 1
    return replace(op, holder=ctx.seat)


def threaten(ctx: Any) -> OpRecord | None:
    """Cancel the plan card another player just played: the table goes back to how it was
    before its effect; its cost stays paid and it stays on the discard pile."""
    state = ctx.state
    target = ctx.prev.card if ctx.prev else None
    if target is None or target.seat == ctx.seat:
        ctx.fail("dm.no.threaten_other", "event.card", card=ctx.card.id)
    state.restore(target.before)
    pay(state, ctx.seat, ctx.cost)  # Threaten's own cost, paid after the snapshot
    log(state, "dm.cancelled", player=target.seat, card=target.card)
    return state.recent.op if state.recent else None
