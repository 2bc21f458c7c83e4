"""Load `content/dice_mission/`: parse each file, validate it, then cross-check them.

`glossary.yaml` is not part of the model: the shared glossary check reads it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..content.errors import ContentError, Problem
from ..content.source import SourceFile, read_yaml
from ..content.validate import validate
from .checks import check_all
from .model import DiceMission, GadgetsFile, GameFile, GuideFile, MissionsFile

FILES: dict[str, type] = {
    "game": GameFile,
    "missions": MissionsFile,
    "gadgets": GadgetsFile,
    "guide": GuideFile,
}


def load(folder: Path) -> DiceMission:
    """Load and validate the game in `folder`, or raise ContentError listing every problem."""
    problems: list[Problem] = []
    sources: dict[str, SourceFile] = {}
    files: dict[str, Any] = {}
    for name, model in FILES.items():
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
        parsed, found = validate(model, source)
        problems += found
        if parsed is not None:
            files[name] = parsed
    if problems:
        raise ContentError(problems)
    problems = check_all(files, sources)
    if problems:
        raise ContentError(problems)
    return DiceMission(
        game=files["game"],
        missions=tuple(files["missions"].missions),
        gadgets=tuple(files["gadgets"].gadgets),
        guide=tuple(files["guide"].sections),
    )


def locations(folder: Path) -> dict[str, tuple[Path, int]]:
    """Where each listed item is defined: 'missions:solo_01' -> (path, line). Unreadable
    files are skipped (the loader reports them)."""
    out: dict[str, tuple[Path, int]] = {}
    for name in FILES:
        source, _ = read_yaml(folder / f"{name}.yaml")
        if source is None or not isinstance(source.data, dict):
            continue
        for key, items in source.data.items():
            if not isinstance(items, list):
                continue
            for i, item in enumerate(items):
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    out[f"{key}:{item['id']}"] = (source.path, source.line_of((key, i)) or 1)
    return out
