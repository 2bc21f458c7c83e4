"""Game service: the engine plus the store. Used by the JSON API and the HTML pages alike."""

from __future__ import annotations

import hmac
import random
import threading
from collections import OrderedDict
from typing import Any

from missionkit.game import IllegalEvent
from missionkit.registry import DEFAULT_GAME

from .plugin import CompanionGame, Loaded, validated
from .store import Conflict, NotFound, Store

EXPORT_FORMAT = "mission-kit-game/1"


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

    def __init__(self, store: Store, plugins: dict[str, CompanionGame]):
        self.store, self.plugins = store, plugins
        self._rng = random.SystemRandom()
        self._states = StateCache()
        self._roles: dict[str, tuple[str, str]] = {}  # a token's game and role never change

    def plugin(self, game: str) -> CompanionGame:
        """The companion part of a game by id; IllegalEvent naming `game` if unknown."""
        found = self.plugins.get(game) if isinstance(game, str) else None
        if found is None:
            known = ", ".join(self.plugins)
            raise IllegalEvent(f"unknown game {game!r} (known: {known})", "game")
        return found

    def default(self) -> CompanionGame:
        return self.plugins.get(DEFAULT_GAME) or next(iter(self.plugins.values()))

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
        payload = dict(payload)
        plugin = self.plugin(payload.pop("game", self.default().id))
        setup, _ = plugin.new_setup(payload, self._rng)
        game_id, edit, view = self.store.create(setup.model_dump(mode="json"), game=plugin.id)
        return game_id, edit, view, self.load(game_id)

    def load(self, game_id: str) -> Loaded:
        """Read the log and replay it (a cache miss)."""
        stored = self.store.load(game_id)
        plugin = self.plugin(stored.game)
        state = plugin.replay(plugin.setup_model.model_validate(stored.setup), stored.events)
        loaded = Loaded(stored.id, stored.version, state, stored.view_token, stored.game)
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
        plugin = self.plugins[current.game]
        exact = plugin.resolve_rolls(current.state, raw, self._rng)  # try_apply validates
        state = plugin.try_apply(current.state, exact)
        body = exact  # validated as it stands (unknown keys are refused), so stored as is
        new_version = self.store.append(game_id, version, body)  # Conflict if it moved on
        loaded = Loaded(game_id, new_version, state, current.view_token, current.game)
        self._states.put(loaded)
        return loaded

    def import_game(self, data: Any) -> tuple[str, str, str, Loaded]:
        """Re-create an exported game: every event is replayed through the rules first."""
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise IllegalEvent(f"not a Mission Kit game export ('format': '{EXPORT_FORMAT}')",
                               "format")
        plugin = self.plugin(data.get("game", self.default().id))
        setup = validated(plugin.setup_model, data.get("setup"), ("setup",))
        bodies = data.get("events")
        if not isinstance(bodies, list):
            raise IllegalEvent("a list of events is required", "events")
        state = plugin.new_state(setup)
        for i, raw in enumerate(bodies):
            try:
                state = plugin.try_apply(state, raw)
            except IllegalEvent as exc:
                raise IllegalEvent(exc.message, f"events[{i}]") from None
        game_id, edit, view = self.store.import_game(setup.model_dump(mode="json"), bodies,
                                                     game=plugin.id)
        return game_id, edit, view, self.load(game_id)

    def public_state(self, loaded: Loaded) -> dict[str, Any]:
        return self.plugins[loaded.game].public_state(loaded)

    def export(self, game_id: str) -> dict[str, Any]:
        """A game as portable JSON: which game, its setup and its live event log."""
        stored = self.store.load(game_id)
        return {"format": EXPORT_FORMAT, "game": stored.game, "setup": stored.setup,
                "events": stored.events}

    def undo(self, game_id: str, version: int) -> Loaded:
        current = self.load(game_id)
        if current.version != version:
            raise Conflict(current.version)
        try:
            self.store.undo(game_id, version)
        except ValueError:
            raise IllegalEvent("nothing to undo") from None
        return self.load(game_id)

