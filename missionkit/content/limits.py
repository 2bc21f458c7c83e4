"""Size limits on content data, before it is validated: how deep, how long a list or a
mapping, how long a text, how many values in all. The same limits hold for `content/` (each
file, reported with its line) and for the rules copy an imported game carries, which is
untrusted: no copy within them makes validation, the checks or a replay slow.

Every shipped value is far below them (deepest 9, longest list 116 items, longest text 275
characters, largest file 1,958 values, a whole game's rules copy about 3,000)."""

from __future__ import annotations

from typing import Any

from .source import Loc

MAX_DEPTH = 24
MAX_ITEMS = 1000
MAX_TEXT = 4000
MAX_VALUES = 50_000


def oversized(data: Any) -> tuple[Loc, str] | None:
    """The first place where `data` (parsed YAML or JSON) passes a limit, with what is wrong;
    None when it is within them all. Walks iteratively, so depth never recurses."""
    count = 0
    stack: list[tuple[Loc, Any]] = [((), data)]
    while stack:
        loc, node = stack.pop()
        count += 1
        if count > MAX_VALUES:
            return (), f"more than {MAX_VALUES} values in all"
        if len(loc) > MAX_DEPTH:
            return loc, f"nested more than {MAX_DEPTH} deep"
        if isinstance(node, str):
            if len(node) > MAX_TEXT:
                return loc, f"a text of {len(node)} characters (at most {MAX_TEXT})"
        elif isinstance(node, dict | list):
            if len(node) > MAX_ITEMS:
                return loc, f"{len(node)} items (at most {MAX_ITEMS})"
            long_key = next((k for k in node if isinstance(k, str) and len(k) > MAX_TEXT),
                            None) if isinstance(node, dict) else None
            if long_key is not None:
                return loc, f"a key of {len(long_key)} characters (at most {MAX_TEXT})"
            items = node.items() if isinstance(node, dict) else enumerate(node)
            stack.extend(((*loc, key), value) for key, value in reversed(list(items)))
    return None
