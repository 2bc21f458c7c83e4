"""Validate parsed YAML against a content class and turn pydantic's errors into located
problems."""

from __future__ import annotations

import re
from functools import cache
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from .errors import Problem, field_path
from .source import Loc, SourceFile
from .suggest import did_you_mean, fields_at

M = TypeVar("M")

_MESSAGES = {
    "missing": "required field is missing",
    "missing_keyword_only_argument": "required field is missing",
    "extra_forbidden": "unknown field",
    "unexpected_keyword_argument": "unknown field",
    "int_parsing": "expected a whole number, got {input}",
    "int_type": "expected a whole number, got {input}",
    "int_from_float": "expected a whole number, got {input}",
    "float_parsing": "expected a number, got {input}",
    "float_type": "expected a number, got {input}",
    "bool_parsing": "expected true or false, got {input}",
    "bool_type": "expected true or false, got {input}",
    "string_type": "expected text, got {input}",
    "dict_type": "expected a mapping (key: value), got {input}",
    "model_type": "expected a mapping (key: value), got {input}",
    "dataclass_type": "expected a mapping (key: value), got {input}",
    "dataclass_args_type": "expected a mapping (key: value), got {input}",
    "model_attributes_type": "expected a mapping (key: value), got {input}",
    "list_type": "expected a list, got {input}",
    "tuple_type": "expected a list, got {input}",
}


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _has(node: Any, part: Any) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)


def _data_loc(data: Any, loc: tuple[Any, ...]) -> Loc:
    """Keep the parts of a pydantic location that exist in the data (drops union tags)."""
    out: list[str | int] = []
    node = data
    for i, part in enumerate(loc):
        if part == "[key]":  # pydantic marks a bad mapping key; the key itself is already named
            continue
        if _has(node, part):
            node = node[part]
            out.append(part)
        elif i == len(loc) - 1 and isinstance(part, str | int):
            out.append(part)  # a missing or unknown field: name it
    return tuple(out)


def _message(err: dict[str, Any]) -> str:
    if err["type"] == "union_tag_invalid":
        ctx = err["ctx"]
        tags = re.findall(r"'([^']*)'", ctx["expected_tags"])
        return f"unknown {ctx['discriminator'].strip(chr(39))} {ctx['tag']!r}"\
            f"{did_you_mean(str(ctx['tag']), tags)} (expected one of: {', '.join(tags)})"
    template = _MESSAGES.get(err["type"])
    if template:
        return template.format(input=_show(err.get("input")))
    msg = err["msg"]
    for prefix in ("Value error, ", "Assertion failed, "):
        msg = msg.removeprefix(prefix)
    if err["type"] == "literal_error":  # "input should be 'a', 'b' or 'c'"
        msg += did_you_mean(str(err.get("input")), re.findall(r"'([^']*)'", err["ctx"]["expected"]))
    return msg[:1].lower() + msg[1:]


@cache
def _adapter(model: type) -> TypeAdapter:
    return TypeAdapter(model)


def validate(model: type[M], source: SourceFile) -> tuple[M | None, list[Problem]]:
    """Validate `source.data` as `model`; on failure return every problem, located. An
    unknown field close to an allowed one says "did you mean"; the required field it was
    meant to be is then not reported missing as well."""
    try:
        return _adapter(model).validate_python(source.data), []
    except ValidationError as exc:
        errors = exc.errors()
        hints, meant = _misspelt(model, source, errors)
        problems = []
        seen = set()
        for err in errors:
            loc = _data_loc(source.data, err["loc"])
            if err["type"] == "union_tag_invalid":
                loc = (*loc, err["ctx"]["discriminator"].strip("'"))
            key = (loc, err["type"])
            if key in seen or (err["type"] in _MISSING and loc in meant):
                continue
            seen.add(key)
            problems.append(
                Problem(source.path, source.line_of(loc), field_path(loc),
                        _message(err) + hints.get(loc, ""))
            )
        return None, problems


_MISSING = ("missing", "missing_keyword_only_argument")
_UNKNOWN = ("extra_forbidden", "unexpected_keyword_argument")


def _misspelt(model: type, source: SourceFile, errors: list[dict[str, Any]]
              ) -> tuple[dict[Loc, str], set[Loc]]:
    """For each unknown field: its "did you mean" hint, by location, and the locations of
    the missing fields those hints name (reported once, as the misspelling)."""
    hints: dict[Loc, str] = {}
    meant: set[Loc] = set()
    for err in errors:
        if err["type"] not in _UNKNOWN:
            continue
        loc = _data_loc(source.data, err["loc"])
        parent, name = loc[:-1], loc[-1]
        allowed = fields_at(model, tuple(err["loc"][:-1])) - {name}
        hint = did_you_mean(str(name), allowed)
        if hint:
            hints[loc] = hint
            meant.add((*parent, hint.split("'")[1]))
    return hints, meant
