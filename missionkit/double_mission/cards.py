"""Plan cards: pay the cost (King A's first card free) and apply what the app tracks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .events import PlayCard
from .state import State


def play(state: State, event: PlayCard, own_turn: Callable, robbed_one: Callable,
         fail: Callable[..., Any]) -> None:
    card = state.game.plan_card_by_id.get(event.card)
    if card is None:
        fail(f"unknown plan card '{event.card}'", "event.card")
    if card.timing == "own_turn":
        own_turn(state, event)
    p = state.players[event.player]
    free = (event.player == state.turn.player and state.turn.cards_played == 0
            and state.ability(event.player, "king", "A"))
    cost = 0 if free else card.cost
    if p.millions < cost:
        fail(f"{card.name.en} costs {cost} Millions; {p.name} has {p.millions}")
    EFFECTS.get(card.effect.kind, _physical)(state, event, card, fail, robbed_one)
    p.millions -= cost
    if event.player == state.turn.player:
        state.turn.cards_played += 1
    state.log.append(f"{p.name} plays {card.name.en}" + (" (free)" if free and card.cost else "")
                     + ".")


def _physical(state: State, event: PlayCard, card: Any, fail: Callable, robbed: Callable) -> None:
    """Effects on things the app does not track (moves, hands, dice being rolled)."""


def _gain_millions(state: State, event: PlayCard, card: Any, fail: Callable, _: Callable) -> None:
    state.players[event.player].millions += card.effect.amount


def _gain_points(state: State, event: PlayCard, card: Any, fail: Callable, _: Callable) -> None:
    state.players[event.player].score += card.effect.amount


def _lower_security(state: State, event: PlayCard, card: Any, fail: Callable, _: Callable) -> None:
    if state.turn.security_card:
        fail("one security card per operation (D13)", "event.card")
    state.turn.security_card = card.effect.amount


def _double_points(state: State, event: PlayCard, card: Any, fail: Callable, _: Callable) -> None:
    state.turn.perfect_job += 1


def _single_die(state: State, event: PlayCard, card: Any, fail: Callable, _: Callable) -> None:
    state.turn.single_die = True


def _extra_operation(state: State, event: PlayCard, card: Any, fail: Callable,
                     _: Callable) -> None:
    state.turn.operations_left += 1


def _imitation(state: State, event: PlayCard, card: Any, fail: Callable, _: Callable) -> None:
    state.turn.imitations += 1


def _target(state: State, event: PlayCard, fail: Callable) -> Any:
    if event.target is None or event.target == event.player or event.target >= len(
            state.players):
        fail("choose another player", "event.target")
    return state.players[event.target]


def _take_from_player(state: State, event: PlayCard, card: Any, fail: Callable,
                      _: Callable) -> None:
    """Extortion (from a player in your city) and Double-Cross (the treasure just won)."""
    victim = _target(state, event, fail)
    if not event.treasure or victim.treasures.get(event.treasure, 0) == 0:
        fail(f"{victim.name} holds no such treasure", "event.treasure")
    victim.treasures[event.treasure] -= 1
    state.players[event.player].treasures[event.treasure] += 1


def _swap(state: State, event: PlayCard, card: Any, fail: Callable, _: Callable) -> None:
    other, me = _target(state, event, fail), state.players[event.player]
    if not event.give or me.treasures.get(event.give, 0) == 0:
        fail(f"{me.name} holds no such treasure to give", "event.give")
    if not event.treasure or other.treasures.get(event.treasure, 0) == 0:
        fail(f"{other.name} holds no such treasure", "event.treasure")
    me.treasures[event.give] -= 1
    other.treasures[event.give] += 1
    other.treasures[event.treasure] -= 1
    me.treasures[event.treasure] += 1


def _buy_back(state: State, event: PlayCard, card: Any, fail: Callable, _: Callable) -> None:
    if not event.treasure or state.sold.get(event.treasure, 0) == 0:
        fail("the sold pile has no such treasure", "event.treasure")
    state.sold[event.treasure] -= 1
    state.players[event.player].treasures[event.treasure] += 1


def _easy_pickings(state: State, event: PlayCard, card: Any, fail: Callable,
                   robbed_one: Callable) -> None:
    full = [c for c in state.game.cities if state.cities[c.id] is not None]
    lowest = min((c.security for c in full), default=None)
    city = state.game.city_by_id.get(event.city or "")
    if city is None or state.cities[city.id] is None or city.security != lowest:
        fail(f"pick a city with a treasure at the lowest security ({lowest})", "event.city")
    treasure = state.cities[city.id]
    state.cities[city.id] = None
    state.players[event.player].treasures[treasure] += 1
    robbed_one(state)


EFFECTS: dict[str, Callable] = {
    "gain_millions": _gain_millions, "gain_points": _gain_points,
    "lower_security": _lower_security, "double_points": _double_points,
    "single_die": _single_die, "extra_operation": _extra_operation, "imitation": _imitation,
    "take_treasure_here": _take_from_player, "double_cross": _take_from_player,
    "swap_treasure": _swap, "buy_back": _buy_back, "easy_pickings": _easy_pickings,
}
