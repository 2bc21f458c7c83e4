"""What every game shares: the refusal a rules engine raises, and how a player is named."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import AfterValidator, StringConstraints

# Explicit direction controls (embeddings, overrides, isolates): in a name they reorder the
# text around it on every phone ("Ann" followed by U+202E turns the rest of a line around).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Format characters a name may hold: the joiners that build emoji and some scripts' letters.
ALLOWED_FORMAT = frozenset("\u200c\u200d")


class IllegalEvent(ValueError):
    """An event the rules refuse; nothing changes. `field` names the offending input;
    `message` is the reason in English (the JSON API's `error`), `msg_id` and `params` the
    same reason as data (missionkit/messages.py), which a page words in its own language."""

    def __init__(self, message: str, field: str = "event", msg_id: str | None = None,
                 params: dict[str, Any] | None = None):
        self.message, self.field = message, field
        self.msg_id, self.params = msg_id, dict(params or {})
        super().__init__(message)


def _visible_name(name: str) -> str:
    """A name someone can read: no direction controls, at least one visible character."""
    if BIDI_CONTROLS & set(name):
        raise ValueError("a name may not contain text-direction control characters")
    if not any(unicodedata.category(c)[0] in "LNPS" for c in name):
        raise ValueError("a name needs at least one visible letter, digit or sign")
    return name


# A player's name at the table: 1 to 40 characters, trimmed, visible, no direction controls.
PlayerName = Annotated[str, StringConstraints(min_length=1, max_length=40, strip_whitespace=True),
                       AfterValidator(_visible_name)]


def name_key(name: str) -> str:
    """What makes two names the same to a table: case, full- or half-width forms and
    spacing aside ("Ann", "ANN" and "Ａｎｎ" are one name)."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def check_new_names(names: list[str]) -> None:
    """The players' names of a game being made (created or imported), or IllegalEvent naming
    the bad one: none with a control character or line break (they break a log line, a CSV
    row, a header), no two the same (the tally, the CSV and a results app tell players
    apart by name). Games stored before these checks still replay as they are."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") and c not in ALLOWED_FORMAT
               for c in name):
            raise IllegalEvent("a name may not hold tabs, line breaks or invisible control "
                               "characters", f"players[{i}].name", "mk.no.name_controls")
        key = name_key(name)
        if key in seen:
            raise IllegalEvent(f"two players are called '{name}': give each player a name of "
                               f"their own", f"players[{i}].name", "mk.no.same_name",
                               {"name": name})
        seen[key] = i


class Handlers(dict[type, Callable[[Any, Any], Any]]):
    """A rules engine's event handlers by event type: `handles = HANDLERS.on`, then
    `@handles(Kind)` over each handler; apply looks one up by `type(event)`."""

    def on(self, kind: type) -> Callable[[Callable[[Any, Any], Any]], Callable[[Any, Any], Any]]:
        def register(func: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
            self[kind] = func
            return func
        return register
