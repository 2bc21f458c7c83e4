"""Load `content/double_mission/`: parse each file, validate it, then cross-check them."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from ..content.errors import ContentError, Problem
from ..content.source import SourceFile, read_yaml
from ..content.validate import validate
from .checks import check_all
from .model import (
    BoardFile,
    CharactersFile,
    DoubleMission,
    GameFile,
    GuideFile,
    MissionsFile,
    PlanCardsFile,
    TitlesFile,
    TreasuresFile,
)

FILES: dict[str, type[BaseModel]] = {
    "game": GameFile,
    "treasures": TreasuresFile,
    "board": BoardFile,
    "characters": CharactersFile,
    "titles": TitlesFile,
    "missions": MissionsFile,
    "plan_cards": PlanCardsFile,
    "guide": GuideFile,
}


def load(folder: Path) -> DoubleMission:
    """Load and validate the game in `folder`, or raise ContentError listing every problem."""
    problems: list[Problem] = []
    sources: dict[str, SourceFile] = {}
    files: dict[str, BaseModel] = {}
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
    return DoubleMission(
        game=files["game"],
        treasures=files["treasures"].treasures,
        cities=files["board"].cities,
        lines=files["board"].lines,
        wrap_lines=files["board"].wrap_lines,
        characters=files["characters"].characters,
        titles=files["titles"].titles,
        missions=files["missions"].missions,
        plan_cards=files["plan_cards"].plan_cards,
        guide=files["guide"].sections,
    )
