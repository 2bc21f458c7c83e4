"""Double Mission's extra API route: the end-game tally of a snapshot."""

from __future__ import annotations

from flask import Response, jsonify
from pydantic import ValidationError

from missionkit.content.errors import field_path
from missionkit.double_mission.snapshot import Snapshot, TallyError
from missionkit.double_mission.tally import tally

from ..errors import api_error
from ..jsonbody import json_body
from ..service import games
from . import DoubleMissionGame

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
