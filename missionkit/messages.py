"""Messages as data: what an engine logs, and why it refuses a move, as an id and parameters.

Engines describe events and refusals as data; sentences live in the catalogue. A message is
an id ("dm.rob") with parameters that are seats, content ids and numbers, never names, so a
game's log is the same on every phone and each phone words it in its own language: the
companion looks the id's English sentence up in its Babel catalogue and fills in names from
the content's `en`/`ko` text, with Korean particles chosen by the noun ("{city:로}").

A message is a plain tuple `(id, ((name, value), ...))` of strings, numbers and tuples: the
log keeps thousands of them, and the garbage collector stops walking tuples of such atoms
(see gamelog.py). Each game lists its ids in a `Catalogue`: the English sentence (also the
catalogue's msgid, marked with `N_` for extraction) and the kind of each parameter name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from .korean import Word

Message = tuple[str, tuple[tuple[str, Any], ...]]
SEAT, SEATS = "seat", "seats"  # a player by seat; a list of seats (named in order)
# a word of the rules given in English ("SOLO", "DEBRIEFING"): the page translates it
# through the catalogue, as it does the same word elsewhere on its screens
TERM = "term"
NAME = "name"  # a player's name as typed (a setup has no seats yet): shown like a seat's
# names a parameter's value: (kind, value) -> the name in one language
Namer = Callable[[str, Any], str]


def N_(text: str) -> str:  # noqa: N802  (the marker pybabel extracts by default)
    """Mark an English sentence for the catalogue; returns it unchanged."""
    return text


def _frozen(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return value


def msg(msg_id: str, **params: Any) -> Message:
    """A message: `msg("dm.rob", player=0, city="seoul", points=3)`."""
    return (msg_id, tuple((k, _frozen(v)) for k, v in params.items()))


def is_message(entry: Any) -> bool:
    return isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], str)


def as_json(entry: Any) -> dict[str, Any]:
    """A log entry as the JSON API gives it: `{"id", "params"}` (a line of text from an
    older engine: `{"id": None, "params": {}, "text": line}`)."""
    if not is_message(entry):
        return {"id": None, "params": {}, "text": str(entry)}
    return {"id": entry[0], "params": {k: _listed(v) for k, v in entry[1]}}


def _listed(value: Any) -> Any:
    return [_listed(v) for v in value] if isinstance(value, tuple) else value


@dataclass(frozen=True)
class Catalogue:
    """One game's messages: the English sentence of each id, with `{name}` placeholders, and
    the kind of each parameter name (SEAT, SEATS or a content kind such as "city");
    a parameter of no kind (a number, a face) is printed as it is."""

    templates: Mapping[str, str]
    kinds: Mapping[str, str]

    def template(self, msg_id: str) -> str:
        return self.templates[msg_id]

    def parts(self, entry: Message, name: Namer) -> dict[str, tuple[list[str], str | None]]:
        """Each parameter as (its names, its kind: SEAT for players' names, TERM for a rules
        word still to translate, None for a number or faces)."""
        out: dict[str, tuple[list[str], str | None]] = {}
        for key, value in entry[1]:
            kind = self.kinds.get(key)
            values = list(value) if isinstance(value, tuple) else [value]
            if kind is None:
                out[key] = ([" ".join(str(v) for v in values)], None)
            elif kind == TERM:
                out[key] = ([str(v) for v in values], TERM)
            elif kind == NAME:
                out[key] = ([str(v) for v in values], SEAT)
            else:
                one = SEAT if kind == SEATS else kind
                out[key] = ([name(one, v) for v in values], one if one == SEAT else "content")
        return out

    def render(self, template: str, entry: Message, name: Namer) -> str:
        """`template` filled in as plain text (particles by the noun: "{city:로}")."""
        words = {k: Word(", ".join(texts)) for k, (texts, _) in self.parts(entry, name).items()}
        return template.format(**words)

    def english(self, entry: Any, name: Namer) -> str:
        """The entry in English; a line of text from an older engine as it is."""
        if not is_message(entry):
            return str(entry)
        return self.render(self.template(entry[0]), entry, name)


def content_namer(tables: Mapping[str, Mapping[str, Any]], players: list[str],
                  lang: str) -> Namer:
    """A Namer over content tables ({kind: {id: item with .name}}) and the players' names:
    the content's `ko` text on a Korean page where there is one, else its `en`."""
    def name(kind: str, value: Any) -> str:
        if kind == SEAT:
            return players[value] if isinstance(value, int) and 0 <= value < len(players) \
                else str(value)
        item = tables.get(kind, {}).get(value)
        if item is None:
            return str(value).replace("_", " ")
        text = getattr(item, "name", item)
        return (lang == "ko" and getattr(text, "ko", None)) or getattr(text, "en", str(text))
    return name


# What every game refuses alike: a new game's players' names (missionkit/game.py)
SHARED = Catalogue({
    "mk.no.name_controls": N_("a name may not hold tabs, line breaks or invisible control "
                              "characters"),
    "mk.no.same_name": N_("two players are called '{name}': give each player a name of "
                          "their own"),
}, {"name": NAME})


class Speaker:
    """What every game's engine does with its messages: the English text of one, a refusal
    (IllegalEvent with the English reason and the message as data), a log line. Each game
    makes one from its catalogue and its namer (`names(state)`)."""

    def __init__(self, catalogue: Catalogue, names: Callable[[Any], Namer]):
        self.catalogue, self.names = catalogue, names

    def english(self, state: Any, entry: Any) -> str:
        return self.catalogue.english(entry, self.names(state))

    def refuse(self, state: Any, msg_id: str, field: str = "event", **params: Any) -> NoReturn:
        """Refuse a move: IllegalEvent with the reason in English and as data."""
        from .game import IllegalEvent

        entry = msg(msg_id, **params)
        raise IllegalEvent(self.english(state, entry), field, msg_id, dict(entry[1]))

    def log(self, state: Any, msg_id: str, **params: Any) -> Message:
        """Append a message to the state's log (and return it)."""
        entry = msg(msg_id, **params)
        state.log.append(entry)
        return entry
