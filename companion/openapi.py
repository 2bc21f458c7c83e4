"""The OpenAPI 3.1 document of /api/v1."""

from __future__ import annotations

from typing import Any

from .plugin import CompanionGame

# A rules refusal also names its message: an id and parameters (seats, content ids,
# numbers) a client words in its own language; `error` is the same reason in English.
ERROR = {"type": "object", "required": ["error", "field"],
         "properties": {"error": {"type": "string"}, "field": {"type": "string"},
                        "message_id": {"type": "string"},
                        "params": {"type": "object", "additionalProperties": True}}}


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


def hoisted(schema: dict[str, Any], name: str, into: dict[str, Any]) -> None:
    """Put a pydantic schema into components/schemas as `name`, its $defs beside it."""
    into.update(schema.pop("$defs", {}))
    into[name] = schema


def _schemas(plugins: list[CompanionGame]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Every game's event schemas (the first game's as `Event`) and the games' extra paths."""
    schemas: dict[str, Any] = {"State": {"type": "object", "additionalProperties": True},
                               "Error": ERROR}
    paths: dict[str, Any] = {}
    for i, plugin in enumerate(plugins):
        adapter = plugin.event_schema()
        if adapter is not None:
            name = "Event" if i == 0 else plugin.package.title().replace("_", "") + "Event"
            hoisted(adapter.json_schema(ref_template=REF), name, schemas)
        extra_schemas, extra_paths = plugin.openapi()
        for key, schema in extra_schemas.items():
            hoisted(schema, key, schemas)
        paths.update(extra_paths)
    events = [f"#/components/schemas/{k}" for k in schemas if k.endswith("Event")]
    if len(events) > 1:
        schemas["AnyEvent"] = {"anyOf": [{"$ref": ref} for ref in events]}
    return schemas, paths


def openapi(plugins: list[CompanionGame]) -> dict[str, Any]:
    """The document for the games this app serves (the default game first)."""
    schemas, game_paths = _schemas(plugins)
    event_ref = "AnyEvent" if "AnyEvent" in schemas else "Event"
    bearer = [{"bearer": []}]
    game_id = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
    change = _json({"type": "object", "required": ["version", "event"],
                    "properties": {"version": {"type": "integer"},
                                   "event": {"$ref": "#/components/schemas/" + event_ref}}})
    return {
        "openapi": "3.1.0",
        "info": {"title": "Mission Kit companion", "version": "1"},
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": schemas,
        },
        "paths": {
            "/api/v1/health": {"get": {"responses": {"200": {"description": "alive"}}}},
            **game_paths,
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
