"""The shape of a game's `rulebook.yaml` (see cardgen.rulebook_api): sections of blocks, each
block one kind of thing (a paragraph, bullets, numbered steps, a figure, a reference or a
block the shared builder generates). Read with line marks, so every problem is located."""

from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import Literal

from .base import Id, Localized, Text, model
from .errors import ContentError, Problem
from .files import read_files
from .source import SourceFile

FILE = "rulebook.yaml"
KINDS = ("text", "list", "steps", "figure", "reference", "generated")
Generated = Literal["components", "clarified"]
Paragraphs = list[Localized]  # bullets or steps (an alias: a field is named `list`)


@model
class Block:
    """One block of a section: exactly one of KINDS is set (`caption` goes with `figure`)."""

    text: Localized | None = None
    list: Paragraphs | None = None
    steps: Paragraphs | None = None
    figure: Text | None = None
    caption: Localized | None = None
    reference: Text | None = None
    generated: Generated | None = None

    @property
    def kind(self) -> str:
        return next(k for k in KINDS if getattr(self, k) is not None)


@model
class Section:
    id: Id
    title: Localized
    blocks: list[Block] = field(default_factory=list)
    quick: bool = False  # also printed on the one-page quick reference at the back


@model
class RulebookFile:
    sections: list[Section]


def read_rulebook(folder: Path) -> tuple[RulebookFile, SourceFile]:
    """`folder`'s rulebook.yaml, validated (ContentError naming file, line and field)."""
    parsed, sources, problems = read_files(folder, {"rulebook": RulebookFile})
    if not problems:
        problems = _shape(parsed["rulebook"], sources["rulebook"])
    if problems:
        raise ContentError(problems)
    return parsed["rulebook"], sources["rulebook"]


def _shape(book: RulebookFile, source: SourceFile) -> list[Problem]:
    """Each block holds one kind, a caption only under a figure, and section ids are unique."""
    problems, seen = [], set()
    for i, section in enumerate(book.sections):
        if section.id in seen:
            problems.append(source.problem(("sections", i, "id"),
                                           f"section '{section.id}' is listed twice"))
        seen.add(section.id)
        for j, block in enumerate(section.blocks):
            kinds = [k for k in KINDS if getattr(block, k) is not None]
            loc = ("sections", i, "blocks", j)
            if len(kinds) != 1:
                problems.append(source.problem(
                    loc, f"a block holds exactly one of {', '.join(KINDS)}"
                    + (f" (found {', '.join(kinds)})" if kinds else "")))
            elif block.caption is not None and kinds != ["figure"]:
                problems.append(source.problem((*loc, "caption"), "a caption goes with a figure"))
    return problems
