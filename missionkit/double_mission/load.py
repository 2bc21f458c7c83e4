"""Load `content/double_mission/`: parse each file, validate it, then cross-check them."""

from __future__ import annotations

from pathlib import Path

from ..content.errors import ContentError, Problem
from ..content.files import item_locations, read_files
from ..content.guide import GuideFile
from ..content.recheck import recheck, renamed, under
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


def check_model(game: DoubleMission) -> list[Problem]:
    """The loader's cross-checks on a model already built (a game's rules copy)."""
    files = {
        "game": game.game, "treasures": TreasuresFile(treasures=game.treasures),
        "board": BoardFile(cities=game.cities, lines=game.lines, wrap_lines=game.wrap_lines),
        "characters": CharactersFile(characters=game.characters),
        "titles": TitlesFile(titles=game.titles), "missions": MissionsFile(missions=game.missions),
        "plan_cards": PlanCardsFile(plan_cards=game.plan_cards),
        "guide": GuideFile(sections=game.guide),
    }
    return recheck(check_all, files, {"game": under("game"), "guide": renamed("guide")})
