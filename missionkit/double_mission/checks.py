"""Checks that span files: ids, references, counts and the movement graph."""

from __future__ import annotations

from typing import Any

from ..content.checks import Report, unique_ids
from ..content.errors import Problem
from ..content.source import Loc, SourceFile
from ..content.suggest import did_you_mean
from . import board
from .guide import unknown_placeholders
from .model import (
    BoardFile,
    CharactersFile,
    GameFile,
    HoldEach,
    HoldType,
    Ladder,
    MissionsFile,
    PlanCardsFile,
    TitlesFile,
    TreasuresFile,
)


def check_all(files: dict[str, Any], sources: dict[str, SourceFile]) -> list[Problem]:
    """Run every cross-file check on validated files; return the problems found."""
    problems: list[Problem] = []

    def report(file: str, loc: Loc, message: str) -> None:
        problems.append(sources[file].problem(loc, message))

    game: GameFile = files["game"]
    trs: TreasuresFile = files["treasures"]
    brd: BoardFile = files["board"]
    chars: CharactersFile = files["characters"]
    titles: TitlesFile = files["titles"]
    missions: MissionsFile = files["missions"]
    plans: PlanCardsFile = files["plan_cards"]

    for name, key, items in (
        ("treasures", "treasures", trs.treasures),
        ("board", "cities", brd.cities),
        ("characters", "characters", chars.characters),
        ("titles", "titles", titles.titles),
        ("missions", "missions", missions.missions),
        ("plan_cards", "plan_cards", plans.plan_cards),
    ):
        unique_ids(report, name, key, items)

    _check_counts(report, game, trs, brd, chars, titles, missions, plans)
    _check_board(report, game, brd)
    _check_titles(report, game, trs, titles)
    _check_missions(report, brd, missions)
    _check_rules(report, game)
    _check_guide(report, game, files["guide"])
    unique_ids(report, "guide", "sections", files["guide"].sections)
    return problems


def _check_counts(report: Report, game, trs, brd, chars, titles, missions, plans) -> None:
    c = game.components
    total_treasures = sum(t.count for t in trs.treasures)
    expected = [
        ("board", ("cities",), len(brd.cities), c.cities, "cities"),
        ("treasures", ("treasures",), total_treasures, c.treasures, "treasures"),
        ("plan_cards", ("plan_cards",), sum(p.copies for p in plans.plan_cards), c.plan_cards,
         "plan cards (sum of copies)"),
        ("missions", ("missions",), len(missions.missions), c.mission_cards, "mission cards"),
        ("titles", ("titles",), len(titles.titles), c.titles, "titles"),
        ("characters", ("characters",), len(chars.characters), c.characters, "characters"),
        ("game", ("investigation_tokens",), sum(t.count for t in game.investigation_tokens),
         c.investigation_tokens, "investigation tokens"),
    ]
    for file, loc, got, want, what in expected:
        if got != want:
            report(file, loc, f"{got} {what}, but game.yaml components say {want}")
    if len(brd.cities) != total_treasures:
        report("board", ("cities",),
               f"{len(brd.cities)} cities for {total_treasures} treasures: each city needs one")
    if len(trs.treasures) != c.value_tokens:
        report("treasures", ("treasures",),
               f"{len(trs.treasures)} treasure types, but {c.value_tokens} value tokens")


def _check_board(report: Report, game: GameFile, brd: BoardFile) -> None:
    ids = {c.id for c in brd.cities}
    sec = game.security
    for i, city in enumerate(brd.cities):
        if not sec.printed_min <= city.security <= sec.printed_max:
            report("board", ("cities", i, "security"),
                   f"security {city.security} is outside {sec.printed_min}-{sec.printed_max}")
    if brd.cities and max(c.security for c in brd.cities) < sec.printed_max:
        report("board", ("cities",), f"no city has the top security level {sec.printed_max}")
    seen_edges: dict[frozenset[str], str] = {}
    for key in ("lines", "wrap_lines"):
        for i, (a, b) in enumerate(getattr(brd, key)):
            for j, end in enumerate((a, b)):
                if end not in ids:
                    report("board", (key, i, j), f"unknown city '{end}'{did_you_mean(end, ids)}")
            if a == b:
                report("board", (key, i), f"a line from '{a}' to itself")
            edge = frozenset((a, b))
            if edge in seen_edges:
                report("board", (key, i), f"line {a}-{b} is listed twice")
            seen_edges[edge] = key
    graph = board.neighbours(brd.cities, [*brd.lines, *brd.wrap_lines])
    groups = board.components(graph)
    if len(groups) > 1:
        for group in groups[1:]:
            names = ", ".join(sorted(group))
            report("board", ("lines",),
                   f"the movement graph is disconnected: no route reaches {names}")


def _check_titles(report: Report, game: GameFile, trs: TreasuresFile, titles: TitlesFile) -> None:
    types = {t.id for t in trs.treasures}
    for i, title in enumerate(titles.titles):
        cond = title.condition
        if isinstance(cond, HoldType) and cond.treasure not in types:
            report("titles", ("titles", i, "condition", "treasure"),
                   f"unknown treasure '{cond.treasure}'{did_you_mean(cond.treasure, types)}")
        if isinstance(cond, HoldEach):
            for j, t in enumerate(cond.treasures):
                if t not in types:
                    report("titles", ("titles", i, "condition", "treasures", j),
                           f"unknown treasure '{t}'{did_you_mean(t, types)}")
    most = max((p.titles_on_offer for p in game.players), default=0)
    if most > len(titles.titles):
        report("game", ("players",), f"{most} titles on offer but only {len(titles.titles)} exist")


def _check_missions(report: Report, brd: BoardFile, missions: MissionsFile) -> None:
    group_sizes = {
        "robbed_seaports": sum(c.seaport for c in brd.cities),
        "robbed_airports": sum(c.airport for c in brd.cities),
    }
    for i, mission in enumerate(missions.missions):
        s = mission.scoring
        if isinstance(s, Ladder) and s.counts in group_sizes:
            size = group_sizes[s.counts]
            if len(s.points) != size:
                report("missions", ("missions", i, "scoring", "points"),
                       f"{len(s.points)} rungs, but the board has {size} such cities")


def _check_rules(report: Report, game: GameFile) -> None:
    counts = [p.count for p in game.players]
    if len(set(counts)) != len(counts):
        report("game", ("players",), "a player count is listed twice")
    if game.dice.success_faces > game.dice.faces:
        report("game", ("dice", "success_faces"), "more success faces than faces")
    if game.dice.start > game.dice.max:
        report("game", ("dice", "start"), "players start with more dice than the maximum")
    if game.security.floor > game.security.printed_min:
        report("game", ("security", "floor"), "the floor is above the lowest printed level")
    option_ids = [o.id for o in game.options]
    if len(set(option_ids)) != len(option_ids):
        report("game", ("options",), "an option id is listed twice")


def _check_guide(report: Report, game: GameFile, guide: Any) -> None:
    for i, section in enumerate(guide.sections):
        for j, point in enumerate(section.points):
            for lang in ("en", "ko"):
                for name in unknown_placeholders(point.get(lang), game):
                    report("guide", ("sections", i, "points", j, lang),
                           f"unknown placeholder {{{name}}}")
