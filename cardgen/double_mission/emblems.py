"""One emblem per plan card, keyed by its effect (and amount): no two cards share a picture,
and the double-cog stays the any-time mark in the name bar, never an emblem."""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from .. import icons
from ..render.common import GOLD, INK, Ctx

Emblem = Callable[[Canvas, Ctx, float, float, float], None]  # canvas, ctx, cx, cy, size


def _arrow(c: Canvas, x0: float, y0: float, x1: float, y1: float, w: float,
           color: Color) -> None:
    """A straight arrow from (x0, y0) to (x1, y1), stroke width `w`."""
    a = math.atan2(y1 - y0, x1 - x0)
    head = w * 3
    c.saveState()
    c.setStrokeColor(color)
    c.setFillColor(color)
    c.setLineWidth(w)
    c.setLineCap(1)
    c.line(x0, y0, x1 - head * 0.8 * math.cos(a), y1 - head * 0.8 * math.sin(a))
    p = c.beginPath()
    p.moveTo(x1, y1)
    for turn in (2.6, -2.6):
        p.lineTo(x1 + head * math.cos(a + turn), y1 + head * math.sin(a + turn))
    p.close()
    c.drawPath(p, fill=1, stroke=0)
    c.restoreState()


def _card(c: Canvas, cx: float, cy: float, u: float, color: Color, fill: Color = white) -> None:
    c.setStrokeColor(color)
    c.setFillColor(fill)
    c.setLineWidth(u * 0.5)
    c.roundRect(cx - 2.2 * u, cy - 3.1 * u, 4.4 * u, 6.2 * u, 0.6 * u, fill=1, stroke=1)


def crosshair(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    u = s / 10
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(u * 0.7)
    c.circle(cx, cy, 3.4 * u, fill=0, stroke=1)
    c.circle(cx, cy, 1.2 * u, fill=0, stroke=1)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        c.line(cx + dx * 2.2 * u, cy + dy * 2.2 * u, cx + dx * 4.8 * u, cy + dy * 4.8 * u)
    c.restoreState()


def swap(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    u = s / 10
    _arrow(c, cx - 4 * u, cy + 1.5 * u, cx + 4 * u, cy + 1.5 * u, u * 0.8, color)
    _arrow(c, cx + 4 * u, cy - 1.5 * u, cx - 4 * u, cy - 1.5 * u, u * 0.8, color)


def crossed(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    """Two arrows crossing: a double-cross."""
    u = s / 10
    _arrow(c, cx - 3.6 * u, cy - 3.6 * u, cx + 3.6 * u, cy + 3.6 * u, u * 0.8, color)
    _arrow(c, cx + 3.6 * u, cy - 3.6 * u, cx - 3.6 * u, cy + 3.6 * u, u * 0.8, GOLD)


def plus(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    u = s / 10
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(u * 1.6)
    c.setLineCap(1)
    c.line(cx - 3.4 * u, cy, cx + 3.4 * u, cy)
    c.line(cx, cy - 3.4 * u, cx, cy + 3.4 * u)
    c.restoreState()


def two_cards(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    """A card copied from the discard pile: two cards, one over the other."""
    u = s / 10
    c.saveState()
    _card(c, cx - 1.3 * u, cy + 0.8 * u, u, color, INK)
    _card(c, cx + 1.3 * u, cy - 0.8 * u, u, color)
    c.restoreState()


def mystery_card(c: Canvas, cx: float, cy: float, s: float, font: str, color: Color) -> None:
    """A card taken at random: a card with a question mark."""
    u = s / 10
    c.saveState()
    _card(c, cx, cy, u * 1.15, color)
    c.setFillColor(INK)
    c.setFont(font, 5 * u)
    c.drawCentredString(cx, cy - 1.7 * u, "?")
    c.restoreState()


def times_two(c: Canvas, cx: float, cy: float, s: float, font: str) -> None:
    """Double points: a star with x2."""
    u = s / 10
    icons.star(c, cx - 1.2 * u, cy + 0.4 * u, s * 0.85, GOLD)
    c.saveState()
    c.setFillColor(white)
    c.setFont(font, 3.6 * u)
    c.drawCentredString(cx + 2.8 * u, cy - 3.6 * u, "×2")
    c.restoreState()


def reroll(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    """Force a reroll: a die under a turning arrow."""
    u = s / 10
    icons.die(c, cx - 0.8 * u, cy - 0.8 * u, s * 0.6, INK)
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(u * 0.7)
    c.arc(cx - 4.4 * u, cy - 4.4 * u, cx + 4.4 * u, cy + 4.4 * u, 20, 200)
    c.restoreState()
    x, y = cx + 4.4 * u * math.cos(math.radians(20)), cy + 4.4 * u * math.sin(math.radians(20))
    _arrow(c, x, y + 1.2 * u, x + 0.1 * u, y - 0.4 * u, u * 0.7, color)


def one_die(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    """Roll a single die: a die face with one pip."""
    u = s / 10
    c.saveState()
    c.setStrokeColor(color)
    c.setFillColor(white)
    c.setLineWidth(u * 0.6)
    c.roundRect(cx - 3.4 * u, cy - 3.4 * u, 6.8 * u, 6.8 * u, 1.2 * u, fill=1, stroke=1)
    c.setFillColor(INK)
    c.circle(cx, cy, 1.1 * u, fill=1, stroke=0)
    c.restoreState()


def locked_die(c: Canvas, cx: float, cy: float, s: float, font: str) -> None:
    """Fix your own die: a die with a padlock."""
    u = s / 10
    icons.die(c, cx - 1.2 * u, cy + 0.6 * u, s * 0.75, INK)
    icons.padlock(c, cx + 3 * u, cy - 2.6 * u, s * 0.45, None, font, GOLD)


def buy_back(c: Canvas, cx: float, cy: float, s: float, font: str, color: Color) -> None:
    """Buy a sold treasure back: a banknote and an arrow turning back."""
    u = s / 10
    icons.banknote(c, cx, cy + 1.8 * u, s * 0.75, font)
    _arrow(c, cx + 3.4 * u, cy - 3 * u, cx - 3.4 * u, cy - 3 * u, u * 0.8, color)


def open_lock(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    """Easy pickings: an open padlock."""
    u = s / 10
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(u * 0.9)
    c.arc(cx - 0.2 * u, cy - 0.4 * u, cx + 4.6 * u, cy + 5.2 * u, 0, 180)
    c.setFillColor(color)
    c.roundRect(cx - 3.6 * u, cy - 4.2 * u, 7.2 * u, 5 * u, 0.8 * u, fill=1, stroke=0)
    c.restoreState()


def lower_lock(c: Canvas, cx: float, cy: float, s: float, font: str, amount: int) -> None:
    """Lower a city's security: a padlock and the amount, "-1" or "-2"."""
    u = s / 10
    icons.padlock(c, cx - 1.4 * u, cy, s * 0.85, None, font, white)
    c.saveState()
    c.setFillColor(GOLD)
    c.setFont(font, 4.2 * u)
    c.drawCentredString(cx + 3.4 * u, cy - 3.8 * u, f"-{amount}")
    c.restoreState()


def plan_emblems() -> dict[str, Emblem]:
    """effect kind (with ":<amount>" where the amount tells cards apart) -> its emblem."""
    return {
        "gain_millions": lambda c, x, cx, cy, s: icons.banknote(c, cx, cy, s, x.fonts.bold),
        "gain_points": lambda c, x, cx, cy, s: icons.star(c, cx, cy, s, GOLD),
        "lower_security:1": lambda c, x, cx, cy, s: lower_lock(c, cx, cy, s, x.fonts.bold, 1),
        "lower_security:2": lambda c, x, cx, cy, s: lower_lock(c, cx, cy, s, x.fonts.bold, 2),
        "move_anywhere": lambda c, x, cx, cy, s: icons.plane(c, cx, cy, s, white),
        "operate_anywhere": lambda c, x, cx, cy, s: crosshair(c, cx, cy, s, white),
        "cancel_card": lambda c, x, cx, cy, s: icons.alarm(c, cx, cy, s),
        "force_reroll": lambda c, x, cx, cy, s: reroll(c, cx, cy, s, white),
        "fix_own_die": lambda c, x, cx, cy, s: locked_die(c, cx, cy, s, x.fonts.bold),
        "single_die": lambda c, x, cx, cy, s: one_die(c, cx, cy, s, INK),
        "double_points": lambda c, x, cx, cy, s: times_two(c, cx, cy, s, x.fonts.bold),
        "imitation": lambda c, x, cx, cy, s: icons.canvas_icon(c, cx, cy, s, GOLD),
        "copy_discard": lambda c, x, cx, cy, s: two_cards(c, cx, cy, s, white),
        "swap_treasure": lambda c, x, cx, cy, s: swap(c, cx, cy, s, white),
        "take_random_card": lambda c, x, cx, cy, s: mystery_card(c, cx, cy, s, x.fonts.bold,
                                                                 white),
        "extra_operation": lambda c, x, cx, cy, s: plus(c, cx, cy, s, GOLD),
        "take_treasure_here": lambda c, x, cx, cy, s: icons.gem(c, cx, cy, s, HEX_GEM),
        "buy_back": lambda c, x, cx, cy, s: buy_back(c, cx, cy, s, x.fonts.bold, white),
        "easy_pickings": lambda c, x, cx, cy, s: open_lock(c, cx, cy, s, GOLD),
        "double_cross": lambda c, x, cx, cy, s: crossed(c, cx, cy, s, white),
    }


HEX_GEM = Color(0.18, 0.62, 0.55)


def emblem_key(effect: object) -> str:
    """The emblem a plan card's effect shows: its kind, and its amount where two cards of
    one kind differ only by it (lower_security 1 and 2)."""
    kind = effect.kind  # type: ignore[attr-defined]
    amount = getattr(effect, "amount", None)
    return f"{kind}:{amount}" if f"{kind}:{amount}" in EMBLEMS else kind


EMBLEMS = plan_emblems()


def eye(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    """Watch closely: an eye."""
    u = s / 10
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(u * 0.7)
    p = c.beginPath()
    p.moveTo(cx - 4.6 * u, cy)
    p.curveTo(cx - 2 * u, cy + 3.6 * u, cx + 2 * u, cy + 3.6 * u, cx + 4.6 * u, cy)
    p.curveTo(cx + 2 * u, cy - 3.6 * u, cx - 2 * u, cy - 3.6 * u, cx - 4.6 * u, cy)
    c.drawPath(p, fill=0, stroke=1)
    c.setFillColor(color)
    c.circle(cx, cy, 1.5 * u, fill=1, stroke=0)
    c.restoreState()


def number(c: Canvas, cx: float, cy: float, s: float, font: str, label: str) -> None:
    """A value in a gold ring (every treasure worth this much)."""
    u = s / 10
    c.saveState()
    c.setStrokeColor(GOLD)
    c.setLineWidth(u * 0.8)
    c.circle(cx, cy, 3.8 * u, fill=0, stroke=1)
    c.setFillColor(white)
    c.setFont(font, 4.6 * u)
    c.drawCentredString(cx, cy - 1.6 * u, label)
    c.restoreState()


def climb(c: Canvas, cx: float, cy: float, s: float, color: Color) -> None:
    """A comeback: an arrow climbing over three steps."""
    u = s / 10
    c.saveState()
    c.setFillColor(color)
    for i in range(3):
        c.rect(cx - 4 * u + i * 2.8 * u, cy - 4 * u, 2.4 * u, (i + 1) * 1.8 * u, fill=1,
               stroke=0)
    c.restoreState()
    _arrow(c, cx - 4 * u, cy + 0.5 * u, cx + 4 * u, cy + 4.2 * u, u * 0.7, GOLD)


def mission_key(scoring: object) -> str:
    """A mission's emblem: its scoring kind, and what a ladder counts."""
    kind = scoring.kind  # type: ignore[attr-defined]
    counts = getattr(scoring, "counts", None)
    return f"{kind}:{counts}" if counts else kind


def mission_emblems() -> dict[str, Emblem]:
    """scoring kind (":<counts>" for ladders) -> its emblem; no two missions share one."""
    return {
        "ladder:types_held": lambda c, x, cx, cy, s: icons.gem(c, cx, cy, s, HEX_GEM),
        "fixed_value": lambda c, x, cx, cy, s: number(c, cx, cy, s, x.fonts.bold, "6"),
        "last_on_board": lambda c, x, cx, cy, s: crosshair(c, cx, cy, s, white),
        "per_sold_set": lambda c, x, cx, cy, s: icons.banknote(c, cx, cy, s, x.fonts.bold),
        "per_value_space": lambda c, x, cx, cy, s: icons.check(c, cx, cy, s, white),
        "per_robbed_city": lambda c, x, cx, cy, s: icons.alarm(c, cx, cy, s),
        "ladder:robbed_seaports": lambda c, x, cx, cy, s: icons.anchor(c, cx, cy, s, white),
        "ladder:robbed_airports": lambda c, x, cx, cy, s: icons.plane(c, cx, cy, s, white),
        "titles_again": lambda c, x, cx, cy, s: icons.star(c, cx, cy, s, GOLD),
        "dice_pairs": lambda c, x, cx, cy, s: two_dice(c, cx, cy, s),
        "reveal_titles": lambda c, x, cx, cy, s: eye(c, cx, cy, s, white),
        "rank_bonus": lambda c, x, cx, cy, s: climb(c, cx, cy, s, white),
    }


def two_dice(c: Canvas, cx: float, cy: float, s: float) -> None:
    """A gamble on pairs: two one-pip dice."""
    one_die(c, cx - 2.2 * (s / 10), cy + 1.6 * (s / 10), s * 0.6, INK)
    one_die(c, cx + 2.2 * (s / 10), cy - 1.6 * (s / 10), s * 0.6, INK)


MISSION_EMBLEMS = mission_emblems()


def monogram(name: str, names: list[str]) -> str:
    """A character's letter: its first, or its first two where another name shares the first
    (Jack and Joker: "Ja", "Jo")."""
    shared = sum(n[:1] == name[:1] for n in names) > 1
    return name[:2] if shared else name[:1]
