"""Checks that span files: card ids across the deck, skill references, card counts per type,
table coverage, options, the guide's phases and the glossary's rejected words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..content.base import LANGUAGES, Localized
from ..content.checks import Report
from ..content.errors import Problem
from ..content.source import Loc, SourceFile
from ..content.suggest import did_you_mean
from .guide import unknown_placeholders
from .model import Check, Location, Mission, Obstacle, Skill
from .model_effects import NemesisRolls, SkillBonus, TableModifier
from .model_rules import CARD_TYPES, GameFile, GlossaryFile, GuideFile, TablesFile

CARD_FILES: dict[str, str] = {
    "agent": "agents", "mission": "missions", "obstacle": "obstacles", "location": "locations",
    "equipment": "equipment", "experience": "experience", "connection": "connections",
    "event": "events",
}
"""Card type -> the file (and top-level key) that lists its cards."""

TABLE_IDS = ("spy", "mission_failure", "capture")
PHASES = ("support", "recruit", "assignment", "intercept", "spy", "mission", "objectives",
          "counter", "capture")


class SkillBook:
    """Resolves a skill reference on a card: an id, or an alias allowed on that card."""

    def __init__(self, skills: list[Skill]):
        self.ids = {s.id for s in skills}
        self.aliases = {a.name: (s.id, a) for s in skills for a in s.aliases}

    def resolve(self, ref: str, card_id: str) -> str | None:
        if ref in self.ids:
            return ref
        hit = self.aliases.get(ref)
        if hit and hit[1].applies_to(card_id):
            return hit[0]
        return None

    def complaint(self, ref: str) -> str:
        hit = self.aliases.get(ref)
        if hit:
            return f"'{ref}' is read as '{hit[0]}' only on: {', '.join(hit[1].cards)}"
        return f"unknown skill '{ref}'{did_you_mean(ref, self.ids)} (known: "\
            f"{', '.join(sorted(self.ids))})"


def card_skill_refs(card: Any) -> Iterator[tuple[Loc, str]]:
    """Every skill a card names, with its location inside the card."""
    for skill in getattr(card, "skills", None) or {}:
        yield ("skills", skill), skill
    if isinstance(card, Mission):
        for i, check in enumerate(card.checks):
            yield from _check_refs(check, ("checks", i))
    if isinstance(card, Obstacle | Location):
        yield from _check_refs(card.check, ("check",))
    for i, effect in enumerate(getattr(card, "effects", None) or ()):
        if isinstance(effect, SkillBonus):
            yield ("effects", i, "skill"), effect.skill


def _check_refs(check: Check, where: Loc) -> Iterator[tuple[Loc, str]]:
    if check.any:
        for j, option in enumerate(check.any):
            yield (*where, "any", j, "skill"), option.skill
    elif check.skill is not None:
        yield (*where, "skill"), check.skill


def check_all(files: dict[str, Any], sources: dict[str, SourceFile]) -> list[Problem]:
    """Run every cross-file check on validated files; return the problems found."""
    problems: list[Problem] = []

    def report(file: str, loc: Loc, message: str) -> None:
        problems.append(sources[file].problem(loc, message))

    _check_skills(report, files["skills"].skills)
    book = SkillBook(files["skills"].skills)
    _check_cards(report, files, book)
    _check_counts(report, files["game"], files)
    _check_tables(report, files["tables"])
    _check_game(report, files["game"])
    _check_guide(report, files["guide"], files["game"])
    _check_glossary(report, files["glossary"], sources)
    return problems


def _check_skills(report: Report, skills: list[Skill]) -> None:
    seen: dict[str, str] = {}
    for i, skill in enumerate(skills):
        if skill.id in seen:
            report("skills", ("skills", i, "id"), f"duplicate skill '{skill.id}'")
        seen[skill.id] = skill.id
    for i, skill in enumerate(skills):
        for j, alias in enumerate(skill.aliases):
            if alias.name in seen:
                owner = seen[alias.name]
                report("skills", ("skills", i, "aliases", j, "name"),
                       f"'{alias.name}' already names skill '{owner}'")
            seen[alias.name] = skill.id


def _check_cards(report: Report, files: dict[str, Any], book: SkillBook) -> None:
    first: dict[str, str] = {}
    for file in CARD_FILES.values():
        for i, card in enumerate(getattr(files[file], file)):
            if card.id in first:
                report(file, (file, i, "id"),
                       f"duplicate id '{card.id}' (first in {first[card.id]})")
            else:
                first[card.id] = f"{file}[{i}]"
            for loc, ref in card_skill_refs(card):
                if book.resolve(ref, card.id) is None:
                    report(file, (file, i, *loc), book.complaint(ref))
            for j, effect in enumerate(getattr(card, "effects", None) or ()):
                if isinstance(effect, TableModifier) and effect.amount == 0:
                    report(file, (file, i, "effects", j, "amount"),
                           "a table modifier of 0 changes nothing")
    for i, skill in enumerate(files["skills"].skills):
        for j, alias in enumerate(skill.aliases):
            for k, card_id in enumerate(alias.cards):
                if card_id not in first:
                    report("skills", ("skills", i, "aliases", j, "cards", k),
                           f"unknown card '{card_id}'{did_you_mean(card_id, first)}")


def _check_counts(report: Report, game: GameFile, files: dict[str, Any]) -> None:
    listed = [t.id for t in game.card_types]
    if listed != list(CARD_TYPES):
        report("game", ("card_types",),
               f"card types must be listed once each, in order: {', '.join(CARD_TYPES)}")
        return
    total = 0
    for info in game.card_types:
        file = CARD_FILES[info.id]
        got = len(getattr(files[file], file))
        total += got
        if got != info.count:
            report(file, (file,), f"{got} {info.id} cards, but game.yaml card_types say "
                   f"{info.count}")
    if sum(t.count for t in game.card_types) != game.deck_size:
        report("game", ("deck_size",), f"card_types add up to "
               f"{sum(t.count for t in game.card_types)}, not {game.deck_size}")


def _check_tables(report: Report, tables: TablesFile) -> None:
    ids = [t.id for t in tables.tables]
    for want in TABLE_IDS:
        if ids.count(want) != 1:
            report("tables", ("tables",), f"table '{want}' must be listed once, not "
                   f"{ids.count(want)} times")
    low, high = tables.modifiers.clamp
    if (low, high) != (1, 10):
        report("tables", ("modifiers", "clamp"), "a D10 table clamps to [1, 10]")
    for i, table in enumerate(tables.tables):
        _check_repeats(report, i, table)
        expected = 1
        for j, row in enumerate(table.rows):
            where = ("tables", i, "rows", j, "from")
            if row.from_ > expected:
                report("tables", where, f"gap: {_span(expected, row.from_ - 1)} is not covered")
            elif row.from_ < expected:
                report("tables", where,
                       f"overlap: {_span(row.from_, min(row.to, expected - 1))} is covered twice")
            expected = max(expected, row.to + 1)
        if expected <= 10:
            report("tables", ("tables", i, "rows"), f"gap: {_span(expected, 10)} is not covered")


def _check_repeats(report: Report, i: int, table: Any) -> None:
    """A repeated 'your nemesis rolls' that counts as nothing reads the table's row where
    nothing happens (MID-21): there must be one."""
    if any(not row.effects for row in table.rows):
        return
    for j, row in enumerate(table.rows):
        for k, effect in enumerate(row.effects):
            if isinstance(effect, NemesisRolls) and effect.on_repeat == "nothing":
                report("tables", ("tables", i, "rows", j, "effects", k, "on_repeat"),
                       "a repeat counts as nothing, but no row of this table is nothing "
                       "(effects: [])")


def _span(a: int, b: int) -> str:
    return str(a) if a == b else f"{a}-{b}"


def _check_game(report: Report, game: GameFile) -> None:
    if game.players.min > game.players.max:
        report("game", ("players",), "min players above max")
    option_ids = [o.id for o in game.options]
    for i, oid in enumerate(option_ids):
        if oid in option_ids[:i]:
            report("game", ("options", i, "id"), f"option '{oid}' is listed twice")
    for key in ("deck_option", "mp_target_option"):
        if getattr(game.end, key) not in option_ids:
            report("game", ("end", key), f"no option '{getattr(game.end, key)}'")
    _check_end(report, game)
    decision_ids = [d.id for d in game.decisions]
    for i, did in enumerate(decision_ids):
        if did in decision_ids[:i]:
            report("game", ("decisions", i, "id"), f"decision '{did}' is listed twice")
    for i, option in enumerate(game.options):
        if option.decision and option.decision not in decision_ids:
            report("game", ("options", i, "decision"), f"no decision '{option.decision}'")


def _check_end(report: Report, game: GameFile) -> None:
    """MID-01: the empty deck is a true/false option, the MP target a number that may be off,
    and the default options turn at least one of them on, or a game never ends."""
    options = {o.id: o for o in game.options}
    deck, target = options.get(game.end.deck_option), options.get(game.end.mp_target_option)
    if deck is not None and not (
            isinstance(deck.default, bool) and set(deck.choices) <= {True, False}):
        report("game", ("end", "deck_option"),
               f"the empty-deck trigger '{deck.id}' must be a true/false option")
        deck = None
    if target is not None and (target.choices or isinstance(target.default, bool | str)):
        report("game", ("end", "mp_target_option"),
               f"the MP target '{target.id}' must be a number option")
        target = None
    if deck is not None and target is not None and not deck.default and target.default is None:
        report("game", ("end",), f"no end trigger: with the default options neither an empty "
               f"deck ({deck.id}) nor an MP target ({target.id}) ends the game, so it would "
               "never end")


def _check_guide(report: Report, guide: GuideFile, game: GameFile) -> None:
    if tuple(p.id for p in guide.phases) != PHASES:
        report("guide", ("phases",), f"the 9 phases, in order: {', '.join(PHASES)}")
    missing = [t for t in CARD_TYPES if t not in guide.card_reminders]
    if missing:
        report("guide", ("card_reminders",), f"no reminder for: {', '.join(missing)}")
    texts: list[tuple[Loc, Localized]] = [
        (("phases", i, "reminder"), p.reminder) for i, p in enumerate(guide.phases)]
    texts += [(("card_reminders", k), v) for k, v in guide.card_reminders.items()]
    texts += [(("sections", i, "points", j), point) for i, s in enumerate(guide.sections)
              for j, point in enumerate(s.points)]
    for loc, text in texts:
        for lang in LANGUAGES:
            for name in unknown_placeholders(text.get(lang), game):
                report("guide", (*loc, lang), f"unknown placeholder {{{name}}}")


def _check_glossary(report: Report, glossary: GlossaryFile,
                    sources: dict[str, SourceFile]) -> None:
    rejected = {word: term.en for term in glossary.terms for word in term.reject}
    for name, source in sources.items():
        if name == "glossary":
            continue
        for loc, text in _korean_texts(source.data, ()):
            for word, term in rejected.items():
                if word in text:
                    report(name, loc, f"'{word}' is not our word for '{term}' (glossary)")


def _korean_texts(node: Any, loc: Loc) -> Iterator[tuple[Loc, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "ko" and isinstance(value, str):
                yield (*loc, key), value
            else:
                yield from _korean_texts(value, (*loc, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _korean_texts(value, (*loc, i))
