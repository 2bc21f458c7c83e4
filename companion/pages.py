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
from werkzeug.datastructures import MultiDict

from missionkit.double_mission import odds
from missionkit.double_mission.state import IllegalEvent

from .games import Loaded, claimable_titles, operation_choices, public_state
from .security import csrf
from .service import games
from .store import Conflict, NotFound

bp = Blueprint("pages", __name__)


@bp.before_request
def check_csrf() -> None:
    """Refuse a state-changing request without a valid CSRF token: a hidden input in plain
    forms, the X-CSRFToken header from htmx. (Only these pages use cookies and forms.)"""
    if current_app.config["WTF_CSRF_ENABLED"]:
        csrf.protect()  # does nothing for GET and HEAD

INT_FIELDS = {"player", "helper", "active_successes", "helper_successes", "imitations", "target"}
TEXT_FIELDS = {"type", "kind", "city", "treasure", "title", "card", "give"}


def form_event(form: MultiDict) -> dict[str, Any]:
    """Read an event from form fields; values that are not numbers are left for validation."""
    event: dict[str, Any] = {}
    for key in INT_FIELDS | TEXT_FIELDS:
        value = form.get(key, "").strip()
        if value:
            event[key] = int(value) if key in INT_FIELDS and value.isdigit() else value
    for key in ("roll", "invert"):
        if form.get(key):
            event[key] = True
    return event


def _open(token: str) -> tuple[str, str]:
    try:
        return games().resolve(token)
    except NotFound:
        abort(404)


def _context(loaded: Loaded, token: str, role: str, **extra: Any) -> dict[str, Any]:
    s = loaded.state
    return {
        "token": token, "role": role, "g": public_state(loaded), "state": s, "game": s.game,
        "choices": operation_choices(s) if role == "edit" and s.status != "finished" else [],
        "claimable": claimable_titles(s) if role == "edit" else [],
        "view_token": loaded.view_token,
        "odds_rows": [(n, odds.solo(n, s.game.game.dice.success_chance),
                       odds.cooperation(n, s.game.game.dice.success_chance))
                      for n in range(1, s.game.game.dice.max + 1)],
        **extra,
    }


def _render(loaded: Loaded, token: str, role: str, status: int = 200, **extra: Any) -> Any:
    template = "game/_game.html" if request.headers.get("HX-Request") else "game/table.html"
    return render_template(template, **_context(loaded, token, role, **extra)), status


@bp.get("/")
def home() -> str:
    g = games().game
    return render_template("home/index.html", game=g, error=None, form={})


@bp.post("/games")
def create() -> Any:
    form = request.form
    players = []
    for i in range(4):
        name = form.get(f"name{i}", "").strip()
        if name:
            players.append({"name": name, "character": form.get(f"character{i}", ""),
                            "side": form.get(f"side{i}", "A")})
            if form.get("team_mode"):
                players[-1]["team"] = form.get(f"team{i}") or None
    options = {"sale_and_title": bool(form.get("sale_and_title")),
               "abilities": not form.get("no_abilities"),
               "team_mode": bool(form.get("team_mode"))}
    try:
        _, edit, _, _ = games().create({"players": players, "options": options})
    except IllegalEvent as exc:
        return render_template("home/index.html", game=games().game, error=exc.message,
                               form=form), 422
    return redirect(url_for("pages.table", token=edit), code=303)


@bp.get("/t/<token>")
def table(token: str) -> Any:
    game_id, role = _open(token)
    return _render(games().current(game_id), token, role)


@bp.get("/t/<token>/live")
def live(token: str) -> Any:
    """Polled by every phone: 204 while nothing changed, else the fresh fragment."""
    game_id, role = _open(token)
    seen = request.args.get("v", "")
    if seen.isdigit() and not games().changed_since(game_id, int(seen)):
        return Response(status=204)  # one indexed read, no replay
    return _render(games().current(game_id), token, role)


def _change(token: str, apply: Any) -> Any:
    game_id, role = _open(token)
    if role != "edit":
        abort(403)
    raw = request.form.get("version", "")
    if not raw.isdigit():
        return _render(games().current(game_id), token, role, 422, error="The form is missing "
                       "its version; reload the page.")
    try:
        loaded = apply(game_id, int(raw))
    except Conflict:
        return _render(games().current(game_id), token, role, 409, error="Someone else changed "
                       "the game first. Here is the fresh table; nothing of yours was lost.")
    except IllegalEvent as exc:
        return _render(games().current(game_id), token, role, 422, error=exc.message)
    if not request.headers.get("HX-Request"):
        return redirect(url_for("pages.table", token=token), code=303)
    return _render(loaded, token, role)


@bp.post("/t/<token>/act")
def act(token: str) -> Any:
    event = form_event(request.form)
    return _change(token, lambda gid, v: games().post(gid, v, event))


@bp.post("/t/<token>/undo")
def undo(token: str) -> Any:
    return _change(token, lambda gid, v: games().undo(gid, v))


@bp.post("/t/<token>/score")
def score(token: str) -> Any:
    form = request.form
    n = len(games().current(_open(token)[0]).state.players)
    missions = [[m for m in (form.get(f"mission{i}"), form.get(f"mission{i}b")) if m]
                for i in range(n)]
    gamble = {str(i): int(form[f"gamble{i}"]) for i in range(n)
              if form.get(f"gamble{i}", "").isdigit()}
    event = {"type": "score", "player": 0, "missions": missions,
             "jack_b_take": [t for t in (form.get("take1"), form.get("take2")) if t],
             "gamble_successes": gamble}
    return _change(token, lambda gid, v: games().post(gid, v, event))


@bp.get("/t/<token>/export.json")
def export(token: str) -> Response:
    game_id, _ = _open(token)
    response = jsonify(games().store.export(game_id))
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
    """Treasure and character colours come from the content, not a second copy in CSS."""
    g = games().game
    rules = [f".t-{t.id}{{--c:{t.color}}}" for t in g.treasures]
    rules += [f".ch-{c.id}{{--c:{c.color}}}" for c in g.characters]
    response = Response("\n".join(rules) + "\n", mimetype="text/css")
    response.cache_control.max_age = 3600
    return response
