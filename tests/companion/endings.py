"""Every game played to its end through the JSON API, for the after-game tests.

Each function takes `api(path, body, token=None) -> (status, json)` and returns the API's
answer to the game's creation (`id`, `edit_token`, `view_token`, `join_url`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Api = Callable[..., tuple[int, Any]]


def _poster(api: Api, body: dict[str, Any]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    gid, token, version = body["id"], body["edit_token"], [0]

    def post(event: dict[str, Any]) -> dict[str, Any]:
        status, state = api(f"/api/v1/games/{gid}/events",
                            {"version": version[0], "event": event}, token)
        assert status == 200, state
        version[0] = state["version"]
        return state

    return post


def rob_every_cheap_city(post: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
    """Jack A and Queen A (seats 0 and 1) each buy a third die, then take turns robbing every
    city of security 3 or less until play is over; the last state."""
    from missionkit.content import load_game

    game = load_game("double-mission")
    cheap = sorted((c for c in game.cities if c.security <= 3), key=lambda c: c.id)
    seat, state = 0, {}
    for n, city in enumerate(cheap):
        if n < 2:
            post({"type": "play_card", "player": seat, "card": "account_siphon"})
            post({"type": "buy_die", "player": seat})
        post({"type": "operation", "player": seat, "city": city.id,
              "active_successes": city.security})
        state = post({"type": "end_turn", "player": seat})
        seat = 1 - seat
    return state


def double_mission(api: Api, names: tuple[str, str] = ("Ann", "Bo"),
                   missions: tuple[str, str] = ("comeback", "sabotage")) -> dict[str, Any]:
    """Jack A and Queen A rob every cheap city (tests/companion/test_browser.py), then the
    missions are scored: by default Ann holds Comeback, Bo Sabotage."""

    status, body = api("/api/v1/games", {"players": [
        {"name": names[0], "character": "jack", "side": "A"},
        {"name": names[1], "character": "queen", "side": "A"}]})
    assert status == 201, body
    post = _poster(api, body)
    state = rob_every_cheap_city(post)
    assert state["status"] == "finished"
    state = post({"type": "score", "player": 0, "missions": [[m] for m in missions]})
    assert state["result"], state
    return body


DICE_NAMES = ["Cecile", "Tom", "Aurelie"]


def dice_mission(api: Api, names: list[str] | None = None) -> dict[str, Any]:
    """The engine test's two rounds: Cecile completes a mission of every type and wins."""
    from tests.dice_mission.helpers import DISPLAY, complete, dice, draw, end

    names = names or DICE_NAMES
    status, body = api("/api/v1/games", {"game": "dice-mission", "display": DISPLAY, "players": [
        {"name": n, "colour": c} for n, c in zip(names, ["red", "blue", "green"], strict=True)]})
    assert status == 201, body
    post = _poster(api, body)
    for event in [
        dice(0, [4, 4, 6, 6, 6], rolls=2), end(0), dice(1, [1, 3, 2, 2, 2], rolls=2), end(1),
        dice(2, [1, 3, 2, 2, 5]), end(2),
        complete(0, "solo_01"), complete(0, "team_01"), draw(0), end(0), draw(1), end(1),
        {"type": "exchange", "player": 2, "card_type": "solo"}, end(2),
        dice(1, [1, 2, 3, 4], rolls=3), end(1), dice(2, [2, 3, 4, 5], rolls=1), end(2),
        dice(0, [1, 1, 2, 2], rolls=3), end(0), draw(1), end(1), end(2),
        complete(0, "versus_01"), complete(0, "special_01", refill="special_05"), end(0)]:
        state = post(event)
    assert state["status"] == "finished", state
    return body


def mission_improbable(api: Api, names: tuple[str, str] = ("MI6", "SPECTRE")
                       ) -> dict[str, Any]:
    """MP target 1: MI6 completes Surveillance Mission, the last round ends the game."""
    status, body = api("/api/v1/games", {"game": "mission-improbable", "turn_order": [0, 1],
                                         "options": {"mp_target": 1}, "players": [
        {"name": names[0], "alignment": "good", "nemesis": 1},
        {"name": names[1], "alignment": "bad", "nemesis": 0}]})
    assert status == 201, body
    post = _poster(api, body)
    for event in [
        {"type": "recruit", "player": 0, "agent": "china_doll"},
        {"type": "play_mission", "player": 0, "mission": "surveillance_mission"},
        {"type": "end_turn", "player": 0}, {"type": "end_turn", "player": 1},
        {"type": "attempt", "player": 0, "agent": "china_doll",
         "mission": "surveillance_mission", "card": "surveillance_mission", "dice": [[10, 1]]},
        {"type": "end_turn", "player": 0}, {"type": "end_turn", "player": 1}]:
        state = post(event)
    assert state["status"] == "finished", state
    return body
