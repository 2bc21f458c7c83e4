"""Reading the JSON body of the API's routes: refusals are IllegalEvent naming the
field (answered 422 by errors.py)."""

from __future__ import annotations

from typing import Any

from flask import request

from missionkit.game import IllegalEvent


def json_body() -> Any:
    """The request's body, which must be JSON (of any kind)."""
    data = request.get_json(silent=True)
    if data is None:
        raise IllegalEvent("the body must be JSON", "body")
    return data


def json_object() -> dict[str, Any]:
    """The request's body, which must be a JSON object."""
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise IllegalEvent("the body must be a JSON object", "body")
    return data


def whole(data: dict[str, Any], key: str, low: int, high: int, default: int | None = None
          ) -> int:
    """`data[key]` as a whole number from `low` to `high` (JSON true/false are not numbers)."""
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise IllegalEvent(f"'{key}' must be a whole number from {low} to {high}", key)
    return value
