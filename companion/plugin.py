"""What a game gives the companion, and how the app finds each game's part.

The shell (store, sync, tokens, security, the page frame, the JSON API's game endpoints) knows
no game. A game's package `companion/<package>/` exposes `make(content) -> CompanionGame`;
`missionkit.registry` lists the packages.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
import logging
import random
from dataclasses import dataclass
from functools import cache, cached_property
from types import SimpleNamespace
from typing import Any, ClassVar

from flask import Blueprint
from flask_babel import lazy_gettext as _l
from pydantic import BaseModel, TypeAdapter, ValidationError
from werkzeug.datastructures import MultiDict

from missionkit.content.errors import field_path
from missionkit.content.limits import oversized
from missionkit.draws import fresh_seed
from missionkit.game import IllegalEvent, check_new_names
from missionkit.registry import DEFAULT_GAME, GAMES

from .results import Result

EXPORT_FORMAT = "mission-kit-game/1"  # what an export says it is (games.py writes them)


@dataclass
class Loaded:
    """A game as read: its id, which game it is, its version, its state and view token."""

    id: str
    version: int
    state: Any
    view_token: str
    game: str = DEFAULT_GAME
    rules: str | None = None  # the hash of the rule content the game keeps


def rules_hash(copy: dict[str, Any]) -> str:
    """A rules copy's identity: SHA-256 of its canonical JSON."""
    text = json.dumps(copy, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


log = logging.getLogger(__name__)


@cache
def _adapter(model: type) -> TypeAdapter:
    """One validator and serialiser per content class (building one takes a while)."""
    return TypeAdapter(model)


def validated(model: type[BaseModel], data: Any, prefix: tuple[Any, ...] = ()) -> Any:
    """`model` from `data`, or IllegalEvent naming the first bad field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise IllegalEvent(err["msg"], field_path((*prefix, *err["loc"])) or "body") from None


class CompanionGame:
    """One game's engine, views and forms, as the shell calls them. Subclass per game."""

    id: ClassVar[str]
    package: ClassVar[str]
    setup_model: ClassVar[type[BaseModel]]
    engine: ClassVar[Any]  # the game's engine module: new_state, replay, try_apply, resolve_rolls
    # the game's messages module: CATALOGUE and names(state, lang) (see missionkit/messages.py);
    # None while its engine still writes lines of English
    messages: ClassVar[Any] = None

    def __init__(self, content: Any):
        self.content = content

    # templates under the game's own folder, templates/<package>/
    @property
    def table_fragment(self) -> str:
        """The live table, swapped in on every change."""
        return f"{self.package}/_game.html"

    @property
    def new_game_form(self) -> str:
        """The game's part of the new-game form on the home page."""
        return f"{self.package}/_new.html"

    # --- the rules a game keeps ------------------------------------------------------------
    # Content fields that are words, not rules (a guide's prose): left out of a game's rules
    # copy and always taken from the shipped content.
    prose: ClassVar[tuple[str, ...]] = ()
    # Fields that say which game this is, not how it is played (its BoardGameGeek id): left
    # out of the copy, so adding one changes no game's rules hash; taken from the shipped.
    identity: ClassVar[tuple[tuple[str, str], ...]] = (("game", "bgg_id"),)

    def rules_copy(self) -> dict[str, Any] | None:
        """The rule-relevant content as JSON, stored with each new game so an edit of
        content/ never rewrites a game in progress: the whole content model but its prose."""
        copy = _adapter(type(self.content)).dump_python(self.content, mode="json",
                                                        by_alias=True)
        for name in self.prose:
            copy.pop(name, None)
        for part, name in self.identity:
            if isinstance(copy.get(part), dict):
                copy[part].pop(name, None)
        return copy

    @cached_property
    def _prose(self) -> dict[str, Any]:
        adapter = _adapter(type(self.content))
        whole = adapter.dump_python(self.content, mode="json", by_alias=True)
        return {name: whole[name] for name in self.prose}

    def with_rules(self, data: Any) -> CompanionGame:
        """This game's part on a stored or imported rules copy, held to what content/ is:
        its size limits, its types and bounds, and the game's cross-checks. IllegalEvent
        naming `content.<the field>` at the first problem."""
        if not isinstance(data, dict):
            raise IllegalEvent("a game's rules are a JSON object", "content")
        too_big = oversized(data)
        if too_big is not None:
            raise IllegalEvent(too_big[1], field_path(("content", *too_big[0])))
        try:
            content = _adapter(type(self.content)).validate_python({**data, **self._prose})
        except ValidationError as exc:
            err = exc.errors()[0]
            raise IllegalEvent(err["msg"], field_path(("content", *err["loc"]))) from None
        content = dataclasses.replace(content, **{n: getattr(self.content, n)
                                                  for n in self.prose})
        for part, name in self.identity:
            shipped = getattr(self.content, part)
            if hasattr(shipped, name):
                content = dataclasses.replace(content, **{part: dataclasses.replace(
                    getattr(content, part), **{name: getattr(shipped, name)})})
        try:
            problems = self.check_content(content)
        except Exception as exc:  # a checker meeting what no content file holds: refuse it
            log.warning("rules copy check failed: %r", exc)
            raise IllegalEvent("these rules cannot be checked", "content") from None
        if problems:
            where = f"content.{problems[0].field}" if problems[0].field else "content"
            raise IllegalEvent(problems[0].message, where)
        return type(self)(content)

    def check_content(self, content: Any) -> list[Any]:
        """The game's cross-checks on a content model (its `load.check_model`)."""
        return importlib.import_module(f"missionkit.{self.package}.load").check_model(content)

    @cached_property
    def pinned(self) -> tuple[str, dict[str, Any]] | None:
        """(hash, copy) of this content's rules, which a new game keeps; None if nothing."""
        copy = self.rules_copy()
        return None if copy is None else (rules_hash(copy), copy)

    @property
    def rules_hash(self) -> str | None:
        return None if self.pinned is None else self.pinned[0]

    @property
    def name(self) -> Any:
        """The game's localised name (`.en`, `.ko`)."""
        return self.content.game.name

    # --- engine -------------------------------------------------------------------------
    def new_setup(self, payload: dict[str, Any], rng: random.Random) -> tuple[BaseModel, Any]:
        """Validate a new game's setup with a fresh seed and deal its first state; return the
        setup, which also lists what the seed drew (see `drawn`), and the state."""
        setup = validated(self.setup_model, {**payload, "seed": fresh_seed()})
        check_new_names([seat.name for seat in setup.players])
        state = self.new_state(setup)
        return setup.model_copy(update=self.drawn(state)), state

    def drawn(self, state: Any) -> dict[str, Any]:
        """Setup fields that record what the seed drew for `state` (default: none)."""
        return {}

    def setup_from(self, data: Any) -> BaseModel:
        return validated(self.setup_model, data, ("setup",))

    # Every game's engine module offers the same pure functions (see docs/architecture.md).
    def replay(self, setup: BaseModel, events: list[Any]) -> Any:
        return self.engine.replay(setup, events, self.content)

    def new_state(self, setup: BaseModel) -> Any:
        return self.engine.new_state(setup, self.content)

    def try_apply(self, state: Any, raw: dict[str, Any]) -> Any:
        return self.engine.try_apply(state, raw)

    def resolve_rolls(self, state: Any, raw: dict[str, Any], rng: random.Random) -> dict:
        """Turn a request for the app to roll into the faces rolled, before storing. The
        first look inside a posted event (Games.post has checked it is an object and its
        version is current), so the one place its type is checked to be text."""
        if not isinstance(raw.get("type"), str):
            raise IllegalEvent("an event's 'type' is text, one of this game's events",
                               "event.type")
        return self.engine.resolve_rolls(state, raw, rng)

    # --- views ---------------------------------------------------------------------------
    # Fields a tap need not share with a recorded event to be the same action: what the app
    # fills in when it rolls, and the flag asking it to (see `same_action`).
    rolled_fields: ClassVar[frozenset[str]] = frozenset({"roll"})

    def same_action(self, tap: dict[str, Any], recorded: Any) -> bool:
        """Whether a tap repeats a recorded event: the same fields and values (the same
        player among them), leaving out the rolled fields and empty ones."""
        if not isinstance(recorded, dict):
            return False
        def kept(event: dict[str, Any]) -> dict[str, Any]:
            return {k: v for k, v in event.items()
                    if k not in self.rolled_fields and v is not None}
        return kept(tap) == kept(recorded)

    def public_state(self, loaded: Loaded) -> dict[str, Any]:
        raise NotImplementedError

    # sections of the table page, one tap apart (the shell adds "invite" for the host)
    tabs: ClassVar[list[tuple[str, Any]]] = [("table", _l("Table")), ("log", _l("Log"))]

    def turn_seat(self, public: dict[str, Any]) -> int | None:
        """Whose turn it is (a seat), from the public state; None when nobody's."""
        return None

    def seat_names(self, public: dict[str, Any]) -> list[str]:
        """The players' names by seat, for "this phone is…"."""
        return [p["name"] for p in public.get("players", [])]

    def blank_state(self) -> Any:
        """What names a new game's refusal (no player seated yet): the content alone."""
        return SimpleNamespace(game=self.content, players=[])

    def page_context(self, loaded: Loaded, role: str) -> dict[str, Any]:
        """Extra template values for the table page (the shell adds token, role, g, state)."""
        return {}

    # --- after the game ------------------------------------------------------------------
    def result(self, state: Any) -> Result | None:
        """The finished game's result for every after-game use (the page's tally, BG Stats,
        the CSV, the history, `companion tally`), its labels in the current language; None
        while the game is on (or not yet scored). Default: none."""
        return None

    def snapshot_result(self, data: Any) -> Result:
        """The result of a game-specific end-of-game snapshot (an input of `companion tally`
        besides an export); IllegalEvent if the game reads none."""
        raise IllegalEvent(f"not a Mission Kit game export ('format': '{EXPORT_FORMAT}')",
                           "format")

    @property
    def bgg_id(self) -> int | None:
        """The game's BoardGameGeek id from its content (`bgg_id` in game.yaml), if any."""
        return getattr(self.content.game, "bgg_id", None)

    def export_view(self, setup: dict[str, Any], events: list[dict[str, Any]]
                    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The setup and log as a read-only link may see them. The seed never: whatever a game
        draws from it (a bag's order, the next card) would be known in advance."""
        return {k: v for k, v in setup.items() if k != "seed"}, events

    # --- forms ---------------------------------------------------------------------------
    def form_event(self, form: MultiDict) -> dict[str, Any]:
        raise NotImplementedError

    def setup_from_form(self, form: MultiDict) -> dict[str, Any]:
        raise NotImplementedError

    def score_event(self, form: MultiDict, state: Any) -> dict[str, Any]:
        raise IllegalEvent("this game has no score form", "type")

    def theme_css(self) -> list[str]:
        """CSS rules for the game's colours (from its content)."""
        return []

    # --- extras --------------------------------------------------------------------------
    blueprint: ClassVar[Blueprint | None] = None  # templates folder and game-specific routes

    def openapi(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """(schemas, paths) this game adds to the OpenAPI document."""
        return {}, {}

    def event_schema(self) -> Any:
        """A pydantic TypeAdapter of the game's events (for the OpenAPI document)."""
        return None


def load_plugins(content_root: Any = None) -> dict[str, CompanionGame]:
    """Every registered game that has a companion part and content, by game id."""
    from missionkit.content import available_games, default_root, load_game

    root = content_root or default_root()
    out: dict[str, CompanionGame] = {}
    for game in available_games(root):
        try:
            module = importlib.import_module(f"companion.{GAMES[game]}")
        except ModuleNotFoundError as exc:
            if exc.name != f"companion.{GAMES[game]}":
                raise
            continue  # printed kit only, no companion yet
        out[game] = module.make(load_game(game, root))
    return out
