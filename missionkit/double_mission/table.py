"""What the table records besides turns (reshuffles, team exchanges) and what it is shown
besides the state: odds of each operation and warnings about what the app cannot check."""

from __future__ import annotations

from typing import Any

from ..messages import Message, as_json, msg
from . import odds
from .events import TeamExchange
from .messages import english, log, refuse
from .operation import effective_level, security_cut
from .state import State

NOT_TRACKED = "not tracked: moves, hands, how many copies are left"


def reshuffle(state: State) -> None:
    """The discard pile became the new deck: it is empty, and card counts start again."""
    state.card_plays.clear()
    state.discard_top = None
    log(state, "dm.reshuffle")


def warnings(state: State) -> list[Message]:
    """Cards played more often than their copies allow since the last reshuffle: a warning,
    not a refusal, since hands and the deck stay physical."""
    out = []
    for card in state.game.plan_cards:
        n = state.card_plays.get(card.id, 0)
        if n > card.copies:
            out.append(msg("dm.warn.copies", card=card.id, times=n, copies=card.copies))
    return out


def _warnings(state: State) -> dict[str, Any]:
    """The card-count warnings in English (the API) and as data (the pages)."""
    found = warnings(state)
    return {"warnings": [english(state, w) for w in found],
            "warning_messages": [as_json(w) for w in found]}


def team_exchange(state: State, event: TeamExchange) -> None:
    """Teammates in the same city trade treasures and Millions on either one's turn (D36);
    it uses no action. Being in the same city is physical and not checked."""
    if not state.setup.options.team_mode:
        refuse(state, "dm.no.team_only", "event.type")
    a, seat_b = state.players[event.player], event.partner
    if seat_b == event.player or seat_b >= len(state.players) or (
            state.players[seat_b].team != a.team):
        refuse(state, "dm.no.teammate_only", "event.partner", player=event.player)
    b = state.players[seat_b]
    if state.turn.player not in (event.player, seat_b):
        refuse(state, "dm.no.either_turn", "event.player")
    _check_can_give(state, event.player, event.give, event.give_millions, "event.give")
    _check_can_give(state, seat_b, event.get, event.get_millions, "event.get")
    for giver, taker, items, millions in ((a, b, event.give, event.give_millions),
                                          (b, a, event.get, event.get_millions)):
        for treasure, n in items.items():
            giver.treasures[treasure] -= n
            taker.treasures[treasure] += n
        giver.millions -= millions
        taker.millions += millions
    log(state, "dm.exchange", player=event.player, partner=seat_b)


def _check_can_give(state: State, seat: int, items: dict[str, int], millions: int,
                    field: str) -> None:
    giver = state.players[seat]
    for treasure, n in items.items():
        if treasure not in state.values:
            refuse(state, "dm.no.unknown_treasure", f"{field}.{treasure}", value=treasure)
        if giver.treasures.get(treasure, 0) < n:
            refuse(state, "dm.no.holds_count", f"{field}.{treasure}", player=seat,
                   count=giver.treasures.get(treasure, 0), treasure=treasure)
    if giver.millions < millions:
        refuse(state, "dm.no.has_millions", f"{field}_millions", player=seat,
               millions=giver.millions)


# Every answer to a phone carries the odds table, and it changes only when a treasure is
# taken, the security cut or the active player's dice change: tables already built are kept
# with the rules they come from (at most ODDS_KEPT of them) and shared between answers.
ODDS_KEPT = 1024


def operation_odds(state: State) -> list[dict[str, Any]]:
    """For every city with a treasure: the dice the active player and a helper roll and the
    chance of success, solo and in a cooperation. No co-op odds while Without Anyone Knowing
    is active (co-op is forbidden, D12); King B's declared inversion gives inverted odds.

    The list is shared by every state with the same inputs: read it, never change it."""
    seat, turn = state.turn.player, state.turn
    inverted = turn.invert and state.ability(seat, "king", "B")
    key = (security_cut(state, seat), turn.single_die, inverted, state.players[seat].dice,
           tuple(state.cities.values()))
    tables = state.game.odds_tables
    table = tables.get(key)
    if table is None:
        if len(tables) >= ODDS_KEPT:
            tables.clear()
        table = tables[key] = _odds_table(state, *key[:4])
    return table


def _odds_table(state: State, cut: int, single_die: bool, inverted: bool,
                owned: int) -> list[dict[str, Any]]:
    p = state.game.game.dice.success_chance
    out = []
    for city in state.game.cities:
        treasure = state.cities[city.id]
        if treasure is None:
            continue
        level = effective_level(state, city.security, cut)
        need = 1 if single_die else level
        solo = odds.inverted(need, p) if inverted else odds.solo(need, p)
        coop = None if single_die else 1 - (1 - solo) * (1 - odds.solo(level, p))
        out.append({"city": city.id, "treasure": treasure, "dice": need, "helper_dice": level,
                    "solo": solo, "coop": coop, "inverted": inverted, "can": owned >= need})
    return out


def table_view(state: State) -> dict[str, Any]:
    """The table's extras for a client: odds, warnings, the discard pile, the inversion."""
    return {"operations": operation_odds(state) if state.status != "finished" else [],
            **_warnings(state), "discard_top": state.discard_top,
            "cards_since_reshuffle": {c: n for c, n in sorted(state.card_plays.items()) if n},
            "inversion_declared": state.turn.invert, "not_tracked": NOT_TRACKED}
