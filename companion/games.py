"""Game service: the engine plus the store. Used by the JSON API and the HTML pages alike."""

from __future__ import annotations

import hmac
import random
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from missionkit.content.errors import field_path
from missionkit.double_mission import odds
from missionkit.double_mission.engine import (
    eligible_titles,
    operation_dice,
    replay,
    resolve_rolls,
    try_apply,
)
from missionkit.double_mission.events import Operation
from missionkit.double_mission.model import DoubleMission
from missionkit.double_mission.state import IllegalEvent, Setup, State, new_state
from missionkit.double_mission.table import table_view

from .store import Conflict, NotFound, Store

EXPORT_FORMAT = "mission-kit-game/1"
LOG_TAIL = 20


@dataclass
class Loaded:
    id: str
    version: int
    state: State
    view_token: str


class StateCache:
    """Recent states by (game, version). Safe across processes: a version is made by exactly
    one committed change, so the state at a version never differs; the store's conditional
    update still refuses any write made against a stale version."""

    def __init__(self, size: int = 2048):
        self.size, self._lock, self._items = size, threading.Lock(), OrderedDict()

    def get(self, game_id: str, version: int) -> Loaded | None:
        with self._lock:
            hit = self._items.get(game_id)
            if hit is None or hit.version != version:
                return None
            self._items.move_to_end(game_id)
            return hit

    def put(self, loaded: Loaded) -> None:
        with self._lock:
            self._items[loaded.id] = loaded
            self._items.move_to_end(loaded.id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


class Games:
    """Create games, read them, and change them only through the rules engine."""

    def __init__(self, store: Store, game: DoubleMission):
        self.store, self.game = store, game
        self._rng = random.SystemRandom()
        self._states = StateCache()
        self._roles: dict[str, tuple[str, str]] = {}  # a token's game and role never change

    def resolve(self, token: str) -> tuple[str, str]:
        """(game id, role) of a link token; NotFound for a stranger's token."""
        hit = self._roles.get(token)
        if hit is None:
            hit = self.store.resolve(token)
            if len(self._roles) > 100_000:
                self._roles.clear()
            self._roles[token] = hit
        return hit

    def role(self, game_id: str, token: str) -> str | None:
        """'edit' or 'view' if `token` opens `game_id`, else None."""
        try:
            found, role = self.resolve(token)
        except NotFound:
            return None
        return role if hmac.compare_digest(found.encode(), game_id.encode()) else None

    def current(self, game_id: str) -> Loaded:
        """The game now: from the cache when its version is still current."""
        hit = self._states.get(game_id, self.store.version(game_id))
        return hit if hit is not None else self.load(game_id)

    def changed_since(self, game_id: str, version: int) -> bool:
        return self.store.version(game_id) != version

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
        """Read the log and replay it (a cache miss)."""
        stored = self.store.load(game_id)
        state = replay(Setup.model_validate(stored.setup), stored.events, self.game)
        loaded = Loaded(stored.id, stored.version, state, stored.view_token)
        self._states.put(loaded)
        return loaded

    def post(self, game_id: str, version: int, raw: Any) -> Loaded:
        """Apply one event if `version` is current. Raises Conflict or IllegalEvent."""
        if not isinstance(raw, dict):
            raise IllegalEvent("an event is a JSON object with a type", "event")
        current = self._states.get(game_id, version)
        if current is None:
            current = self.load(game_id)
            if current.version != version:
                raise Conflict(current.version)
        exact = resolve_rolls(current.state, raw, self._rng)  # try_apply validates the shape
        state = try_apply(current.state, exact)
        body = exact  # validated as it stands (unknown keys are refused), so stored as is
        new_version = self.store.append(game_id, version, body)  # Conflict if it moved on
        loaded = Loaded(game_id, new_version, state, current.view_token)
        self._states.put(loaded)
        return loaded

    def import_game(self, data: Any) -> tuple[str, str, str, Loaded]:
        """Re-create an exported game: every event is replayed through the rules first."""
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise IllegalEvent(f"not a Mission Kit game export ('format': '{EXPORT_FORMAT}')",
                               "format")
        try:
            setup = Setup.model_validate(data.get("setup"))
        except ValidationError as exc:
            err = exc.errors()[0]
            raise IllegalEvent(err["msg"], field_path(("setup", *err["loc"]))) from None
        bodies = data.get("events")
        if not isinstance(bodies, list):
            raise IllegalEvent("a list of events is required", "events")
        state = new_state(setup, self.game)
        for i, raw in enumerate(bodies):
            try:
                state = try_apply(state, raw)
            except IllegalEvent as exc:
                raise IllegalEvent(exc.message, f"events[{i}]") from None
        game_id, edit, view = self.store.import_game(setup.model_dump(mode="json"), bodies)
        return game_id, edit, view, self.load(game_id)

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
        "log": s.log[-LOG_TAIL:],  # the latest lines; the export holds the whole log
        "log_length": len(s.log),
        "result": s.result,
        "table": table_view(s),  # odds, card warnings, discard top, declared inversion
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
