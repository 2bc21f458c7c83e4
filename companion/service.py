"""Wire the game service into the app: one Store and one content model per app."""

from __future__ import annotations

from pathlib import Path

from flask import Flask, current_app

from missionkit.content import load_game

from .games import Games
from .store import Store


def init_app(app: Flask) -> None:
    content = app.config.get("CONTENT")
    game = load_game("double-mission", Path(content) if content else None)
    app.extensions["games"] = Games(Store(app.config["DATABASE"]), game)


def games() -> Games:
    return current_app.extensions["games"]
