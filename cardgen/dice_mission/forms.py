"""Draw a repeated glyph once per PDF and place it wherever it recurs (a form XObject).

A mission deck repeats the same type band and the same die faces on card after card;
drawing each once keeps the build fast and the files small. Only for card faces: a form
cannot be defined while another is being drawn (shared backs and tokens are forms).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from ..miniature import is_greeked

_DEFINED = "_dice_mission_forms"  # the names already defined on a canvas


def place(c: Canvas, key: str, bbox: tuple[float, float, float, float],
          draw: Callable[[Canvas], None], x: float, y: float, scale: float = 1.0) -> None:
    """Place the form `key` (defined by `draw` on first use, within `bbox`) at (x, y); in a
    rulebook's miniature (see cardgen.miniature) drawn in place instead."""
    if is_greeked(c):
        c.saveState()
        c.transform(scale, 0, 0, scale, x, y)
        draw(c)
        c.restoreState()
        return
    defined: set[str] = c.__dict__.setdefault(_DEFINED, set())
    name = "dm" + hashlib.sha1(key.encode()).hexdigest()[:16]
    if name not in defined:
        c.saveState()  # the form's colours and fonts must not leak into the page's state
        c.beginForm(name, *bbox)
        draw(c)
        c.endForm()
        c.restoreState()
        defined.add(name)
    c.saveState()
    c.transform(scale, 0, 0, scale, x, y)
    c.doForm(name)
    c.restoreState()
