"""A game's glossary (`glossary.yaml`): its Korean term for each English term, and the Korean
variants that must not appear in any `ko:` text of that game.

The glossary is optional: a game without one is not checked. A variant counts as used when
it starts a word (eojeol) and ends one, or is followed only by particles or the copula
(`보드`, `보드의`, `보드에서도` use `보드`; `키보드` and `체크하여` do not use `보드` / `체크`),
because Korean attaches particles to the word they follow."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from .base import Text, model
from .errors import Problem, field_path
from .source import Loc, SourceFile, read_yaml
from .validate import validate

FILE = "glossary.yaml"

# Particles and copula endings that may follow a word; several may stack (에서+도, 으로+는).
PARTICLES = (
    "이었다", "이라도", "이라면", "이라서", "입니다", "에게서", "으로서", "으로써", "에서", "에게",
    "한테", "으로", "까지", "부터", "마다", "처럼", "보다", "조차", "밖에", "이나",
    "이든", "이랑", "이다", "이고", "이며", "이면", "이라", "라도", "라면", "라서",
    "였다", "이야", "이", "가", "을", "를", "은", "는", "의", "에",
    "께", "로", "와", "과", "도", "만", "뿐", "나", "든", "랑",
    "다", "고", "며", "면", "라", "야", "요", "인", "일",
)
HANGUL = "\uac00-\ud7a3"


@model
class Term:
    """One term: our English word, the Korean word to use, and Korean words to refuse."""

    en: Text
    ko: Text
    reject: tuple[Text, ...] = ()
    note: str = ""


@model
class GlossaryFile:
    terms: list[Term]


@cache
def _pattern(variant: str) -> re.Pattern[str]:
    particles = "|".join(PARTICLES)
    return re.compile(rf"(?<![{HANGUL}]){re.escape(variant)}(?:{particles})*(?![{HANGUL}])")


def uses(text: str, variant: str) -> bool:
    """Whether `text` uses the word (or phrase) `variant`, particles allowed after it."""
    return variant in text and _pattern(variant).search(text) is not None


def ko_texts(data: Any, loc: Loc = ()) -> Iterator[tuple[Loc, str]]:
    """Every `ko:` text in parsed YAML, with where it is."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "ko" and isinstance(value, str):
                yield (*loc, key), value
            else:
                yield from ko_texts(value, (*loc, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from ko_texts(value, (*loc, i))


def check_source(source: SourceFile, terms: list[Term]) -> list[Problem]:
    """A problem for every `ko:` text of `source` that uses a rejected variant."""
    problems = []
    for loc, text in ko_texts(source.data):
        for term in terms:
            for variant in term.reject:
                if uses(text, variant):
                    problems.append(Problem(
                        source.path, source.line_of(loc), field_path(loc),
                        f"'{variant}' is not this game's word for '{term.en}': "
                        f"use '{term.ko}' ({FILE})"))
    return problems


def _self_check(glossary: GlossaryFile, source: SourceFile) -> list[Problem]:
    """A term whose own Korean word is refused by the glossary cannot be followed."""
    problems = []
    for i, term in enumerate(glossary.terms):
        for other in glossary.terms:
            for variant in other.reject:
                if uses(term.ko, variant):
                    problems.append(source.problem(
                        ("terms", i, "ko"),
                        f"'{term.ko}' uses '{variant}', which the term '{other.en}' rejects"))
    return problems


def read_glossary(folder: Path) -> tuple[list[Term] | None, list[Problem]]:
    """The terms of `folder`'s glossary: (None, []) without one, (None, problems) if it is bad."""
    path = folder / FILE
    if not path.exists():
        return None, []
    source, problems = read_yaml(path)
    if source is None:
        return None, problems
    if not isinstance(source.data, dict):
        return None, [*problems, source.problem((), "expected a mapping (key: value) at the top")]
    glossary, found = validate(GlossaryFile, source)
    problems += found
    if glossary is None:
        return None, problems
    problems += _self_check(glossary, source)
    return (None if problems else glossary.terms), problems


def _may_use(path: Path, variants: list[str]) -> bool:
    """Whether the file's raw text could hold a variant (skips parsing clean files; a
    backslash may be an escape that spells one, so such a file is always parsed)."""
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False  # the game's loader reports it
    return "\\" in raw or any(v in raw for v in variants)


def check_folder(folder: Path) -> list[Problem]:
    """Check every `ko:` text in the game's YAML files against its glossary, if it has one.
    Files that do not parse are skipped here: the game's own loader reports them."""
    terms, problems = read_glossary(folder)
    if terms is None:
        return problems
    variants = [v for term in terms for v in term.reject]
    for path in sorted(folder.glob("*.yaml")):
        if path.name == FILE or not _may_use(path, variants):
            continue
        source, _ = read_yaml(path)
        if source is not None:
            problems += check_source(source, terms)
    return problems
