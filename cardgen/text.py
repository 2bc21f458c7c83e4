"""Fit text into a box: wrap, step the size down to a floor, or fail naming the card.

Korean wraps at word (eojeol) boundaries like English, but a one-syllable word or a number
stays with the word after it ("두 배", "한 턴", "1 밑으로"), so does a word that opens a
bracket it does not close ("(잭의 +1을"), a lone dependent noun, bare or with a particle,
stays with the word before it ("타이틀 중", "할 수", "요원 수와"), an operator stays with the
words on both sides ("요원 수 × 17", "(요원 수 + 2)개"), a parenthesised phrase of up to three
words stays whole ("(미션 실패 참고)."), and the last line is not left with a single word
when the line above can give it one and keep two."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from .geometry import Rect

MIN_SIZE = 7.0  # art direction: small labels never below 7 pt (the spec's hard floor is 6)
# Body text floors a hobbyist can read at arm's length (issue #16): a card's rules text
# and a player aid's running text shrink to fit their box, never below these.
CARD_BODY_MIN = 8.0
AID_BODY_MIN = 9.0
PRINT_FLOOR = 6.0  # nothing printed anywhere is smaller (checked on the built PDFs)
HANGUL = re.compile("[\uac00-\ud7a3]")
BINDS_FORWARD = re.compile(r"^[(\[]?(?:[\uac00-\ud7a3]|[0-9]+)$")  # 한, 두, 내, (두, 12 ...
# dependent nouns, bare or with a particle: 타이틀 중, 할 수, 요원 수와, 요원 수의
BINDS_BACK = re.compile(r"^[중것수때뒤후등배번개장점칸명곳쪽뿐데]"
                        r"(?:와|과|의|를|을|는|은|가|이|에|로|만큼|만|도)?[.,]?$")
OPENS = re.compile(r"^[(\[][^)\]]*$")  # "(잭의": a bracket's first word keeps the next with it
OPERATORS = frozenset({"+", "-", "−", "×", "÷", "=", "≥", "≤", "<", ">"})
NBSP = "\u00a0"  # a no-break space: "rulebook p. 2" keeps together on one line
WORD_BREAK = re.compile(r"[^\S\u00a0]+")  # any space but a no-break one
PAREN_WORDS = 3  # a parenthesised phrase of up to this many words is not broken


def _words(text: str) -> list[str]:
    """`text` split at its spaces, except no-break ones (NBSP keeps its words together)."""
    return [w for w in WORD_BREAK.split(text) if w]


def _phrases(words: list[str]) -> list[str]:
    """`words` with each short parenthesised phrase ("(미션 실패 참고).") made one word."""
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w.startswith("(") and ")" not in w:
            ends = [j for j in range(i + 1, min(i + PAREN_WORDS, len(words)))
                    if ")" in words[j]]
            if ends:
                out.append(" ".join(words[i:ends[0] + 1]))
                i = ends[0] + 1
                continue
        out.append(w)
        i += 1
    return out


def _units(text: str) -> list[str]:
    """Words, with each one-syllable word, bare number or bracket-opening word joined to the
    word after it, a dependent noun to the word before it, an operator to the words on both
    sides."""
    units: list[str] = []
    carry = ""
    operand = False  # the word after an operator joins it
    for w in _phrases(_words(text)):
        if operand and units:
            units[-1] += " " + w
            operand = False
            continue
        if w in OPERATORS:
            if carry or not units:
                carry += w + " "
            else:
                units[-1] += " " + w
                operand = True
            continue
        if not carry and units and BINDS_BACK.match(w):
            units[-1] += " " + w
            continue
        if BINDS_FORWARD.match(w) or OPENS.match(w):
            carry += w + " "
            continue
        units.append(carry + w)
        carry = ""
    if carry:
        units.append(carry.rstrip())
    return units


def _greedy(units: list[str], font: str, size: float, width: float) -> list[list[str]]:
    lines: list[list[str]] = []
    for unit in units:
        if lines and stringWidth(" ".join([*lines[-1], unit]), font, size) <= width:
            lines[-1].append(unit)
        else:
            lines.append([unit])
    return lines


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines of `text` no wider than `width` where possible (a word wider than the box gets
    its own line; the caller's fit check catches it). Korean follows the rules above.
    Remembered: fitting a sheet tries the same paragraphs at each size, and the edit loop
    lays out the same aids after every save (a registered font's widths never change)."""
    return list(_wrap(text, font, size, width))


@lru_cache(maxsize=16384)
def _wrap(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    if not HANGUL.search(text):
        if NBSP not in text:
            return tuple(simpleSplit(text, font, size, width))
        # simpleSplit breaks at U+00A0 too
        return tuple(" ".join(line) for line in _greedy(_words(text), font, size, width))
    lines = _greedy(_units(text), font, size, width)
    # the line above gives its last word only if it keeps two: a lone word moved up a line
    # ("요원과 / 모든 / 경력을 버린다.") reads worse than a lone last word
    if len(lines) >= 2 and len(lines[-1]) == 1 and len(lines[-2]) >= 3:
        moved = [lines[-2][-1], *lines[-1]]
        if stringWidth(" ".join(moved), font, size) <= width:
            lines[-2:] = [lines[-2][:-1], moved]
    return tuple(" ".join(line) for line in lines)


class TextOverflow(Exception):
    """Text that cannot fit its box at the minimum size. Names the card and the field."""

    def __init__(self, item: str, field: str, detail: str):
        self.item, self.field, self.detail = item, field, detail
        super().__init__(f"{item}: {field}: text does not fit its box ({detail})")

    def __reduce__(self) -> tuple:  # so that a build worker can hand it to the parent
        return TextOverflow, (self.item, self.field, self.detail)


@dataclass(frozen=True)
class TextBlock:
    lines: tuple[str, ...]
    font: str
    size: float
    leading: float

    @property
    def height(self) -> float:
        return len(self.lines) * self.leading


def fit(text: str, box: Rect, font: str, size: float, *, item: str, field: str,
        min_size: float = MIN_SIZE, leading: float = 1.22, max_lines: int | None = None,
        step: float = 0.5) -> TextBlock:
    """Wrap `text` into `box` at `size`, shrinking by `step` down to `min_size`."""
    def fits(text: str, s: float) -> tuple[str, ...] | None:
        lines = tuple(wrap(text, font, s, box.w))
        widest = max((stringWidth(line, font, s) for line in lines), default=0)
        ok = len(lines) * s * leading <= box.h + 0.01 and widest <= box.w + 0.01
        return lines if ok and (max_lines is None or len(lines) <= max_lines) else None

    s = size
    while s >= min_size - 1e-9:
        lines = fits(text, s)
        if lines is not None:
            return TextBlock(lines, font, s, s * leading)
        s -= step
    over = len(text) - _longest_prefix(text, lambda t: fits(t, min_size) is not None)
    raise TextOverflow(item, field, f"{len(text)} characters in {box.w:.0f}x{box.h:.0f} pt "
                                    f"at {min_size:g} pt, {over} characters too many")


def _longest_prefix(text: str, ok: Callable[[str], bool]) -> int:
    """The length of the longest start of `text` that `ok` accepts (binary search: a longer
    text never fits where a shorter one does not)."""
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if ok(text[:mid].rstrip()):
            low = mid
        else:
            high = mid - 1
    return low


def draw(c: Canvas, block: TextBlock, box: Rect, *, align: Literal["left", "center"] = "left",
         valign: Literal["top", "middle", "bottom"] = "top") -> None:
    """Draw a fitted block inside `box`."""
    c.setFont(block.font, block.size)
    if valign == "top":
        top = box.y1
    elif valign == "middle":
        top = box.cy + block.height / 2
    else:
        top = box.y + block.height
    y = top - block.size * 0.95
    for line in block.lines:
        if align == "center":
            c.drawCentredString(box.cx, y, line)
        else:
            c.drawString(box.x, y, line)
        y -= block.leading


def one_line(c: Canvas, text: str, box: Rect, font: str, size: float, *, item: str, field: str,
             align: Literal["left", "center", "right"] = "center",
             min_size: float = MIN_SIZE) -> None:
    """Draw `text` on one line, shrinking it to fit the width, or fail."""
    s = size
    while stringWidth(text, font, s) > box.w and s > min_size:
        s -= 0.25
    if stringWidth(text, font, s) > box.w + 0.01:
        over = len(text) - _longest_prefix(text, lambda t: stringWidth(t, font, s) <= box.w)
        raise TextOverflow(item, field, f"'{text}' is wider than {box.w:.0f} pt at "
                                        f"{min_size:g} pt, {over} characters too many")
    c.setFont(font, s)
    y = box.cy - s * 0.35
    if align == "center":
        c.drawCentredString(box.cx, y, text)
    elif align == "right":
        c.drawRightString(box.x1, y, text)
    else:
        c.drawString(box.x, y, text)


def in_circle(c: Canvas, text: str, font: str, size: float, centre: tuple[float, float],
              radius: float, top: float, *, item: str, field: str, min_size: float = 6.0,
              max_lines: int = 2, leading: float = 1.15) -> float:
    """Centred lines from `top` down that stay inside a circle (a token's ring): shrinks
    from `size` to `min_size` and wraps to `max_lines`, or fails. Returns the last line's
    bottom. A line box runs from 0.22 size below its baseline to 0.78 size above it."""
    cx, cy = centre
    s = size
    while s >= min_size - 1e-9:
        for n in range(1, max_lines + 1):
            bottom = top - s - (n - 1) * s * leading
            far = max(abs(top - cy), abs(bottom - cy))
            if far >= radius:
                break
            width = 2 * math.sqrt(radius * radius - far * far)
            lines = wrap(text, font, s, width)
            if len(lines) <= n and all(stringWidth(ln, font, s) <= width for ln in lines):
                c.setFont(font, s)
                for i, line in enumerate(lines):
                    c.drawCentredString(cx, top - 0.78 * s - i * s * leading, line)
                return top - s - (len(lines) - 1) * s * leading
        s -= 0.25
    raise TextOverflow(item, field, f"'{text}' does not fit a {2 * radius:.0f} pt ring "
                                    f"at {min_size} pt")
