"""Checks that span files: ids, counts, the setup table and every card's predicate."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..content.checks import Report, unique_ids
from ..content.errors import Problem
from ..content.guide import GuideFile
from ..content.source import Loc, SourceFile
from . import vocabulary
from .guide import unknown_placeholders
from .model import MISSION_TYPES, GadgetsFile, GameFile, MissionsFile


def check_all(files: dict[str, Any], sources: dict[str, SourceFile]) -> list[Problem]:
    """Run every cross-file check on validated files; return the problems found."""
    problems: list[Problem] = []

    def report(file: str, loc: Loc, message: str) -> None:
        problems.append(sources[file].problem(loc, message))

    game: GameFile = files["game"]
    missions: MissionsFile = files["missions"]
    gadgets: GadgetsFile = files["gadgets"]
    guide: GuideFile = files["guide"]
    unique_ids(report, "missions", "missions", missions.missions)
    unique_ids(report, "gadgets", "gadgets", gadgets.gadgets)
    unique_ids(report, "guide", "sections", guide.sections)
    unique_ids(report, "game", "colours", game.colours)
    _check_missions(report, game, missions)
    _check_counts(report, game, missions, gadgets)
    _check_rules(report, game)
    _check_guide(report, game, guide)
    return problems


def _check_missions(report: Report, game: GameFile, missions: MissionsFile) -> None:
    for i, mission in enumerate(missions.missions):
        if not mission.id.startswith(f"{mission.type}_"):
            report("missions", ("missions", i, "id"),
                   f"a {mission.type} card's id starts with '{mission.type}_'")
        for loc, message in vocabulary.problems(mission.check.rule, mission.type):
            report("missions", ("missions", i, "check", *loc), message)


def _check_counts(report: Report, game: GameFile, missions: MissionsFile,
                  gadgets: GadgetsFile) -> None:
    c = game.components
    by_type = Counter(m.type for m in missions.missions)
    for kind in MISSION_TYPES:
        want = c.mission_cards.get(kind, 0)
        if by_type[kind] != want:
            report("missions", ("missions",),
                   f"{by_type[kind]} {kind} cards, but game.yaml components say {want}")
    copies = sum(g.copies for g in gadgets.gadgets)
    if copies != c.gadget_cards:
        report("gadgets", ("gadgets",),
               f"{copies} gadget cards (sum of copies), but game.yaml components say "
               f"{c.gadget_cards}")
    if len(game.colours) != c.dice_colours:
        report("game", ("colours",),
               f"{len(game.colours)} colours, but components say {c.dice_colours}")
    if c.dice % c.dice_colours:
        report("game", ("components", "dice"), "the dice do not split evenly between colours")


def _check_rules(report: Report, game: GameFile) -> None:
    counts = [row.players for row in game.setup]
    if len(set(counts)) != len(counts):
        report("game", ("setup",), "a player count is listed twice")
    per_colour = game.components.dice // game.components.dice_colours
    for i, row in enumerate(game.setup):
        if row.players > len(game.colours):
            report("game", ("setup", i, "players"),
                   f"{row.players} players but only {len(game.colours)} dice colours")
        if row.joker != (row.players in game.variants.joker.players):
            report("game", ("setup", i, "joker"), "disagrees with variants.joker.players")
    r = game.round
    if r.dice_min > r.dice_max:
        report("game", ("round", "dice_min"), "dice_min is above dice_max")
    if r.dice_max > per_colour:
        report("game", ("round", "dice_max"), f"a player owns only {per_colour} dice")
    joker = game.variants.joker
    if joker.max_dice != r.dice_max + joker.extra_dice:
        report("game", ("variants", "joker", "max_dice"),
               f"expected dice_max + extra_dice = {r.dice_max + joker.extra_dice}")
    for j, n in enumerate(joker.players):
        if n not in counts:
            report("game", ("variants", "joker", "players", j), f"no setup for {n} players")
    ids = [d.id for d in game.decisions]
    for j, d in enumerate(game.decisions):
        if ids.index(d.id) != j:
            report("game", ("decisions", j, "id"), f"decision {d.id} is listed twice")


def _check_guide(report: Report, game: GameFile, guide: GuideFile) -> None:
    for i, section in enumerate(guide.sections):
        for j, point in enumerate(section.points):
            for lang in ("en", "ko"):
                for name in unknown_placeholders(point.get(lang), game):
                    report("guide", ("sections", i, "points", j, lang),
                           f"unknown placeholder {{{name}}}")
