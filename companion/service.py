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
    app.extensions["games"] = Games(
        Store(app.config["DATABASE"]), plugins,
        max_events=int(app.config.get("MAX_EVENTS", 20_000)),
        cache_games=int(app.config.get("STATE_CACHE_GAMES", 2048)),
        cache_weight=int(app.config.get("STATE_CACHE_WEIGHT", 1_000_000)),
        idle_seconds=float(app.config.get("GAME_IDLE_SECONDS", 30 * 86400)))
    for plugin in plugins.values():
        if plugin.blueprint is not None:
            app.register_blueprint(plugin.blueprint)


def games() -> Games:
    return current_app.extensions["games"]
