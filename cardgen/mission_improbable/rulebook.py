"""Mission Improbable's part of the rulebook: the named numbers, the figures, the references.

Every number the text prints comes from `values(model)`; the figures draw the kit's own
cards (cards.py), skill glyphs and D10s (glyphs.py, rows.py) at small scale, from the model.
The worked example is one mission attempt (`EXAMPLE`): its rolls are data, every total and
the failure result are read from the cards and the Mission Failure Table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from missionkit.mission_improbable.guide import fill
from missionkit.mission_improbable.model import MissionImprobable
from missionkit.mission_improbable.model_rules import CARD_TYPES

from ..fonts import fonts_for
from ..geometry import Rect
from ..imposition import CARD_SIZE
from ..miniature import greeked, readable
from ..render.common import INK, Ctx, hexcolor
from ..rulebook_api import Figure, RefEntry, decision_lines
from . import cards, glyphs, rows
from .strings import t

CARD_W, CARD_H = CARD_SIZE
MUTED = hexcolor("#6B6F78")
PASS = hexcolor("#2E7D4F")
FAIL = hexcolor("#B3261E")
NEMESIS = hexcolor("#7A1712")
AGENT = hexcolor("#123E73")


# --- the worked example: data ------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """One attempt: an agent with an asset on a mission with one obstacle on it."""

    agent: str
    asset: str
    mission: str
    obstacle: str
    rolls: tuple[tuple[int, int], ...]  # (nemesis D10, agent D10) per check, in order
    failure_roll: int  # the D10 on the Mission Failure Table
    d5_roll: int  # the D10 halved for 1D5 turns


EXAMPLE = Example(agent="mr_bond", asset="silencer", mission="bodyguard_assassination",
                  obstacle="cook_with_cleaver", rolls=((6, 3), (8, 5)), failure_roll=6,
                  d5_roll=7)


@dataclass(frozen=True)
class CheckLine:
    skill: str
    card_mod: int
    nemesis: int
    agent_roll: int
    bonus: int  # the agent's own skill + the asset used

    @property
    def difficulty(self) -> int:
        return self.nemesis + self.card_mod

    @property
    def attempt(self) -> int:
        return self.agent_roll + self.bonus

    @property
    def passed(self) -> bool:
        return self.attempt >= self.difficulty


def example_checks(model: MissionImprobable) -> list[CheckLine]:
    """The example's two checks (the obstacle's, then the mission's first), totals from the
    cards: the agent's skill, plus the asset while it is still attached."""
    agent, asset = model.card(EXAMPLE.agent), model.card(EXAMPLE.asset)
    obstacle, mission = model.card(EXAMPLE.obstacle), model.card(EXAMPLE.mission)
    steps = [obstacle.check.options[0], mission.checks[0].options[0]]
    out, asset_left = [], True
    for option, (nemesis, roll) in zip(steps, EXAMPLE.rolls, strict=True):
        bonus = agent.skills.get(option.skill, 0)
        if asset_left and option.skill in asset.skills:
            bonus += asset.skills[option.skill]
            asset_left = False  # equipment is discarded after the roll it helped
        out.append(CheckLine(option.skill, option.mod, nemesis, roll, bonus))
    return out


def failure_row(model: MissionImprobable) -> Any:
    return next(r for r in model.tables["mission_failure"].rows
                if r.from_ <= EXAMPLE.failure_roll <= r.to)


def d5(model: MissionImprobable, face: int) -> int:
    half = -(-face // model.d5.divide) if model.d5.round == "up" else face // model.d5.divide
    return half


# --- the numbers ------------------------------------------------------------------------


def values(model: MissionImprobable) -> dict[str, int | str]:
    """The numbers the rulebook's text prints, each read from the model."""
    g = model.game
    out: dict[str, int | str] = {
        "players_min": g.players.min, "players_max": g.players.max,
        "players_many_min": g.players.min + 1,
        "hand_start": g.hand.start, "hand_draw": g.hand.draw, "hand_limit": g.hand.limit,
        "deck_size": g.deck_size, "card_types": len(g.card_types),
        "recruit": g.per_turn.recruit, "assets": g.per_turn.assets,
        "missions_into_play": g.per_turn.missions_into_play, "spy_rolls": g.per_turn.spy_rolls,
        "mission_attempts": g.per_turn.mission_attempts,
        "phase_count": len(model.guide.phases), "skill_count": len(model.skills),
        "mp_total": sum(m.mp for m in model.missions),
        "mp_target": model.option("mp_target").default,
        "d10_each": next(b.per_player for b in g.bought if b.id == "d10"),
        "die_sides": model.d5.die, "d5_divide": model.d5.divide,
        "clamp_low": model.modifiers.clamp[0], "clamp_high": model.modifiers.clamp[1],
    }
    for kind in CARD_TYPES:
        out[f"{kind}_cards"] = len(model.cards_of(kind))
    checks = example_checks(model)
    for i, line in enumerate(checks, start=1):
        out.update({f"ex{i}_mod": line.card_mod, f"ex{i}_nemesis": line.nemesis,
                    f"ex{i}_difficulty": line.difficulty, f"ex{i}_roll": line.agent_roll,
                    f"ex{i}_bonus": line.bonus, f"ex{i}_attempt": line.attempt})
    out["ex_asset_bonus"] = next(iter(model.card(EXAMPLE.asset).skills.values()))
    out["ex_failure_roll"] = EXAMPLE.failure_roll
    out["ex_d5_roll"], out["ex_d5"] = EXAMPLE.d5_roll, d5(model, EXAMPLE.d5_roll)
    out["ex_mp"] = model.card(EXAMPLE.mission).mp
    for lang in ("en", "ko"):
        out[f"ex_agent_{lang}"] = model.card(EXAMPLE.agent).display_name.get(lang)
        out[f"ex_asset_{lang}"] = model.card(EXAMPLE.asset).display_name.get(lang)
        for i, line in enumerate(checks, start=1):
            out[f"ex{i}_skill_{lang}"] = model.skill_by_id[line.skill].name.get(lang)
    return out


# --- drawing helpers ----------------------------------------------------------------------


def _ctx(model: MissionImprobable, lang: str) -> Ctx:
    return Ctx(model, lang, fonts_for(lang))


def _dc(model: MissionImprobable, card_id: str) -> cards.DeckCard:
    """The printed card `card_id`, as the kit's card faces take it."""
    return next(dc for dc in cards.deck_cards(model) if dc.id == card_id)


def _frame(c: Canvas, x: float, y: float, w: float, h: float, base_w: float,
           aspect: float) -> None:
    """Origin into the box, a base_w-wide drawing scaled to fit with its aspect kept."""
    scale = min(w / base_w, h / (base_w * aspect))
    dw, dh = base_w * scale, base_w * aspect * scale
    c.translate(x + (w - dw) / 2, y + (h - dh) / 2)
    c.scale(scale, scale)


def card_height(width: float) -> float:
    return width * CARD_H / CARD_W


def _card(c: Canvas, ctx: Ctx, card_id: str | None, x: float, y: float, width: float) -> None:
    """A card's face (or, for None, the deck's back) by the kit's own code, shrunk."""
    model = ctx.game
    dc = _dc(model, card_id) if card_id else cards.deck_cards(model)[0]
    c.saveState()
    c.translate(x, y)
    c.scale(width / CARD_W, width / CARD_W)
    clip = c.beginPath()
    clip.roundRect(0, 0, CARD_W, CARD_H, CARD_W * 0.05)
    c.clipPath(clip, stroke=0, fill=0)
    with greeked(c):
        (cards.face if card_id else cards.back)(c, ctx, dc, Rect(0, 0, CARD_W, CARD_H))
    c.restoreState()
    c.saveState()
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.4)
    c.roundRect(x, y, width, card_height(width), width * 0.05, fill=0, stroke=1)
    c.restoreState()


def _label(c: Canvas, font: str, size: float, x: float, y: float, words: str,
           color: Color = INK, align: str = "left") -> None:
    c.setFillColor(color)
    c.setFont(font, readable(c, size))
    {"left": c.drawString, "centre": c.drawCentredString,
     "right": c.drawRightString}[align](x, y, words)


def _wrapped(c: Canvas, font: str, size: float, x: float, top: float, width: float,
             words: str, color: Color = INK) -> None:
    size = readable(c, size)
    c.setFillColor(color)
    c.setFont(font, size)
    for i, line in enumerate(simpleSplit(words, font, size, width)):
        c.drawString(x, top - (i + 1) * size * 1.25, line)


def _d10(c: Canvas, font: str, cx: float, cy: float, s: float, face: int,
         color: Color) -> None:
    rows.d10(c, cx, cy, s, color)
    _label(c, font, s * 0.34, cx, cy - s * 0.08, str(face), white, "centre")


def _dashed_slot(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    c.saveState()
    c.setDash(3, 2)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.8)
    c.roundRect(x, y, w, h, 3, fill=0, stroke=1)
    c.restoreState()


def _agent_with_asset(c: Canvas, ctx: Ctx, agent: str, asset: str | None, x: float,
                      y: float, width: float) -> None:
    """An agent with an asset attached face up partly under it (its name shows above)."""
    if asset:
        _card(c, ctx, asset, x + width * 0.12, y + card_height(width) * 0.3, width)
    _card(c, ctx, agent, x, y, width)


def _mission_with_obstacles(c: Canvas, ctx: Ctx, mission: str, obstacles: int, x: float,
                            y: float, width: float) -> None:
    """A mission in play with face-down obstacles stacked on it (offset, so each shows)."""
    _card(c, ctx, mission, x, y, width)
    for i in range(obstacles):
        _card(c, ctx, None, x + width * 0.55 + i * width * 0.12, y - width * 0.18 - i * 6,
              width * 0.8)


# --- the setup figure ---------------------------------------------------------------------

SETUP_W, SETUP_ASPECT = 520.0, 0.5


def draw_setup(c: Canvas, x: float, y: float, w: float, h: float, model: MissionImprobable,
               lang: str) -> None:
    """The shared deck and discard pile; a player's area: agents with attached assets and a
    mission in play with an opponent's face-down obstacles on it; the player's hand."""
    ctx = _ctx(model, lang)
    c.saveState()
    _frame(c, x, y, w, h, SETUP_W, SETUP_ASPECT)
    bold, body = ctx.fonts.bold, ctx.fonts.body
    height = SETUP_W * SETUP_ASPECT
    cw = 58.0
    top = height - card_height(cw) - 18
    _card(c, ctx, None, 8, top, cw)
    _label(c, bold, 8, 8, top + card_height(cw) + 6,
           f"{t(lang, 'deck')} ({model.game.deck_size})")
    _dashed_slot(c, 8 + cw + 8, top, cw, card_height(cw))
    _label(c, body, 7, 8 + cw + 8 + cw / 2, top + card_height(cw) / 2, t(lang, "discard"),
           MUTED, "centre")
    # the player's hand, face down
    hx = 8
    _label(c, bold, 8, hx, 100, t(lang, "hand_of", n=model.game.hand.start))
    for i in range(model.game.hand.start):
        _card(c, ctx, None, hx + i * 14, 8, 52)
    # agents with assets
    ax = 170.0
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.6)
    c.roundRect(ax - 8, 4, SETUP_W - ax + 4, height - 8, 6, fill=0, stroke=1)
    _label(c, bold, 8.5, ax, height - 18, t(lang, "your_area"))
    agents, big = SETUP_AGENTS, 76.0
    for i, (agent, asset) in enumerate(agents):
        _agent_with_asset(c, ctx, agent, asset, ax + i * (big + 14), 14, big)
    # a mission with obstacles
    mx = ax + len(agents) * (big + 14) + 6
    _mission_with_obstacles(c, ctx, SETUP_MISSION, 2, mx, 100, big)
    _wrapped(c, body, 6.5, mx, 60, SETUP_W - mx - 8, t(lang, "obstacles_on_mission"), MUTED)
    c.restoreState()


SETUP_AGENTS = (("mr_bond", "silencer"), ("inspector_clueless", "master_of_disguise"))
SETUP_MISSION = "defection_facilitation_prevention"


# --- the worked example ---------------------------------------------------------------------

STEP_W, STEP_ASPECT = 360.0, 0.42


def _check_panel(index: int) -> Callable[..., None]:
    def draw(c: Canvas, x: float, y: float, w: float, h: float, model: MissionImprobable,
             lang: str) -> None:
        ctx = _ctx(model, lang)
        line = example_checks(model)[index]
        c.saveState()
        _frame(c, x, y, w, h, STEP_W, STEP_ASPECT)
        height = STEP_W * STEP_ASPECT
        c.setStrokeColor(MUTED)
        c.setLineWidth(0.6)
        c.roundRect(1, 1, STEP_W - 2, height - 2, 6, fill=0, stroke=1)
        cw = 80.0
        target = EXAMPLE.obstacle if index == 0 else EXAMPLE.mission
        _card(c, ctx, target, 8, 8, cw)
        asset = EXAMPLE.asset if index == 0 else None
        _agent_with_asset(c, ctx, EXAMPLE.agent, asset, 8 + cw + 8, 8 if asset else 8,
                          cw * (0.8 if asset else 1))
        bold = ctx.fonts.bold
        skill = model.skill_by_id[line.skill]
        sx = 196.0
        glyphs.skill_disc(c, line.skill, sx + 10, height - 22, 18)
        _label(c, bold, 10, sx + 24, height - 26, skill.name.get(lang))
        rows_y = (height - 64, height - 104)
        _d10(c, bold, sx + 10, rows_y[0], 22, line.nemesis, NEMESIS)
        _label(c, bold, 9, sx + 26, rows_y[0] - 3,
               f"{t(lang, 'nemesis')}: {line.nemesis} {rows.signed(line.card_mod)} = "
               f"{line.difficulty}")
        _d10(c, bold, sx + 10, rows_y[1], 22, line.agent_roll, AGENT)
        _label(c, bold, 9, sx + 26, rows_y[1] - 3,
               f"{t(lang, 'agent')}: {line.agent_roll} {rows.signed(line.bonus)} = "
               f"{line.attempt}")
        verdict = t(lang, "passed" if line.passed else "failed")
        _label(c, bold, 11, sx + 10, 14, verdict, PASS if line.passed else FAIL)
        c.restoreState()
    return draw


def draw_failure(c: Canvas, x: float, y: float, w: float, h: float,
                 model: MissionImprobable, lang: str) -> None:
    """The failure roll: the D10, the row of the Mission Failure Table it lands on, 1D5."""
    ctx = _ctx(model, lang)
    c.saveState()
    _frame(c, x, y, w, h, STEP_W, STEP_ASPECT)
    height = STEP_W * STEP_ASPECT
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.6)
    c.roundRect(1, 1, STEP_W - 2, height - 2, 6, fill=0, stroke=1)
    bold, body = ctx.fonts.bold, ctx.fonts.body
    table = model.tables["mission_failure"]
    _label(c, bold, 10, 12, height - 20, table.name.get(lang))
    _d10(c, bold, 28, height - 52, 30, EXAMPLE.failure_roll, NEMESIS)
    y0 = height - 36
    for row in table.rows:
        hit = row.from_ <= EXAMPLE.failure_roll <= row.to
        span = str(row.from_) if row.from_ == row.to else f"{row.from_}-{row.to}"
        if hit:
            c.setFillColor(hexcolor("#F7E3B5"))
            c.rect(60, y0 - 3.5, STEP_W - 70, 11, fill=1, stroke=0)
        _label(c, bold if hit else body, 7.5, 64, y0, span, INK)
        words = row.result.get(lang)
        line = simpleSplit(words, body, 7.5, STEP_W - 110)
        _label(c, bold if hit else body, 7.5, 90, y0, line[0] + (" …" if len(line) > 1 else ""))
        y0 -= 12
    _d10(c, bold, 28, 26, 22, EXAMPLE.d5_roll, AGENT)
    _label(c, bold, 8, 12, 8, f"1D5: {EXAMPLE.d5_roll} → {d5(model, EXAMPLE.d5_roll)}")
    c.restoreState()


FIGURES: dict[str, Figure] = {
    "setup": Figure(draw_setup, SETUP_ASPECT),
    "ex_obstacle": Figure(_check_panel(0), STEP_ASPECT),
    "ex_mission": Figure(_check_panel(1), STEP_ASPECT),
    "ex_failure": Figure(draw_failure, STEP_ASPECT),
}


# --- references ----------------------------------------------------------------------------

PIC_ASPECT = CARD_H / CARD_W


def _card_picture(model: MissionImprobable, lang: str, card_id: str) -> Callable[..., None]:
    ctx = _ctx(model, lang)

    def draw(c: Canvas, x: float, y: float, w: float, h: float) -> None:
        width = min(w, h / PIC_ASPECT)
        _card(c, ctx, card_id, x + (w - width) / 2, y + (h - card_height(width)) / 2, width)
    return draw


def _skill_picture(skill: str) -> Callable[..., None]:
    def draw(c: Canvas, x: float, y: float, w: float, h: float) -> None:
        d = min(w, h)
        glyphs.skill_disc(c, skill, x + w / 2, y + h / 2, d)
    return draw


def skill_entries(model: MissionImprobable, lang: str) -> list[RefEntry]:
    """The skills: icon, name, what it covers."""
    return [RefEntry(s.name.get(lang), s.text.get(lang), _skill_picture(s.id), 1.0)
            for s in model.skills]


def phase_entries(model: MissionImprobable, lang: str) -> list[RefEntry]:
    """The turn's phases in order, each with its reminder, numbers filled from game.yaml."""
    return [RefEntry(f"{n}. {p.name.get(lang)}", fill(p.reminder.get(lang), model.game))
            for n, p in enumerate(model.guide.phases, start=1)]


def _table_entries(table_id: str) -> Callable[[MissionImprobable, str], list[RefEntry]]:
    def entries(model: MissionImprobable, lang: str) -> list[RefEntry]:
        table = model.tables[table_id]
        out = [RefEntry(table.name.get(lang), table.when.get(lang))]
        for row in table.rows:
            span = str(row.from_) if row.from_ == row.to else f"{row.from_}-{row.to}"
            out.append(RefEntry(span, row.result.get(lang), table_row=True))
        return out
    return entries


def _check_words(model: MissionImprobable, lang: str, check: Any) -> str:
    return f" {t(lang, 'or').lower()} ".join(
        f"{model.skill_by_id[o.skill].name.get(lang)} {rows.signed(o.mod)}"
        for o in check.options)


def _bonus_words(model: MissionImprobable, lang: str, skills: dict[str, int]) -> str:
    return ", ".join(f"{model.skill_by_id[s].name.get(lang)} {rows.signed(v)}"
                     for s, v in skills.items())


def card_words(model: MissionImprobable, lang: str, card: Any) -> str:
    """What a card does, in words: its checks, its bonuses or its text."""
    if card.type == "mission":
        checks = " · ".join(_check_words(model, lang, ch) for ch in card.checks)
        return f"{card.mp} {t(lang, 'mp')}. {t(lang, 'checks')}: {checks}"
    if card.type in ("obstacle", "location"):
        return f"{t(lang, 'check')}: {_check_words(model, lang, card.check)}"
    text = getattr(card, "text", None)
    bonus = getattr(card, "skills", None)
    parts = [_bonus_words(model, lang, bonus)] if bonus else []
    if text:
        parts.append(text.get(lang))
    if card.type == "event":
        parts.insert(0, t(lang, card.when))  # when it is played (MID-30)
    return ". ".join(parts)


def _cards_of(kinds: tuple[str, ...]) -> Callable[[MissionImprobable, str], list[RefEntry]]:
    def entries(model: MissionImprobable, lang: str) -> list[RefEntry]:
        out = []
        for kind in kinds:
            for card in model.cards_of(kind):
                name = card.display_name.get(lang)
                out.append(RefEntry(name, card_words(model, lang, card),
                                    _card_picture(model, lang, card.id), PIC_ASPECT))
        return out
    return entries


def card_type_entries(model: MissionImprobable, lang: str) -> list[RefEntry]:
    """The eight card types: count and what each does (the guide's reminder)."""
    return [RefEntry(f"{k.name.get(lang)} ({len(model.cards_of(k.id))})",
                     model.guide.card_reminders[k.id].get(lang),
                     _card_picture(model, lang, model.cards_of(k.id)[0].id), PIC_ASPECT)
            for k in model.game.card_types]


REFERENCES = {
    "phases": phase_entries,
    "skills": skill_entries,
    "card_types": card_type_entries,
    "spy_table": _table_entries("spy"),
    "failure_table": _table_entries("mission_failure"),
    "capture_table": _table_entries("capture"),
    "agents": _cards_of(("agent",)),
    "missions": _cards_of(("mission",)),
    "obstacles": _cards_of(("obstacle", "location")),
    "assets": _cards_of(("equipment", "experience", "connection")),
    "events": _cards_of(("event",)),
}


# --- the builder's hooks ---------------------------------------------------------------------


def component_label(key: str, n: int, lang: str) -> str:
    """'20 Agents' / '요원 카드 20장': a printed component in the reader's words."""
    return t(lang, "rb_component", n=n, what=t(lang, f"rb_{key}"))


def clarified(model: MissionImprobable, lang: str) -> list[str]:
    """Each rule decision a player needs (game.yaml `decisions:`, not `rulebook: false`): its
    player-facing sentence in the reader's language, numbers from values()."""
    return decision_lines(model.decisions, values(model), lang)

