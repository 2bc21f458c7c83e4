"""Double Mission's HTML forms read into setups and events (validation happens after)."""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from missionkit.double_mission.model import DoubleMission
from missionkit.double_mission.state import State

from ..numbers import number_or_text

INT_FIELDS = {"player", "helper", "active_successes", "helper_successes", "imitations", "target"}
TEXT_FIELDS = {"type", "kind", "city", "treasure", "title", "card", "give"}


def form_event(form: MultiDict) -> dict[str, Any]:
    """Read an event from form fields; values that are not numbers are left for
    validation."""
    event: dict[str, Any] = {}
    for key in INT_FIELDS | TEXT_FIELDS:
        value = form.get(key, "").strip()
        if value:
            event[key] = number_or_text(value) if key in INT_FIELDS else value
    for key in ("roll", "invert"):
        if form.get(key):
            event[key] = True
    return event


def setup_from_form(form: MultiDict, content: DoubleMission) -> dict[str, Any]:
    players = []
    for i in range(max(r.count for r in content.game.players)):
        name = form.get(f"name{i}", "").strip()
        if name:
            players.append({"name": name, "character": form.get(f"character{i}", ""),
                            "side": form.get(f"side{i}", "A")})
            if form.get("team_mode"):
                players[-1]["team"] = form.get(f"team{i}") or None
    options = {"sale_and_title": bool(form.get("sale_and_title")),
               "abilities": not form.get("no_abilities"),
               "team_mode": bool(form.get("team_mode"))}
    return {"players": players, "options": options}


def score_event(form: MultiDict, state: State) -> dict[str, Any]:
    n = len(state.players)
    missions = [[m for m in (form.get(f"mission{i}"), form.get(f"mission{i}b")) if m]
                for i in range(n)]
    gamble = {str(i): number_or_text(form[f"gamble{i}"]) for i in range(n)
              if form.get(f"gamble{i}", "").strip()}
    return {"type": "score", "player": 0, "missions": missions,
            "jack_b_take": [t for t in (form.get("take1"), form.get("take2")) if t],
            "gamble_successes": gamble}
