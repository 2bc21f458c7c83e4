"""Game service: the engine plus the store. Used by the JSON API and the HTML pages alike."""

from __future__ import annotations

import hmac
import logging
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from missionkit.draws import fresh_seed
from missionkit.game import IllegalEvent, check_new_names
from missionkit.registry import DEFAULT_GAME

from .plugin import EXPORT_FORMAT, CompanionGame, Loaded, validated
from .sealing import FIELD, Sealer
from .store import Conflict, NotFound, Store

log = logging.getLogger(__name__)

class StateCache:
    """Recent states by (game, version). Safe across processes: a version is made by exactly
    one committed change, so the state at a version never differs; the store's conditional
    update still refuses any write made against a stale version, and a reader asks the
    database for the version first, so it is never served an older state.

    Bounded two ways: at most `size` games, and at most `weight` in total, a game weighing
    its version plus 50 (a state grows with its log: about 90 bytes a change, measured with
    tracemalloc on a 5,000-change Double Mission game, so the default 1,000,000 keeps the
    cache near 90 MiB however long the games run)."""

    def __init__(self, size: int = 2048, weight: int = 1_000_000):
        self.size, self.limit, self._lock, self._items = size, weight, threading.Lock(), \
            OrderedDict()
        self.weight = 0

    def get(self, game_id: str, version: int) -> Loaded | None:
        with self._lock:
            hit = self._items.get(game_id)
            if hit is None or hit.version != version:
                return None
            self._items.move_to_end(game_id)
            return hit

    def put(self, loaded: Loaded) -> None:
        """Keep `loaded` unless a newer version of its game is here already (a replay that
        read the log before a write committed may finish after the write stored its state)."""
        with self._lock:
            old = self._items.get(loaded.id)
            if old is not None and old.version > loaded.version:
                return
            old = self._items.pop(loaded.id, None)
            if old is not None:
                self.weight -= _weight(old)
            self._items[loaded.id] = loaded
            self.weight += _weight(loaded)
            while self._items and (len(self._items) > self.size or self.weight > self.limit):
                _, dropped = self._items.popitem(last=False)
                self.weight -= _weight(dropped)


def _weight(loaded: Loaded) -> int:
    return loaded.version + 50


@dataclass
class Export:
    """An export read back: the game's part on the rules it carries, its setup, its events
    and the state they lead to, and its times (None where it has none)."""

    plugin: CompanionGame
    setup: Any
    events: list[dict[str, Any]]
    state: Any
    created: int | None
    times: list[int | None] | None


def read_export(plugins: dict[str, CompanionGame], default: CompanionGame, data: Any,
                max_events: int = 20_000, secret: Callable[[Any], Any] | None = None,
                new_names: bool = True, cpu_seconds: float = 5.0) -> Export:
    """Check an export and replay every event through its rules; IllegalEvent naming the
    first bad field. `secret` gives the setup its seed (opening the sealed one);
    `new_names` holds its names to a new game's rules (an import does, a tally need not).
    An export is untrusted: its rules copy is checked as content is (with_rules), whatever
    the engine meets is a refusal naming the field (setup, events[i], content), and the
    whole check stops after `cpu_seconds` of CPU (naming events)."""
    deadline = time.thread_time() + cpu_seconds
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise IllegalEvent(f"not a Mission Kit game export ('format': '{EXPORT_FORMAT}')",
                           "format")
    if data.get("view_only"):
        raise IllegalEvent("this export comes from a read-only link and leaves out what "
                           "players keep hidden; export from the edit link", "view_only")
    game = data.get("game", default.id)
    shipped = plugins.get(game) if isinstance(game, str) else None
    if shipped is None:
        raise IllegalEvent(f"unknown game {game!r} (known: {', '.join(plugins)})", "game")
    plugin = _rules_of(shipped, data)
    raw_setup = data.get("setup")
    setup = validated(plugin.setup_model, secret(raw_setup) if secret else raw_setup,
                      ("setup",))
    try:
        if new_names:
            check_new_names([seat.name for seat in setup.players])
    except IllegalEvent as exc:
        raise IllegalEvent(exc.message, f"setup.{exc.field}") from None
    bodies = data.get("events")
    if not isinstance(bodies, list):
        raise IllegalEvent("a list of events is required", "events")
    if len(bodies) > max_events:
        raise IllegalEvent(f"a game holds at most {max_events} changes", "events")
    state = _engine_step(plugin, "setup", lambda: plugin.new_state(setup))
    for i, raw in enumerate(bodies):
        if time.thread_time() > deadline:
            raise IllegalEvent(f"checking this game took more than {cpu_seconds:g} s of CPU; "
                               "it is not imported", "events")
        state = _engine_step(plugin, f"events[{i}]",
                             lambda raw=raw, state=state: plugin.try_apply(state, raw))
    # the table must show it too, before anything is stored
    _engine_step(plugin, "content", lambda: plugin.public_state(
        Loaded("", len(bodies), state, "", plugin.id, plugin.rules_hash)))
    created, times = data.get("created"), data.get("times")
    if created is not None and not _stamp(created):
        raise IllegalEvent("a time is whole seconds since 1970 (UTC)", "created")
    if times is not None and (not isinstance(times, list) or len(times) != len(bodies)
                              or not all(t is None or _stamp(t) for t in times)):
        raise IllegalEvent("one time (whole seconds since 1970, UTC, or null) per event",
                           "times")
    return Export(plugin, setup, bodies, state, created, times)


def _stamp(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _rules_of(plugin: CompanionGame, data: dict[str, Any]) -> CompanionGame:
    """The rules an export carries: its own content copy, else the shipped content."""
    content = data.get("content")
    if content is None:
        return plugin
    kept = plugin.with_rules(content)
    return plugin if kept.rules_hash == plugin.rules_hash else kept


class Games:
    """Create games, read them, and change them only through the rules engine."""

    def __init__(self, store: Store, plugins: dict[str, CompanionGame], *,
                 max_events: int = 20_000, cache_games: int = 2048,
                 cache_weight: int = 1_000_000, idle_seconds: float = 30 * 86400,
                 import_cpu_seconds: float = 5.0, sealer: Sealer | None = None):
        self.store, self.plugins, self.max_events = store, plugins, max_events
        self.import_cpu_seconds = import_cpu_seconds  # CPU one import may take to be checked
        self.sealer = sealer or Sealer(lambda: "")  # the app passes one keyed by SECRET_KEY
        self.idle_seconds, self._swept = idle_seconds, 0.0
        self._rng = random.SystemRandom()
        self._states = StateCache(cache_games, cache_weight)
        self._roles: dict[str, tuple[str, str]] = {}  # a token's game and role never change
        self._rules: dict[tuple[str, str], CompanionGame] = {}  # kept rules, by hash

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
        hit = self._states.get(game_id, self.store.poll_version(game_id))
        return hit if hit is not None else self.load(game_id)

    def changed_since(self, game_id: str, version: int) -> bool:
        return self.store.poll_version(game_id) != version

    def create(self, payload: dict[str, Any]) -> tuple[str, str, str, Loaded]:
        """Validate a setup, fix its random parts, store it; return id, tokens and state."""
        if not isinstance(payload, dict):
            raise IllegalEvent("expected a JSON object", "body")
        payload = dict(payload)
        plugin = self.plugin(payload.pop("game", self.default().id))
        setup, _ = plugin.new_setup(payload, self._rng)
        self.expire_idle()
        game_id, edit, view = self.store.create(setup.model_dump(mode="json"), game=plugin.id,
                                                rules=plugin.pinned)
        return game_id, edit, view, self.load(game_id)

    def ruleset(self, game: str, rules: str | None) -> CompanionGame:
        """The game's part on the rules a game keeps: the shipped content when they agree
        (or the game is from before pinning), else its stored copy."""
        plugin = self.plugin(game)
        if rules is None or rules == plugin.rules_hash:
            return plugin
        kept = self._rules.get((game, rules))
        if kept is None:
            if len(self._rules) >= 64:  # house rules in use are few; imports may bring many
                self._rules.clear()
            kept = self._rules[(game, rules)] = plugin.with_rules(self.store.rules(rules))
        return kept

    def load(self, game_id: str) -> Loaded:
        """Read the log and replay it (a cache miss)."""
        stored = self.store.load(game_id)
        plugin = self.ruleset(stored.game, stored.rules)
        state = plugin.replay(plugin.setup_model.model_validate(stored.setup), stored.events)
        loaded = Loaded(stored.id, stored.version, state, stored.view_token, stored.game,
                        stored.rules)
        self._states.put(loaded)
        return loaded

    def post(self, game_id: str, version: int, raw: Any) -> Loaded:
        """Apply one event if `version` is current. Raises Conflict or IllegalEvent."""
        if not isinstance(raw, dict):
            raise IllegalEvent("an event is a JSON object with a type", "event")
        current = self._states.get(game_id, version)
        if current is None:
            self._check_version(game_id, version)  # a stale request costs one indexed read
            current = self.load(game_id)
            if current.version != version:
                raise Conflict(current.version)
        if version >= self.max_events:
            raise IllegalEvent(f"this game has reached the limit of {self.max_events} changes; "
                               "export it and start a new one", "version")
        plugin = self.ruleset(current.game, current.rules)
        exact = plugin.resolve_rolls(current.state, raw, self._rng)  # try_apply validates
        state = plugin.try_apply(current.state, exact)
        body = exact  # validated as it stands (unknown keys are refused), so stored as is
        new_version = self.store.append(game_id, version, body)  # Conflict if it moved on
        loaded = Loaded(game_id, new_version, state, current.view_token, current.game,
                        current.rules)
        self._states.put(loaded)
        return loaded

    def repeated(self, game_id: str, seen: int, raw: Any) -> list[Any] | None:
        """A stale tap (made on a page at version `seen`) that repeats an action recorded
        since, by the same player: the log entries that action made, so the phone can ask
        before recording it twice. None when nothing since is the same action."""
        if not isinstance(raw, dict):
            return None
        current = self.current(game_id)
        plugin = self.ruleset(current.game, current.rules)
        if not any(plugin.same_action(raw, body)  # a short read: what came since
                   for _, body in self.store.live_log(game_id, after=seen)):
            return None
        log = self.store.live_log(game_id)  # the whole log, to replay up to that action
        found = next((i for i in range(len(log) - 1, -1, -1)
                      if log[i][0] > seen and plugin.same_action(raw, log[i][1])), None)
        if found is None:  # undone between the two reads
            return None
        setup = plugin.setup_model.model_validate(self.store.load(game_id).setup)
        before = plugin.replay(setup, [body for _, body in log[:found]])
        try:
            after = plugin.try_apply(before, log[found][1])
        except IllegalEvent:  # recorded by other rules than these: name no line
            return []
        return list(after.log[len(before.log):])

    def check(self, loaded: Loaded, raw: Any) -> None:
        """Refuse (IllegalEvent) an event the game at `loaded` would not take; store nothing."""
        plugin = self.ruleset(loaded.game, loaded.rules)
        if not isinstance(raw, dict):
            raise IllegalEvent("an event is a JSON object with a type", "event")
        plugin.try_apply(loaded.state, plugin.resolve_rolls(loaded.state, raw, self._rng))

    def import_game(self, data: Any) -> tuple[str, str, str, Loaded]:
        """Re-create an exported game: every event is replayed through the rules first; the
        export's times (`created`, `times`) are kept. An export is untrusted (read_export):
        whatever the engine meets is a 422 naming the field, within a CPU budget, and nothing
        is stored."""
        found = read_export(self.plugins, self.default(), data, self.max_events,
                            self._secret_setup, cpu_seconds=self.import_cpu_seconds)
        self.expire_idle()
        game_id, edit, view = self.store.import_game(
            found.setup.model_dump(mode="json"), found.events, game=found.plugin.id,
            rules=found.plugin.pinned, created=found.created, times=found.times)
        return game_id, edit, view, self.load(game_id)

    def _secret_setup(self, setup: Any) -> Any:
        """An imported setup with its secret: opened from the edit export's sealed copy, as
        given in an operator's backup (or an export from before sealing), else a new one
        (the hidden draws are then dealt anew)."""
        if not isinstance(setup, dict):
            return setup
        setup = dict(setup)
        if FIELD in setup:
            setup["seed"] = self.sealer.open(setup.pop(FIELD))
        elif "seed" not in setup:
            setup["seed"] = fresh_seed()
        return setup

    def expire_idle(self, every: float = 600) -> None:
        """Delete games left idle longer than `idle_seconds` (0: never), at most once every
        `every` seconds per process; run as games are made, so the store stays bounded."""
        now = time.monotonic()
        if self.idle_seconds <= 0 or (self._swept and now - self._swept < every):
            return
        self._swept = now
        if self.store.expire(self.idle_seconds):
            self._roles.clear()  # tokens of deleted games must not open them from memory

    def public_state(self, loaded: Loaded) -> dict[str, Any]:
        return self.ruleset(loaded.game, loaded.rules).public_state(loaded)

    def export(self, game_id: str, role: str = "edit", backup: bool = False) -> dict[str, Any]:
        """A game as portable JSON: which game, its setup, its live event log and the rules
        it keeps (so another server replays it by them, whatever it ships). The secret of
        its hidden draws travels sealed for this server (sealing.py), in the clear only in
        the operator's `backup`. For a read-only link, only what that link may see (no
        secret, no face-down ids): such an export is marked `view_only` and cannot be
        imported."""
        stored = self.store.load(game_id)
        plugin = self.plugin(stored.game)
        rules: dict[str, Any] = {}
        if stored.rules is not None:  # the rules travel with the game, house rules or not
            rules = {"rules": stored.rules, "content": self.store.rules(stored.rules)}
        times = {"id": stored.id, "created": stored.created,  # times: Unix seconds, UTC
                 "times": stored.times}
        if role != "edit":
            setup, events = plugin.export_view(stored.setup, stored.events)
            return {"format": EXPORT_FORMAT, "game": stored.game, "view_only": True,
                    "setup": setup, "events": events, **times, **rules}
        setup = dict(stored.setup)
        if not backup:
            setup[FIELD] = self.sealer.seal(setup.pop("seed", 0))
        return {"format": EXPORT_FORMAT, "game": stored.game, "setup": setup,
                "events": stored.events, **times, **rules}

    def _check_version(self, game_id: str, version: int) -> None:
        """Conflict, before any replay, when the stored version is not `version`."""
        stored = self.store.version(game_id)
        if stored != version:
            raise Conflict(stored)

    def undo(self, game_id: str, version: int) -> Loaded:
        self._check_version(game_id, version)
        try:
            self.store.undo(game_id, version)
        except ValueError:
            raise IllegalEvent("nothing to undo") from None
        return self.load(game_id)



def _engine_step(plugin: CompanionGame, field: str, step: Any) -> Any:
    """`step()` of an import's check: a refusal names `field` (the engine's own field under
    it, for the setup), and any other failure is a refusal too, logged, never a 500."""
    try:
        return step()
    except IllegalEvent as exc:
        inner = exc.field if field == "setup" and exc.field else ""
        raise IllegalEvent(exc.message, f"setup.{inner}" if inner else field) from None
    except (RecursionError, MemoryError):
        raise IllegalEvent("this game is too large to check", field) from None
    except Exception as exc:  # noqa: BLE001 - an import must not fail the server
        log.warning("import of a %s game failed at %s: %r", plugin.id, field, exc)
        raise IllegalEvent(f"the export's setup, events and rules do not fit together "
                           f"({type(exc).__name__})", field) from None
