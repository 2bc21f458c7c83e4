"""The JSON API, /api/v1: health, tally, games, events and undo."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from missionkit.game import IllegalEvent
from missionkit.registry import DEFAULT_GAME

from .errors import api_error
from .jsonbody import json_body
from .links import external
from .openapi import openapi
from .service import games
from .store import Conflict

bp = Blueprint("api", __name__, url_prefix="/api/v1")


error = api_error


def _token() -> str | None:
    """The bearer token; a read may also give it as `?token=` (a link a person can open),
    a change never (a query string ends up in proxies' logs and browser history)."""
    auth = request.headers.get("Authorization", "")
    if auth.startswith("Bearer "):
        return auth[7:].strip()
    return request.args.get("token") if request.method in ("GET", "HEAD") else None


def _guard(game_id: str, need: str) -> tuple[Response, int] | None:
    """401 without a token, 403 with one that does not open this game for `need`."""
    token = _token()
    if not token:
        return error(401, "send the game's token as 'Authorization: Bearer <token>'",
                     "Authorization")
    role = games().role(game_id, token)
    if role is None or (need == "edit" and role != "edit"):
        return error(403, "this token cannot " + ("change" if need == "edit" else "open")
                     + " this game", "Authorization")
    return None


@bp.get("/health")
def health() -> Response:
    return jsonify({"ok": True})


@bp.get("/openapi.json")
def openapi_json() -> Response:
    plugins = sorted(games().plugins.values(), key=lambda p: p.id != DEFAULT_GAME)
    return jsonify(openapi(plugins))


def _created(game_id: str, edit: str, view: str, loaded: Any) -> tuple[Response, int]:
    """201 with the new game's id, its two links and its state."""
    return jsonify({
        "id": game_id, "edit_token": edit, "view_token": view,
        "join_url": external("pages.table", token=edit),
        "view_url": external("pages.table", token=view),
        "state": games().public_state(loaded)}), 201


@bp.post("/games")
def create_game() -> tuple[Response, int]:
    return _created(*games().create(json_body()))


@bp.post("/games/import")
def import_game() -> tuple[Response, int]:
    # an export carries its whole log and its rules: more than any single event or form
    request.max_content_length = current_app.config["MAX_IMPORT_LENGTH"]
    return _created(*games().import_game(json_body()))


@bp.get("/games/<game_id>/export")
def export_game(game_id: str) -> tuple[Response, int] | Response:
    if denied := _guard(game_id, "view"):
        return denied
    return jsonify(games().export(game_id, games().role(game_id, _token() or "") or "view"))


@bp.get("/games/<game_id>")
def get_game(game_id: str) -> tuple[Response, int] | Response:
    if denied := _guard(game_id, "view"):
        return denied
    return jsonify(games().public_state(games().current(game_id)))


def _version(data: Any) -> int:
    version = data.get("version") if isinstance(data, dict) else None
    if not isinstance(version, int) or isinstance(version, bool):
        raise IllegalEvent("'version' (a whole number) is required", "version")
    return version


@bp.post("/games/<game_id>/events")
def post_event(game_id: str) -> tuple[Response, int] | Response:
    if denied := _guard(game_id, "edit"):
        return denied
    data = json_body()
    version = _version(data)
    try:
        loaded = games().post(game_id, version, data.get("event"))
    except Conflict:
        state = games().public_state(games().current(game_id))
        return jsonify({"error": "someone changed the game first; here is the fresh state",
                        "field": "version", "state": state}), 409
    return jsonify(games().public_state(loaded))


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> tuple[Response, int] | Response:
    if denied := _guard(game_id, "edit"):
        return denied
    version = _version(json_body())
    try:
        loaded = games().undo(game_id, version)
    except Conflict:
        state = games().public_state(games().current(game_id))
        return jsonify({"error": "someone changed the game first; here is the fresh state",
                        "field": "version", "state": state}), 409
    return jsonify(games().public_state(loaded))
