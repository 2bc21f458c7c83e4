"""Load `content/mission_improbable/`: parse each file, validate it, cross-check them, then
replace skill aliases by skill ids so the rest of the code sees ids only."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from ..content.errors import ContentError, Problem, field_path
from ..content.files import item_locations, read_files
from ..content.recheck import recheck, renamed, under
from .checks import CARD_FILES, SkillBook, card_skill_refs, check_all
from .model import (
    AgentsFile,
    Check,
    ConnectionsFile,
    EquipmentFile,
    EventsFile,
    ExperienceFile,
    LocationsFile,
    MissionImprobable,
    MissionsFile,
    ObstaclesFile,
    SkillMod,
    SkillsFile,
)
from .model_effects import SkillBonus
from .model_rules import GameFile, GlossaryFile, GuideFile, TablesFile

ENGINE_OPTIONS = ("equipment_discard", "joint_attempt", "undercover")
"""Options the engine reads by id, besides the two end triggers game.yaml names."""

FILES: dict[str, type] = {
    "game": GameFile,
    "skills": SkillsFile,
    "tables": TablesFile,
    "agents": AgentsFile,
    "missions": MissionsFile,
    "obstacles": ObstaclesFile,
    "locations": LocationsFile,
    "equipment": EquipmentFile,
    "experience": ExperienceFile,
    "connections": ConnectionsFile,
    "events": EventsFile,
    "guide": GuideFile,
    "glossary": GlossaryFile,
}


def load(folder: Path) -> MissionImprobable:
    """Load and validate the game in `folder`, or raise ContentError listing every problem."""
    files, sources, problems = read_files(folder, FILES)
    if problems:
        raise ContentError(problems)
    problems = check_all(files, sources)
    if problems:
        raise ContentError(problems)
    book = SkillBook(files["skills"].skills)
    cards = {f: tuple(_canonical(c, book) for c in getattr(files[f], f))
             for f in CARD_FILES.values()}
    return MissionImprobable(
        game=files["game"],
        skills=tuple(files["skills"].skills),
        **cards,
        tables={t.id: t for t in files["tables"].tables},
        d5=files["tables"].d5,
        modifiers=files["tables"].modifiers,
        guide=files["guide"],
        glossary=tuple(files["glossary"].terms),
    )


def _canonical(card: Any, book: SkillBook) -> Any:
    """`card` with every skill alias replaced by its skill id (checked beforehand)."""
    def sid(ref: str) -> str:
        return book.resolve(ref, card.id) or ref

    def check(c: Check) -> Check:
        if c.any:
            return replace(c, any=tuple(SkillMod(skill=sid(o.skill), mod=o.mod) for o in c.any))
        return replace(c, skill=sid(c.skill or ""))

    changes: dict[str, Any] = {}
    if getattr(card, "skills", None):
        changes["skills"] = {sid(k): v for k, v in card.skills.items()}
    if getattr(card, "checks", None):
        changes["checks"] = tuple(check(c) for c in card.checks)
    if getattr(card, "check", None) is not None:
        changes["check"] = check(card.check)
    if getattr(card, "effects", None):
        changes["effects"] = tuple(
            replace(e, skill=sid(e.skill)) if isinstance(e, SkillBonus) else e
            for e in card.effects)
    return replace(card, **changes) if changes else card


def locations(folder: Path) -> dict[str, tuple[Path, int]]:
    """Where each listed item is defined: 'agents:mr_bond' -> (path, line)."""
    return item_locations(folder, FILES)


def check_model(game: MissionImprobable) -> list[Problem]:
    """The loader's cross-checks on a model already built (a game's rules copy), and what
    the loader makes sure of itself: tables under their own ids, skills named by id."""
    tables = list(game.tables)
    files: dict[str, Any] = {
        "game": game.game, "skills": SkillsFile(skills=list(game.skills)),
        "tables": TablesFile(d5=game.d5, modifiers=game.modifiers,
                             tables=list(game.tables.values())),
        **{f: FILES[f](**{f: list(getattr(game, f))}) for f in CARD_FILES.values()},
        "guide": game.guide, "glossary": GlossaryFile(terms=list(game.glossary)),
    }

    def in_tables(loc: Any) -> Any:
        return ("tables", tables[loc[1]], *loc[2:]) if loc[:1] == ("tables",) and \
            len(loc) > 1 else loc

    problems = recheck(check_all, files, {"game": under("game"), "guide": under("guide"),
                                          "glossary": renamed("glossary"), "tables": in_tables})
    extra: list[tuple[tuple[Any, ...], str]] = []
    for key, table in game.tables.items():
        if key != table.id:
            extra.append((("tables", key, "id"), f"table '{table.id}' is listed as '{key}'"))
    ids = {s.id for s in game.skills}
    for file in CARD_FILES.values():
        for i, card in enumerate(getattr(game, file)):
            for loc, ref in card_skill_refs(card):
                if ref not in ids:
                    extra.append(((file, i, *loc), f"'{ref}' is not a skill id"))
    options = {o.id: o for o in game.game.options}
    for name in ENGINE_OPTIONS:
        if name not in options:
            extra.append((("game", "options"), f"no option '{name}'"))
    target = options.get(game.game.end.mp_target_option)
    if target is not None and any(isinstance(v, bool | str) for v in (target.default,
                                                                       *target.choices)):
        extra.append((("game", "end", "mp_target_option"), "the MP target is a number"))
    return problems + [Problem(Path("content"), None, field_path(loc), message)
                       for loc, message in extra]
