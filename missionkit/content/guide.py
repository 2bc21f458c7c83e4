"""The prose of a player aid or rules summary, as a game's `guide.yaml` holds it: sections of
localised points, each marked for the aid or only the summary."""

from __future__ import annotations

from typing import Annotated

from annotated_types import MinLen

from .base import Id, Localized, model


@model
class GuideSection:
    id: Id
    heading: Localized
    aid: bool
    points: Annotated[list[Localized], MinLen(1)]
    note: str | None = None  # where a rule stated here comes from (a decision id, a source)
    rulebook: Id | None = None  # the rulebook section telling it in full: the aid gives its page


@model
class GuideFile:
    sections: list[GuideSection]
