"""Dice Mission's state as the API and the pages show it (hands are never in it)."""

from __future__ import annotations

from typing import Any

from missionkit.dice_mission.events import GADGET_EVENTS
from missionkit.dice_mission.messages import english
from missionkit.dice_mission.state import State
from missionkit.dice_mission.table import exchange_choices
from missionkit.messages import as_json

from ..plugin import Loaded

LOG_TAIL = 20
TYPES = ("solo", "versus", "team", "special")
# gadget event type -> the fields its form asks for (a reroll's as the `row` after it)
GADGET_FIELDS: dict[str, tuple[str, ...]] = {
    kind.model_fields["type"].annotation.__args__[0]: tuple(
        "row" if f == "dice" else f for f in kind.model_fields
        if f not in ("type", "player", "roll", "faces"))
    for kind in GADGET_EVENTS
}


def public_state(loaded: Loaded) -> dict[str, Any]:
    """The table as every phone may see it: dice, token, revealed cards, counts."""
    s: State = loaded.state
    rnd = s.round
    return {
        "id": loaded.id, "version": loaded.version, "game": loaded.game, "status": s.status,
        "round": {"number": rnd.number, "agent": rnd.agent, "side": rnd.side,
                  "turn": rnd.turn, "dice": rnd.n, "rolls": rnd.r,
                  "locked": list(rnd.locked), "done_types": list(rnd.done_types)},
        "display": list(s.display),
        "gadget_deck": s.gadget_deck,
        "gadget_discard": list(s.gadget_discard),
        "players": [{"name": p.name, "colour": p.colour, "dice": p.dice, "rolls": p.rolls,
                     "completed": list(p.completed),
                     "progress": {t: list(v) for t, v in s.progress(i).items()},
                     "gadgets": p.gadgets, "drawn_this_round": p.drawn,
                     "gadget_draws_due": p.draws_due, "jokers_used": p.jokers}
                    for i, p in enumerate(s.players)],
        "winner": s.winner,
        # the latest lines in English, and as data (the pages word them in their language)
        "log": [english(s, m) for m in s.log[-LOG_TAIL:]],
        "log_messages": [as_json(m) for m in s.log[-LOG_TAIL:]],
        "log_length": len(s.log),
    }


def roll_limit(state: State, seat: int) -> int:
    """How many rolls `seat` may make this round (the agent sets R for the others)."""
    if seat == state.round.agent or state.round.r is None:
        return state.limits.rolls_max
    return state.round.r


def dice_rows(state: State, seat: int) -> int:
    """How many face rows the dice form shows `seat` (N, or up to the most for the agent)."""
    lim, n = state.limits, state.round.n_for(seat)
    base = lim.dice_max if n is None else n
    joker = state.setup.variants.joker and state.players[seat].jokers < lim.joker_uses
    return min(base + (lim.joker_dice if joker else 0), lim.joker_max_dice if joker else base)


def page_context(state: State, role: str) -> dict[str, Any]:
    """What the table page needs besides the public state."""
    game = state.game
    seat = state.round.turn
    done = {c for p in state.players for c in p.completed}
    open_cards = [m for m in game.missions if m.id not in done
                  and (m.type != "special" or m.id in state.display)]
    rnd, me = state.round, state.players[seat]
    limit = roll_limit(state, seat)
    return {
        "game": game, "types": TYPES, "seat": seat,
        "n_turn": rnd.n_for(seat), "rolls_left": max(0, limit - me.rolls) if me.dice else limit,
        "form_key": f"r{rnd.number}t{rnd.turn}",  # a turn's forms are new controls
        "exchange_drawn": exchange_choices(state) if role == "edit" else [],
        "special_deck": state.special_deck() if role == "edit" else [],
        "colour_of": {c.id: c for c in game.colours},
        "roll_limit": roll_limit(state, seat), "dice_rows": dice_rows(state, seat),
        "open_cards": open_cards if role == "edit" else [],
        "gadgets": [g for g in game.gadgets if g.phase == state.round.side],
        "gadget_fields": GADGET_FIELDS,
        "joker_ok": state.setup.variants.joker
        and state.players[seat].jokers < state.limits.joker_uses,
        "hand_limit": state.limits.hand_limit,
    }
