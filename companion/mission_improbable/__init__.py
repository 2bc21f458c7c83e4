"""Mission Improbable in the companion: its engine calls, public state, forms and routes."""

from __future__ import annotations

import random
from typing import Any

from flask import Blueprint
from werkzeug.datastructures import MultiDict

from missionkit.mission_improbable import engine
from missionkit.mission_improbable.events import EVENT
from missionkit.mission_improbable.model import MissionImprobable
from missionkit.mission_improbable.state import Setup, State, new_state

from ..plugin import CompanionGame, Loaded, validated
from .forms import form_event, setup_from_form
from .views import page_context, public_state


class MissionImprobableGame(CompanionGame):
    id = "mission-improbable"
    package = "mission_improbable"
    setup_model = Setup
    engine = engine
    table_fragment = "mission_improbable/_game.html"
    new_game_form = "mission_improbable/_new.html"
    blueprint = Blueprint("mission_improbable", __name__, template_folder="templates")
    content: MissionImprobable

    def new_setup(self, payload: dict[str, Any], rng: random.Random) -> tuple[Setup, State]:
        """The seed fixes the random turn order, which the stored setup then lists."""
        setup = validated(Setup, {**payload, "seed": rng.getrandbits(31)})
        state = new_state(setup, self.content)
        return setup.model_copy(update={"turn_order": list(state.order)}), state

    def resolve_rolls(self, state: State, raw: dict[str, Any], rng: random.Random) -> dict:
        if not isinstance(raw.get("type"), str):
            return raw  # try_apply refuses it, naming the field
        return engine.resolve_rolls(state, raw, rng)

    def public_state(self, loaded: Loaded) -> dict[str, Any]:
        return public_state(loaded)

    def page_context(self, loaded: Loaded, role: str) -> dict[str, Any]:
        return page_context(loaded.state, role)

    def form_event(self, form: MultiDict) -> dict[str, Any]:
        return form_event(form)

    def setup_from_form(self, form: MultiDict) -> dict[str, Any]:
        return setup_from_form(form, self.content)

    def event_schema(self) -> Any:
        return EVENT

    def openapi(self) -> tuple[dict[str, Any], dict[str, Any]]:
        from .routes import openapi_paths

        return {}, openapi_paths()


def make(content: MissionImprobable) -> MissionImprobableGame:
    return MissionImprobableGame(content)


from . import routes  # noqa: E402,F401  (registers the game's routes on its blueprint)
