"""The OpenAPI 3.1 document of /api/v1."""

from __future__ import annotations

from typing import Any

from missionkit.double_mission.events import EVENT
from missionkit.double_mission.snapshot import Snapshot

ERROR = {"type": "object", "required": ["error", "field"],
         "properties": {"error": {"type": "string"}, "field": {"type": "string"}}}


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": schema}}}


def _responses(ok: str, *codes: int) -> dict[str, Any]:
    text = {401: "no token", 403: "token cannot do this", 404: "no such game",
            409: "stale version; body has the fresh state", 422: "invalid input"}
    out: dict[str, Any] = {ok: {"description": "OK", **_json({"$ref": "#/components/schemas/"
                                                                     "State"})}}
    for code in codes:
        out[str(code)] = {"description": text[code], **_json(ERROR)}
    return out


REF = "#/components/schemas/{model}"


def _schemas() -> dict[str, Any]:
    """Pydantic's schemas with their $defs hoisted into components/schemas."""
    event = EVENT.json_schema(ref_template=REF)
    snapshot = Snapshot.model_json_schema(ref_template=REF)
    schemas = {**event.pop("$defs", {}), **snapshot.pop("$defs", {})}
    schemas["Event"] = event
    schemas["Snapshot"] = snapshot
    schemas["State"] = {"type": "object", "additionalProperties": True}
    return schemas


def openapi() -> dict[str, Any]:
    bearer = [{"bearer": []}]
    game_id = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
    change = _json({"type": "object", "required": ["version", "event"],
                    "properties": {"version": {"type": "integer"},
                                   "event": {"$ref": "#/components/schemas/Event"}}})
    return {
        "openapi": "3.1.0",
        "info": {"title": "Mission Kit companion", "version": "1"},
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": _schemas(),
        },
        "paths": {
            "/api/v1/health": {"get": {"responses": {"200": {"description": "alive"}}}},
            "/api/v1/tally": {"post": {
                "requestBody": {"required": True, **_json({"$ref": "#/components/schemas/"
                                                                    "Snapshot"})},
                "responses": {"200": {"description": "the tally"},
                              "422": {"description": "inconsistent", **_json(ERROR)}}}},
            "/api/v1/games": {"post": {
                "requestBody": {"required": True, **_json({"type": "object"})},
                "responses": {"201": {"description": "created"},
                              "422": {"description": "invalid setup", **_json(ERROR)}}}},
            "/api/v1/games/import": {"post": {
                "requestBody": {"required": True, **_json({"type": "object"})},
                "responses": {"201": {"description": "created from an export"},
                              "422": {"description": "invalid export", **_json(ERROR)}}}},
            "/api/v1/games/{game_id}/export": {"get": {
                "parameters": [game_id], "security": bearer,
                "responses": {"200": {"description": "setup and event log"},
                              "401": {"description": "no token", **_json(ERROR)},
                              "403": {"description": "token cannot open", **_json(ERROR)}}}},
            "/api/v1/games/{game_id}": {"get": {
                "parameters": [game_id], "security": bearer,
                "responses": _responses("200", 401, 403, 404)}},
            "/api/v1/games/{game_id}/events": {"post": {
                "parameters": [game_id], "security": bearer, "requestBody": {
                    "required": True, **change},
                "responses": _responses("200", 401, 403, 404, 409, 422)}},
            "/api/v1/games/{game_id}/undo": {"post": {
                "parameters": [game_id], "security": bearer, "requestBody": {
                    "required": True, **_json({"type": "object", "required": ["version"],
                                               "properties": {"version": {"type": "integer"}}})},
                "responses": _responses("200", 401, 403, 404, 409, 422)}},
        },
    }
