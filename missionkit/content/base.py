"""Shared building blocks for every game's content model.

Content classes are frozen standard-library dataclasses, validated by pydantic
(`validate.py`) when the YAML is read. Nothing here imports pydantic: a run that takes its
content from the cache (`cache.py`) never validates, so it never pays for pydantic's
import and validator building. The constraints below describe themselves to pydantic
only when a validator is built."""

from __future__ import annotations

import typing
from dataclasses import dataclass, fields, is_dataclass
from typing import Annotated, Any, TypeVar

from annotated_types import Ge, Le

T = TypeVar("T")

# What pydantic reads from a content class: unknown fields are errors (a typo must never
# be silently ignored).
PYDANTIC_CONFIG = {"extra": "forbid"}


def model(cls: type[T]) -> type[T]:
    """Make `cls` a content class: immutable, fields by keyword, unknown fields refused."""
    cls.__pydantic_config__ = PYDANTIC_CONFIG  # type: ignore[attr-defined]
    return dataclass(frozen=True, kw_only=True)(cls)


class TextRule:
    """A constraint on a text field (pattern, minimum length, surrounding blanks removed)."""

    def __init__(self, pattern: str | None = None, min_length: int | None = None,
                 strip: bool = False):
        self.pattern, self.min_length, self.strip = pattern, min_length, strip

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.str_schema(pattern=self.pattern, min_length=self.min_length,
                                      strip_whitespace=self.strip)


class Tagged:
    """Marks a union of content classes chosen by the value of one field (like `kind`), so
    that an error names the unknown value instead of every member's complaints."""

    def __init__(self, key: str):
        self.key = key

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        choices = {}
        for member in typing.get_args(source):
            tag_type = typing.get_type_hints(member)[self.key]  # Literal["the_tag"]
            for tag in typing.get_args(tag_type):
                choices[tag] = handler.generate_schema(member)
        return core_schema.tagged_union_schema(choices, discriminator=self.key)


Id = Annotated[str, TextRule(pattern=r"^[a-z][a-z0-9_]*$")]
"""A stable identifier: lower-case snake_case."""

HexColor = Annotated[str, TextRule(pattern=r"^#[0-9A-Fa-f]{6}$")]
Text = Annotated[str, TextRule(min_length=1, strip=True)]
MAX_COUNT = 1000
"""The most of anything a content number counts (cards, tokens, points, spaces): far above
every shipped value (the largest, a deck of 169 cards), low enough that no count of pieces
makes a game's set-up or a page's work large. A rules copy in an import is held to it too."""

Count = Annotated[int, Ge(0), Le(MAX_COUNT)]
Positive = Annotated[int, Ge(1), Le(MAX_COUNT)]


@model
class Localized:
    """A text in every language the kit prints."""

    en: Text
    ko: Text

    def get(self, lang: str) -> str:
        """Return the text in `lang` ('en' or 'ko')."""
        return getattr(self, lang)


def plain(value: Any) -> Any:
    """Content as plain JSON-ready data (for hashing and display), fields in order."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


LANGUAGES = ("en", "ko")
