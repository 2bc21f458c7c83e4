"""Mission Improbable's extra routes: the odds of a check and a D10 table row as JSON, and
the resolver panel of the table page (a GET fragment: nothing is recorded)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask import Response, abort, jsonify, render_template, request

from missionkit.game import IllegalEvent
from missionkit.mission_improbable import odds, rulebook, tables

from ..jsonbody import json_object, whole
from ..numbers import whole_number
from ..service import games, open_game
from . import MissionImprobableGame
from .resolver import resolver
from .views import card_name, skill_names

bp = MissionImprobableGame.blueprint
TABLES = ("spy", "mission_failure", "capture")
MAX_MODIFIER = 20  # far beyond any stack of +2/-2 cards; the result is clamped anyway
MAX_CARDS = 12


def _game() -> Any:
    return games().plugin(MissionImprobableGame.id).content


def _text(data: dict[str, Any], key: str, required: bool = True) -> str | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value:
        raise IllegalEvent(f"'{key}' must be a card or skill id (text)", key)
    return value


def _ids(data: dict[str, Any], key: str) -> list[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or len(value) > MAX_CARDS:
        raise IllegalEvent(f"'{key}' must be a list of at most {MAX_CARDS} card ids", key)
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise IllegalEvent("a card id is text", f"{key}[{i}]")
    return value


@bp.post("/api/v1/mission-improbable/odds")
def api_odds() -> Any:
    """Δ and the pass chance of each check of a card, and of the whole card (their product).
    Unknown ids, a non-asset in `assets`, or a skill the card does not offer: 422 (an
    IllegalEvent, answered by errors.py)."""
    data = json_object()
    agent, card = _text(data, "agent"), _text(data, "card")
    assets, bonus = _ids(data, "assets"), _ids(data, "bonus_cards")
    skill = _text(data, "skill", required=False)
    game = _game()
    if skill is not None and skill not in {s.id for s in game.skills}:
        raise IllegalEvent(f"unknown skill '{skill}'", "skill")
    found = odds.attempt(game, agent, assets, bonus, card, skill)
    return jsonify({"chance": found.chance,
                    "checks": [{"skill": c.skill, "delta": c.delta, "chance": c.chance}
                               for c in found.checks]})


@bp.post("/api/v1/mission-improbable/table")
def api_table() -> Any:
    """The row of a D10 table for a roll and a stacked modifier (clamped, MID-24)."""
    data = json_object()
    table = data.get("table")
    if table not in TABLES:
        raise IllegalEvent(f"'table' must be one of {', '.join(TABLES)}", "table")
    game = _game()
    roll = whole(data, "roll", 1, rulebook.die_sides(game))
    shift = whole(data, "modifier", -MAX_MODIFIER, MAX_MODIFIER, 0)
    row = tables.lookup(game, table, roll, shift)
    return jsonify({"roll": row.roll, "result": {"en": row.result.en, "ko": row.result.ko},
                    "effects": [asdict(e) for e in row.effects]})


@bp.get("/t/<token>/mission-improbable/resolver")
def page_resolver(token: str) -> Response | str:
    """The resolver panel for the choices made so far: Δ and chances, the dice to enter."""
    loaded, role = open_game(token, MissionImprobableGame.id)
    if role != "edit":
        abort(404)
    state = loaded.state
    return render_template("mission_improbable/_resolver.html", r=resolver(state, request.args),
                           token=token, game=state.game, skill_name=skill_names(state.game),
                           side=state.active.alignment,
                           name=lambda c, side=None: card_name(state.game, c, side))


def openapi_paths() -> dict[str, Any]:
    error = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}

    def body(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
        return {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "required": required, "properties": props}}}}

    ids = {"type": "array", "maxItems": MAX_CARDS, "items": {"type": "string"}}
    return {
        "/api/v1/mission-improbable/odds": {"post": {
            "summary": "Δ and the pass chance of each check of a Mission Improbable card, and "
                       "of the whole card (the product)",
            "requestBody": body({"agent": {"type": "string", "description": "agent id"},
                                 "assets": {**ids, "description": "equipment or experience"},
                                 "bonus_cards": {**ids, "description": "connection or event"},
                                 "card": {"type": "string",
                                          "description": "mission, obstacle or location id"},
                                 "skill": {"type": "string",
                                           "description": "the skill picked on an 'or' check"}},
                                ["agent", "card"]),
            "responses": {"200": {"description": "{\"chance\": 0..1, \"checks\": [{\"skill\", "
                                                 "\"delta\", \"chance\"}, ...]}"},
                          "422": {"description": "unknown id, an asset that is not an asset, "
                                                 "or a skill the card does not offer",
                                  **error}}}},
        "/api/v1/mission-improbable/table": {"post": {
            "summary": "The row of the Spy, Mission Failure or Capture table for a D10 roll "
                       "plus a stacked modifier (the result clamped to 1-10)",
            "requestBody": body({"table": {"type": "string", "enum": list(TABLES)},
                                 "roll": {"type": "integer", "minimum": 1, "maximum": 10},
                                 "modifier": {"type": "integer", "minimum": -MAX_MODIFIER,
                                              "maximum": MAX_MODIFIER, "default": 0}},
                                ["table", "roll"]),
            "responses": {"200": {"description": "{\"roll\": clamped, \"result\": {en, ko}, "
                                                 "\"effects\": [{\"kind\", ...}]}"},
                          "422": {"description": "unknown table, or a roll or modifier out of "
                                                 "range", **error}}}},
    }


@bp.get("/t/<token>/mission-improbable/table")
def page_table(token: str) -> Response | str:
    """A D10 table's row for a roll and a modifier, and the 1D5 of that die (nothing is
    recorded: for the rolls the app does not track, or to check a row)."""
    loaded, _ = open_game(token, MissionImprobableGame.id)
    game, args = loaded.state.game, request.args  # the rules the game kept
    table, face = args.get("table", ""), whole_number(args.get("roll"))
    if table not in TABLES or face is None or not 1 <= face <= rulebook.die_sides(game):
        return render_template("mission_improbable/_table.html", row=None)
    shift = args.get("modifier", "0").strip()
    size = whole_number(shift.removeprefix("-")) or 0
    modifier = max(-MAX_MODIFIER, min(MAX_MODIFIER, -size if shift.startswith("-") else size))
    row = tables.lookup(game, table, face, modifier)
    return render_template("mission_improbable/_table.html", row=row, name=game.tables[table].name,
                           face=face, modifier=modifier, d5=tables.d5(game, face))
