"""Phone-first HTML pages. One view serves the full page or just the live fragment (htmx)."""

from __future__ import annotations

from typing import Any

import segno
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)

from missionkit.game import IllegalEvent

from .numbers import whole_number
from .plugin import Loaded
from .security import csrf
from .service import games
from .store import Conflict, NotFound, Unavailable

bp = Blueprint("pages", __name__)


@bp.before_request
def check_csrf() -> None:
    """Refuse a state-changing request without a valid CSRF token: a hidden input in plain
    forms, the X-CSRFToken header from htmx. (Only these pages use cookies and forms.)"""
    if current_app.config["WTF_CSRF_ENABLED"]:
        csrf.protect()  # does nothing for GET and HEAD

def _open(token: str) -> tuple[str, str]:
    try:
        return games().resolve(token)
    except NotFound:
        abort(404)


def _context(loaded: Loaded, token: str, role: str, **extra: Any) -> dict[str, Any]:
    plugin, shipped = games().ruleset(loaded.game, loaded.rules), games().plugins[loaded.game]
    return {
        "token": token, "role": role, "g": plugin.public_state(loaded), "state": loaded.state,
        "plugin": plugin, "content": plugin.content, "view_token": loaded.view_token,
        # a game keeps the rules it started with; say so when they are not the shipped ones
        "house_rules": loaded.rules[:12] if loaded.rules and loaded.rules != shipped.rules_hash
        else None,
        **plugin.page_context(loaded, role), **extra,
    }


def _render(loaded: Loaded, token: str, role: str, status: int = 200, **extra: Any) -> Any:
    template = "game/_live.html" if request.headers.get("HX-Request") else "game/table.html"
    return render_template(template, **_context(loaded, token, role, **extra)), status


def _home(plugin: Any, status: int = 200, error: str | None = None, form: Any = None) -> Any:
    plugins = list(games().plugins.values())
    return render_template("home/index.html", plugins=plugins, plugin=plugin,
                           content=plugin.content, error=error, form=form or {}), status


@bp.get("/")
def home() -> Any:
    return _home(games().plugins.get(request.args.get("game", "")) or games().default())


@bp.post("/games")
def create() -> Any:
    form = request.form
    plugin = games().plugins.get(form.get("game", "")) or games().default()
    try:
        _, edit, _, _ = games().create({"game": plugin.id, **plugin.setup_from_form(form)})
    except IllegalEvent as exc:
        return _home(plugin, 422, exc.message, form)
    except Unavailable as exc:
        return _home(plugin, 503, exc.message, form)
    return redirect(url_for("pages.table", token=edit), code=303)


@bp.get("/t/<token>")
def table(token: str) -> Any:
    game_id, role = _open(token)
    return _render(games().current(game_id), token, role)


@bp.get("/t/<token>/live")
def live(token: str) -> Any:
    """Polled by every phone: 204 while nothing changed, else the fresh fragment."""
    game_id, role = _open(token)
    seen = whole_number(request.args.get("v"))
    if seen is not None and not games().changed_since(game_id, seen):
        return Response(status=204)  # one indexed read, no replay
    return _render(games().current(game_id), token, role)


def _change(token: str, apply: Any) -> Any:
    game_id, role = _open(token)
    if role != "edit":
        abort(403)
    version = whole_number(request.form.get("version"))
    if version is None:
        return _render(games().current(game_id), token, role, 422, error="The form is missing "
                       "its version; reload the page.")
    try:
        loaded = apply(game_id, version)  # reads the form too: a bad field is refused here
    except Conflict:
        return _render(games().current(game_id), token, role, 409, error="Someone else changed "
                       "the game first. Here is the fresh table; nothing of yours was lost.")
    except IllegalEvent as exc:
        return _render(games().current(game_id), token, role, 422, error=exc.message)
    except Unavailable as exc:
        return _render(games().current(game_id), token, role, 503, error=exc.message)
    if not request.headers.get("HX-Request"):
        return redirect(url_for("pages.table", token=token), code=303)
    return _render(loaded, token, role)


@bp.post("/t/<token>/act")
def act(token: str) -> Any:
    def apply(game_id: str, version: int) -> Loaded:
        current = games().current(game_id)
        plugin = games().ruleset(current.game, current.rules)
        return games().post(game_id, version, plugin.form_event(request.form))

    return _change(token, apply)


@bp.post("/t/<token>/undo")
def undo(token: str) -> Any:
    return _change(token, lambda gid, v: games().undo(gid, v))


@bp.post("/t/<token>/score")
def score(token: str) -> Any:
    def apply(game_id: str, version: int) -> Loaded:
        loaded = games().current(game_id)
        plugin = games().ruleset(loaded.game, loaded.rules)
        event = plugin.score_event(request.form, loaded.state)
        return games().post(game_id, version, event)

    return _change(token, apply)


@bp.get("/t/<token>/export.json")
def export(token: str) -> Response:
    game_id, role = _open(token)
    response = jsonify(games().export(game_id, role))
    response.headers["Content-Disposition"] = f'attachment; filename="game-{game_id}.json"'
    return response


@bp.get("/t/<token>/qr.svg")
def qr(token: str) -> Response:
    _open(token)
    link = url_for("pages.table", token=token, _external=True)
    svg = segno.make(link, error="m").svg_inline(scale=4, dark="#1b1b1f", light="#ffffff")
    return Response(svg, mimetype="image/svg+xml")


@bp.get("/theme.css")
def theme() -> Response:
    """Each game's colours come from its content, not a second copy in CSS."""
    rules = [rule for plugin in games().plugins.values() for rule in plugin.theme_css()]
    response = Response("\n".join(rules) + "\n", mimetype="text/css")
    response.cache_control.max_age = 3600
    return response
