"""'Did you mean ...?' for a misspelt field or id, from the names that would have been right
(difflib's close matches), and the field names a content class allows at a location."""

from __future__ import annotations

import dataclasses
import difflib
import typing
from collections.abc import Iterable
from typing import Any


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """'; did you mean 'copies'?' for the closest of `known` to `word`, else ''."""
    found = difflib.get_close_matches(str(word), sorted(set(known)), n=1, cutoff=0.6)
    return f"; did you mean '{found[0]}'?" if found else ""


def _members(tp: Any) -> list[Any]:
    """`tp` without Annotated and Optional/Union wrappers: the types a value may have."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _members(typing.get_args(tp)[0])
    if origin is typing.Union or type(tp).__name__ == "UnionType":
        return [m for arg in typing.get_args(tp) for m in _members(arg)]
    return [tp]


def _step(tp: Any, part: Any) -> list[Any]:
    """The types found at `part` (a field name, list index or mapping key) inside `tp`."""
    out: list[Any] = []
    for member in _members(tp):
        if dataclasses.is_dataclass(member):
            hints = typing.get_type_hints(member, include_extras=True)
            if part in hints:
                out.append(hints[part])
            continue
        origin, args = typing.get_origin(member), typing.get_args(member)
        if origin in (list, tuple, set, frozenset) and args and isinstance(part, int):
            out.append(args[0])
        elif origin is dict and len(args) == 2:
            out.append(args[1])
    return out


def fields_at(model: type, loc: tuple[Any, ...]) -> set[str]:
    """The field names the content class at `loc` (a pydantic error location) allows;
    a tagged union's tag in the location (pydantic adds it) is stepped over."""
    types: list[Any] = [model]
    for part in loc:
        if part == "[key]":
            continue
        found = [t for tp in types for t in _step(tp, part)]
        types = found or types  # nothing matched: a union tag, keep the members
    return {f.name for tp in types for m in _members(tp) if dataclasses.is_dataclass(m)
            for f in dataclasses.fields(m)}
