"""Validate parsed YAML against a content class and turn pydantic's errors into located
problems."""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from .errors import Problem, field_path
from .source import Loc, SourceFile

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
        return f"unknown {ctx['discriminator'].strip(chr(39))} {ctx['tag']!r} (expected one of: "\
            f"{ctx['expected_tags'].replace(chr(39), '')})"
    template = _MESSAGES.get(err["type"])
    if template:
        return template.format(input=_show(err.get("input")))
    msg = err["msg"]
    for prefix in ("Value error, ", "Assertion failed, "):
        msg = msg.removeprefix(prefix)
    return msg[:1].lower() + msg[1:]


@cache
def _adapter(model: type) -> TypeAdapter:
    return TypeAdapter(model)


def validate(model: type[M], source: SourceFile) -> tuple[M | None, list[Problem]]:
    """Validate `source.data` as `model`; on failure return every problem, located."""
    try:
        return _adapter(model).validate_python(source.data), []
    except ValidationError as exc:
        problems = []
        seen = set()
        for err in exc.errors():
            loc = _data_loc(source.data, err["loc"])
            if err["type"] == "union_tag_invalid":
                loc = (*loc, err["ctx"]["discriminator"].strip("'"))
            key = (loc, err["type"])
            if key in seen:
                continue
            seen.add(key)
            problems.append(
                Problem(source.path, source.line_of(loc), field_path(loc), _message(err))
            )
        return None, problems
