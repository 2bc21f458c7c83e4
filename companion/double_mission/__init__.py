"""Double Mission in the companion: its engine calls, public state, forms and extra routes."""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict

from missionkit.double_mission import engine, messages
from missionkit.double_mission.events import EVENT
from missionkit.double_mission.model import DoubleMission
from missionkit.double_mission.snapshot import Snapshot
from missionkit.double_mission.state import Setup, State
from missionkit.game import IllegalEvent

from ..plugin import CompanionGame, Loaded, validated
from ..results import Result
from .forms import form_event, score_event, setup_from_form
from .views import (
    claimable_titles,
    last_roll,
    odds_rows,
    operation_choices,
    public_state,
    reroll_dice,
    result,
    tally_result,
    token_ties,
)


class DoubleMissionGame(CompanionGame):
    id = "double-mission"
    package = "double_mission"
    setup_model = Setup
    engine = engine
    messages = messages
    blueprint = Blueprint("double_mission", __name__, template_folder="templates")
    content: DoubleMission
    prose = ("guide",)
    # "Roll for us" records the dice the app rolled: the same operation, whatever came up
    rolled_fields = frozenset({"roll", "active_successes", "helper_successes"})

    def drawn(self, state: State) -> dict[str, Any]:
        """Where the treasures went and which titles were laid out, listed in the stored
        setup."""
        return {"placement": dict(state.cities), "titles": list(state.laid_out)}

    def public_state(self, loaded: Loaded) -> dict[str, Any]:
        return public_state(loaded)

    tabs = [("table", _l("Table")), ("cards", _l("Cards")), ("log", _l("Log")),
            ("titles", _l("Titles")), ("cities", _l("Cities")), ("odds", _l("Odds"))]

    def turn_seat(self, public: dict[str, Any]) -> int | None:
        return None if public["status"] == "finished" else public["turn"]["player"]

    def page_context(self, loaded: Loaded, role: str) -> dict[str, Any]:
        s = loaded.state
        playing = role == "edit" and s.status != "finished"
        return {"game": s.game, "choices": operation_choices(s) if playing else [],
                "claimable": claimable_titles(s) if role == "edit" else [],
                "odds_rows": odds_rows(s.game), "last_roll": last_roll(s),
                "reroll": reroll_dice(s) if playing else [],
                "ties": token_ties(s) if playing else {}}

    def result(self, state: State) -> Result | None:
        return result(state)

    def snapshot_result(self, data: Any) -> Result:
        """The older input of `companion tally`: an end-game snapshot (POST /api/v1/tally)."""
        from missionkit.double_mission.snapshot import TallyError
        from missionkit.double_mission.tally import tally

        snap = validated(Snapshot, data)
        try:
            return tally_result(tally(snap, self.content), self.content)
        except TallyError as exc:
            raise IllegalEvent(exc.message, exc.field) from None

    def export_view(self, setup: dict[str, Any], events: list[dict[str, Any]]
                    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """No seed (it orders the investigation bag and the titles Close Watch reveals) and
        no claimed title's id (a claimed title lies face down until the end)."""
        public, events = super().export_view(setup, events)
        return public, [{k: v for k, v in e.items() if k != "title"}
                        if e.get("type") == "claim_title" else e for e in events]

    def form_event(self, form: MultiDict) -> dict[str, Any]:
        return form_event(form)

    def setup_from_form(self, form: MultiDict) -> dict[str, Any]:
        return setup_from_form(form, self.content)

    def score_event(self, form: MultiDict, state: State) -> dict[str, Any]:
        return score_event(form, state)

    def theme_css(self) -> list[str]:
        rules = [f".t-{t.id}{{--c:{t.color};--on:{on_colour(t.color)}}}"
                 for t in self.content.treasures]
        return rules + [f".ch-{c.id}{{--c:{c.color}}}" for c in self.content.characters]

    def event_schema(self) -> Any:
        return EVENT

    def openapi(self) -> tuple[dict[str, Any], dict[str, Any]]:
        error = {"$ref": "#/components/schemas/Error"}
        body = {"content": {"application/json": {"schema": {
            "$ref": "#/components/schemas/Snapshot"}}}}
        paths = {"/api/v1/tally": {"post": {
            "requestBody": {"required": True, **body},
            "responses": {"200": {"description": "the tally"},
                          "422": {"description": "inconsistent",
                                  "content": {"application/json": {"schema": error}}}}}}}
        return {"Snapshot": Snapshot.model_json_schema(
            ref_template="#/components/schemas/{model}")}, paths


def on_colour(hex_colour: str) -> str:
    """Black or white, whichever reads better on `hex_colour` (WCAG contrast)."""
    rgb = [int(hex_colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lum = sum(w * (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
              for w, c in zip((0.2126, 0.7152, 0.0722), rgb, strict=True))
    return "#fff" if (1.05 / (lum + 0.05)) >= ((lum + 0.05) / 0.05) else "#111"


def make(content: DoubleMission) -> DoubleMissionGame:
    return DoubleMissionGame(content)


from . import routes  # noqa: E402,F401  (registers the game's API routes on its blueprint)
