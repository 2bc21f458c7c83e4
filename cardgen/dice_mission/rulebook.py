"""Dice Mission's part of the rulebook: the named numbers, the figures and the references.

Every number the text prints comes from `values(model)`; every figure draws the kit's own
cards, dice and token (cards.py, glyphs.py, tokens.py) at small scale, from the model, so a
content edit changes the book. The worked example is one round at three agents (`EXAMPLE`):
its dice are data, and a test checks them against the rules engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from missionkit.dice_mission.model import MISSION_TYPES, DiceMission, Mission

from ..fonts import fonts_for
from ..geometry import Rect
from ..imposition import CARD_SIZE
from ..miniature import greeked, readable
from ..render.common import INK, Ctx, hexcolor
from ..rulebook_api import Figure, RefEntry, decision_lines
from . import cards, glyphs, requirement, tokens
from .pictures import Die, picture
from .strings import t

CARD_W, CARD_H = CARD_SIZE
MUTED = hexcolor("#6B6F78")
HIGHLIGHT = hexcolor("#E8A33D")


# --- the numbers ------------------------------------------------------------------------


def values(model: DiceMission) -> dict[str, int | str]:
    """The numbers the rulebook's text prints, each read from the model."""
    r, comp, var = model.round, model.game.components, model.variants
    rows = model.setup
    counts = sorted(rows)
    many = [p for p in counts if p != counts[0]]
    dealt_few = rows[counts[0]].dealt
    dealt_many = rows[many[0]].dealt
    out: dict[str, int | str] = {
        "dice_min": r.dice_min, "dice_max": r.dice_max, "rolls_max": r.rolls_max,
        "gadget_hand_limit": r.gadget_hand_limit, "special_display": r.special_display,
        "exchange_draw": r.exchange_draw, "specials_per_game": r.specials_per_game,
        "missions_per_type": r.missions_per_type_per_turn,
        "players_min": counts[0], "players_max": counts[-1],
        "players_many_min": many[0], "players_many_max": many[-1],
        "dealt_few_each": dealt_few["solo"], "dealt_many_each": dealt_many["solo"],
        "hand_few": rows[counts[0]].missions_in_hand,
        "hand_many": rows[many[0]].missions_in_hand,
        "target_few": rows[counts[0]].target, "target_many": rows[many[0]].target,
        "specials_to_win": rows[counts[0]].specials_to_win,
        "missions_total": len(model.missions), "gadgets_total": sum(g.copies for g in
                                                                   model.gadgets),
        "gadget_kinds": len(model.gadgets), "gadget_copies": model.gadgets[0].copies,
        "dice_total": comp.dice, "dice_colours": comp.dice_colours,
        "dice_each": comp.dice // comp.dice_colours, "player_aids": comp.player_aids,
        "very_special_plus": var.very_special.display_plus,
        "joker_extra": var.joker.extra_dice, "joker_max_dice": var.joker.max_dice,
        "joker_uses": var.joker.uses_per_game,
        "joker_players_min": var.joker.players[0], "joker_players_max": var.joker.players[-1],
    }
    for kind in MISSION_TYPES:
        out[f"{kind}_cards"] = sum(1 for m in model.missions if m.type == kind)
    out["suitcase_cards"] = sum(1 for m in model.missions if m.suitcase)
    stop = EXAMPLE.steps[1]  # the worked example: the active agent's dice and rolls
    out["ex_dice"], out["ex_rolls"] = len(stop.dice[0]), stop.rolls[0]
    out["setup_players"] = SETUP_PLAYERS
    out.update(example_words(model))
    return out


def example_words(model: DiceMission) -> dict[str, int | str]:
    """The worked example's names and faces, for its captions (EN and KO names)."""
    out: dict[str, int | str] = {}
    for i, name in enumerate(EXAMPLE.agents, start=1):
        out.update({f"ex_a{i}_{lang}": word for lang, word in name.items()})
    last = EXAMPLE.steps[-1]
    gadget = model.gadget(last.gadget)
    out.update({f"ex_gadget_{lang}": gadget.name.get(lang) for lang in ("en", "ko")})
    (giver, given), (taker, taken) = last.swap or ((0, 0), (0, 0))
    before = EXAMPLE.steps[-2].dice
    out["ex_kept_face"] = EXAMPLE.steps[0].dice[0][EXAMPLE.steps[0].marked[0][1]]
    out["ex_swap_out"], out["ex_swap_in"] = before[taker][taken], before[giver][given]
    return out


# --- drawing helpers ----------------------------------------------------------------------


def _ctx(model: DiceMission, lang: str) -> Ctx:
    return Ctx(model, lang, fonts_for(lang))


def _frame(c: Canvas, x: float, y: float, w: float, h: float, base_w: float,
           aspect: float) -> None:
    """Move the origin into the box and scale a base_w-wide drawing to fit, keeping its
    aspect (the caller restores the state)."""
    scale = min(w / base_w, h / (base_w * aspect))
    dw, dh = base_w * scale, base_w * aspect * scale
    c.translate(x + (w - dw) / 2, y + (h - dh) / 2)
    c.scale(scale, scale)


def _card(c: Canvas, x: float, y: float, width: float,
          draw: Callable[[Canvas, Rect], None]) -> None:
    """One card drawn by the kit's own code, shrunk to `width` with its lower left at (x, y)."""
    c.saveState()
    c.translate(x, y)
    c.scale(width / CARD_W, width / CARD_W)
    clip = c.beginPath()
    clip.roundRect(0, 0, CARD_W, CARD_H, CARD_W * 0.05)
    c.clipPath(clip, stroke=0, fill=0)
    with greeked(c):
        draw(c, Rect(0, 0, CARD_W, CARD_H))
    c.restoreState()
    c.saveState()
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.4)
    c.roundRect(x, y, width, card_height(width), width * 0.05, fill=0, stroke=1)
    c.restoreState()


def card_height(width: float) -> float:
    return width * CARD_H / CARD_W


def _label(c: Canvas, font: str, size: float, x: float, y: float, words: str,
           color: Color = INK, align: str = "left") -> None:
    c.setFillColor(color)
    c.setFont(font, readable(c, size))
    {"left": c.drawString, "centre": c.drawCentredString,
     "right": c.drawRightString}[align](x, y, words)


def _colour_die(c: Canvas, ctx: Ctx, colour_index: int, cx: float, cy: float, s: float,
                face: int | None, *, struck: bool = False, ring: bool = False) -> None:
    """A die of a player's colour, pips in the colour's symbol shape (as the stickers)."""
    colour = ctx.game.colours[colour_index % len(ctx.game.colours)]
    light = tokens._light(colour.color)
    glyphs.die(c, ctx.fonts.bold, cx, cy, s, Die(face, struck=struck),
               fill=hexcolor(colour.color), ink=INK if light else hexcolor("#FFFFFF"),
               shape=colour.symbol)
    if struck:  # about to be rolled again: a cross that shows on every colour
        c.saveState()
        c.setLineCap(1)
        for color, width in ((hexcolor("#FFFFFF"), s * 0.24), (INK, s * 0.11)):
            c.setStrokeColor(color)
            c.setLineWidth(width)
            c.line(cx - s * 0.42, cy - s * 0.42, cx + s * 0.42, cy + s * 0.42)
            c.line(cx - s * 0.42, cy + s * 0.42, cx + s * 0.42, cy - s * 0.42)
        c.restoreState()
    if ring:
        c.setStrokeColor(HIGHLIGHT)
        c.setLineWidth(s * 0.12)
        c.roundRect(cx - s * 0.68, cy - s * 0.68, s * 1.36, s * 1.36, s * 0.3, fill=0,
                    stroke=1)


def _token_mark(c: Canvas, cx: float, cy: float, r: float) -> None:
    """The active agent token, as a small disc in its MISSION colour."""
    c.setFillColor(hexcolor(tokens.SIDE_COLOURS["mission"]))
    c.circle(cx, cy, r, fill=1, stroke=0)
    c.setStrokeColor(hexcolor("#C9A227"))
    c.setLineWidth(r * 0.2)
    c.circle(cx, cy, r * 0.7, fill=0, stroke=1)


def _tick(c: Canvas, x: float, cy: float) -> None:
    """A green tick: the mission is complete."""
    c.setStrokeColor(hexcolor("#2E7D4F"))
    c.setLineWidth(2.2)
    c.setLineCap(1)
    path = c.beginPath()
    path.moveTo(x, cy)
    path.lineTo(x + 4, cy - 5)
    path.lineTo(x + 12, cy + 6)
    c.drawPath(path, fill=0, stroke=1)


def _dashed_slot(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    c.saveState()
    c.setDash(3, 2)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.8)
    c.roundRect(x, y, w, h, 3, fill=0, stroke=1)
    c.restoreState()


def _specials(model: DiceMission, n: int) -> list[Mission]:
    return [m for m in model.missions if m.type == "special"][:n]


def _first(model: DiceMission, kind: str) -> Mission:
    return next(m for m in model.missions if m.type == kind)


# --- the setup figure ---------------------------------------------------------------------

SETUP_W, SETUP_ASPECT = 520.0, 0.46
SETUP_PLAYERS = 3  # the figure shows a 3-agent table


def draw_setup(c: Canvas, x: float, y: float, w: float, h: float, model: DiceMission,
               lang: str) -> None:
    """The table after setup: SPECIAL display and decks, gadget deck and discard space, the
    three hand decks, and each agent's dice, hidden hand, player aid; the active agent's token."""
    ctx = _ctx(model, lang)
    c.saveState()
    _frame(c, x, y, w, h, SETUP_W, SETUP_ASPECT)
    big, small = ctx.fonts.bold, 7.5
    cw = 44.0
    ch = card_height(cw)
    top = SETUP_W * SETUP_ASPECT - ch - 16
    # the SPECIAL deck and its face-up display
    shown = _specials(model, model.round.special_display)
    _card(c, 4, top, cw, lambda c, r: cards.mission_back("special")(c, ctx, shown[0], r))
    for i, m in enumerate(shown):
        _card(c, 4 + (i + 1) * (cw + 4), top, cw,
              lambda c, r, m=m: cards.mission_face(c, ctx, m, r))
    _label(c, big, small, 4, top + ch + 5, t(lang, "special_missions"))
    # the three hand decks
    x0 = 4 + (len(shown) + 1) * (cw + 4) + 14
    for i, kind in enumerate(("solo", "versus", "team")):
        m = _first(model, kind)
        _card(c, x0 + i * (cw + 4), top, cw,
              lambda c, r, m=m, kind=kind: cards.mission_back(kind)(c, ctx, m, r))
        _label(c, big, small, x0 + i * (cw + 4) + cw / 2, top + ch + 5, t(lang, kind),
               align="centre")
    # gadgets: deck and discard space
    gx = x0 + 3 * (cw + 4) + 14
    gadget = model.gadgets[0]
    _card(c, gx, top, cw, lambda c, r: cards.gadget_back(c, ctx, gadget, r))
    _dashed_slot(c, gx + cw + 4, top, cw, ch)
    _label(c, big, small, gx, top + ch + 5, t(lang, "gadget_cards"))
    _label(c, ctx.fonts.body, small, gx + cw + 4 + cw / 2, top + ch / 2, t(lang, "discard"),
           MUTED, "centre")
    # the agents' places
    row = model.setup[SETUP_PLAYERS]
    hand = [k for k in ("solo", "versus", "team") for _ in range(row.dealt[k])]
    zone_w = SETUP_W / SETUP_PLAYERS
    dice_each = model.game.components.dice // model.game.components.dice_colours
    for p in range(SETUP_PLAYERS):
        zx = p * zone_w + 6
        c.setStrokeColor(MUTED)
        c.setLineWidth(0.6)
        c.roundRect(zx, 4, zone_w - 12, top - 24, 6, fill=0, stroke=1)
        colour = model.colours[p]
        _label(c, big, 8.5, zx + 8, top - 36,
               f"{t(lang, 'agent')} {p + 1} · {colour.name.get(lang)}")
        hw = 30.0
        for i, kind in enumerate(hand):
            m = _first(model, kind)
            _card(c, zx + 8 + i * (hw * 0.55), 58, hw,
                  lambda c, r, m=m, kind=kind: cards.mission_back(kind)(c, ctx, m, r))
        _label(c, ctx.fonts.body, 6.5, zx + 8, 50, t(lang, "hand_hidden", n=len(hand)), MUTED)
        for d in range(dice_each):
            _colour_die(c, ctx, p, zx + 16 + d * 18, 24, 14, d + 1)
        aid = Rect(zx + zone_w - 12 - 44, 58, 34, card_height(34))
        c.setFillColor(hexcolor("#F4EEDC"))
        c.roundRect(aid.x, aid.y, aid.w, aid.h, 3, fill=1, stroke=1)
        _label(c, big, 6.5, aid.cx, aid.cy, t(lang, "player_aid"), INK, "centre")
        if p == 0:
            token = Rect(zx + 80, 60, 36, 36)
            c.saveState()
            c.translate(token.x, token.y)
            c.scale(token.w / tokens.TOKEN_SIZE, token.w / tokens.TOKEN_SIZE)
            with greeked(c):
                tokens.agent_side(c, ctx, "mission",
                                  Rect(0, 0, tokens.TOKEN_SIZE, tokens.TOKEN_SIZE))
            c.restoreState()
    c.restoreState()


# --- the worked example ---------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One picture of the worked example: each agent's dice as they lie, what is marked."""

    key: str  # the caption's id in rulebook.yaml
    dice: tuple[tuple[int, ...], ...]  # faces per agent, in seat order
    rolls: tuple[int, ...]  # rolls made so far, per agent (0: not yet)
    marked: tuple[tuple[int, int], ...] = ()  # (agent, die index) drawn with a ring
    struck: tuple[tuple[int, int], ...] = ()  # dice about to be rolled again
    card: str = ""  # a mission card shown beside the table
    gadget: str = ""  # a gadget card shown beside the table
    completes: int | None = None  # the agent who completes `card`
    swap: tuple[tuple[int, int], tuple[int, int]] | None = None  # two dice that changed hands


@dataclass(frozen=True)
class Example:
    agents: tuple[dict[str, str], ...]  # each agent's name by language
    steps: tuple[Step, ...]


EXAMPLE = Example(
    agents=({"en": "Ana", "ko": "아나"}, {"en": "Ben", "ko": "벤"},
            {"en": "Cleo", "ko": "클레오"}),
    steps=(
        # Ana is the active agent: 4 dice; she keeps the 4 and rolls the other three again
        Step("ex_roll", ((4, 1, 2, 6), (), ()), (1, 0, 0), marked=((0, 0),),
             struck=((0, 1), (0, 2), (0, 3))),
        # her second roll: two pairs; she stops, so the others may roll at most twice
        Step("ex_stop", ((4, 4, 2, 2), (3, 3, 5, 6), (6, 6, 1, 2)), (2, 2, 1)),
        # debriefing, Ana first: she alone has two pairs, VERSUS complete
        Step("ex_versus", ((4, 4, 2, 2), (3, 3, 5, 6), (6, 6, 1, 2)), (2, 2, 1),
             marked=((0, 0), (0, 1), (0, 2), (0, 3)), card="versus_01", completes=0),
        # Ben completes nothing: he takes the failure option and draws a gadget
        Step("ex_failure", ((4, 4, 2, 2), (3, 3, 5, 6), (6, 6, 1, 2)), (2, 2, 1),
             gadget="extra_chance"),
        # Cleo plays Transaction: her 1 for Ben's 6, then three 6s completes her SOLO
        Step("ex_gadget", ((4, 4, 2, 2), (3, 3, 5, 1), (6, 6, 6, 2)), (2, 2, 1),
             marked=((2, 0), (2, 1), (2, 2)), card="solo_04", gadget="transaction",
             completes=2, swap=((1, 3), (2, 2))),
    ),
)
STEP_W, STEP_ASPECT = 360.0, 0.36


def _draw_step(step: Step) -> Callable[..., None]:
    def draw(c: Canvas, x: float, y: float, w: float, h: float, model: DiceMission,
             lang: str) -> None:
        ctx = _ctx(model, lang)
        c.saveState()
        _frame(c, x, y, w, h, STEP_W, STEP_ASPECT)
        height = STEP_W * STEP_ASPECT
        c.setStrokeColor(MUTED)
        c.setLineWidth(0.6)
        c.roundRect(1, 1, STEP_W - 2, height - 2, 6, fill=0, stroke=1)
        row_h = (height - 12) / len(EXAMPLE.agents)
        for p, name in enumerate(EXAMPLE.agents):
            cy = height - 6 - row_h * (p + 0.5)
            _label(c, ctx.fonts.bold, 9, 10, cy - 3, name[lang])
            if p == 0:  # the active agent token
                _token_mark(c, 54, cy, 7)
            rolls = step.rolls[p]
            if rolls:
                _label(c, ctx.fonts.body, 7, 10, cy - 13, t(lang, "rolls_made", n=rolls), MUTED)
            for d, face in enumerate(step.dice[p]):
                _colour_die(c, ctx, p, 78 + d * 22, cy, 17, face,
                            struck=(p, d) in step.struck, ring=(p, d) in step.marked)
            if step.completes == p:
                _tick(c, 78 + 4 * 22 + 2, cy)
        if step.swap:
            (pa, da), (pb, db) = step.swap
            ya, yb = (height - 6 - row_h * (q + 0.5) for q in (pa, pb))
            xa, xb = 78 + da * 22, 78 + db * 22
            glyphs.arrow(c, xa + 4, ya - 10, xb + 4, yb + 10, 1.2, HIGHLIGHT)
            glyphs.arrow(c, xb - 4, yb + 10, xa - 4, ya - 10, 1.2, HIGHLIGHT)
        shown = [cid for cid in (step.card,) if cid]
        cx = 196.0
        cw = 62.0
        for cid in shown:
            m = model.mission(cid)
            _card(c, cx, 8, cw, lambda c, r, m=m: cards.mission_face(c, ctx, m, r))
            cx += cw + 6
        if step.gadget:
            g = model.gadget(step.gadget)
            _card(c, cx, 8, cw, lambda c, r, g=g: cards.gadget_face(c, ctx, g, r))
        c.restoreState()
    return draw


# --- figures -----------------------------------------------------------------------------

FIGURES: dict[str, Figure] = {
    "setup": Figure(draw_setup, SETUP_ASPECT),
    **{step.key: Figure(_draw_step(step), STEP_ASPECT) for step in EXAMPLE.steps},
}


# --- references ----------------------------------------------------------------------------

PIC_ASPECT = CARD_H / CARD_W


def _mission_picture(model: DiceMission, lang: str, m: Mission) -> Callable[..., None]:
    ctx = _ctx(model, lang)

    def draw(c: Canvas, x: float, y: float, w: float, h: float) -> None:
        width = min(w, h / PIC_ASPECT)
        _card(c, x + (w - width) / 2, y + (h - card_height(width)) / 2, width,
              lambda c, r: cards.mission_face(c, ctx, m, r))
    return draw


def _gadget_picture(model: DiceMission, lang: str, gadget: Any) -> Callable[..., None]:
    ctx = _ctx(model, lang)

    def draw(c: Canvas, x: float, y: float, w: float, h: float) -> None:
        width = min(w, h / PIC_ASPECT)
        _card(c, x + (w - width) / 2, y + (h - card_height(width)) / 2, width,
              lambda c, r: cards.gadget_face(c, ctx, gadget, r))
    return draw


def mission_entries(model: DiceMission, lang: str) -> list[RefEntry]:
    """Every mission card, by type: its number, name, the rule in words and the card."""
    out = []
    for m in model.missions:
        number = m.id.rsplit("_", 1)[-1]
        tail = f" ({t(lang, 'suitcase')})" if m.suitcase else ""
        out.append(RefEntry(f"{t(lang, m.type)} {number} · {m.name.get(lang)}",
                            m.text.get(lang) + tail, _mission_picture(model, lang, m),
                            PIC_ASPECT))
    return out


def gadget_entries(model: DiceMission, lang: str) -> list[RefEntry]:
    """Every gadget, mission gadgets first: when it is played, what it does, the card."""
    ordered = sorted(model.gadgets, key=lambda g: g.phase != "mission")
    return [RefEntry(f"{g.name.get(lang)} · {t(lang, f'phase_{g.phase}')}",
                     f"{g.text.get(lang)} ({t(lang, 'copies', n=g.copies)})",
                     _gadget_picture(model, lang, g), PIC_ASPECT) for g in ordered]


def _signs_picture(model: DiceMission, lang: str, rule: dict[str, Any]) -> Callable[..., None]:
    ctx = _ctx(model, lang)
    shown = picture(rule)

    def draw(c: Canvas, x: float, y: float, w: float, h: float) -> None:
        requirement.draw(c, ctx.fonts.bold, shown, Rect(x, y, w, h), INK)
    return draw


READING_PICTURE_MM = 30.0  # four dice in a row with their letters at the print floor or more


def reading_entries(model: DiceMission, lang: str) -> list[RefEntry]:
    """How to read a mission picture: one sample card per sign, its picture and its words."""
    out = []
    seen: set[str] = set()
    for m in model.missions:
        shown = picture(m.check.rule)
        if not shown:
            continue
        sign = _sign_kind(shown)
        if sign in seen:
            continue
        seen.add(sign)
        out.append(RefEntry(t(lang, f"sign_{sign}"), f"{m.name.get(lang)}: {m.text.get(lang)}",
                            _signs_picture(model, lang, m.check.rule), 0.3,
                            picture_width_mm=READING_PICTURE_MM))
    return out


def _sign_kind(shown: Any) -> str:
    """The kind of picture: which marks and signs it uses (the first found)."""
    from .pictures import Mark, Sign
    items = [i for g in shown for i in g.items]
    for i in items:
        if isinstance(i, Mark):
            return f"mark_{i.kind}"
    for i in items:
        if isinstance(i, Sign) and i.text in ("+", "=", "≥", "≤", ">", "#"):
            return "sum" if i.text in ("=", "≥", "≤", ">") else ("count" if i.text == "#"
                                                                 else "plus")
    dice = [d for g in shown for d in g.dice]
    if any(d.struck for d in dice):
        return "struck"
    if any(d.mark.startswith("N") for d in dice):
        return "run"
    if any(g.caption for g in shown):
        return "caption"
    if any(d.mark for d in dice):
        return "letters"
    return "pips"


REFERENCES = {
    "missions": mission_entries,
    "gadgets": gadget_entries,
    "reading": reading_entries,
}


# --- the builder's hooks ---------------------------------------------------------------------


def component_label(key: str, n: int, lang: str) -> str:
    """'116 mission cards' / '미션 카드 116개': a printed component in the reader's words."""
    return t(lang, "rb_component", n=n, what=t(lang, f"rb_{key}"))


def clarified(model: DiceMission, lang: str) -> list[str]:
    """Each rule decision a player needs (game.yaml `decisions:`, not `rulebook: false`): its
    player-facing sentence in the reader's language, numbers from values()."""
    return decision_lines(model.decisions, values(model), lang)
