"""Mission Improbable's result: MP by organisation, missions completed, agents lost."""

from __future__ import annotations

from flask_babel import gettext as _

from missionkit.mission_improbable import rulebook
from missionkit.mission_improbable.state import State

from ..results import Column, PlayerResult, Result, Row
from .views import card_name


def result(state: State) -> Result | None:
    """Once the game is over: each organisation's MP (a row per mission completed, with its
    MP), missions completed and agents lost, ranked by the content's tie-break."""
    if state.status != "finished" or not state.result:
        return None
    game = state.game
    place = {r["seat"]: r["place"] for r in state.result}
    players = []
    for seat, p in enumerate(state.players):
        rows = [Row(card_name(game, m, p.alignment), rulebook.mission_points(game.card(m)),
                    "mission") for m in p.completed]
        other = p.mp - sum(r.points for r in rows)
        if other:  # MP a card gave outside a completed mission
            rows.append(Row(_("Other MP"), other))
        if not rows:
            rows.append(Row(_("No mission completed"), 0))
        values = {"missions": len(p.completed), "agents_lost": p.lost,
                  "mission_names": "; ".join(r.label for r in rows if r.kind == "mission")}
        players.append(PlayerResult(seat, p.name, p.mp, place[seat], place[seat] == 1,
                                    seat == state.order[0], values, rows))
    columns = [Column("missions", _("Missions completed"), scoring=False),
               Column("agents_lost", _("Agents lost"), scoring=False),
               Column("mission_names", _("Mission names"), scoring=False, csv_only=True)]
    facts = [(_("Rounds"), str(state.round))]
    return Result(game.game.id, "MP", columns, players, facts, list(state.result),
                  player_label=_("Organisation"))
