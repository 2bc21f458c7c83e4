"""The one place that lists the games: game id -> package name.

A game `g` lives in `missionkit/<package>/` (content model, loader `load:load`, rules),
`cardgen/<package>/` (its printed kit) and `companion/<package>/` (its screens and events), with
its content in `content/<package>/`. Adding a game means adding those folders and one line here.
"""

from __future__ import annotations

GAMES: dict[str, str] = {
    "double-mission": "double_mission",
    "dice-mission": "dice_mission",
    "mission-improbable": "mission_improbable",
}

DEFAULT_GAME = "double-mission"  # the game a client that names none gets (the first one)


def package(game: str) -> str:
    """'double-mission' -> 'double_mission' (KeyError for an unknown game)."""
    return GAMES[game]
