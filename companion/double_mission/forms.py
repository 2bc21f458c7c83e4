"""Double Mission's HTML forms read into setups and events (validation happens after)."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from missionkit.double_mission.model import DoubleMission
from missionkit.double_mission.state import State
from missionkit.game import IllegalEvent

from ..i18n import localised
from ..numbers import form_fields, number_or_text

INT_FIELDS = {"player", "helper", "active_successes", "helper_successes", "imitations", "target",
              "token_from", "helper_token_from"}
TEXT_FIELDS = {"type", "kind", "city", "treasure", "title", "card", "give"}


def form_event(form: MultiDict) -> dict[str, Any]:
    """Read an event from form fields; values that are not numbers are left for
    validation."""
    return form_fields(form, INT_FIELDS, TEXT_FIELDS, ("roll", "invert"))


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


def _picked_missions(form: MultiDict, state: State) -> list[list[str]]:
    """Each player's missions as picked; a missing or doubled pick is refused by name."""
    game, seen = state.game, {}
    missions: list[list[str]] = []
    for i, p in enumerate(state.players):
        keys = [f"mission{i}"] + ([f"mission{i}b"] if p.has("queen", "B") else [])
        picks = []
        for key in keys:
            m = form.get(key, "").strip()
            if not m:
                raise IllegalEvent(_("pick %(name)s’s mission", name=p.name), key)
            if m in seen:
                name = localised(game.mission_by_id[m].name) if m in game.mission_by_id else m
                raise IllegalEvent(_("%(mission)s is picked twice (%(a)s and %(b)s): each "
                                     "mission card is held by one player", mission=name,
                                     a=seen[m], b=p.name), key)
            seen[m] = p.name
            picks.append(m)
        missions.append(picks)
    return missions


def score_event(form: MultiDict, state: State) -> dict[str, Any]:
    n = len(state.players)
    missions = _picked_missions(form, state)
    gamble = {str(i): number_or_text(form[f"gamble{i}"]) for i in range(n)
              if form.get(f"gamble{i}", "").strip()}
    return {"type": "score", "player": 0, "missions": missions,
            "jack_b_take": [t for t in (form.get("take1"), form.get("take2")) if t],
            "gamble_successes": gamble}
