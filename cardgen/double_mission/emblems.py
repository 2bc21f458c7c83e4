"""The picture in a Double Mission card's disc: a game-icons.net icon per plan card, mission
and character (cardgen/assets/art.yaml says which), with the amount that tells two cards of
one kind apart printed on a gold badge (security -1 and -2, x2, +5). No two cards of a family
share an icon; the double-cog stays the any-time mark in the name bar, never an emblem."""

from __future__ import annotations

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from missionkit.double_mission.model import Character, Mission, PlanCard

from .. import icons
from ..render.common import GOLD, INK, Ctx

ICON = 1.05  # an icon's side as a share of the size emblem_disc offers: clear of the ring


def plan_badge(card: PlanCard) -> str:
    """The amount a plan card's picture carries: what sets it apart from a card of the same
    kind, or the number its text turns on ("" for none)."""
    kind, amount = card.effect.kind, card.effect.amount
    return {"lower_security": f"-{amount}", "double_points": "×2",
            "gain_points": f"+{amount}", "gain_millions": f"+{amount}M",
            "extra_operation": "+1", "single_die": "1"}.get(kind, "")


def mission_badge(m: Mission) -> str:
    sc = m.scoring
    return {"fixed_value": str(getattr(sc, "value", "")),
            "titles_again": "×2", "reveal_titles": str(getattr(sc, "count", ""))}.get(sc.kind, "")


def badge(c: Canvas, font: str, cx: float, cy: float, s: float, label: str) -> None:
    """A gold disc with `label` in ink, at the lower right of an icon of side `s`."""
    if not label:
        return
    r = s * (0.2 if len(label) < 3 else 0.24)
    x, y = cx + s * 0.42, cy - s * 0.4
    c.saveState()
    c.setFillColor(GOLD)
    c.setStrokeColor(INK)
    c.setLineWidth(max(s * 0.02, 0.6))
    c.circle(x, y, r, fill=1, stroke=1)
    c.setFillColor(INK)
    size = r * (1.15 if len(label) < 3 else 0.72)  # "+4M" fits inside its disc
    c.setFont(font, size)
    c.drawCentredString(x, y - size * 0.36, label)
    c.restoreState()


def plan_emblem(c: Canvas, ctx: Ctx, card: PlanCard, cx: float, cy: float, s: float,
                color: Color = white) -> None:
    side = s * ICON
    icons.card_icon(c, "double_mission", "plan", card.id, cx, cy, side, color)
    badge(c, ctx.fonts.bold, cx, cy, side, plan_badge(card))


def mission_emblem(c: Canvas, ctx: Ctx, m: Mission, cx: float, cy: float, s: float,
                   color: Color = white) -> None:
    side = s * ICON
    icons.card_icon(c, "double_mission", "missions", m.id, cx, cy, side, color)
    badge(c, ctx.fonts.bold, cx, cy, side, mission_badge(m))


def figure(c: Canvas, ch: Character, cx: float, cy: float, s: float,
           color: Color = white) -> None:
    """A character's figure (art.yaml), on its cards and its pawn."""
    icons.card_icon(c, "double_mission", "characters", ch.id, cx, cy, s, color)
