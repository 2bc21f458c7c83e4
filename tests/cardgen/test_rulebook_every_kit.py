"""Issue 28 over every game: each kit (EN and KO, A4 and Letter) holds rulebook.pdf, its
manifest lists it, the print guide lists it first, and each player-aid heading that names a
rulebook page names the page where the rulebook tells that section."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pikepdf
import pytest

from missionkit.content import load_game
from missionkit.content.rulebook import read_rulebook
from missionkit.registry import GAMES
from tests.cardgen import kits
from tests.conftest import CONTENT

SEE = {"en": r"rulebook p\. (\d+)", "ko": r"규칙서 (\d+)쪽"}


@pytest.fixture(scope="module")
def built(every_kit: Path) -> Path:
    return every_kit


def _text(path: Path, page: int | None = None) -> str:
    args = ["pdftotext"] + (["-f", str(page), "-l", str(page)] if page else []) + [str(path), "-"]
    raw = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return re.sub(r"\s+", " ", raw)


def _page_count(path: Path) -> int:
    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


def test_every_kit_has_the_rulebook_listed_in_its_manifest_and_first_in_the_guide(built):
    for game, lang, paper, folder in kits.folders(built):
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        listed = [f["path"] for f in manifest["files"]]
        assert "rulebook.pdf" in listed and (folder / "rulebook.pdf").is_file(), (game, lang)
        entry = next(f for f in manifest["files"] if f["path"] == "rulebook.pdf")
        assert entry["pages"] >= 8, (game, lang, paper, entry)
        guide = _text(folder / "print-guide.pdf")
        others = [p for p in listed if p.endswith(".pdf") and p not in ("rulebook.pdf",
                                                                        "print-guide.pdf")]
        assert all(guide.index("rulebook.pdf") < guide.index(p) for p in others
                   if p in guide), (game, lang, paper)


@pytest.mark.parametrize("game", ["dice-mission", "mission-improbable"])
@pytest.mark.parametrize("lang", kits.LANGS)
def test_each_aid_section_names_the_page_where_the_rulebook_tells_it(built, game, lang):
    model = load_game(game, CONTENT)
    guide = getattr(model.guide, "sections", model.guide)
    book, _ = read_rulebook(CONTENT / GAMES[game])
    titles = {s.id: s.title.get(lang) for s in book.sections}
    for paper in kits.PAPERS_:
        folder = built / game / f"{lang}-{paper}"
        aid = _text(folder / "player-aids.pdf")
        checked = 0
        for section in guide:
            if not (section.aid and section.rulebook):
                continue
            heading = re.escape(section.heading.get(lang))
            found = re.search(heading + r" · " + SEE[lang], aid)
            assert found, (paper, section.id, aid[:300])
            page = int(found.group(1))
            on_page = _text(folder / "rulebook.pdf", page)
            assert titles[section.rulebook] in on_page, (paper, section.id, page)
            checked += 1
        assert checked >= 4


def test_check_names_an_aid_section_pointing_to_no_rulebook_section(tmp_path):
    import shutil

    from tests.cardgen.test_cli_check import cardgen

    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    guide = root / "dice_mission" / "guide.yaml"
    guide.write_text(guide.read_text(encoding="utf-8").replace(
        "rulebook: debriefing", "rulebook: debriefin", 1), encoding="utf-8")
    result = cardgen("check", "--content", str(root))
    assert result.returncode == 1
    assert ("dice_mission/guide.yaml: debriefing_phase.rulebook: no section 'debriefin' in "
            "rulebook.yaml") in result.stderr


def test_a_clarified_sentence_takes_the_particle_its_name_needs():
    from types import SimpleNamespace

    from cardgen.rulebook_api import decision_lines

    said = SimpleNamespace(id="X-01", rulebook=True, en="", ko="{a:가} {b:와} 바꾼다.")
    assert decision_lines([said], {"a": "클레오", "b": "벤"}, "ko") == ["클레오가 벤과 바꾼다."]
    assert decision_lines([said], {"a": "벤", "b": "클레오"}, "ko") == ["벤이 클레오와 바꾼다."]


@pytest.mark.parametrize(("game", "first", "second"), [
    ("dice-mission", "SOLO 13 · Run and Pair", "SOLO 14 · Lucky Sevens"),
    ("mission-improbable", "Recover Secrets / Steal Secrets", "Industrial Espionage"),
])
@pytest.mark.parametrize("paper", kits.PAPERS_)
def test_the_every_card_reference_sets_two_entries_to_a_row(built, game, first, second, paper):
    """Issue #27 review: the list of every card, one entry a row, left most of 16 of Dice
    Mission's 24 pages (21 of Mission Improbable's 32) blank. Two abreast: an entry and the
    next share their title's line, side by side."""
    from tests.cardgen.pdf_text_boxes import text_boxes

    path = built / game / f"en-{paper}" / "rulebook.pdf"
    pages = _page_count(path)
    for index in range(pages):
        boxes = text_boxes(path, index)
        a = [b for words, b in boxes if words.startswith(first)]
        if a:
            break
    else:
        raise AssertionError(f"{first!r} not in {path}")
    b = [box for words, box in boxes if words.startswith(second)]
    assert b, (second, [w for w, _ in boxes][:20])
    (left, _, _, top), (right_x, _, _, right_top) = a[0], b[0]
    assert abs(top - right_top) < 2 and right_x > left + 150, (a[0], b[0])


def test_an_aid_headings_page_reference_keeps_together_on_one_line(built):
    """Issue #27 review: "Mission phase · rulebook / p. 2" broke inside the page reference.
    The reference is set with no-break spaces: no line of any aid ends in "rulebook" or
    "규칙서", and none starts with its page."""
    for game, lang, paper, folder in kits.folders(built):
        raw = subprocess.run(["pdftotext", str(folder / "player-aids.pdf"), "-"],
                             capture_output=True, text=True, check=True).stdout
        lines = [" ".join(line.split()) for line in raw.splitlines()]
        broken = [line for line in lines if line.endswith(("rulebook", "규칙서"))
                  or re.match(r"p\. \d+$|\d+쪽$", line)]
        assert not broken, (game, lang, paper, broken)


@pytest.mark.parametrize("lang", kits.LANGS)
def test_a_d10_table_reads_across_each_roll_beside_its_result(built, lang):
    """Issue #27 review: Mission Improbable's three D10 tables printed as stacked lines
    ("1", then "Your nemesis rolls…" under it), hard to scan. Each roll now sits on its
    result's line, in a column of its own (read with pdftotext's layout mode)."""
    game = load_game("mission-improbable", CONTENT)
    path = built / "mission-improbable" / f"{lang}-a4" / "rulebook.pdf"
    lines = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    for table in game.tables.values():
        for row in table.rows:
            span = str(row.from_) if row.from_ == row.to else f"{row.from_}-{row.to}"
            start = " ".join(row.result.get(lang).split()[:2])
            pattern = re.compile(rf"^\s*{re.escape(span)}\s+{re.escape(start)}")
            assert any(pattern.match(line) for line in lines), (table.name.en, span, start)


def test_what_to_bring_never_stands_alone_at_a_pages_foot(built):
    """Issue #27 review: Mission Improbable's "What to bring" heading ended page 1 and its
    one item began page 2. In every book the heading and its list share a page: the last
    line above a page's footer is never the heading."""
    heads = ("What to bring", "따로 준비할 것")
    for game, lang, paper, folder in kits.folders(built):
        path = folder / "rulebook.pdf"
        pages = _page_count(path)
        for page in range(1, pages + 1):
            lines = [line.strip() for line in subprocess.run(
                ["pdftotext", "-layout", "-f", str(page), "-l", str(page), str(path), "-"],
                capture_output=True, text=True, check=True).stdout.splitlines() if line.strip()]
            assert len(lines) < 2 or lines[-2] not in heads, (game, lang, paper, page)


def test_comeback_says_it_scores_by_place_and_who_gets_least(built):
    """Newcomer read (#27): the rulebook printed Comeback!'s 3 / 5 / 8 / 12 as "Points by
    count" and never said which place gets which. It scores by place from the highest total
    (the tally gives 1st the first value), so the book says so; a ladder stays by count."""
    game = load_game("double-mission", CONTENT)
    comeback = next(m for m in game.missions if m.scoring.kind == "rank_bonus")
    shown = " / ".join(str(p) for p in comeback.scoring.points)
    book = _text(built / "double-mission" / "en-a4" / "rulebook.pdf")
    entry = book[book.index(comeback.name.en + " "):][:400]
    assert f"Points by place, from 1st (the highest total) down: {shown}" in entry
    assert "by count" not in entry and "the leader scores least" in entry
    assert "Points by count: 2 / 4 / 7 / 9 / 12 / 14" in book  # Collection: a ladder


@pytest.mark.parametrize("lang", kits.LANGS)
def test_the_spy_tables_1_and_rules_clarified_agree_the_result_is_the_nemesiss(built, lang):
    """Newcomer read (#27): the Spy Table's 1 ("your nemesis … uses the result") and Rules
    clarified ("you take that result as yours") contradicted each other. The engine gives
    the roll to the nemesis (it logs the nemesis as the roller); both now say so."""
    game = load_game("mission-improbable", CONTENT)
    row = next(r for r in game.tables["spy"].rows if r.from_ == 1)
    decision = next(d for d in game.game.decisions if d.id == "MID-21")
    theirs = {"en": "the result is theirs", "ko": "그 결과는 숙적의 것이다"}[lang]
    assert theirs in row.result.get(lang) and theirs in getattr(decision, lang)
    book = _text(built / "mission-improbable" / f"{lang}-a4" / "rulebook.pdf")
    assert book.count(theirs) >= 2, lang  # the table's row and the clarification
    assert "as yours" not in book and "내 것으로" not in book
