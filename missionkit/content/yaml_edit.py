"""Change one value of a YAML file, or copy or remove one list item, and leave every other
byte of the file as it was: comments, key order, quoting, alignment, blank lines.

A YAML library that loads a file and dumps it again rewrites what it does not keep: tried on
our content, ruamel.yaml's round trip (the usual choice) re-aligns the column-aligned flow
mappings of board.yaml and turns `[{kind: x}]` into `[kind: x]` in 6 of the 31 files. So
nothing is dumped here: PyYAML's composer (already our parser) gives every node's exact
start and end in the text, the new value is written over just that span in the scalar's
own style (plain, 'single' or "double" quoted), and the result is parsed again and compared
with the old data plus the one intended change; anything else refuses with EditError."""

from __future__ import annotations

import copy
import json
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .source import Loc

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class EditError(ValueError):
    """An edit that cannot be written without changing more than it should."""


def _compose(text: str) -> Node:
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise EditError(f"the file does not parse as YAML ({exc})") from None
    if node is None:
        raise EditError("the file holds no data")
    return node


def node_at(root: Node, loc: Loc) -> Node:
    """The node at `loc` (keys and list indexes) below `root`."""
    node = root
    for part in loc:
        if isinstance(node, MappingNode):
            for key, value in node.value:
                if isinstance(key, ScalarNode) and key.value == part:
                    node = value
                    break
            else:
                raise EditError(f"no field '{part}' there")
        elif isinstance(node, SequenceNode) and isinstance(part, int):
            if not 0 <= part < len(node.value):
                raise EditError(f"no item {part} there")
            node = node.value[part]
        else:
            raise EditError(f"'{part}' is not inside a mapping or a list")
    return node


def _data_at(data: Any, loc: Loc) -> Any:
    for part in loc:
        data = data[part]
    return data


def _set(data: Any, loc: Loc, value: Any) -> Any:
    out = copy.deepcopy(data)
    _data_at(out, loc[:-1])[loc[-1]] = value
    return out


def _load(text: str) -> Any:
    return yaml.load(text, Loader=_Loader)


def _emit(value: Any, style: str | None) -> list[str]:
    """Ways to write `value`, best first: the scalar's own style, then double quotes."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise EditError(f"cannot write a {type(value).__name__}")
    if not isinstance(value, str):
        return [str(value)]
    double = json.dumps(value, ensure_ascii=False)  # a JSON string is a YAML "..." scalar
    if style == "'":
        return ["'" + value.replace("'", "''") + "'", double]
    if style == '"':
        return [double]
    if style in ("|", ">"):
        raise EditError("this text is a block (| or >) in the file: edit it there")
    return [value, double] if value and "\n" not in value else [double]


def set_value(text: str, loc: Loc, value: Any) -> str:
    """`text` with the scalar at `loc` set to `value` (text or number), every other byte
    kept; EditError if that cannot be done exactly."""
    root = _compose(text)
    node = node_at(root, loc)
    if not isinstance(node, ScalarNode):
        raise EditError("that field is not a single value")
    old = _load(text)
    want = _set(old, loc, value)
    start, end = node.start_mark.index, node.end_mark.index
    for written in _emit(value, node.style):
        new = text[:start] + written + text[end:]
        try:
            if _load(new) == want:
                return new
        except yaml.YAMLError:
            continue
    raise EditError(f"cannot write {value!r} there without changing other values")


def set_values(text: str, edits: list[tuple[Loc, Any]]) -> str:
    """Every (loc, value) of `edits` applied in turn (unchanged values are left alone)."""
    data = _load(text)
    for loc, value in edits:
        if _data_at(data, loc) != value:
            text = set_value(text, loc, value)
            data = _load(text)
    return text


def _item_lines(root: Node, list_loc: Loc, index: int) -> tuple[int, int]:
    """The first and last line (0-based) of item `index` of the block list at `list_loc`."""
    seq = node_at(root, list_loc)
    if not isinstance(seq, SequenceNode) or seq.flow_style:
        raise EditError("items can only be added to or removed from a block list (- ...)")
    item = node_at(seq, (index,))
    last = item.start_mark.line

    def walk(node: Node) -> None:
        nonlocal last
        if isinstance(node, ScalarNode) or node.flow_style:  # a block's end is the next token
            end = node.end_mark
            last = max(last, end.line - 1 if end.column == 0 else end.line)
        children = (node.value if isinstance(node, SequenceNode) else
                    [n for pair in node.value for n in pair] if isinstance(node, MappingNode)
                    else [])
        for child in children:
            walk(child)

    walk(item)
    return item.start_mark.line, last


def copy_item(text: str, list_loc: Loc, index: int, new_id: str) -> str:
    """`text` with item `index` of the list at `list_loc` copied right after itself, the
    copy's `id` set to `new_id`; every other line kept."""
    old = _load(text)
    first, last = _item_lines(_compose(text), list_loc, index)
    lines = text.splitlines(keepends=True)
    if not lines[last].endswith("\n"):
        lines[last] += "\n"
    new = "".join(lines[:last + 1] + lines[first:last + 1] + lines[last + 1:])
    new = set_value(new, (*list_loc, index + 1, "id"), new_id)
    want = copy.deepcopy(old)
    item = copy.deepcopy(_data_at(old, (*list_loc, index)))
    item["id"] = new_id
    _data_at(want, list_loc).insert(index + 1, item)
    if _load(new) != want:
        raise EditError("cannot copy that item without changing others")
    return new


def remove_item(text: str, list_loc: Loc, index: int) -> str:
    """`text` without item `index` of the list at `list_loc`; every other line kept."""
    old = _load(text)
    first, last = _item_lines(_compose(text), list_loc, index)
    lines = text.splitlines(keepends=True)
    new = "".join(lines[:first] + lines[last + 1:])
    want = copy.deepcopy(old)
    del _data_at(want, list_loc)[index]
    try:
        ok = _load(new) == want
    except yaml.YAMLError:
        ok = False
    if not ok:
        raise EditError("cannot remove that item without changing others")
    return new
