"""One error type for bad content: every problem names its file, line and field."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Problem:
    """A single thing wrong with a content file."""

    file: Path
    line: int | None
    field: str
    message: str
    excerpt: str = ""  # the offending line with a caret under the spot (syntax errors)

    def __str__(self) -> str:
        where = f"{display_path(self.file)}:{self.line}" if self.line else display_path(self.file)
        field = f" {self.field}:" if self.field else ""
        shown = f"\n{self.excerpt}" if self.excerpt else ""
        return f"{where}:{field} {self.message}{shown}"


class ContentError(Exception):
    """Raised by the loader with every problem found, so a user fixes them in one pass."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems, key=lambda p: (str(p.file), p.line or 0, p.field))
        super().__init__("\n".join(str(p) for p in self.problems))


def display_path(path: Path) -> str:
    """Show a path relative to the working directory when it lies below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def field_path(loc: tuple[str | int, ...]) -> str:
    """Format ('cities', 3, 'security') as 'cities[3].security'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out
