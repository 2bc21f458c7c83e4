"""The preview gallery: every card, the board and the tokens as images, updating by itself.

A tiny Flask app serving `gallery.json` and the images that `cardgen watch` writes; the page
polls the gallery's version and swaps in new images (their names are content hashes).
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, abort, jsonify, render_template, send_from_directory

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"


def create_preview_app(gallery: Path, cards: Path) -> Flask:
    app = Flask(__name__, template_folder=str(TEMPLATES))

    @app.get("/")
    def index() -> str:
        return render_template("preview/index.html")

    @app.get("/gallery.json")
    def gallery_json():
        path = gallery / "gallery.json"
        if not path.exists():
            return jsonify({"version": 0, "cards": [], "pages": []})
        response = app.response_class(path.read_bytes(), mimetype="application/json")
        response.cache_control.no_store = True
        return response

    @app.get("/cards/<name>")
    def card_image(name: str):
        if not name.endswith(".png"):
            abort(404)
        return send_from_directory(cards, name, max_age=3600)

    @app.get("/pages/<name>")
    def page_image(name: str):
        if not name.endswith(".png"):
            abort(404)
        return send_from_directory(gallery, name, max_age=0)

    @app.after_request
    def _headers(response):
        response.headers["Content-Security-Policy"] = "default-src 'self'"
        return response

    return app
