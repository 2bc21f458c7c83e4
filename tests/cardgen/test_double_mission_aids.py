"""Double Mission's player aid, rules summary and cards, read back from the built PDFs: text a
hobbyist can read at arm's length, every rule the summary owes, and no heading or table left
alone at the foot of a column (EN and KO, A4 and Letter, home and full ink)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from cardgen import text
from cardgen.double_mission.aids import ODDS_AFTER, ODDS_HEAD, ODDS_TITLE, odds_rows
from cardgen.double_mission.strings import t
from cardgen.fonts import fonts_for
from cardgen.render.common import Ctx
from missionkit.content import load_game
from missionkit.double_mission.guide import fill
from tests.cardgen import kits
from tests.cardgen.test_build import _korean_font_installed, pdftotext
from tests.cardgen.test_cli_check import cardgen
from tests.conftest import CONTENT, require

FOLDERS = [(lang, f"{lang}-{paper}{ink}") for lang in kits.LANGS for paper in kits.PAPERS_
           for ink in ("", "-ink-full")]
SUMMARY_FACTS = {  # the rules the summary once left out, in the words a reader looks for
    "en": ("discard pile", "shuffle the discard pile", "supply runs out", "most tokens",
           "Team variant", "more Millions together"),
    "ko": ("디스카드 덱", "디스카드 덱을 섞어", "다 떨어지면", "가장 많은", "팀 게임",
           "밀리언을 합쳐"),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    require(_korean_font_installed(), "no Korean font (apt-get install fonts-nanum)")
    out = tmp_path_factory.mktemp("dm")
    args = ["build", "--game", "double-mission", "--out", str(out), "--quiet",
            "--ink", "home", "--ink", "full", "--companion-url", kits.COMPANION]
    for lang in kits.LANGS:
        args += ["--lang", lang]
    for paper in kits.PAPERS_:
        args += ["--paper", paper]
    result = cardgen(*args)
    assert result.returncode == 0, result.stderr
    return out / "double-mission"


@dataclass
class Page:
    """A page's characters without blanks, with each one's printed size and box."""

    chars: str
    sizes: list[float]
    boxes: list[tuple[float, float, float, float]]

    def find_all(self, words: str) -> list[int]:
        key = _compact(words)
        return [m.start() for m in re.finditer(re.escape(key), self.chars)]


POINTER = r"·rulebookp\.\d+|·규칙서\d+쪽"  # an aid heading's rulebook page (compacted)


def _compact(s: str) -> str:
    return re.sub(r"\s+", "", s)


def _pages(path: Path) -> list[Page]:
    doc = pdfium.PdfDocument(path)
    try:
        out = []
        for page in doc:
            tp = page.get_textpage()
            chars, sizes, boxes = [], [], []
            for i in range(tp.count_chars()):
                ch = chr(pdfium_c.FPDFText_GetUnicode(tp.raw, i))
                if ch.isspace():
                    continue
                chars.append(ch)
                sizes.append(pdfium_c.FPDFText_GetFontSize(tp.raw, i))
                boxes.append(tp.get_charbox(i))
            out.append(Page("".join(chars), sizes, boxes))
        return out
    finally:
        doc.close()


def _ctx(lang: str) -> Ctx:
    return Ctx(load_game("double-mission", CONTENT), lang, fonts_for(lang))


def _sections(ctx: Ctx, *, aid: bool) -> list[tuple[str, str, list[str]]]:
    g = ctx.game
    out = [(s.id, s.heading.get(ctx.lang), [fill(p.get(ctx.lang), g.game) for p in s.points])
           for s in g.guide if s.aid or not aid]
    if not aid:
        out.append(("characters", t(ctx.lang, "character_cards"),
                    [f"{ctx.name(ch)} {side}: {ch.sides[side].text.get(ctx.lang)}"
                     for ch in g.characters for side in ("A", "B")]))
    return out


def _sizes_of(pages: list[Page], words: str) -> list[float]:
    """The printed sizes of every occurrence of `words` over `pages` (empty if absent)."""
    out: list[float] = []
    n = len(_compact(words))
    for page in pages:
        for at in page.find_all(words):
            out += page.sizes[at:at + n]
    return out


@pytest.mark.parametrize(("lang", "folder"), FOLDERS)
def test_aid_and_summary_running_text_is_at_least_9pt(built, lang, folder):
    """Every point of the aid (on every copy) and of the summary is printed, whole, at 9 pt
    or more; on the aid only the companion's address line is smaller."""
    ctx = _ctx(lang)
    aid = _pages(built / folder / "player-aids.pdf")
    summary = _pages(built / folder / "rules-summary.pdf")
    assert len(aid) == max(r.count for r in ctx.game.game.players)  # one aid per player
    for pages, aid_only in ((aid, True), (summary, False)):
        for key, _, points in _sections(ctx, aid=aid_only):
            for point in points:
                sizes = _sizes_of(pages, point)
                copies = len(pages) if aid_only else 1
                assert len(sizes) == copies * len(_compact(point)), (folder, key, point)
                assert min(sizes) >= text.AID_BODY_MIN - 0.01, (folder, key, min(sizes))
    for page in aid:
        small = "".join(ch for ch, s in zip(page.chars, page.sizes, strict=True) if s < 8.99)
        assert small.startswith(kits.COMPANION.split("://")[1].rstrip("/")), (folder, small)


@pytest.mark.parametrize(("lang", "folder"), FOLDERS)
def test_card_body_text_is_at_least_8pt(built, lang, folder):
    """Every card's rules text (plan, mission, both character sides, title) is printed whole
    at text.CARD_BODY_MIN or more, in whichever card file prints it (on Letter the 25th plan
    card prints with the small decks)."""
    g = load_game("double-mission", CONTENT)
    texts = ([c.text for c in g.plan_cards] + [m.text for m in g.missions]
             + [s.text for ch in g.characters for s in ch.sides.values()]
             + [ti.text for ti in g.titles])
    pages = [p for name in ("plan-cards.pdf", "missions-characters-titles.pdf")
             for p in _pages(built / folder / name)]
    for body in texts:
        sizes = _sizes_of(pages, body.get(lang))
        assert sizes, (folder, body.get(lang))
        assert min(sizes) >= text.CARD_BODY_MIN - 0.01, (folder, body.get(lang))


@pytest.mark.parametrize("lang", kits.LANGS)
def test_summary_states_the_plan_deck_the_empty_token_supply_and_the_team_variant(built, lang):
    summary = pdftotext(built / f"{lang}-a4" / "rules-summary.pdf")
    flat = _compact(summary)
    for fact in SUMMARY_FACTS[lang]:
        assert _compact(fact) in flat, (lang, fact)
    ctx = _ctx(lang)
    wanted = {"plan_cards", "investigation", "team"}
    for key, heading, points in _sections(ctx, aid=False):
        if key in wanted:
            wanted.discard(key)
            assert _compact(heading) in flat
            for point in points:
                assert _compact(point) in flat, (lang, key, point)
    assert not wanted, wanted


def _below(page: Page, a: int, b: int, size: float) -> bool:
    """Character `b` starts the line right under character `a` (same column, within two
    and a half lines)."""
    ax, ab = page.boxes[a][0], page.boxes[a][1]
    bx, bt = page.boxes[b][0], page.boxes[b][3]
    return abs(bx - ax) < 3 * size and 0 < ab - bt < 2.5 * size


@pytest.mark.parametrize(("lang", "folder"), FOLDERS)
def test_no_heading_or_table_is_left_alone_at_a_column_foot(built, lang, folder):
    """Each heading is followed, on its page and just under it in its column, by its first
    point; the odds table is drawn whole, on the page of the operation rules it belongs to."""
    ctx = _ctx(lang)
    for name, aid in (("player-aids.pdf", True), ("rules-summary.pdf", False)):
        pages = _pages(built / folder / name)
        for key, heading, points in _sections(ctx, aid=aid):
            bullet = "" if re.match(r"\d+\.\s", points[0]) else "•"  # "1. ..." is its marker
            # an aid's heading may end with where the rulebook tells it ("· rulebook p. 3")
            pointer = POINTER if aid else ""
            pattern = (re.escape(_compact(heading)) + f"({pointer})?"
                       + re.escape(_compact(f"{bullet}{points[0]}")))
            hits = [(p, m) for p in pages[:1 if aid else None]
                    for m in re.finditer(pattern, p.chars)]
            assert len(hits) == 1, (folder, name, key)
            page, found = hits[0]
            at = found.start()
            first = found.start() + len(_compact(heading)) + len(found.group(1) or "") + len(
                bullet)  # the point's first character
            assert _below(page, at, first, page.sizes[first]), (folder, name, key)
        table = ODDS_TITLE[lang] + "".join(ODDS_HEAD[lang]) + "".join(
            "".join(row) for row in odds_rows(ctx))
        operation = next(p for k, _, p in _sections(ctx, aid=aid) if k == ODDS_AFTER)
        on = [p for p in pages[:1 if aid else None] if p.find_all(table)]
        assert len(on) == 1, (folder, name)
        assert on[0].find_all(operation[-1]), (folder, name)


def test_a_heading_moves_on_with_a_first_point_that_does_not_fit_under_it():
    """A column with room for a heading and a few lines, but not for the first point: the
    heading goes to the next column with its point instead of ending this one alone."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from cardgen.double_mission.aids import keep_section
    from cardgen.geometry import Rect
    from cardgen.render.flow import Flow

    drawn: list[tuple[float, str]] = []

    class Recorder(Canvas):
        def drawString(self, x, y, s, *args, **kw):  # noqa: N802
            drawn.append((x, s))

    ctx = _ctx("en")
    flow = Flow(Recorder(io.BytesIO()), ctx, [Rect(0, 0, 200, 300), Rect(300, 0, 200, 300)],
                size=10)
    flow.y = 100  # room for a heading and five lines
    keep_section(flow, "Heading", ["a point of ten lines or so " * 12])
    assert ("Heading" in {s for x, s in drawn if x == 300}), drawn[:3]



def test_the_summary_fitting_counts_a_too_short_last_page_as_not_fitting():
    """The search for the last page's column height may try a height below one heading's
    room: that height does not fit (a large page count), it does not end the build."""
    from cardgen.double_mission.rules_summary import _pages
    from cardgen.geometry import PAPERS

    ctx = Ctx(load_game("double-mission", CONTENT), "en", fonts_for("en"))
    total = _pages(ctx, PAPERS["a4"], 10.5)
    assert total < 999
    assert _pages(ctx, PAPERS["a4"], 10.5, total, last=50) == 999
