"""Phone-first HTML pages. One view serves the full page or just the live fragment (htmx)."""

from __future__ import annotations

import functools
import hashlib
import io
from pathlib import Path
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
    send_from_directory,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError, generate_csrf
from markupsafe import Markup, escape

from missionkit.game import IllegalEvent

from .fragments import FragmentCache
from .i18n import lang, localised
from .links import external, invite_base
from .messages import refusal, render, text
from .numbers import whole_number
from .plugin import CompanionGame, Loaded
from .results import Played, Result, bgstats, bgstats_link, csv_text, history_entry
from .security import csrf
from .service import games, open_link
from .store import Conflict, Unavailable

bp = Blueprint("pages", __name__)
STATIC = Path(__file__).resolve().parent / "static"


@bp.before_request
def check_csrf() -> None:
    """Refuse a state-changing request without a valid CSRF token: a hidden input in plain
    forms, the X-CSRFToken header from htmx. (Only these pages use cookies and forms.)"""
    if current_app.config["WTF_CSRF_ENABLED"]:
        csrf.protect()  # does nothing for GET and HEAD
        if request.method not in ("GET", "HEAD", "OPTIONS") and request.headers.get(
                "Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
            raise CSRFError("This request came from another site.")

def _context(loaded: Loaded, token: str, role: str, **extra: Any) -> dict[str, Any]:
    plugin, shipped = games().ruleset(loaded.game, loaded.rules), games().plugins[loaded.game]
    return {
        "token": token, "role": role, "g": plugin.public_state(loaded), "state": loaded.state,
        "plugin": plugin, "content": plugin.content, "view_token": loaded.view_token,
        # a game keeps the rules it started with; say so when they are not the shipped ones
        "house_rules": loaded.rules[:12] if loaded.rules and loaded.rules != shipped.rules_hash
        else None,
        "hosting": session.get("hosting") == _hosting_mark(token), "invite_label": _l("Invite"),
        "invite": invite_base(), "join_url": external("pages.table", token=token),
        "view_url": external("pages.table", token=loaded.view_token),
        "tls_ca": bool(current_app.config.get("TLS_CA")),
        **plugin.page_context(loaded, role), **_after_game(loaded, plugin, token), **extra,
    }


def _hosting_mark(token: str) -> str:
    """What the session cookie keeps of the game this phone made: a digest of its edit
    token, not the token (a signed cookie is readable by whoever holds it)."""
    return hashlib.sha256(b"hosting:" + token.encode()).hexdigest()[:32]


def _after_game(loaded: Loaded, plugin: CompanionGame, token: str) -> dict[str, Any]:
    """Every finished game's result, its BG Stats link, CSV and history entry."""
    result = plugin.result(loaded.state)
    if result is None:
        return {"result": None, "after": None}
    played = Played.from_span(*games().store.span(loaded.id))
    play = bgstats(result, name=localised(plugin.name), play_id=loaded.id, played=played,
                   bgg_id=plugin.bgg_id)
    return {"result": result, "after": {
        "bgstats": bgstats_link(play), "csv": url_for("pages.result_csv", token=token),
        "history": history_entry(result, play_id=loaded.id, name=localised(plugin.name),
                                 played=played)}}


def finished_result(token: str) -> tuple[Loaded, Result]:
    """The game a link opens and its result; 404 while it has none."""
    game_id, _role = open_link(token)
    loaded = games().current(game_id)
    result = games().ruleset(loaded.game, loaded.rules).result(loaded.state)
    if result is None:
        abort(404)
    return loaded, result


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
        edit = games().create({"game": plugin.id, **plugin.setup_from_form(form)})[1]
    except IllegalEvent as exc:
        return _home(plugin, 422, refusal(plugin, plugin.blank_state(), exc), form)
    except Unavailable as exc:
        return _home(plugin, 503, exc.message, form)
    session["hosting"] = _hosting_mark(edit)  # this phone shows the invite first until play starts
    return redirect(url_for("pages.table", token=edit), code=303)


@bp.get("/t/<token>")
def table(token: str) -> Any:
    game_id, role = open_link(token)
    return _render(games().current(game_id), token, role)


@bp.get("/t/<token>/live")
def live(token: str) -> Any:
    """Polled by every phone: 204 while nothing changed, else the fresh fragment."""
    game_id, role = open_link(token)
    seen = whole_number(request.args.get("v"))
    if seen is not None and not games().changed_since(game_id, seen):
        return Response(status=204)  # one indexed read, no replay
    loaded = games().current(game_id)
    if not request.headers.get("HX-Request"):
        return _render(loaded, token, role)
    # every phone of a table asks for the same change: render it once (fragments.py)
    key = (token, loaded.version, lang(), session.get("hosting") == _hosting_mark(token),
           request.host_url)
    return _fragments().get(key, generate_csrf(), lambda: render_template(
        "game/_live.html", **_context(loaded, token, role)))


def _fragments() -> FragmentCache:
    return current_app.extensions.setdefault("fragments", FragmentCache())


class Repeated(Exception):
    """A stale tap repeats an action recorded since its page was drawn (`lines`: the log
    entries that action made): the phone asks before recording it twice."""

    def __init__(self, lines: list[Any]):
        super().__init__("repeated")
        self.lines = lines


def _change(token: str, apply: Any, retry: bool = True) -> Any:
    """Apply a tap. A tap made on a stale page is re-checked against the fresh state and
    applied if still legal (`retry`), unless it repeats an action recorded since (then the
    phone asks first); otherwise the page says what was not recorded and why."""
    game_id, role = open_link(token)
    if role != "edit":
        abort(403)
    version = whole_number(request.form.get("version"))
    if version is None:
        return _render(games().current(game_id), token, role, 422,
                       error=_("The form is missing its version; reload the page."))
    try:
        try:
            loaded = apply(game_id, version)  # reads the form too: a bad field is refused here
        except Conflict:
            if not retry:
                raise
            loaded = apply(game_id, games().current(game_id).version)  # the fresh state
    except Conflict:
        return _render(games().current(game_id), token, role, 409, error=_(
            "Your tap was not recorded: someone else changed the game first. Here is the "
            "fresh table; check it and tap again."))
    except IllegalEvent as exc:
        fresh = games().current(game_id)
        stale = fresh.version != version
        reason = refusal(games().ruleset(fresh.game, fresh.rules), fresh.state, exc)
        # the frame is the catalogue's; the reason, escaped or already safe, goes into it
        message = (escape(_("Your tap was not recorded: %(reason)s (the game had changed on "
                            "another phone)")) % {"reason": reason} if stale else reason)
        return _render(fresh, token, role, 409 if stale else 422, error=message,
                       error_field=exc.field)  # a form may mark the control it names
    except Repeated as exc:
        return _ask_again(games().current(game_id), token, role, exc.lines)
    except Unavailable as exc:
        return _render(games().current(game_id), token, role, 503, error=exc.message)
    if not request.headers.get("HX-Request"):
        return redirect(url_for("pages.table", token=token), code=303)
    return _render(loaded, token, role)


def _ask_again(fresh: Loaded, token: str, role: str, lines: list[Any]) -> Any:
    """The stale tap's phone asks: this was recorded already; record it again? The confirm
    form carries the tap's fields at the fresh version."""
    plugin = games().ruleset(fresh.game, fresh.rules)
    done = Markup(" ").join(render(plugin, fresh.state, line) for line in lines)
    fields = [(k, v) for k, v in request.form.items(multi=True)
              if k not in ("version", "csrf_token")]
    return _render(fresh, token, role, 409, repeat=fields, error=escape(_(
        "Already recorded on another phone: %(done)s Record it again?")) % {"done": done})


@bp.post("/t/<token>/act")
def act(token: str) -> Any:
    seen = whole_number(request.form.get("version"))

    def apply(game_id: str, version: int) -> Loaded:
        current = games().current(game_id)
        plugin = games().ruleset(current.game, current.rules)
        event = plugin.form_event(request.form)
        if version != seen:  # re-checked on the fresh state: is it an action made since?
            lines = games().repeated(game_id, seen, event)
            if lines is not None:
                games().check(current, event)  # refused as it stands: say why instead
                raise Repeated(lines)
        return games().post(game_id, version, event)

    return _change(token, apply)


@bp.post("/t/<token>/undo")
def undo(token: str) -> Any:
    return _change(token, lambda gid, v: games().undo(gid, v), retry=False)  # never blind


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
    game_id, role = open_link(token)
    body = games().export(game_id, role)
    loaded = games().current(game_id)
    plugin = games().ruleset(loaded.game, loaded.rules)
    # the log as this phone reads it (an import reads only setup and events)
    body["log"] = [text(plugin, loaded.state, entry) for entry in loaded.state.log]
    response = jsonify(body)
    response.headers["Content-Disposition"] = f'attachment; filename="game-{game_id}.json"'
    return response


@bp.get("/t/<token>/result.csv")
def result_csv(token: str) -> Response:
    """The finished game as CSV: a row per player, a column per part of the score, in the
    page's language."""
    loaded, result = finished_result(token)
    response = Response(csv_text(result, _("Rank"), _("Player")), mimetype="text/csv")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{result.game}-{loaded.id}.csv"')
    return response


@bp.get("/t/<token>/qr.svg")
def qr(token: str) -> Response:
    open_link(token)
    link = external("pages.table", token=token)
    out = io.BytesIO()  # a standalone SVG (with xmlns), so an <img> renders it
    segno.make(link, error="m").save(out, kind="svg", scale=4, border=4, dark="#1b1b1f",
                                     light="#ffffff", xmldecl=False, svgns=True)
    return Response(out.getvalue(), mimetype="image/svg+xml")


@bp.get("/favicon.ico")
def favicon() -> Response:
    return send_from_directory(STATIC / "icons", "favicon.ico", max_age=86400)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: the companion installs as an app on a phone."""
    icon = lambda n, kind: {"src": url_for("static", filename=f"icons/{n}"),  # noqa: E731
                            "sizes": kind, "type": "image/png" if n.endswith("png")
                            else "image/svg+xml", "purpose": "any"}
    body = {"name": "Mission Kit companion", "short_name": "Mission Kit",
            "start_url": url_for("pages.home"), "scope": "/", "display": "standalone",
            "background_color": "#17181c", "theme_color": "#2b2d33",
            "icons": [icon("icon-192.png", "192x192"), icon("icon-512.png", "512x512"),
                      icon("icon.svg", "any")]}
    response = jsonify(body)
    response.mimetype = "application/manifest+json"
    return response


@functools.cache
def _service_worker_source() -> str:
    """sw.js with its cache named after the static files' content: a deploy that changes
    them installs a new worker, which drops the old cache."""
    digest = hashlib.sha256()
    for path in sorted(STATIC.rglob("*")):
        if path.is_file() and path.name != "sw.js":
            digest.update(path.read_bytes())
    return (STATIC / "sw.js").read_text(encoding="utf-8").replace(
        '"mk-shell-v1"', f'"mk-shell-{digest.hexdigest()[:12]}"')


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, served from the root so its scope covers every page."""
    response = Response(_service_worker_source(), mimetype="text/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.cache_control.no_cache = True
    return response


@bp.get("/ca.crt")
def ca_certificate() -> Response:
    """The table's local CA, for a phone to install once (`companion serve --tls`): its
    public certificate only, in DER (what Android and iOS install). 404 without TLS."""
    return _ca_answer(pem=False)


@bp.get("/ca.pem")
def ca_pem() -> Response:
    """The same certificate in PEM, for computers (certutil, a browser's import)."""
    return _ca_answer(pem=True)


def _ca_answer(pem: bool) -> Response:
    path = current_app.config.get("TLS_CA")
    if not path:
        abort(404)
    from cryptography import x509
    from cryptography.hazmat.primitives.serialization import Encoding

    # parsed and written out again: whatever else the file held, only the certificate leaves
    cert = x509.load_pem_x509_certificate(Path(path).read_bytes())
    response = Response(cert.public_bytes(Encoding.PEM if pem else Encoding.DER),
                        mimetype="application/x-pem-file" if pem
                        else "application/x-x509-ca-cert")
    name = "mission-kit-ca.pem" if pem else "mission-kit-ca.crt"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.cache_control.no_cache = True
    return response


@bp.get("/theme.css")
def theme() -> Response:
    """Each game's colours come from its content, not a second copy in CSS."""
    rules = [rule for plugin in games().plugins.values() for rule in plugin.theme_css()]
    tabs = {t for plugin in games().plugins.values() for t, _ in plugin.tabs} | {"invite"}
    rules += [f'body[data-tab="{t}"] [data-panel]:not([data-panel="{t}"]){{display:none}}'
              f'body[data-tab="{t}"] .tabs [data-tab="{t}"]{{background:var(--accent-bg);'
              f'color:#1b1b1f}}' for t in sorted(tabs)]
    response = Response("\n".join(rules) + "\n", mimetype="text/css")
    response.cache_control.max_age = 3600
    return response
