"""Wire the game service into the app: one Store and every game's companion part."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, abort, current_app

from .games import Games
from .plugin import load_plugins
from .sealing import Sealer
from .store import NotFound, Store


def init_app(app: Flask) -> None:
    content = app.config.get("CONTENT")
    plugins = load_plugins(Path(content) if content else None)
    app.extensions["games"] = Games(
        Store(app.config["DATABASE"]), plugins,
        max_events=int(app.config.get("MAX_EVENTS", 20_000)),
        cache_games=int(app.config.get("STATE_CACHE_GAMES", 2048)),
        cache_weight=int(app.config.get("STATE_CACHE_WEIGHT", 1_000_000)),
        idle_seconds=float(app.config.get("GAME_IDLE_SECONDS", 30 * 86400)),
        import_cpu_seconds=float(app.config.get("IMPORT_CPU_SECONDS", 5.0)),
        sealer=Sealer(lambda: app.config["SECRET_KEY"]))
    for plugin in plugins.values():
        if plugin.blueprint is not None:
            app.register_blueprint(plugin.blueprint)


def games() -> Games:
    return current_app.extensions["games"]


def open_link(token: str) -> tuple[str, str]:
    """(game id, 'edit' or 'view') of a page link's token; 404 for a stranger's."""
    try:
        return games().resolve(token)
    except NotFound:
        abort(404)


def open_game(token: str, game: str) -> tuple[Any, str]:
    """(the game now, the link's role) for a game-specific page: 404 for a stranger's token
    or a link to another game."""
    game_id, role = open_link(token)
    loaded = games().current(game_id)
    if loaded.game != game:
        abort(404)
    return loaded, role
