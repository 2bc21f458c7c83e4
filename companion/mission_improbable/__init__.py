"""Mission Improbable in the companion: its engine calls, public state, forms and routes."""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from werkzeug.datastructures import MultiDict

from missionkit.mission_improbable import engine, messages
from missionkit.mission_improbable.events import EVENT
from missionkit.mission_improbable.model import MissionImprobable
from missionkit.mission_improbable.state import Setup, State

from ..plugin import CompanionGame, Loaded
from ..results import Result
from ..service import games
from .forms import dice_until_failed, form_event, setup_from_form
from .results import result
from .views import page_context, public_state


class MissionImprobableGame(CompanionGame):
    id = "mission-improbable"
    package = "mission_improbable"
    setup_model = Setup
    engine = engine
    messages = messages
    blueprint = Blueprint("mission_improbable", __name__, template_folder="templates")
    content: MissionImprobable
    prose = ("guide", "glossary")

    def drawn(self, state: State) -> dict[str, Any]:
        """The random turn order, listed in the stored setup."""
        return {"turn_order": list(state.order)}

    def public_state(self, loaded: Loaded) -> dict[str, Any]:
        return public_state(loaded)

    def turn_seat(self, public: dict[str, Any]) -> int | None:
        return None if public["status"] == "finished" else public["turn"]["player"]

    def page_context(self, loaded: Loaded, role: str) -> dict[str, Any]:
        return page_context(loaded.state, role, last_event(loaded))

    def resolve_rolls(self, state: State, raw: dict[str, Any], rng: Any) -> dict:
        """The app's dice (engine.resolve_rolls), and dice typed for the checks after the
        first failed one left out: the attempt ended there, so they are not part of it."""
        exact = super().resolve_rolls(state, raw, rng)
        if exact.get("type") == "attempt" and not raw.get("roll"):
            return dice_until_failed(state, exact)
        return exact

    def result(self, state: State) -> Result | None:
        return result(state)

    def form_event(self, form: MultiDict) -> dict[str, Any]:
        return form_event(form)

    def setup_from_form(self, form: MultiDict) -> dict[str, Any]:
        return setup_from_form(form, self.content)

    def event_schema(self) -> Any:
        return EVENT

    def openapi(self) -> tuple[dict[str, Any], dict[str, Any]]:
        from .routes import openapi_paths

        return {}, openapi_paths()


def last_event(loaded: Loaded) -> dict[str, Any] | None:
    """The event the game's latest change recorded (None when it was an undo): one short
    read, once per version (the page's fragments are cached)."""
    try:
        found = games().store.live_log(loaded.id, after=loaded.version - 1)
    except Exception:  # no store at hand (an import being checked): no dice to show
        return None
    return found[-1][1] if found else None


def make(content: MissionImprobable) -> MissionImprobableGame:
    return MissionImprobableGame(content)


from . import routes  # noqa: E402,F401  (registers the game's routes on its blueprint)
