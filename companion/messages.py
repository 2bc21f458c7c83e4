"""An engine's messages (missionkit/messages.py) in the page's language.

The engine's English sentence is the catalogue's msgid; its translation keeps the same
`{name}` placeholders, with a Korean particle in the spec where one follows ("{city:로}").
Players' names are escaped and isolated (`<bdi>`); content ids become the content's name in
the page's language. A game whose engine still writes lines of text shows them as they are.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask_babel import gettext
from jinja2 import pass_context
from markupsafe import Markup, escape

from missionkit.korean import FORMS, particle
from missionkit.messages import SEAT, SHARED, TERM, Message, is_message

from .i18n import isolated, lang


class _Name:
    """One parameter's names, formatted as HTML with the particle its spec asks for."""

    def __init__(self, texts: list[str], kind: str | None):
        self.seat = kind == SEAT
        self.texts = [gettext(t) for t in texts] if kind == TERM else texts

    def __html_format__(self, spec: str) -> Markup:
        shown = [isolated(t) if self.seat else escape(t) for t in self.texts]
        out = Markup(", ").join(shown)
        if spec in FORMS and self.texts:
            out += particle(self.texts[-1], spec)
        return out


def from_json(data: Any) -> Any:
    """A message given as `{"id", "params"}` (a state's warnings, a tally's notes) as the
    tuple the engines keep; anything else as it is."""
    if isinstance(data, dict) and data.get("id"):
        return (data["id"], tuple((k, _tupled(v)) for k, v in data.get("params", {}).items()))
    if isinstance(data, dict):
        return data.get("text", "")
    return data


def _tupled(value: Any) -> Any:
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


def render(plugin: Any, state: Any, entry: Message | str | dict) -> Markup:
    """One message as HTML in the page's language."""
    entry = from_json(entry)
    words = getattr(plugin, "messages", None)
    if not is_message(entry) or words is None:
        return escape(str(entry))
    catalogue = next((c for c in (words.CATALOGUE, SHARED) if entry[0] in c.templates), None)
    if catalogue is None:
        return escape(str(entry))
    parts = catalogue.parts(entry, words.names(state, lang()))
    template = gettext(catalogue.template(entry[0]))
    return escape(template).format(**{k: _Name(texts, kind)
                                      for k, (texts, kind) in parts.items()})


def text(plugin: Any, state: Any, entry: Any) -> str:
    """One message as plain text in the page's language (an export, a file)."""
    return render(plugin, state, entry).striptags()


def log_lines(plugin: Any, state: Any, n: int = 12) -> list[Markup]:
    """The log's last `n` entries, oldest first, in the page's language."""
    return [render(plugin, state, entry) for entry in state.log[-n:]]


def refusal(plugin: Any, state: Any, exc: Any) -> Markup | str:
    """Why a move was refused, in the page's language (the English text when the refusal
    carries no message id: a shape check's own words)."""
    if exc.msg_id is None:
        return exc.message
    entry = (exc.msg_id, tuple((k, _tupled(v)) for k, v in exc.params.items()))
    return render(plugin, state, entry)


@pass_context
def _message_filter(ctx: Any, entry: Any) -> Markup:
    """`{{ entry|msg }}` in a game's templates: the message in the page's language."""
    return render(ctx.get("plugin"), ctx.get("state"), entry)


def init_app(app: Flask) -> None:
    app.jinja_env.filters["msg"] = _message_filter
