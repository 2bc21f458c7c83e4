"""The JSON API's error body: what went wrong and which field caused it."""

from __future__ import annotations

from flask import Response, jsonify


def api_error(status: int, message: str, field: str = "") -> tuple[Response, int]:
    return jsonify({"error": message, "field": field or "body"}), status
