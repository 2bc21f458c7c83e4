"""Dice Mission's extra routes: the mission check and the odds, as JSON and as a page panel."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, render_template, request

from missionkit.dice_mission import odds
from missionkit.dice_mission.predicates import check_card, evaluate, meeting_dice
from missionkit.game import IllegalEvent

from ..jsonbody import json_object, whole
from ..numbers import whole_number
from ..service import games, open_game
from . import DiceMissionGame
from .views import roll_limit

bp = DiceMissionGame.blueprint
MAX_ROLLS = 9  # more rolls than any table allows; keeps the odds programme small


def _plugin() -> DiceMissionGame:
    return games().plugin(DiceMissionGame.id)


def _card(data: dict[str, Any]) -> Any:
    card = data.get("card")
    if not isinstance(card, str) or card not in _plugin().content.mission_by_id:
        raise IllegalEvent(f"unknown mission card {card!r}", "card")
    return _plugin().content.mission(card)


@bp.post("/api/v1/dice-mission/check")
def api_check() -> Any:
    """Is a mission met by the dice as they lie? 422 names a bad card, die or player."""
    data = json_object()
    _card(data)
    return jsonify({"met": check_card(_plugin().content, data["card"],
                                      data.get("player"), data.get("dice"))})


@bp.post("/api/v1/dice-mission/odds")
def api_odds() -> Any:
    """The chance to complete a mission with N dice and up to R rolls at a table of P."""
    data = json_object()
    card = _card(data)
    n, r = whole(data, "dice", 1, 6), whole(data, "rolls", 1, MAX_ROLLS)
    players = whole(data, "players", 2, 5)
    return jsonify({"chance": odds.chance(card, n, r, players)})


@bp.get("/t/<token>/dice-mission/check")
def page_check(token: str) -> Response | str:
    """The check panel: met or not on the table now, the dice that meet it, and the odds.
    Nothing is recorded, so a player may try the cards of their own hand on their phone."""
    loaded, _ = open_game(token, DiceMissionGame.id)
    state, seat = loaded.state, loaded.state.round.turn
    card = state.game.mission_by_id.get(request.args.get("card", ""))
    if card is None:
        return render_template("dice_mission/_check.html", card=None)
    table = state.table()
    player = whole_number(request.args.get("player"))
    seat = player if player is not None and player < len(table) else seat
    meeting = set(meeting_dice(card.check, seat, table))
    n = state.round.n or state.limits.dice_max
    chance = odds.chance(card, n, state.round.r or state.limits.rolls_max, len(table))
    now, left = None, 0  # in the rolling turn: from the dice lying there, with the rolls left
    mine = state.players[seat].dice
    if state.round.side == "mission" and mine:
        left = max(0, roll_limit(state, seat) - state.players[seat].rolls)
        seen = [p.dice for i, p in enumerate(state.players) if i != seat and p.dice]
        now = odds.chance_from(card, mine, left, len(table), seen)
    return render_template("dice_mission/_check.html", card=card, seat=seat, table=table,
                           meeting=meeting, met=evaluate(card.check, seat, table),
                           chance=chance, n=n, state=state, now=now, left=left)


def openapi_paths() -> dict[str, Any]:
    error = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}

    def body(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
        return {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "required": required, "properties": props}}}}

    dice = {"type": "array", "minItems": 2, "maxItems": 5, "items": {
        "type": "array", "maxItems": 6, "items": {"type": "integer", "minimum": 1,
                                                  "maximum": 6}}}
    return {
        "/api/v1/dice-mission/check": {"post": {
            "summary": "Is a Dice Mission card met by the dice as they lie?",
            "requestBody": body({"card": {"type": "string"}, "player": {"type": "integer"},
                                 "dice": dice}, ["card", "player", "dice"]),
            "responses": {"200": {"description": "{\"met\": true|false}"},
                          "422": {"description": "unknown card, bad die or player", **error}}}},
        "/api/v1/dice-mission/odds": {"post": {
            "summary": "The chance to complete a card with N dice and up to R rolls",
            "requestBody": body({"card": {"type": "string"},
                                 "dice": {"type": "integer", "minimum": 1, "maximum": 6},
                                 "rolls": {"type": "integer", "minimum": 1,
                                           "maximum": MAX_ROLLS},
                                 "players": {"type": "integer", "minimum": 2, "maximum": 5}},
                                ["card", "dice", "rolls", "players"]),
            "responses": {"200": {"description": "{\"chance\": 0..1}"},
                          "422": {"description": "unknown card or a number out of range",
                                  **error}}}},
    }
