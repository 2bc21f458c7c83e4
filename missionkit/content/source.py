"""Read a YAML file into plain data plus a map from field paths to line numbers.

PyYAML's `safe_load` forgets where values came from, so we compose the node tree ourselves
and remember each node's line. Duplicate keys, which PyYAML would silently overwrite, are
reported as problems.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .errors import Problem, field_path
from .plain_yaml import explain

Loc = tuple[str | int, ...]
# libyaml's C loader is about 10x faster and still records marks (line numbers).
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class SourceFile:
    """A parsed YAML file: its data and the line of every field."""

    path: Path
    data: Any
    lines: dict[Loc, int] = field(default_factory=dict)

    def line_of(self, loc: Loc) -> int | None:
        """Return the line of `loc`, or of its nearest ancestor that has one."""
        for end in range(len(loc), -1, -1):
            line = self.lines.get(tuple(loc[:end]))
            if line is not None:
                return line
        return None

    def problem(self, loc: Loc, message: str, *, field_name: str | None = None) -> Problem:
        """Build a problem located at `loc` in this file."""
        return Problem(self.path, self.line_of(loc), field_name or field_path(loc), message)


class _Reader:
    """Turns a composed node tree into Python data, recording lines and duplicate keys."""

    def __init__(self, path: Path):
        self.path = path
        self.lines: dict[Loc, int] = {}
        self.problems: list[Problem] = []
        self._scalars = SafeConstructor()

    def read(self, node: Node, loc: Loc) -> Any:
        self.lines.setdefault(loc, node.start_mark.line + 1)
        if isinstance(node, MappingNode):
            return self._mapping(node, loc)
        if isinstance(node, SequenceNode):
            return [self.read(item, (*loc, i)) for i, item in enumerate(node.value)]
        assert isinstance(node, ScalarNode)
        return self._scalars.construct_object(node, deep=True)

    def _mapping(self, node: MappingNode, loc: Loc) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                line = key_node.start_mark.line + 1
                self.problems.append(
                    Problem(self.path, line, field_path(loc), "a key must be a plain word")
                )
                continue
            key = self._scalars.construct_object(key_node)
            if key in out:
                line = key_node.start_mark.line + 1
                self.problems.append(
                    Problem(self.path, line, field_path((*loc, key)), "duplicate key")
                )
                continue
            self.lines[(*loc, key)] = key_node.start_mark.line + 1
            out[key] = self.read(value_node, (*loc, key))
        return out


def _compose(text: str) -> Node | None:
    """Compose with libyaml; on a syntax error, re-parse with PyYAML for its clearer message."""
    try:
        return yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError:
        if _Loader is yaml.SafeLoader:
            raise
        return yaml.compose(text, Loader=yaml.SafeLoader)


# The edit loop reloads a game after every save; the files it did not touch are not parsed
# again. By path and bytes (a timestamp can miss two quick saves); callers never change a
# SourceFile's data (the models copy it).
_PARSED: dict[Path, tuple[bytes, tuple[SourceFile | None, list[Problem]]]] = {}


def read_yaml(path: Path) -> tuple[SourceFile | None, list[Problem]]:
    """Parse one YAML file. Returns the file (or None if unreadable) and any problems."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return None, [Problem(path, None, "", f"cannot read file: {exc.strerror}")]
    stamp = hashlib.blake2b(raw, digest_size=16).digest()
    known = _PARSED.get(path)
    if known is not None and known[0] == stamp:
        return known[1][0], list(known[1][1])
    result = _parse(path, raw)
    if len(_PARSED) > 256:  # a long session over many folders: start afresh
        _PARSED.clear()
    _PARSED[path] = (stamp, result)
    return result[0], list(result[1])


def _parse(path: Path, raw: bytes) -> tuple[SourceFile | None, list[Problem]]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return None, [Problem(path, line, "", "not UTF-8 text (save the file as UTF-8)")]
    if not text.strip():
        return None, [Problem(path, None, "", "the file is empty")]
    try:
        node = _compose(text)
    except yaml.MarkedYAMLError as exc:
        line, reason, excerpt = explain(exc, text)
        return None, [Problem(path, line, "", f"YAML syntax error: {reason}", excerpt)]
    except yaml.YAMLError as exc:
        return None, [Problem(path, None, "", f"YAML error: {exc}")]
    if node is None:
        return None, [Problem(path, None, "", "the file holds no data")]
    reader = _Reader(path)
    try:
        data = reader.read(node, ())
    except yaml.YAMLError as exc:  # e.g. a bad timestamp or an unhashable key
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else None
        return None, [Problem(path, line, "", f"YAML error: {getattr(exc, 'problem', exc)}")]
    return SourceFile(path, data, reader.lines), reader.problems
