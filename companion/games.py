"""Game service: the engine plus the store. Used by the JSON API and the HTML pages alike."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from missionkit.content.errors import field_path
from missionkit.double_mission import odds
from missionkit.double_mission.engine import (
    eligible_titles,
    operation_dice,
    parse_event,
    replay,
    resolve_rolls,
    try_apply,
)
from missionkit.double_mission.events import Operation
from missionkit.double_mission.model import DoubleMission
from missionkit.double_mission.state import IllegalEvent, Setup, State, new_state

from .store import Conflict, Store


@dataclass
class Loaded:
    id: str
    version: int
    state: State
    view_token: str


class Games:
    """Create games, read them, and change them only through the rules engine."""

    def __init__(self, store: Store, game: DoubleMission):
        self.store, self.game = store, game
        self._rng = random.SystemRandom()

    def create(self, payload: dict[str, Any]) -> tuple[str, str, str, Loaded]:
        """Validate a setup, fix its random parts, store it; return id, tokens and state."""
        if not isinstance(payload, dict):
            raise IllegalEvent("expected a JSON object", "body")
        data = {**payload, "seed": secrets.randbits(31)}
        try:
            setup = Setup.model_validate(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise IllegalEvent(err["msg"], field_path(err["loc"]) or "body") from None
        state = new_state(setup, self.game)
        fixed = setup.model_copy(update={"placement": dict(state.cities),
                                         "titles": list(state.laid_out)})
        game_id, edit, view = self.store.create(fixed.model_dump(mode="json"))
        return game_id, edit, view, self.load(game_id)

    def load(self, game_id: str) -> Loaded:
        stored = self.store.load(game_id)
        state = replay(Setup.model_validate(stored.setup), stored.events, self.game)
        return Loaded(stored.id, stored.version, state, stored.view_token)

    def post(self, game_id: str, version: int, raw: Any) -> Loaded:
        """Apply one event if `version` is current. Raises Conflict or IllegalEvent."""
        if not isinstance(raw, dict):
            raise IllegalEvent("an event is a JSON object with a type", "event")
        current = self.load(game_id)
        if current.version != version:
            raise Conflict(current.version)
        parse_event(raw)
        exact = resolve_rolls(current.state, raw, self._rng)
        state = try_apply(current.state, exact)
        new_version = self.store.append(game_id, version, parse_event(exact).model_dump(
            mode="json", exclude_defaults=False))
        return Loaded(game_id, new_version, state, current.view_token)

    def undo(self, game_id: str, version: int) -> Loaded:
        current = self.load(game_id)
        if current.version != version:
            raise Conflict(current.version)
        try:
            self.store.undo(game_id, version)
        except ValueError:
            raise IllegalEvent("nothing to undo") from None
        return self.load(game_id)


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
        "log": list(s.log),
        "result": s.result,
    }


def operation_choices(state: State) -> list[dict[str, Any]]:
    """Cities still holding a treasure, with the dice needed and the odds, for the helper."""
    p = state.game.game.dice.success_chance
    out = []
    for city in state.game.cities:
        treasure = state.cities[city.id]
        if treasure is None:
            continue
        need, level = operation_dice(state, Operation(type="operation", player=state.turn.player,
                                                      city=city.id))
        out.append({"city": city, "treasure": state.game.treasure_by_id[treasure],
                    "dice": need, "level": level, "solo": odds.solo(need, p),
                    "coop": odds.cooperation(need, p),
                    "can": state.active.dice >= need})
    return out


def claimable_titles(state: State) -> list[str]:
    return eligible_titles(state, state.turn.player, state.turn.imitations)
