"""Double Mission's extra API route: the end-game tally of a snapshot."""

from __future__ import annotations

from flask import Response, jsonify
from pydantic import ValidationError

from missionkit.content.errors import field_path
from missionkit.double_mission.snapshot import Snapshot, TallyError
from missionkit.double_mission.tally import tally

from ..errors import api_error
from ..jsonbody import json_body
from ..service import games, open_game
from . import DoubleMissionGame
from .views import tally_detail

bp = DoubleMissionGame.blueprint


@bp.post("/api/v1/tally")
def post_tally() -> tuple[Response, int] | Response:
    data = json_body()
    try:
        snap = Snapshot.model_validate(data)
        return jsonify(tally(snap, games().plugin(DoubleMissionGame.id).content))
    except ValidationError as exc:
        err = exc.errors()[0]
        return api_error(422, err["msg"], field_path(err["loc"]) or "body")
    except TallyError as exc:
        return api_error(422, exc.message, exc.field)


@bp.get("/t/<token>/tally.csv")
def tally_csv(token: str) -> Response:
    """The final tally as CSV: one row per player, one column per part of the total."""
    import csv
    import io

    from flask import abort

    loaded, _ = open_game(token, DoubleMissionGame.id)
    if not loaded.state.result:
        abort(404)
    content = loaded.state.game  # the rules this game kept, house rules included
    result, detail = loaded.state.result, tally_detail(loaded.state)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["rank", "player", "total", "track", "missions", "mission names",
                     "treasures", "titles", "evidence", "comeback", "millions"])
    for r in sorted(result["players"], key=lambda r: r["rank"]):
        d = detail.get(r["name"], {})
        names = "; ".join(f"{content.mission_by_id[m['id']].name.en} {m['points']}"
                          for m in d.get("missions", []))
        writer.writerow([r["rank"], r["name"], r["total"], r["track"], r["missions"], names,
                         r["treasures"], r["titles"], r["evidence"], r["comeback"],
                         d.get("millions", "")])
    response = Response(out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="tally-{loaded.id}.csv"'
    return response
