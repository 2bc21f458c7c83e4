"""Load `content/dice_mission/`: parse each file, validate it, then cross-check them.

`glossary.yaml` is not part of the model: the shared glossary check reads it."""

from __future__ import annotations

from pathlib import Path

from ..content.errors import ContentError, Problem
from ..content.files import item_locations, read_files
from ..content.guide import GuideFile
from ..content.recheck import recheck, renamed, under
from .checks import check_all
from .model import DiceMission, GadgetsFile, GameFile, MissionsFile

FILES: dict[str, type] = {
    "game": GameFile,
    "missions": MissionsFile,
    "gadgets": GadgetsFile,
    "guide": GuideFile,
}


def load(folder: Path) -> DiceMission:
    """Load and validate the game in `folder`, or raise ContentError listing every problem."""
    files, sources, problems = read_files(folder, FILES)
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
    """Where each listed item is defined: 'missions:solo_01' -> (path, line)."""
    return item_locations(folder, FILES)


def check_model(game: DiceMission) -> list[Problem]:
    """The loader's cross-checks on a model already built (a game's rules copy)."""
    files = {"game": game.game, "missions": MissionsFile(missions=list(game.missions)),
             "gadgets": GadgetsFile(gadgets=list(game.gadgets)),
             "guide": GuideFile(sections=list(game.guide))}
    return recheck(check_all, files, {"game": under("game"), "guide": renamed("guide")})
