"""The preview gallery: every card, the board and the tokens as images, updating by itself,
and an edit form per card that writes its YAML back (cardgen/editor.py).

A small Flask app serving each view's `gallery.json` (one view per game and language that
`cardgen watch` rebuilds) and the images it writes; the page polls the gallery's version and
swaps in new images (their names are content hashes).

It is for one person on their own machine: it listens on 127.0.0.1 only (cli.py), and every
request that writes must carry the page's token in a header (a page of another site can
neither read the token nor set the header without a CORS preflight this app never answers),
come from this origin when the browser says where it comes from, and name this host (a
DNS-rebinding page would name its own)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask, abort, jsonify, render_template, request, send_from_directory

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
LOCAL_HOSTS = ("127.0.0.1", "localhost")


@dataclass(frozen=True)
class View:
    """One gallery: a game in one language, its gallery folder and its card images."""

    game: str
    lang: str
    gallery: Path
    cards: Path

    @property
    def key(self) -> str:
        return f"{self.game}/{self.lang}"


def create_preview_app(gallery: Path | Sequence[View], cards: Path | None = None,
                       editor: Any = None, token: str | None = None) -> Flask:
    """The gallery app over `gallery` (one folder, with `cards`, or several views); with an
    `editor` (cardgen.editor.Editor), each card's detail view edits its YAML."""
    views = ([View("", "en", gallery, cards or gallery)] if isinstance(gallery, Path)
             else list(gallery))
    by_key = {v.key: v for v in views}
    token = token or secrets.token_urlsafe(24)
    app = Flask(__name__, template_folder=str(TEMPLATES))
    app.config["EDIT_TOKEN"] = token

    def view() -> View:
        return by_key.get(request.args.get("view", ""), views[0])

    @app.get("/")
    def index() -> str:
        return render_template("preview/index.html", token=token, editing=editor is not None,
                               views=views)

    @app.get("/favicon.ico")
    def favicon():
        return "", 204

    @app.get("/gallery.json")
    def gallery_json():
        path = view().gallery / "gallery.json"
        if not path.exists():
            return jsonify({"version": 0, "cards": [], "pages": []})
        response = app.response_class(path.read_bytes(), mimetype="application/json")
        response.cache_control.no_store = True
        return response

    @app.get("/cards/<name>")
    def card_image(name: str):
        if not name.endswith(".png"):
            abort(404)
        for v in views:  # names are content hashes: the same name is the same image
            if (v.cards / name).is_file():
                return send_from_directory(v.cards, name, max_age=3600)
        abort(404)

    @app.get("/pages/<name>")
    def page_image(name: str):
        if not name.endswith(".png"):
            abort(404)
        return send_from_directory(view().gallery, name, max_age=0)

    if editor is not None:
        _edit_routes(app, editor, views, token)

    @app.after_request
    def _headers(response):
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; frame-ancestors 'none'; form-action 'self'")
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response

    return app


def _edit_routes(app: Flask, editor: Any, views: list[View], token: str) -> None:
    from .editor import Refused

    def refused(status: int, message: str):
        return jsonify({"error": message, "problems": {}, "general": []}), status

    @app.before_request
    def _guard():
        """Only this page on this machine may write (see the module's docstring)."""
        if request.method != "POST":
            return None
        host = (request.host or "").rsplit(":", 1)[0].strip("[]")
        if host not in LOCAL_HOSTS:
            return refused(403, f"this gallery answers as 127.0.0.1 only, not {host!r}")
        origin = request.headers.get("Origin")
        if origin and origin not in {f"http://{h}:{request.host.rsplit(':', 1)[-1]}"
                                     for h in LOCAL_HOSTS} | {f"http://{request.host}"}:
            return refused(403, "edits come from this gallery's own page only")
        if not secrets.compare_digest(request.headers.get("X-Edit-Token", ""), token):
            return refused(403, "missing or wrong edit token: reload the gallery page")
        if not request.is_json:
            return refused(415, "send JSON")
        return None

    def call(method: str, *names: str):
        body = request.get_json(silent=True) or {}
        view_key = str(body.get("view", ""))
        view = next((v for v in views if v.key == view_key), views[0])
        args = [body.get(n) for n in names]
        try:
            return jsonify(getattr(editor, method)(view.game, view.lang, *args))
        except Refused as exc:
            return jsonify(exc.body()), exc.status

    @app.get("/api/form")
    def form():
        view = next((v for v in views if v.key == request.args.get("view")), views[0])
        try:
            return jsonify(editor.form(view.game, view.lang, request.args.get("card", "")))
        except Refused as exc:
            return jsonify(exc.body()), exc.status

    @app.post("/api/render")
    def render():
        return call("render", "card", "values")

    @app.post("/api/save")
    def save():
        return call("save", "card", "values", "stamp")

    @app.post("/api/add")
    def add():
        return call("add", "card", "new_id", "stamp")

    @app.post("/api/delete")
    def delete():
        return call("remove", "card", "stamp")

    @app.post("/api/undo")
    def undo():
        try:
            return jsonify(editor.undo_last())
        except Refused as exc:
            return jsonify(exc.body()), exc.status

    @app.get("/renders/<key>.png")
    def rendered(key: str):
        data = editor.renders.get(key)
        if data is None:
            abort(404)
        response = app.response_class(data, mimetype="image/png")
        response.cache_control.max_age = 3600
        return response
