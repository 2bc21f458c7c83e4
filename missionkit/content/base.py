"""Shared building blocks for every game's content model."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]
"""A stable identifier: lower-case snake_case."""

HexColor = Annotated[str, StringConstraints(pattern=r"^#[0-9A-Fa-f]{6}$")]
Text = Annotated[str, StringConstraints(min_length=1, strip_whitespace=True)]
Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]


class Model(BaseModel):
    """Immutable, and unknown fields are errors (a typo must never be silently ignored).

    Validators are built on first use, not at import: a run that takes its content from the
    cache (see cache.py) never validates, so it never pays for them."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class Localized(Model):
    """A text in every language the kit prints."""

    en: Text
    ko: Text

    def get(self, lang: str) -> str:
        """Return the text in `lang` ('en' or 'ko')."""
        return getattr(self, lang)


LANGUAGES = ("en", "ko")
