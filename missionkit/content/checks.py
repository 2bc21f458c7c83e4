"""Cross-file checks every game's loader runs: a problem is reported at a file and a
location in it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .source import Loc

Report = Callable[[str, Loc, str], None]  # (file name, location in it, message)


def unique_ids(report: Report, file: str, key: str, items: Iterable[Any]) -> None:
    """Report every item of the list `key` whose id an earlier item already has."""
    seen: dict[str, int] = {}
    for i, item in enumerate(items):
        if item.id in seen:
            first = f"{key}[{seen[item.id]}]"
            report(file, (key, i, "id"), f"duplicate id '{item.id}' (first at {first})")
        else:
            seen[item.id] = i
