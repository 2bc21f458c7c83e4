"""Double Mission's board as a hobbyist reads it: lines clear of the city discs, labels clear
of discs and of each other, a blank safe margin round the A2 poster."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from cardgen.documents import POSTER_MARGIN
from cardgen.double_mission import board_layout as L
from cardgen.geometry import PAPERS, mm
from tests.cardgen import kits
from tests.cardgen.pdf_text_boxes import text_boxes

DISC = L.SLOT_RADIUS + mm(1.6)  # a city's disc with its dark rim


def _seg_dist(p, a, b) -> float:
    (ax, ay), (bx, by), (px, py) = a, b, p
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def test_every_line_passes_clear_of_the_other_cities_discs(game):
    pos = {c.id: L.map_point(*c.pos) for c in game.cities}
    for a, b in game.lines:
        for city, p in pos.items():
            if city not in (a, b):
                gap = _seg_dist(p, pos[a], pos[b]) - DISC
                assert gap >= mm(3), f"{a}-{b} runs {gap / mm(1):.1f} mm from {city}'s disc"


@pytest.fixture(scope="module")
def poster(every_kit: Path) -> Path:
    return every_kit


def _to_page(x: float, y: float) -> tuple[float, float]:
    """Board points -> A2 poster page points (see documents.write_board_poster)."""
    pw, ph = PAPERS["a2"][1], PAPERS["a2"][0]
    s = min((pw - 2 * POSTER_MARGIN) / L.BOARD[0], (ph - 2 * POSTER_MARGIN) / L.BOARD[1], 1)
    return (pw - L.BOARD[0] * s) / 2 + x * s, (ph - L.BOARD[1] * s) / 2 + y * s


@pytest.mark.parametrize("lang", kits.LANGS)
def test_wrap_labels_lie_clear_of_every_city_disc(poster, game, lang):
    boxes = text_boxes(poster / "double-mission" / f"{lang}-a4" / "board-a2.pdf", 0)
    word = "continues" if lang == "en" else "이어짐"
    labels = [box for text, box in boxes if word in text]
    assert len(labels) >= 2 * len(game.wrap_lines)
    for x0, y0, x1, y1 in labels:
        for city in game.cities:
            cx, cy = _to_page(*L.map_point(*city.pos))
            nx, ny = min(max(cx, x0), x1), min(max(cy, y0), y1)  # the box's nearest point
            assert math.hypot(nx - cx, ny - cy) > DISC * 0.98, f"wrap label over {city.id}"


@pytest.mark.parametrize("lang", kits.LANGS)
def test_city_names_lie_clear_of_every_other_citys_disc_and_badges(poster, game, lang):
    """A name plate (the printed name plus its 1.5 mm padding) under no other city's disc,
    lock badge or port badge: the Cyclades' lock once hid half of "Rome"."""
    boxes = text_boxes(poster / "double-mission" / f"{lang}-a4" / "board-a2.pdf", 0)
    scale = _to_page(1, 0)[0] - _to_page(0, 0)[0]
    for city in game.cities:
        name = city.name.ko if lang == "ko" else city.name.en
        found = [box for text, box in boxes if text.replace(" ", "") == name.replace(" ", "")]
        assert found, f"{name} not found on the board"
        x0, y0, x1, y1 = found[0]
        x0, x1 = x0 - mm(1.5) * scale, x1 + mm(1.5) * scale
        y0, y1 = y0 - mm(1) * scale, y1 + mm(1) * scale
        for other in game.cities:
            if other.id == city.id:
                continue
            port = other.seaport or other.airport
            for cx, cy, r in L.city_circles(*L.map_point(*other.pos), port):
                (px, py), pr = _to_page(cx, cy), r * scale
                nx, ny = min(max(px, x0), x1), min(max(py, y0), y1)
                assert math.hypot(nx - px, ny - py) > pr, f"{other.id} covers {name}"


def test_the_poster_leaves_a_blank_safe_margin(poster):
    image = kits.render(poster / "double-mission" / "en-a4" / "board-a2.pdf", 0, 1)
    edge = round(POSTER_MARGIN - mm(1))
    w, h = image.size
    for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
        assert image.crop(box).getextrema() == ((255, 255),) * 3, box


def test_every_plan_card_effect_has_its_own_emblem_and_no_emblem_is_the_cog(game):
    """One picture per plan card (copies share it); the double-cog is the any-time mark in
    the name bar only, so an own-turn card never shows it."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from cardgen.double_mission.emblems import plan_emblem
    from cardgen.fonts import fonts_for
    from cardgen.render.common import Ctx

    ctx = Ctx(game, "en", fonts_for("en"))
    drawn: dict[bytes, str] = {}
    for card in game.plan_cards:
        buf = io.BytesIO()
        c = Canvas(buf, pagesize=(60, 60), invariant=1)
        plan_emblem(c, ctx, card, 30, 30, 40)
        code = "\n".join(c._code).encode()
        assert code not in drawn, f"{card.id} shows {drawn.get(code)}'s emblem"
        drawn[code] = card.id
    cogs = io.BytesIO()
    c = Canvas(cogs, pagesize=(60, 60), invariant=1)
    from cardgen import icons

    icons.cogs(c, 30, 30, 40)
    assert "\n".join(c._code).encode() not in drawn


def test_every_mission_has_its_own_emblem(game):
    import io

    from reportlab.pdfgen.canvas import Canvas

    from cardgen.double_mission.emblems import mission_emblem
    from cardgen.fonts import fonts_for
    from cardgen.render.common import Ctx

    ctx = Ctx(game, "en", fonts_for("en"))
    drawn: dict[bytes, str] = {}
    for m in game.missions:
        c = Canvas(io.BytesIO(), pagesize=(60, 60), invariant=1)
        mission_emblem(c, ctx, m, 30, 30, 40)
        code = "\n".join(c._code).encode()
        assert code not in drawn, f"{m.id} shows {drawn.get(code)}'s emblem"
        drawn[code] = m.id


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_city_label_lies_over_a_route_a_disc_or_another_label(game, lang):
    """The issue saw Istanbul, Agra, Madrid, Shanghai and Cyclades printed over route lines:
    every name plate now keeps clear of every route (lines and wrap arrows), every other
    city's disc and badges, the wrap arrows' notes and every other plate, inside the map."""
    from cardgen.double_mission import board
    from cardgen.double_mission import board_layout as L
    from cardgen.fonts import fonts_for
    from cardgen.render.common import Ctx

    ctx = Ctx(game, lang, fonts_for(lang))
    pos, segments, notes, labels = board.label_layout(ctx)
    assert set(labels) == {city.id for city in game.cities}
    for city in game.cities:
        plate = labels[city.id]
        assert L.MAP.x <= plate.x and plate.x1 <= L.MAP.x1, city.id
        assert L.MAP.y <= plate.y and plate.y1 <= L.MAP.y1, city.id
        for seg in segments:
            assert not L.segment_hits(seg, plate, L.ROUTE_CLEAR), (city.id, seg)
        for other in game.cities:
            if other.id == city.id:
                continue
            assert not L.rects_hit(plate, labels[other.id]), (city.id, other.id)
            for circle in L.city_circles(*pos[other.id], other.seaport or other.airport):
                assert not L.circle_hits(circle, plate), (city.id, other.id)
        for note in notes:
            assert not L.rects_hit(plate, note), city.id


def test_the_map_draws_real_coastlines_through_every_city(game):
    """Natural Earth's land is bent so each city's real longitude/latitude lands on its
    printed spot: every city gives one, and a coastal city sits near a coastline."""
    from cardgen.double_mission import geography

    anchors = geography.anchors_of(game.cities)
    assert len(anchors) == len(game.cities)
    for city in game.cities:
        x, y = geography.project(anchors, *city.lonlat)
        assert abs(x - city.pos[0]) < 1e-6 and abs(y - city.pos[1]) < 1e-6, city.id
    rings = geography.coastlines(anchors)
    assert sum(len(r) for r in rings) > 2000  # the real thing, not a dozen rough polygons


def test_the_title_slots_say_which_player_counts_use_them(poster):
    """Not "1 2 3 4 3+ 4+", read as slot numbers."""
    from tests.cardgen.test_build import pdftotext

    words = " ".join(pdftotext(poster / "double-mission" / "en-a4" / "board-a2.pdf").split())
    assert "every game" in words and "with 3+ players" in words and "with 4+ players" in words
