"""Wire the game service into the app: one Store and every game's companion part."""

from __future__ import annotations

from pathlib import Path

from flask import Flask, current_app

from .games import Games
from .plugin import load_plugins
from .store import Store


def init_app(app: Flask) -> None:
    content = app.config.get("CONTENT")
    plugins = load_plugins(Path(content) if content else None)
    app.extensions["games"] = Games(Store(app.config["DATABASE"]), plugins)
    for plugin in plugins.values():
        if plugin.blueprint is not None:
            app.register_blueprint(plugin.blueprint)


def games() -> Games:
    return current_app.extensions["games"]
