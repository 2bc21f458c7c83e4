"""Read a game folder's YAML files into validated file models: the loop every game's loader
shares. Problems are collected, never raised one at a time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import Problem
from .limits import oversized
from .source import SourceFile, read_yaml


def read_files(folder: Path, files: dict[str, type]
               ) -> tuple[dict[str, Any], dict[str, SourceFile], list[Problem]]:
    """Each `<name>.yaml` in `folder` validated as `files[name]`: (parsed models by name,
    their sources for line numbers, every problem found)."""
    from .validate import validate  # pydantic: only a content-cache miss needs it

    problems: list[Problem] = []
    sources: dict[str, SourceFile] = {}
    parsed_files: dict[str, Any] = {}
    for name, model in files.items():
        path = folder / f"{name}.yaml"
        if not path.exists():
            problems.append(Problem(path, None, "", "file is missing"))
            continue
        source, found = read_yaml(path)
        problems += found
        if source is None:
            continue
        sources[name] = source
        if not isinstance(source.data, dict):
            problems.append(source.problem((), "expected a mapping (key: value) at the top"))
            continue
        too_big = oversized(source.data)
        if too_big is not None:
            problems.append(source.problem(*too_big))
            continue
        parsed, found = validate(model, source)
        problems += found
        if parsed is not None:
            parsed_files[name] = parsed
    return parsed_files, sources, problems


def item_locations(folder: Path, names: Any) -> dict[str, tuple[Path, int]]:
    """Where each listed item is defined: '<list>:<id>' -> (path, line), over the files
    `names` of `folder`. Unreadable files are skipped (the loader reports them)."""
    out: dict[str, tuple[Path, int]] = {}
    for name in names:
        out.update(_file_locations(folder / f"{name}.yaml"))
    return out


def _file_locations(path: Path) -> dict[str, tuple[Path, int]]:
    """'<list>:<id>' -> (path, line) of one file."""
    out: dict[str, tuple[Path, int]] = {}
    source, _ = read_yaml(path)
    if source is not None and isinstance(source.data, dict):
        for key, items in source.data.items():
            if not isinstance(items, list):
                continue
            for i, item in enumerate(items):
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    out[f"{key}:{item['id']}"] = (source.path, source.line_of((key, i)) or 1)
    return out
