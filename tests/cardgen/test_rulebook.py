"""Double Mission's rulebook (issue 28): in every kit and its manifest, listed first by the
print guide, its numbers read back from the model, following a content edit, its setup
diagram drawn from the content, its body text >= 9 pt, and an overflow that names the
section."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics

from cardgen.build import BuildOptions, build
from cardgen.fonts import fonts_for
from cardgen.geometry import PAPERS
from cardgen.kit import FileJob, kit_for
from cardgen.render.common import Ctx
from cardgen.rulebook import RulebookOverflow, write_rulebook
from missionkit.content import ContentError, load_game
from tests.cardgen import kits
from tests.cardgen.pdf_text_sizes import text_runs
from tests.cardgen.test_build import _korean_font_installed
from tests.conftest import CONTENT, require

GAME = "double-mission"


def content_copy(tmp: Path) -> Path:
    """A scratch copy of the content root (edit it, then build from it)."""
    root = tmp / "content"
    shutil.copytree(CONTENT, root)
    return root


def edit(root: Path, file: str, old: str, new: str) -> None:
    path = root / "double_mission" / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def write_book(root: Path, out: Path, lang: str = "en", paper: str = "a4", *,
               booklet: bool = False) -> Path:
    """Only the rulebook of the content under `root`, into `out`."""
    model = load_game(GAME, root)
    kit = kit_for(GAME)
    out.mkdir(parents=True, exist_ok=True)
    job = FileJob(out, Ctx(model, lang, fonts_for(lang)), paper, PAPERS[paper], "long",
                  (0.0, 0.0), kit.name(model, lang), content=root / "double_mission",
                  booklet=booklet)
    return write_rulebook(job, kit)[0]


def pdf_text(path: Path) -> str:
    """The PDF's text with every run of blanks (line ends too) as one space."""
    raw = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                         check=True).stdout
    return re.sub(r"\s+", " ", raw)


@pytest.fixture(scope="module")
def kits_built(tmp_path_factory) -> Path:
    require(_korean_font_installed(), "no Korean font (apt-get install fonts-nanum)")
    out = tmp_path_factory.mktemp("rulebook-kits")
    for lang in kits.LANGS:
        for paper in kits.PAPERS_:
            build(BuildOptions(GAME, lang, paper, out, CONTENT,
                               companion_url=kits.COMPANION))
    return out


def test_every_double_mission_kit_has_the_rulebook_and_its_manifest_lists_it(kits_built):
    for lang in kits.LANGS:
        for paper in kits.PAPERS_:
            folder = kits_built / GAME / f"{lang}-{paper}"
            manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
            entry = next(f for f in manifest["files"] if f["path"] == "rulebook.pdf")
            assert (folder / "rulebook.pdf").exists()
            assert entry["pages"] >= 8
            want = PAPERS[paper]
            assert entry["page_size_pt"] == [round(want[0], 2), round(want[1], 2)]


def test_the_print_guide_lists_the_rulebook_first(kits_built):
    text = pdf_text(kits_built / GAME / "en-a4" / "print-guide.pdf")
    assert text.index("rulebook.pdf") < text.index("print-guide.pdf (") < text.index(
        "plan-cards.pdf")


def test_the_player_aid_points_to_the_rulebook_pages(kits_built):
    folder = kits_built / GAME / "en-a4"
    book = pdf_text(folder / "rulebook.pdf")
    aid = pdf_text(folder / "player-aids.pdf")
    pages = re.findall(r"rulebook p\. (\d+)", aid)
    assert pages, aid[:400]
    assert "The operation" in book


CLARIFIED = {"en": ("Rules clarified", "Quick reference"), "ko": ("규칙 보충", "빠른 참조")}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_rules_clarified_prints_no_developer_text(kits_built, lang):
    """The built book's "Rules clarified" pages (pdftotext): player-facing sentences only, no
    file names, decision ids, source lines, option or card ids; kit-making decisions left out."""
    from cardgen.double_mission import rulebook
    from tests.cardgen.rulebook_helpers import clarified_leaks

    model = load_game(GAME, CONTENT)
    book = pdf_text(kits_built / GAME / f"{lang}-a4" / "rulebook.pdf")
    title, after = CLARIFIED[lang]
    start = book.rindex(title)  # the heading, after the contents' line
    section = book[start:book.index(after, start)]
    ids = {x.id for group in (model.plan_cards, model.missions, model.titles, model.characters,
                              model.cities, model.treasures) for x in group}
    ids |= {o.id for o in model.game.options}
    assert clarified_leaks(section, ids, {d.id for d in model.game.decisions}) == []
    lines = rulebook.clarified(model, lang)
    assert len(lines) == sum(d.rulebook for d in model.game.decisions) < len(model.game.decisions)
    assert all(" ".join(line.split())[:30] in section for line in lines)


def numbers_in_book(model) -> list[str]:
    """The setup and limit numbers of `model`, as the English book must print them."""
    g = model.game
    out = [f"take {g.turn.actions} actions and {g.turn.operations} operation",
           f"up to {g.turn.move_steps} steps",
           f"buy dice at {g.dice.price} Millions each, up to {g.dice.max}",
           f"takes {g.dice.start} dice in its colour, {g.millions.start} Millions and "
           f"{g.plan_hand.start} plan cards",
           f"You may hold {g.plan_hand.limit}",
           f"the track reads {', '.join(str(v) for v in g.value_track.spaces)}",
           f"never below {g.value_track.floor}",
           f"The {sum(m.count for m in g.investigation_tokens)} investigation tokens"]
    for row in g.players:
        out.append(f"{row.count} players {row.titles_on_offer} titles on offer; round marker "
                   f"on {row.end_trigger}; starting scores by seat "
                   f"{', '.join(str(s) for s in row.starting_scores)}.")
    for mix in g.investigation_tokens:
        out.append(f"{mix.count} blank (0)" if mix.evidence == 0
                   else f"{mix.count} with -{mix.evidence}")
    return out


def test_the_book_prints_every_setup_and_limit_number_the_model_holds(kits_built):
    text = pdf_text(kits_built / GAME / "en-a4" / "rulebook.pdf")
    model = load_game(GAME, CONTENT)
    missing = [n for n in numbers_in_book(model) if n not in text]
    assert not missing, missing


def test_the_book_follows_a_content_edit(tmp_path, kits_built):
    root = content_copy(tmp_path)
    edit(root, "game.yaml", "  actions: 2\n", "  actions: 3\n")
    edit(root, "game.yaml", "- {count: 3, titles_on_offer: 5,", "- {count: 3, titles_on_offer: 4,")
    edit(root, "game.yaml", "  - {evidence: 1, count: 8}", "  - {evidence: 1, count: 7}")
    edit(root, "game.yaml", "  - {evidence: 2, count: 5}", "  - {evidence: 2, count: 6}")
    model = load_game(GAME, root)
    old = pdf_text(kits_built / GAME / "en-a4" / "rulebook.pdf")
    stale = [n for n in numbers_in_book(model) if n not in old]
    assert len(stale) >= 3, stale  # the old book no longer matches the edited content
    new = pdf_text(write_book(root, tmp_path / "out"))
    assert [n for n in numbers_in_book(model) if n not in new] == []


def test_moving_a_city_changes_the_setup_diagram_and_the_example(tmp_path):
    from tests.cardgen.kits import render

    base = write_book(CONTENT, tmp_path / "before")
    root = content_copy(tmp_path)
    edit(root, "board.yaml", "security: 2,               pos: [88, 18]",
         "security: 2,               pos: [70, 40]")
    moved = write_book(root, tmp_path / "after")
    import pypdfium2 as pdfium

    n = len(pdfium.PdfDocument(base))
    changed = [i for i in range(n) if render(base, i, 0.5).tobytes()
               != render(moved, i, 0.5).tobytes()]
    assert len(changed) >= 2, changed  # the setup diagram's page and the example's


def test_body_text_is_at_least_9_pt(kits_built):
    for lang in kits.LANGS:
        body = pdfmetrics.getFont(fonts_for(lang).body).face.name.decode()
        runs = [r for r in text_runs(kits_built / GAME / f"{lang}-a4" / "rulebook.pdf")
                if r.font.endswith(body) and len(r.text.strip()) > 12]
        assert runs
        small = [(r.page, r.size, r.text) for r in runs if r.size < 9 - 1e-6]
        assert not small, small[:5]


def test_a_section_too_long_for_its_page_is_named(tmp_path):
    root = content_copy(tmp_path)
    long = "Take two actions and one operation, in any order. " * 70  # under the 4000 cap
    edit(root, "rulebook.yaml", 'en: "On your turn take {actions} actions',
         f'en: "{long} On your turn take {{actions}} actions')
    edit(root, "rulebook.yaml", 'en: "Free, at any time on your turn', f'en: "{long} Free')
    with pytest.raises(RulebookOverflow, match="section 'turn'"):
        write_book(root, tmp_path / "out")


def test_an_unknown_placeholder_is_a_located_error(tmp_path):
    root = content_copy(tmp_path)
    edit(root, "rulebook.yaml", "{dice_price} Millions each", "{dice_cost} Millions each")
    with pytest.raises(ContentError, match=r"rulebook\.yaml:\d+: sections\[\d+\]\.blocks\[\d+\]"
                       r"\.text\.en: unknown placeholder \{dice_cost\}"):
        write_book(root, tmp_path / "out")


def test_booklet_sides_fold_into_reading_order():
    from cardgen.booklet import padded, sheet_sides

    # 6 pages padded to 8 with two blanks before the back page (the quick reference)
    assert padded(6) == [0, 1, 2, 3, 4, None, None, 5]
    assert sheet_sides(6) == [(5, 0), (1, None), (None, 2), (3, 4)]
    # a two-page quick reference stays on the inside and outside of the back cover
    assert sheet_sides(7, tail=2) == [(6, 0), (1, 5), (None, 2), (3, 4)]
    # folding the stack: reading each sheet's front right, back left, back right, ..., the
    # pages come out 1..n, whatever the count
    for count in range(1, 30):
        sides = sheet_sides(count)
        fronts, backs = sides[0::2], sides[1::2]
        first_half = [p for f, b in zip(fronts, backs, strict=True) for p in (f[1], b[0])]
        second_half = [p for f, b in zip(fronts[::-1], backs[::-1], strict=True)
                       for p in (b[1], f[0])]
        assert [p for p in first_half + second_half if p is not None] == list(range(count))


def half_text(path: Path, side: int, right: bool) -> str:
    """The text of one half of an imposed side (pdftotext cropped to it)."""
    import pikepdf

    with pikepdf.open(path) as pdf:
        w, h = (float(v) for v in pdf.pages[side].MediaBox[2:])
    # pdftotext crops in pixels at 72 dpi, so points
    args = ["pdftotext", "-f", str(side + 1), "-l", str(side + 1), "-x",
            str(int(w / 2) if right else 0), "-y", "0", "-W", str(int(w / 2)), "-H", str(int(h)),
            str(path), "-"]
    return re.sub(r"\s+", " ", subprocess.run(args, capture_output=True, text=True,
                                             check=True).stdout)


def footers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"Rulebook (\d+)", text)}


def test_the_booklet_imposes_a5_pages_two_up_with_the_quick_reference_on_the_back(tmp_path):
    import pikepdf

    book = write_book(CONTENT, tmp_path / "booklet", booklet=True)
    with pikepdf.open(book) as pdf:
        sides = len(pdf.pages)
        w, h = (float(v) for v in pdf.pages[0].MediaBox[2:])
    assert (round(w), round(h)) == (842, 595)  # A4 landscape
    n = sides * 2  # A5 pages, blanks included
    assert n % 4 == 0
    whole = [footers(half_text(book, i, False) + half_text(book, i, True)) for i in range(sides)]
    last = max(max(f) for f in whole if f)
    assert last > n - 4  # at most 3 blanks
    # sheet 1: the back cover on the left of its front, page 1 on the right; its back holds
    # pages 2 and the one before the back cover
    assert footers(half_text(book, 0, right=False)) == {last}
    assert footers(half_text(book, 0, right=True)) == {1}
    assert whole[1] == {2, last - 1}
    assert "Quick reference" in half_text(book, 1, False) + half_text(book, 1, True)
    # the middle sheet's inside: the centre spread
    assert whole[-1] <= {n // 2, n // 2 + 1}


def test_a_figure_taller_than_its_page_is_named(tmp_path, monkeypatch):
    from cardgen.double_mission import rulebook as game_book
    from cardgen.rulebook_api import Figure

    monkeypatch.setenv("MISSION_KIT_CACHE", "off")  # a laid-out book from the cache fits
    setup = game_book.FIGURES["setup"]
    monkeypatch.setitem(game_book.FIGURES, "setup", Figure(setup.draw, 2.0))  # twice as tall
    with pytest.raises(RulebookOverflow, match=r"section 'setup': figure 'setup' is \d+ pt tall"):
        write_book(content_copy(tmp_path), tmp_path / "out")


@pytest.mark.parametrize("game", ["double-mission", "dice-mission", "mission-improbable"])
def test_korean_lines_break_between_words_not_inside_them(game):
    """Issue #27 review: the Korean rulebook broke lines inside words ("따/로 섞는다",
    "비/워 둔다") where the cards break at spaces. A dozen of a book's Korean paragraphs, set
    in its body style in a narrow column, break only at their spaces."""
    from reportlab.platypus import Paragraph

    from cardgen.geometry import mm
    from cardgen.rulebook import markup, styles
    from missionkit.content.rulebook import read_rulebook
    from missionkit.registry import GAMES

    require(_korean_font_installed(), "no Korean font (apt-get install fonts-nanum)")
    ctx = Ctx(load_game(game, CONTENT), "ko", fonts_for("ko"))
    body = styles(ctx, 9).body
    book, _ = read_rulebook(CONTENT / GAMES[game])
    texts = [p.ko for section in book.sections for block in section.blocks
             for p in [*(block.steps or []), *(block.list or []), *filter(None, [block.text])]]
    texts = [s for s in texts if s and "{" not in s and "*" not in s][:12]
    assert len(texts) >= 3, game
    for source in texts:
        para = Paragraph(markup(source), body)
        para.wrap(mm(40), 10_000)
        lines = [" ".join(words).strip() for _, words in para.blPara.lines]
        assert len(lines) > 1, source
        assert " ".join(lines) == " ".join(source.split()), (source, lines)
