"""Dice Mission's result: the winner, missions completed by type, gadgets used, rounds."""

from __future__ import annotations

from flask_babel import gettext as _

from missionkit.dice_mission.state import State

from ..i18n import localised
from ..results import Column, PlayerResult, Result, Row, competition_ranks
from .views import TYPES


def type_names() -> dict[str, str]:
    return {"solo": _("SOLO"), "versus": _("VERSUS"), "team": _("TEAM"),
            "special": _("SPECIAL")}


def result(state: State) -> Result | None:
    """Once someone has won: each player's missions completed (the score, a row per type
    naming the cards), gadgets played; the winner first, the others by missions completed."""
    if state.status != "finished":
        return None
    names, game = type_names(), state.game
    done = [{t: [c for c in p.completed if game.mission(c).type == t] for t in TYPES}
            for p in state.players]
    scores = [len(p.completed) for p in state.players]
    ranks = competition_ranks([(seat == state.winner, scores[seat])
                               for seat in range(len(state.players))])
    players = []
    for seat, p in enumerate(state.players):
        rows = [Row(_label(names[t], [localised(game.mission(c).name) for c in done[seat][t]]),
                    len(done[seat][t]), t) for t in TYPES]
        values = {**{t: len(done[seat][t]) for t in TYPES}, "gadgets": p.played}
        players.append(PlayerResult(seat, p.name, scores[seat], ranks[seat],
                                    seat == state.winner, seat == state.setup.first_agent,
                                    values, rows))
    columns = [*(Column(t, names[t]) for t in TYPES),
               Column("gadgets", _("Gadgets used"), scoring=False)]
    facts = [(_("Rounds"), str(state.round.number))]
    detail = {"winner": state.winner, "rounds": state.round.number,
              "players": [{"name": p.name, "completed": list(p.completed),
                           "gadgets_used": p.played} for p in state.players]}
    return Result(game.game.id, _("Missions completed"), columns, players, facts, detail)


def _label(kind: str, cards: list[str]) -> str:
    return f"{kind}: {', '.join(cards)}" if cards else kind
