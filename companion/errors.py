"""Errors as users meet them: JSON `{"error", "field"}` under /api, the error page elsewhere.

No request reaches the WSGI server's bare 500: every exception is answered here, and logged
with the link tokens in its path replaced (a page URL /t/<token> is the game's key)."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from missionkit.game import IllegalEvent

from .dbhealth import Unavailable, unavailable
from .store import NotFound

TOKEN_IN_PATH = re.compile(r"/t/[^/?#]+")
FIELD_BY_STATUS = {404: "path", 405: "method", 413: "body", 415: "body"}


def api_error(status: int, message: str, field: str = "", msg_id: str | None = None,
              params: dict[str, Any] | None = None) -> tuple[Response, int]:
    """The API's refusal: the reason in English, the field; for a rules refusal also its
    `message_id` and `params` (seats, content ids, numbers), for a client to word."""
    body: dict[str, Any] = {"error": message, "field": field or "body"}
    if msg_id is not None:
        body |= {"message_id": msg_id, "params": params or {}}
    return jsonify(body), status


def redacted(path: str) -> str:
    """A request path fit for a log: no link token in it."""
    return TOKEN_IN_PATH.sub("/t/<token>", path)


def _answer(status: int, message: str, field: str, title: str) -> Any:
    if request.path.startswith("/api/"):
        return api_error(status, message, field)
    return render_template("error.html", title=title, message=message), status


def _http_error(exc: HTTPException) -> Any:
    if not request.path.startswith("/api/"):
        return exc  # werkzeug's own page for a wrong address or method
    status = exc.code or 500
    return api_error(status, exc.description or exc.name, FIELD_BY_STATUS.get(status, "body"))


def _any_error(exc: Exception) -> Any:
    if isinstance(exc, IllegalEvent):
        if request.path.startswith("/api/"):
            return api_error(422, exc.message, exc.field, exc.msg_id, exc.params)
        return _answer(422, exc.message, exc.field, "Not allowed")
    if isinstance(exc, NotFound):
        return _answer(404, "no such game", "id", "No such game")
    down = exc if isinstance(exc, Unavailable) else unavailable(exc)
    if down is not None:
        return _answer(503, down.message, "body", "Cannot save right now")
    current_app.logger.error("Exception on %s [%s]", redacted(request.path), request.method,
                             exc_info=(type(exc), exc, exc.__traceback__))
    return _answer(500, "the server failed; nothing was changed", "body", "Something went wrong")


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _any_error)
