"""Dice Mission in the companion: its engine calls, public state, forms and extra routes."""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from werkzeug.datastructures import MultiDict

from missionkit.dice_mission import engine, messages
from missionkit.dice_mission.events import EVENT
from missionkit.dice_mission.model import DiceMission
from missionkit.dice_mission.state import Setup, State

from ..plugin import CompanionGame, Loaded
from ..results import Result
from .forms import form_event, setup_from_form
from .results import result
from .views import page_context, public_state


class DiceMissionGame(CompanionGame):
    id = "dice-mission"
    package = "dice_mission"
    setup_model = Setup
    engine = engine
    messages = messages
    blueprint = Blueprint("dice_mission", __name__, template_folder="templates")
    content: DiceMission
    prose = ("guide",)

    def drawn(self, state: State) -> dict[str, Any]:
        """The missions dealt face up, listed in the stored setup."""
        return {"display": list(state.display)}

    def public_state(self, loaded: Loaded) -> dict[str, Any]:
        return public_state(loaded)

    def turn_seat(self, public: dict[str, Any]) -> int | None:
        return None if public["status"] == "finished" else public["round"]["turn"]

    def page_context(self, loaded: Loaded, role: str) -> dict[str, Any]:
        return page_context(loaded.state, role)

    def result(self, state: State) -> Result | None:
        return result(state)

    def form_event(self, form: MultiDict) -> dict[str, Any]:
        return form_event(form)

    def setup_from_form(self, form: MultiDict) -> dict[str, Any]:
        return setup_from_form(form, self.content)

    def theme_css(self) -> list[str]:
        return [f".dc-{c.id}{{--c:{c.color}}}" for c in self.content.colours]

    def event_schema(self) -> Any:
        return EVENT

    def openapi(self) -> tuple[dict[str, Any], dict[str, Any]]:
        from .routes import openapi_paths

        return {}, openapi_paths()


def make(content: DiceMission) -> DiceMissionGame:
    return DiceMissionGame(content)


from . import routes  # noqa: E402,F401  (registers the game's routes on its blueprint)
