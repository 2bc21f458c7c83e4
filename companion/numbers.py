"""The one reader of whole numbers typed into HTML forms and query strings.

`str.isdigit()` says yes to "²" and to a 5000-digit string, and `int()` then fails (a 500):
only plain ASCII digits, at most nine of them, are a number here."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

WHOLE = re.compile(r"[0-9]{1,9}")


def whole_number(text: Any) -> int | None:
    """The whole number `text` spells (surrounding spaces allowed), else None."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    return int(text) if WHOLE.fullmatch(text) else None


def number_or_text(text: str) -> int | str:
    """A form value as a number when it is one; anything else is left as typed, so the
    event's validation refuses it naming its field."""
    number = whole_number(text)
    return text if number is None else number


def _filled(form: Any, key: str) -> str:
    """A field's first filled-in value: a form may send a name twice, as a one-tap button
    (sent by htmx after the form's fields) and an empty box for the same value."""
    values = form.getlist(key) if hasattr(form, "getlist") else [form.get(key, "")]
    return next((v.strip() for v in values if v.strip()), "")


def form_fields(form: Any, numbers: Iterable[str], texts: Iterable[str],
                flags: Iterable[str] = ()) -> dict[str, Any]:
    """The filled-in fields of an HTML form: `numbers` read as whole numbers (anything else
    left as typed, for validation to refuse), `texts` as text, ticked `flags` as True; empty
    fields left out."""
    out: dict[str, Any] = {}
    for key in numbers:
        value = _filled(form, key)
        if value:
            out[key] = number_or_text(value)
    for key in texts:
        value = _filled(form, key)
        if value:
            out[key] = value
    for key in flags:
        if form.get(key):
            out[key] = True
    return out
