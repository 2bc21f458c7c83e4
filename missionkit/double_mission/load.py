"""Load `content/double_mission/`: parse each file, validate it, then cross-check them."""

from __future__ import annotations

from pathlib import Path

from ..content.errors import ContentError
from ..content.files import item_locations, read_files
from ..content.guide import GuideFile
from .checks import check_all
from .model import (
    BoardFile,
    CharactersFile,
    DoubleMission,
    GameFile,
    MissionsFile,
    PlanCardsFile,
    TitlesFile,
    TreasuresFile,
)

FILES: dict[str, type] = {
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
    files, sources, problems = read_files(folder, FILES)
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


def locations(folder: Path) -> dict[str, tuple[Path, int]]:
    """Where each listed item is defined: 'titles:spy' -> (path, line)."""
    return item_locations(folder, FILES)
