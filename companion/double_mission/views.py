"""Double Mission's state as the API and the pages show it."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from missionkit.double_mission import odds
from missionkit.double_mission.engine import eligible_titles
from missionkit.double_mission.messages import english
from missionkit.double_mission.model import DoubleMission
from missionkit.double_mission.operation import succeeded
from missionkit.double_mission.state import State
from missionkit.double_mission.table import operation_odds, table_view
from missionkit.messages import as_json

from ..i18n import localised
from ..plugin import Loaded
from ..results import Column, PlayerResult, Result, Row

LOG_TAIL = 20


def public_state(loaded: Loaded) -> dict[str, Any]:
    """The state as the API shows it: hidden titles and evidence only as counts."""
    s, game = loaded.state, loaded.state.game
    types = [t.id for t in game.treasures]
    return {
        "id": loaded.id, "version": loaded.version, "status": s.status,
        "turn": {"player": s.turn.player, "actions_left": s.turn.actions_left,
                 "operation_done": s.turn.operations_left <= 0,
                 "operations_left": s.turn.operations_left, "extra_turn": s.turn.extra},
        "round_marker": s.round_marker,
        "values": dict(s.values),
        "robbed_cities": s.robbed(),
        "cities": dict(s.cities),
        "sold": {t: s.sold.get(t, 0) for t in types},
        "titles_on_offer": list(s.offer),
        "options": s.setup.options.model_dump(),
        "players": [{"name": p.name, "character": p.character, "side": p.side,
                     "team": p.team, "score": p.score, "millions": p.millions, "dice": p.dice,
                     "treasures": {t: p.treasures.get(t, 0) for t in types},
                     "titles": len(p.titles), "investigation": len(p.evidence)}
                    for p in s.players],
        # the latest lines in English, and as data (the pages word them in their language)
        "log": [english(s, m) for m in s.log[-LOG_TAIL:]],
        "log_messages": [as_json(m) for m in s.log[-LOG_TAIL:]],
        "log_length": len(s.log),
        "result": s.result,
        "table": table_view(s),  # odds, card warnings, discard top, declared inversion
    }


def operation_choices(state: State) -> list[dict[str, Any]]:
    """Cities still holding a treasure, with the dice needed and the odds, for the helper:
    the table's own odds (`table.operation_odds`), so co-op odds go when co-op is refused
    (Without Anyone Knowing, D12) and King B's declared inversion shows."""
    game = state.game
    return [{"city": game.city_by_id[row["city"]],
             "treasure": game.treasure_by_id[row["treasure"]], "dice": row["dice"],
             "level": row["helper_dice"], "solo": row["solo"], "coop": row["coop"],
             "can": row["can"]} for row in operation_odds(state)]


def reroll_dice(state: State) -> list[dict[str, Any]]:
    """Right after a successful operation, who would roll again under Security Disruption
    (whoever had succeeded, EN L346) and how many dice: the card form asks for their new
    successes or rolls for them. Empty when no success is open to it."""
    op = state.recent.op if state.recent else None
    if op is None or not op.success:
        return []
    active_ok, helper_ok = succeeded(op)
    out = []
    if active_ok:
        out.append({"field": "active_successes", "seat": op.player, "dice": op.need})
    if helper_ok and op.helper is not None:
        out.append({"field": "helper_successes", "seat": op.helper, "dice": op.helper_need})
    return out


def token_ties(state: State) -> dict[int, list[int]]:
    """With the investigation bag empty, per seat the players it would take a token from
    when several tie for the most (D27: the taker chooses; the phone asks). Only seats
    facing such a tie are listed; empty while the bag holds tokens."""
    if state.bag:
        return {}
    out = {}
    for seat in range(len(state.players)):
        counts = {i: len(p.evidence) for i, p in enumerate(state.players)
                  if i != seat and p.evidence}
        most = max(counts.values(), default=0)
        tied = [i for i, n in counts.items() if n == most]
        if len(tied) > 1:
            out[seat] = tied
    return out


def claimable_titles(state: State) -> list[str]:
    return eligible_titles(state, state.turn.player, state.turn.imitations)


def odds_rows(game: DoubleMission) -> list[tuple[int, float, float]]:
    """Chance of success alone and together for every number of dice."""
    p = game.game.dice.success_chance
    return [(n, odds.solo(n, p), odds.cooperation(n, p)) for n in range(1, game.game.dice.max + 1)]


def last_roll(state: State) -> str:
    """The dice of the operation just made ("Ann 2 of 3 successes"), so "Roll for us"
    shows what was rolled; empty when the last event was not an operation."""
    rec = state.recent.op if state.recent else None
    if rec is None:
        return ""
    parts = [_("%(name)s %(got)s of %(need)s", name=state.players[rec.player].name,
               got=rec.active_successes, need=rec.need)]
    if rec.helper is not None:
        parts.append(_("%(name)s %(got)s of %(need)s", name=state.players[rec.helper].name,
                       got=rec.helper_successes or 0, need=rec.helper_need))
    city = localised(state.game.city_by_id[rec.city].name)
    line = (_("Rolled in %(city)s: %(dice)s successes (robbed)") if rec.success
            else _("Rolled in %(city)s: %(dice)s successes (alarm)"))
    return line % {"city": city, "dice": ", ".join(parts)}


def result(state: State) -> Result | None:
    """The game's result once scored (see `tally_result`)."""
    return tally_result(state.result, state.game) if state.result else None


def tally_result(tally: dict[str, Any], game: DoubleMission) -> Result:
    """A tally as every game's result: per player the score track, each mission by name
    (Comeback's points among them), treasures, titles and evidence, rows adding up to the
    total; Millions break ties. Seat 0 starts."""
    detail = {d["name"]: d for d in tally.get("detail", [])}
    winners = set(tally["winners"])
    columns = [Column("track", _("Score track")), Column("missions", _("Missions")),
               Column("treasures", _("Treasures")), Column("titles", _("Titles")),
               Column("evidence", _("Evidence")), Column("comeback", _("Comeback!")),
               Column("mission_names", _("Mission names"), scoring=False, csv_only=True),
               Column("millions", _("Millions (tie-break)"), scoring=False)]
    players = []
    for seat, r in enumerate(tally["players"]):
        d = detail[r["name"]]
        names = [localised(game.mission_by_id[m["id"]].name) for m in d["missions"]]
        rows = [Row(_("Score track"), r["track"])]
        for n, (m, name) in enumerate(zip(d["missions"], names, strict=True), start=1):
            label = _("Mission %(n)s:", n=n) if len(names) > 1 else _("Mission:")
            rows.append(Row(f"{label} {name}", m["points"], "mission"))
        held = ", ".join(_("%(n)s × %(treasure)s", n=k,
                           treasure=localised(game.treasure_by_id[t].name))
                         for t, k in d["held"].items())
        titles = ", ".join(f"{localised(game.title_by_id[t].name)} "
                           f"({game.title_by_id[t].points})" for t in d["titles"])
        tokens = " + ".join(str(v) for v in d["evidence_tokens"])
        rows += [Row(_with(_("Treasures"), held), r["treasures"]),
                 Row(_with(_("Titles"), titles), r["titles"]),
                 Row(_with(_("Evidence"), tokens), r["evidence"])]
        values = {k: r[k] for k in ("track", "missions", "treasures", "titles", "evidence",
                                    "comeback")}
        values["mission_names"] = "; ".join(f"{name} {m['points']}" for m, name in
                                            zip(d["missions"], names, strict=True))
        values["millions"] = d["millions"]
        players.append(PlayerResult(seat, r["name"], r["total"], r["rank"],
                                    r["name"] in winners, seat == 0, values, rows))
    facts = [(_("Teams"), "; ".join(f"{t['team']} {t['total']}" for t in tally["teams"]))
             ] if tally.get("teams") else []
    return Result(game.game.id, _("Points"), columns, players, facts, tally)


def _with(label: str, detail: str) -> str:
    """"Treasures: 2 × Jewel" (the label alone when there is nothing to list)."""
    return f"{label}: {detail}" if detail else label
