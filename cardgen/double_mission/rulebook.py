"""Double Mission's part of the rulebook (cardgen.rulebook_api): the numbers its text uses,
the setup diagram and the worked example drawn from the content, and the reference sections
(every plan card, mission, title and character, the player-count table, the token mix)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from ..fonts import fonts_for
from ..geometry import Rect, mm
from ..ink import as_drawn, icon, saves_ink, tint
from ..render.common import CHARCOAL, CREAM, GOLD, INK, LINE, MUTED, SEA, TEAL
from ..rulebook_api import Figure, RefEntry, decision_lines
from . import board_layout as L
from . import tokens
from .strings import STRINGS, t

# --- the numbers -----------------------------------------------------------------------


def values(model: Any) -> dict[str, int | str]:
    """Every number the rulebook's text names, read from game.yaml and the other files."""
    g = model.game
    counts = sorted(r.count for r in g.players)
    out: dict[str, int | str] = {
        "actions": g.turn.actions, "operations": g.turn.operations,
        "move_steps": g.turn.move_steps,
        "dice_start": g.dice.start, "dice_max": g.dice.max, "dice_price": g.dice.price,
        "dice_faces": g.dice.faces, "success_faces": g.dice.success_faces,
        "failure_faces": g.dice.faces - g.dice.success_faces,
        "millions_start": g.millions.start, "millions_per_action": g.millions.per_action,
        "hand_start": g.plan_hand.start, "hand_limit": g.plan_hand.limit,
        "draw": g.plan_hand.draw, "draw_after_discard": g.plan_hand.draw_after_discard,
        "missions_dealt": g.missions_dealt.dealt, "missions_kept": g.missions_dealt.kept,
        "missions_kept_queen_b": g.missions_dealt.kept_queen_b,
        "security_min": g.security.printed_min, "security_max": g.security.printed_max,
        "security_floor": g.security.floor,
        "value_track": ", ".join(str(v) for v in g.value_track.spaces),
        "value_top": g.value_track.spaces[0], "value_floor": g.value_track.floor,
        "players_min": counts[0], "players_max": counts[-1],
        "score_length": g.score_track.length,
        "cities": len(model.cities), "treasure_types": len(model.treasures),
        "treasures_per_type": model.treasures[0].count,
        "plan_cards": sum(p.copies for p in model.plan_cards),
        "missions": len(model.missions), "titles": len(model.titles),
        "characters": len(model.characters),
        "tokens": sum(m.count for m in g.investigation_tokens),
    }
    for row in g.players:
        out[f"titles_{row.count}"] = row.titles_on_offer
        out[f"marker_{row.count}"] = row.end_trigger
        out[f"scores_{row.count}"] = ", ".join(str(s) for s in row.starting_scores)
    for mix in g.investigation_tokens:
        out[f"tokens_{mix.evidence}"] = mix.count
    out["shadow_mark"] = g.score_track.marks[0] if g.score_track.marks else g.score_track.length
    out.update({f"ex_{k}": v for k, v in example_values(model).items()})
    return out


def component_label(key: str, n: int, lang: str) -> str:
    """'24 cities on the board' / '게임 판의 도시 24': a printed component count in the
    reader's words (a key with its own `rb_<key>_n` sentence says more: what it is for)."""
    if f"rb_{key}_n" in STRINGS[lang]:
        return t(lang, f"rb_{key}_n", n=n, each=tokens.CHECK_MARKERS,
                 discs=n // tokens.DISC_SIDES)
    return t(lang, "rb_component", n=n, what=t(lang, f"rb_{key}"))


def clarified(model: Any, lang: str) -> list[str]:
    """Each rule decision a player needs (game.yaml `decisions:`, not `rulebook: false`): its
    player-facing sentence in the reader's language, numbers from values()."""
    return decision_lines(model.game.decisions, values(model), lang)


# --- the worked example: the rulebook's first turn of a 4-player game -------------------

SEATS = ("jack", "queen", "king", "joker")  # the example's turn order
STARTS = {"joker": "cyclades", "king": "seoul", "queen": "madrid", "jack": "kagoshima"}
LOOT = {"seoul": "cultural_asset", "shanghai": "cultural_asset", "madrid": "artifact",
        "sydney": "artifact"}  # the treasures the example names


@dataclass(frozen=True)
class Table:
    """The example's state after a step: pawns, scores, Millions, dice, held treasures."""

    where: dict[str, str]
    score: dict[str, int]
    millions: dict[str, int]
    dice: dict[str, int]
    held: dict[str, tuple[str, ...]]
    marker: int
    robbed: frozenset[str]
    value: int  # the Artifact's value


@dataclass(frozen=True)
class Step:
    """One picture of the example: whose turn, what happened, the table after it."""

    seat: str
    key: str  # the caption's words (strings.py rb_ex_<key>)
    moves: tuple[tuple[str, str], ...]  # (from, to) arrows
    table: Table


def _op(tb: Table, city: str, scorers: dict[str, int], taker: str) -> Table:
    """A successful operation on `city`: the scorers' success dice, the taker's treasure."""
    score = {s: tb.score[s] + scorers.get(s, 0) for s in SEATS}
    held = {**tb.held, taker: (*tb.held[taker], LOOT[city])}
    return replace(tb, score=score, held=held, marker=tb.marker - 1,
                   robbed=tb.robbed | {city})


def example(model: Any) -> list[Step]:
    """The example turn by turn, its numbers from the content (security levels, starting
    scores, the round marker, costs, the value track). Corrected where the rulebook
    contradicts itself: King's own roll failed (one success die), so he scores 1, not 2."""
    g = model.game
    row = model.player_count(len(SEATS))
    sec = {c: model.city_by_id[c].security for c in ("seoul", "madrid", "shanghai", "sydney")}
    cost = {p: model.plan_card_by_id[p].cost for p in ("extortion", "dismantle_safe",
                                                       "remote_job")}
    lowered = sec["shanghai"] - model.plan_card_by_id["dismantle_safe"].effect.amount
    tb = Table(dict(STARTS), {s: row.starting_scores[i] for i, s in enumerate(SEATS)},
               {s: g.millions.start for s in SEATS}, {s: g.dice.start for s in SEATS},
               {s: () for s in SEATS}, row.end_trigger, frozenset(), g.value_track.spaces[0])
    steps = [Step("jack", "setup", (), tb)]
    # Jack: move to Seoul, solo operation, Get Millions, buy a die
    tb = replace(tb, where={**tb.where, "jack": "seoul"})
    tb = _op(tb, "seoul", {"jack": sec["seoul"]}, "jack")
    tb = replace(tb, millions={**tb.millions, "jack": tb.millions["jack"]
                               + g.millions.per_action - g.dice.price},
                 dice={**tb.dice, "jack": tb.dice["jack"] + 1})
    steps.append(Step("jack", "jack", (("kagoshima", "seoul"),), tb))
    # Queen: solo operation in Madrid, two moves to Sydney
    tb = _op(tb, "madrid", {"queen": sec["madrid"]}, "queen")
    tb = replace(tb, where={**tb.where, "queen": "sydney"})
    steps.append(Step("queen", "queen", (("madrid", "sydney"),), tb))
    # King: Extortion on Jack, move to Shanghai, Get Millions, Dismantling Safe, cooperation
    held = {**tb.held, "king": (*tb.held["king"], *tb.held["jack"]), "jack": ()}
    tb = replace(tb, held=held, where={**tb.where, "king": "shanghai"},
                 millions={**tb.millions, "king": tb.millions["king"] + g.millions.per_action
                           - cost["extortion"] - cost["dismantle_safe"]})
    tb = _op(tb, "shanghai", {"king": lowered - 1, "joker": lowered}, "king")
    steps.append(Step("king", "king", (("seoul", "shanghai"),), tb))
    # Joker: Remote Job on Sydney with Jack, Get Millions, a plan card, sells the Artifact
    tb = replace(tb, millions={**tb.millions, "joker": tb.millions["joker"]
                               + g.millions.per_action - cost["remote_job"]})
    tb = _op(tb, "sydney", {"joker": sec["sydney"], "jack": sec["sydney"]}, "joker")
    tb = replace(tb, score={**tb.score, "joker": tb.score["joker"] + tb.value},
                 held={**tb.held, "joker": ()},
                 value=g.value_track.spaces[min(1, len(g.value_track.spaces) - 1)])
    steps.append(Step("joker", "joker", (), tb))
    return steps


def example_values(model: Any) -> dict[str, int]:
    """The example's numbers for the text: security levels, scores and markers per step."""
    steps = example(model)
    out = {f"sec_{c}": model.city_by_id[c].security
           for c in ("seoul", "madrid", "shanghai", "sydney", "cyclades")}
    out["sec_shanghai_low"] = (out["sec_shanghai"]
                               - model.plan_card_by_id["dismantle_safe"].effect.amount)
    out["cost_safe"] = model.plan_card_by_id["dismantle_safe"].cost
    out["king_points"] = out["sec_shanghai_low"] - 1
    for step in steps[1:]:
        out[f"marker_{step.key}"] = step.table.marker
        for seat in SEATS:
            out[f"{step.key}_{seat}"] = step.table.score[seat]
    out["marker_start"] = steps[0].table.marker
    out["sold_at"] = steps[-2].table.value
    out["value_after"] = steps[-1].table.value
    for seat in SEATS:
        out[f"start_{seat}"] = steps[0].table.score[seat]
        out[f"millions_{seat}"] = steps[-1].table.millions[seat]
    return out


# --- drawing ---------------------------------------------------------------------------

PAWN = {"jack": "#C8412F", "queen": "#7B4FA0", "king": "#1F4E79", "joker": "#1F8A70",
        "ace": "#C9A227"}


def _label(c: Canvas, lang: str, x: float, y: float, text: str, size: float = 7,
           *, bold: bool = False, color: Any = INK, align: str = "left") -> None:
    """A figure's label: always in the bold face (a label, not running text), `bold` a
    little larger."""
    f = fonts_for(lang)
    c.setFillColor(color)
    c.setFont(f.bold, size + (0.5 if bold else 0))
    {"left": c.drawString, "centre": c.drawCentredString,
     "right": c.drawRightString}[align](x, y, text)


def _board_frame(c: Canvas, x: float, y: float, w: float, h: float) -> float:
    """Scale the canvas so that the whole board (board_layout.BOARD) fills (x, y, w, h)."""
    s = min(w / L.BOARD[0], h / L.BOARD[1])
    c.translate(x, y)
    c.scale(s, s)
    return s


def draw_setup(c: Canvas, x: float, y: float, w: float, h: float, model: Any,
               lang: str) -> None:
    """The board set up for the most players: a treasure on every city, the value tokens
    on the top space, the titles on offer, the round marker on its start space."""
    from .board import _land
    from .geography import anchors_of, coastlines

    row = max(model.game.players, key=lambda r: r.count)
    light = saves_ink(c)  # the home look: a light board, the markers in their colours
    c.saveState()
    s = _board_frame(c, x, y, w, h)
    with as_drawn(c):
        c.setFillColor(tint(CREAM, 0.6) if light else CHARCOAL)
        c.setStrokeColor(MUTED)
        c.setLineWidth(2 / s)
        c.roundRect(0, 0, *L.BOARD, mm(6), fill=1, stroke=1 if light else 0)
        c.setFillColor(SEA)
        c.roundRect(L.MAP.x, L.MAP.y, L.MAP.w, L.MAP.h, mm(3), fill=1, stroke=0)
    _land(c, coastlines(anchors_of(model.cities)))
    pos = {city.id: L.map_point(*city.pos) for city in model.cities}
    with as_drawn(c):
        c.setStrokeColor(LINE)
        c.setLineWidth(2.4)
        for a, b in model.lines:
            c.line(*pos[a], *pos[b])
        colours = [HexColor(tr.color) for tr in model.treasures]
        c.setStrokeColor(MUTED)
        c.setLineWidth(1.2 / s)
        for i, city in enumerate(model.cities):
            cx, cy = pos[city.id]
            c.setFillColor(white)
            c.circle(cx, cy, L.SLOT_RADIUS, fill=1, stroke=1)
            c.setFillColor(colours[i % len(colours)])  # "a treasure here": drawn at random
            c.circle(cx, cy, L.SLOT_RADIUS * 0.62, fill=1, stroke=0)
        # the value track: one token per treasure type on its top space
        rows = len(model.treasures)
        vh = L.VALUES.h / rows
        spaces = len(model.game.value_track.spaces)
        for i, tr in enumerate(model.treasures):
            ry = L.VALUES.y1 - (i + 1) * vh
            for j in range(spaces):
                cx = L.VALUES.x + mm(22) + j * (L.VALUES.w - mm(26)) / spaces
                c.setFillColor(white if light else CREAM)
                c.circle(cx, ry + vh / 2, mm(8), fill=1, stroke=1)
            c.setFillColor(HexColor(tr.color))
            c.circle(L.VALUES.x + mm(22), ry + vh / 2, mm(6.5), fill=1, stroke=0)
        # the titles on offer
        for slot in L.title_slots(row.titles_on_offer):
            c.setFillColor(tint(GOLD, 0.7))
            c.roundRect(slot.x, slot.y, slot.w, slot.h, mm(3), fill=1, stroke=0)
        # the score track with the round marker on its start space
        track = L.track_spaces(model.game.score_track.length)
        for n, sp in enumerate(track):
            c.setFillColor(TEAL if n == row.end_trigger else (white if light else CREAM))
            c.rect(sp.x + mm(0.6), sp.y + mm(0.6), sp.w - mm(1.2), sp.h - mm(1.2), fill=1,
                   stroke=1 if light else 0)
    c.restoreState()
    # labels, set unscaled so they print at a readable size
    def at(px: float, py: float) -> tuple[float, float]:
        return x + px * s, y + py * s

    mark = track[row.end_trigger]  # the label beside its space, inside the board
    inside = mark.x > L.BOARD[0] / 2
    lx, ly = at(mark.x - mm(3) if inside else mark.x1 + mm(3), mark.cy)
    _label(c, lang, lx, ly - 3, t(lang, "rb_fig_marker", n=row.end_trigger), bold=True,
           align="right" if inside else "left", color=INK if light else white)
    tx, ty = at(L.TITLES.x + mm(4), L.TITLES.y1 - mm(8))
    ink = INK if light else white
    _label(c, lang, tx, ty, t(lang, "rb_fig_titles", n=row.titles_on_offer, p=row.count),
           bold=True, color=ink)
    vx, vy = at(L.VALUES.x + mm(4), L.VALUES.y - mm(8))
    _label(c, lang, vx, vy, t(lang, "rb_fig_values", v=model.game.value_track.spaces[0]),
           bold=True, color=ink)
    mx, my = at(L.MAP.x + mm(4), L.MAP.y + mm(4))
    _label(c, lang, mx, my, t(lang, "rb_fig_cities", n=len(model.cities)), bold=True)


SETUP = Figure(draw_setup, L.BOARD[1] / L.BOARD[0])

EXAMPLE_CITIES = ("kagoshima", "seoul", "shanghai", "madrid", "sydney", "cyclades")


def draw_example(index: int) -> Any:
    """The drawer of the example's picture `index` (0: the start, 1-4: each turn)."""

    def draw(c: Canvas, x: float, y: float, w: float, h: float, model: Any, lang: str) -> None:
        steps = example(model)
        before = steps[index - 1].table if index else None
        _example_panel(c, Rect(x, y, w, h), model, lang, steps[index], before)

    return draw


def _example_panel(c: Canvas, box: Rect, model: Any, lang: str, step: Step,
                   before: Table | None) -> None:
    """The example's cities where the map puts them (with their lines, security levels and
    treasures), the pawns, the moves as dashed arrows, the city just robbed ringed in gold,
    and beside the map the round marker and each player's score, Millions, dice and loot."""
    from .. import icons

    tb = step.table
    map_w = box.w * 0.58
    with as_drawn(c):
        c.setFillColor(tint(SEA, 0.7))
        c.roundRect(box.x, box.y, map_w, box.h, mm(2), fill=1, stroke=0)
    cities = [model.city_by_id[i] for i in EXAMPLE_CITIES]
    xs = [ct.pos[0] for ct in cities]
    ys = [ct.pos[1] for ct in cities]
    map_box = Rect(box.x + mm(9), box.y + mm(7), map_w - mm(18), box.h - mm(12))

    def pt(city: Any) -> tuple[float, float]:
        fx = (city.pos[0] - min(xs)) / ((max(xs) - min(xs)) or 1)
        fy = (city.pos[1] - min(ys)) / ((max(ys) - min(ys)) or 1)
        return map_box.x + fx * map_box.w, map_box.y1 - fy * map_box.h

    ids = set(EXAMPLE_CITIES)
    with as_drawn(c):
        c.setStrokeColor(LINE)
        c.setLineWidth(1.2)
        for a, b in (*model.lines, *model.wrap_lines):
            if a in ids and b in ids:
                c.line(*pt(model.city_by_id[a]), *pt(model.city_by_id[b]))
    robbed = tb.robbed - (before.robbed if before else frozenset())
    for city in cities:
        cx, cy = pt(city)
        with as_drawn(c):
            c.setFillColor(white)
            c.setStrokeColor(GOLD if city.id in robbed else MUTED)
            c.setLineWidth(2.2 if city.id in robbed else 0.7)
            c.circle(cx, cy, mm(3.4), fill=1, stroke=1)
        if city.id in LOOT and city.id not in tb.robbed:
            tr = model.treasure_by_id[LOOT[city.id]]
            with icon(c):
                icons.treasure(c, tr.icon, cx, cy, mm(4.6), tr.color)
        _label(c, lang, cx, cy - mm(6.3), f"{city.name.get(lang)} ({city.security})", 7,
               align="centre")
    with as_drawn(c):
        c.setStrokeColor(TEAL)
        c.setLineWidth(1.4)
        c.setDash(3, 2)
        for a, b in step.moves:
            (x0, y0), (x1, y1) = pt(model.city_by_id[a]), pt(model.city_by_id[b])
            c.line(x0, y0, x1, y1)
        c.setDash()
    offsets: dict[str, int] = {}
    for seat in SEATS:
        city = model.city_by_id[tb.where[seat]]
        k = offsets.get(city.id, 0)
        offsets[city.id] = k + 1
        cx, cy = pt(city)
        _pawn(c, lang, cx + mm(4.2) + k * mm(4.4), cy + mm(2.6), seat, model,
              seat == step.seat)
    # the table beside the map
    sx = box.x + map_w + mm(4)
    top = box.y1 - mm(3)
    _label(c, lang, sx, top - 8, t(lang, "rb_ex_marker", n=tb.marker), 8.5, bold=True,
           color=TEAL)
    for i, seat in enumerate(SEATS):
        yy = top - 8 - (i + 1) * mm(5.6)
        _pawn(c, lang, sx + mm(2), yy + 2.6, seat, model, seat == step.seat)
        name = model.character_by_id[seat].name.get(lang)
        _label(c, lang, sx + mm(5.5), yy, t(lang, "rb_ex_row", who=name, p=tb.score[seat],
                                               m=tb.millions[seat], d=tb.dice[seat],
                                               tr=len(tb.held[seat])), 7.5,
               bold=seat == step.seat)
    _label(c, lang, sx, box.y + mm(2), t(lang, "rb_ex_value", v=tb.value), 7.5, color=MUTED)


def _pawn(c: Canvas, lang: str, x: float, y: float, seat: str, model: Any,
          active: bool) -> None:
    """A character's pawn: a disc in its colour with its initial, ringed when it plays."""
    with as_drawn(c):
        c.setFillColor(HexColor(PAWN[seat]))
        c.setStrokeColor(INK if active else white)
        c.setLineWidth(1.4 if active else 0.8)
        c.circle(x, y, mm(2.1), fill=1, stroke=1)
        name = model.character_by_id[seat].name.get(lang)
        c.setFillColor(white)
        c.setFont(fonts_for(lang).bold, 6.5)
        c.drawCentredString(x, y - 2.3, name[:2] if lang == "en" else name[:1])


EXAMPLE_ASPECT = 0.34
FIGURES: dict[str, Figure] = {
    "setup": SETUP,
    **{f"example_{i}": Figure(draw_example(i), EXAMPLE_ASPECT) for i in range(5)},
}


# --- references ------------------------------------------------------------------------


def _badge(text: str, colour: Any) -> Any:
    def draw(c: Canvas, x: float, y: float, w: float, h: float) -> None:
        c.setFillColor(colour)
        c.roundRect(x, y, w, h, mm(1.5), fill=1, stroke=0)
        c.setFillColor(white)
        c.setFont(fonts_for("en").bold, 11)
        c.drawCentredString(x + w / 2, y + h / 2 - 4, text)

    return draw


def plan_cards(model: Any, lang: str) -> list[RefEntry]:
    out = []
    for p in model.plan_cards:
        when = t(lang, "rb_any_time" if p.timing == "any_time" else "rb_own_turn")
        title = t(lang, "rb_plan_title", name=p.name.get(lang), cost=p.cost, when=when,
                  copies=p.copies)
        out.append(RefEntry(title, p.text.get(lang), _badge(f"{p.cost}M", TEAL), 0.5))
    return out


def missions(model: Any, lang: str) -> list[RefEntry]:
    out = []
    for m in model.missions:
        text = m.text.get(lang)
        points = getattr(m.scoring, "points", None)
        if isinstance(points, list):
            shown = " / ".join(str(p) for p in points)
            by_place = m.scoring.kind == "rank_bonus"  # Comeback!: by place, not by count
            text += " " + (t(lang, "rb_rank", points=shown, n=len(points)) if by_place
                           else t(lang, "rb_ladder", points=shown))
        if m.cap:
            text += " " + t(lang, "rb_cap", n=m.cap)
        out.append(RefEntry(m.name.get(lang), text))
    return out


def titles(model: Any, lang: str) -> list[RefEntry]:
    return [RefEntry(t(lang, "rb_title_title", name=x.name.get(lang), n=x.points),
                     x.text.get(lang), _badge(str(x.points), GOLD), 0.5) for x in model.titles]


def characters(model: Any, lang: str) -> list[RefEntry]:
    out = []
    for ch in model.characters:
        for side in ("A", "B"):
            s = ch.sides[side]
            out.append(RefEntry(f"{ch.name.get(lang)} {side} · {s.name.get(lang)}",
                                s.text.get(lang), _badge(side, HexColor(ch.color)), 0.5))
    return out


def player_counts(model: Any, lang: str) -> list[RefEntry]:
    return [RefEntry(t(lang, "rb_players", n=r.count),
                     t(lang, "rb_players_row", titles=r.titles_on_offer, marker=r.end_trigger,
                       scores=", ".join(str(s) for s in r.starting_scores)))
            for r in model.game.players]


def token_mix(model: Any, lang: str) -> list[RefEntry]:
    rows = [t(lang, "rb_mix_blank" if m.evidence == 0 else "rb_mix", n=m.count, e=m.evidence)
            for m in model.game.investigation_tokens]
    total = sum(m.count for m in model.game.investigation_tokens)
    return [RefEntry(t(lang, "rb_mix_title", n=total), "; ".join(rows))]


REFERENCES = {
    "plan_cards": plan_cards, "missions": missions, "titles": titles,
    "characters": characters, "player_counts": player_counts, "token_mix": token_mix,
}
