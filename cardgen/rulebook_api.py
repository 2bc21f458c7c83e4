"""What a game gives the rulebook builder: named numbers, figures drawn from content, references.

Each game with a rulebook has `content/<package>/rulebook.yaml` (the text, EN and KO) and
`cardgen/<package>/rulebook.py`, which defines:

- `values(model) -> dict[str, int | str]`: the named numbers the text's `{placeholders}` use,
  read from the model so that no number is typed twice;
- `FIGURES: dict[str, Figure]`: the setup diagram and worked-example pictures, drawn from the
  model (a figure block in `rulebook.yaml` names one);
- `REFERENCES: dict[str, Reference]`: generated reference sections (every card, gadget, table).

Optionally also:

- `component_label(key, n, lang) -> str | None`: how the "what is in the box" list names a
  component count (`model.component_counts()` keys);
- `clarified(model, lang) -> list[str]`: the "rules clarified" entries (all three games give
  `decision_lines(decisions, values(model), lang)`); without it the builder prints the same
  lines without placeholders: each decision's player-facing `en` or `ko` sentence, skipping
  those marked `rulebook: false` (about making the kit, not a rule). `choice` and `note` are
  the developers' record and are never printed.

A section may set `quick: true`: it is also printed on the quick reference (the back page).

`rulebook.yaml` shape::

    sections:
      - id: setup                      # unique; build errors name it
        title: {en: "Setting up", ko: "준비"}
        blocks:
          - text: {en: "Take {dice_max} dice…", ko: "…"}   # a paragraph; {name} from values()
          - list: [{en: …, ko: …}, …]                      # bullets
          - steps: [{en: …, ko: …}, …]                     # numbered steps
          - figure: setup                                  # FIGURES["setup"]
            caption: {en: …, ko: …}
          - reference: missions                            # REFERENCES["missions"]
          - generated: components | clarified              # built by the shared builder
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from missionkit.korean import attach

# (canvas, x, y, width, height, model, lang): draw inside the box whose lower-left corner is
# (x, y), in points, on a ReportLab canvas.
DrawFigure = Callable[[Any, float, float, float, float, Any, str], None]
# (canvas, x, y, width, height): a small picture beside a reference entry.
DrawPicture = Callable[[Any, float, float, float, float], None]


@dataclass(frozen=True)
class Figure:
    """A picture drawn from the content: it keeps its aspect ratio and never splits."""

    draw: DrawFigure
    aspect: float  # height / width


@dataclass(frozen=True)
class RefEntry:
    """One entry of a reference section, already in the reader's language."""

    title: str
    text: str
    picture: DrawPicture | None = None
    picture_aspect: float = 1.0  # height / width of the picture
    picture_width_mm: float = 20.0  # wide pictures (a row of dice) ask for more
    # a row of a roll table ("1-2", its result): consecutive rows are set as one table,
    # the roll beside its result, not as a heading over a paragraph each
    table_row: bool = False


# (model, lang) -> the entries of one generated reference section, in reading order.
Reference = Callable[[Any, str], list[RefEntry]]


# {name}, or {name:와} for a Korean particle in the form the filled-in word takes
_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)(?::(로|으로|가|이|를|을|는|은|와|과))?\}")


def _filled(match: re.Match[str], values: dict[str, Any]) -> str:
    word = str(values[match.group(1)])
    return attach(word, match.group(2)) if match.group(2) else word


def decision_lines(decisions: Iterable[Any], values: dict[str, Any], lang: str) -> list[str]:
    """The "Rules clarified" lines: each printed decision's `en` (or `ko`) sentence, its
    {name}s filled from `values`. A printed decision without the sentence, or naming an
    unknown value, is an error naming the decision."""
    out = []
    for d in decisions:
        if not d.rulebook:
            continue
        line = d.ko if lang == "ko" else d.en
        if not line:
            raise ValueError(f"decision {d.id} is printed in the rulebook but has no `{lang}:` "
                             "sentence (or set `rulebook: false`)")
        unknown = [m for m, _ in _PLACEHOLDER.findall(line) if m not in values]
        if unknown:
            raise ValueError(f"decision {d.id}: unknown placeholder {{{unknown[0]}}}")
        out.append(_PLACEHOLDER.sub(lambda m: _filled(m, values), line))
    return out
