"""Mission Improbable's print kit, built as a user would: EN and KO on A4 and Letter.

Font sizes are read back from the PDFs' content streams with pikepdf (tests/cardgen/
pdf_text_sizes.py); text is read with poppler's pdftotext.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest

from cardgen.geometry import PAPERS
from cardgen.imposition import sheet_for
from cardgen.mission_improbable.odds import pass_chance
from missionkit.content import load_game
from tests.cardgen.pdf_text_sizes import text_sizes
from tests.cardgen.test_build import _korean_font_installed, pdftotext
from tests.cardgen.test_cli_check import cardgen
from tests.conftest import CONTENT, require

GAME = "mission-improbable"
COMBOS = [("en", "a4"), ("en", "letter"), ("ko", "a4"), ("ko", "letter")]
FILES = {"print-guide.pdf", "rulebook.pdf", "cards.pdf", "player-aids.pdf", "score-pad.pdf"}
CARD_W, CARD_H = 63.5 * 72 / 25.4, 88.9 * 72 / 25.4


def _build(out: Path) -> subprocess.CompletedProcess[str]:
    return cardgen("build", "--game", GAME, "--lang", "en", "--lang", "ko", "--paper", "a4",
                   "--paper", "letter", "--out", str(out), "--quiet")


@pytest.fixture(scope="module")
def mi() -> object:
    return load_game(GAME, CONTENT)


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    require(_korean_font_installed(), "no Korean font (apt-get install fonts-nanum)")
    out = tmp_path_factory.mktemp("mi-kit")
    result = _build(out)
    assert result.returncode == 0, result.stderr
    return out / GAME


def _folders(kit: Path) -> list[tuple[str, str, Path]]:
    return [(lang, paper, kit / f"{lang}-{paper}") for lang, paper in COMBOS]


def test_manifest_counts_bought_dice_and_files(kit, mi):
    for lang, paper, folder in _folders(kit):
        m = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        assert (m["game"], m["lang"], m["paper"]) == (GAME, lang, paper)
        cards = {f"{t.id}_card": t.count for t in mi.game.card_types}
        assert m["components"] == {**cards, "player_aid": min(6, mi.game.players.max),
                                   "reference_sheet": min(6, mi.game.players.max),
                                   "score_pad": 2}
        assert sum(cards.values()) == len(mi.deck()) == mi.game.deck_size
        assert len(m["bought"]) == 1 and "2" in m["bought"][0]
        assert {f["path"] for f in m["files"]} == FILES == {p.name for p in folder.glob("*.pdf")}
        for entry in m["files"]:
            path = folder / entry["path"]
            assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"]
    en = json.loads((kit / "en-a4" / "manifest.json").read_text(encoding="utf-8"))
    assert en["bought"] == ["2 ten-sided dice per player"]


def _card_pages(pdf: pikepdf.Pdf) -> tuple[list[pikepdf.Page], list[pikepdf.Page]]:
    """Card sheets alternate: fronts, then their backs."""
    return list(pdf.pages)[0::2], list(pdf.pages)[1::2]


def _placed_forms(page: pikepdf.Page) -> list[tuple[int, int]]:
    """The form XObjects a page places with Do, as object ids."""
    forms = page.obj.Resources.get("/XObject", {})
    return [forms[ops[0]].objgen for ops, op in pikepdf.parse_content_stream(page)
            if str(op) == "Do"]


def test_169_faces_and_one_shared_back(kit, mi):
    for _, paper, folder in _folders(kit):
        with pikepdf.open(folder / "cards.pdf") as pdf:
            fronts, backs = _card_pages(pdf)
            placed = [form for page in backs for form in _placed_forms(page)]
            on_fronts = [form for page in fronts for form in _placed_forms(page)]
        per = len(sheet_for(PAPERS[paper]).cells)  # 9 on A4, 8 on Letter
        assert len(fronts) == len(backs) == -(-len(mi.deck()) // per)
        assert len(placed) == len(mi.deck())  # one back per card...
        assert len(set(placed)) == 1  # ...and every one the same drawing
        assert not set(on_fronts) & set(placed)  # faces place icon forms, never the back
    text = pdftotext(kit / "en-a4" / "cards.pdf")
    numbers = re.findall(r"(\d{3})/169", text)
    assert sorted(numbers) == [f"{n:03d}" for n in range(1, 170)]  # every face once


def test_every_card_prints_its_display_name_in_its_language(kit, mi):
    for lang in ("en", "ko"):
        text = pdftotext(kit / f"{lang}-a4" / "cards.pdf")
        for card in mi.deck():
            halves = [card.good, card.bad] if getattr(card, "good", None) else [card.name]
            for half in halves:
                assert half.get(lang) in text, f"{card.id} ({lang}) missing"
        for agent in mi.agents:
            if agent.alias:  # MID-38: the source's name is never printed
                assert agent.alias not in text


def test_no_text_below_6pt(kit):
    for _, _, folder in _folders(kit):
        for path in sorted(folder.glob("*.pdf")):
            sizes = text_sizes(path)
            assert sizes, path.name
            assert min(sizes) >= 6 - 1e-6, f"{folder.name}/{path.name}: {min(sizes):.2f} pt"


def test_the_size_reader_sees_scaled_text(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "scaled.pdf"
    c = Canvas(str(path))
    c.setFont("Helvetica", 10)
    c.scale(0.5, 0.5)
    c.drawString(100, 100, "tiny")
    c.save()
    assert text_sizes(path) == [pytest.approx(5.0)]


def test_card_pages_have_trim_bleed_and_embedded_fonts(kit):
    require(shutil.which("pdffonts") is not None, "pdffonts missing (poppler-utils)")
    for _, paper, folder in _folders(kit):
        with pikepdf.open(folder / "cards.pdf") as pdf:
            boxes = [(page.MediaBox, page.TrimBox, page.BleedBox) for page in pdf.pages]
            boxes = [[[float(v) for v in box] for box in page] for page in boxes]
        sheet = sheet_for(PAPERS[paper])
        for media, trim, bleed in boxes:
            assert media[2:] == pytest.approx(sheet.page, abs=0.01)
            assert trim[2] - trim[0] == pytest.approx(sheet.trim_box.w, abs=0.01)
            assert trim[3] - trim[1] == pytest.approx(sheet.trim_box.h, abs=0.01)
            b = sheet.bleed
            assert bleed == pytest.approx([trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b],
                                          abs=0.01)
        for path in folder.glob("*.pdf"):
            rows = subprocess.run(["pdffonts", str(path)], capture_output=True,
                                  text=True).stdout.splitlines()[2:]
            assert rows and all(r.split()[-5] == "yes" for r in rows), path.name


def test_reference_sheet_prints_tables_and_pass_chances(kit, mi):
    # Independent of odds.py: pairs with own - nemesis = k number 10 - |k|.
    def by_differences(delta: int) -> float:
        return sum(10 - abs(k) for k in range(-9, 10) if k >= -delta) / 100

    for delta in range(-12, 13):
        assert float(pass_chance(delta)) == pytest.approx(by_differences(delta))
    row = " ".join(str(round(by_differences(d) * 100)) for d in range(-10, 10))
    for lang in ("en", "ko"):
        text = pdftotext(kit / f"{lang}-a4" / "player-aids.pdf", 2)  # the first aid's back
        assert row in text
        for table in mi.tables.values():
            assert table.name.get(lang) in text
            for r in table.rows:
                assert r.result.get(lang).split()[0] in text


def test_each_player_gets_one_double_sided_aid_with_the_reference_on_its_back(kit, mi):
    """Issue #27: six single-sided aids and two reference pages were eight sheets; now each
    player's sheet is the aid (phases) on the front and the reference (tables) behind it."""
    players = min(6, mi.game.players.max)
    chances = " ".join(str(round(float(pass_chance(d)) * 100)) for d in range(-10, 10))
    for lang, paper, folder in _folders(kit):
        pdf = folder / "player-aids.pdf"
        with pikepdf.open(pdf) as doc:
            assert len(doc.pages) == 2 * players, (lang, paper)
        for sheet in range(players):
            front, back = pdftotext(pdf, 2 * sheet + 1), pdftotext(pdf, 2 * sheet + 2)
            assert all(p.name.get(lang) in front for p in mi.guide.phases), (lang, sheet)
            assert chances in back and chances not in front, (lang, sheet)
            assert all(table.name.get(lang) in back for table in mi.tables.values())
    guide = pdftotext(kit / "en-a4" / "print-guide.pdf")
    assert re.search(r"player-aids\.pdf \(\d+ p\.\): cardstock [^;]*; double-sided", guide)


def test_player_aid_lists_the_nine_phases(kit, mi):
    for lang in ("en", "ko"):
        text = pdftotext(kit / f"{lang}-letter" / "player-aids.pdf")
        names = [p.name.get(lang) for p in mi.guide.phases]
        assert len(names) == 9
        assert all(name in text for name in names)


def test_two_builds_are_byte_identical(kit, tmp_path):
    result = _build(tmp_path)
    assert result.returncode == 0, result.stderr
    for _, _, folder in _folders(kit):
        again = tmp_path / GAME / folder.name
        for path in sorted(folder.iterdir()):
            assert path.read_bytes() == (again / path.name).read_bytes(), path.name


def test_overflowing_name_fails_naming_card_and_field(content_copy, tmp_path):
    agents = content_copy / "mission_improbable" / "agents.yaml"
    long_name = "Mr. Bond " + "the Very Long Named " * 12
    agents.write_text(agents.read_text(encoding="utf-8").replace(
        "en: Mr. Bond,", f"en: {long_name},"), encoding="utf-8")
    result = cardgen("build", "--game", GAME, "--content", str(content_copy), "--out",
                     str(tmp_path), "--quiet")
    assert result.returncode == 1
    assert re.search(r"agents.yaml:\d+: agents\[\d+\]\.name \(en\): text does not fit its box",
                     result.stderr), result.stderr
    assert "Traceback" not in result.stderr


def test_editing_a_card_type_reminder_rerenders_exactly_that_types_cards(content_copy, tmp_path,
                                                                       mi):
    from cardgen.build import BuildOptions
    from cardgen.watch import Rebuilder

    rb = Rebuilder(BuildOptions(GAME, out=tmp_path / "out", content=content_copy))
    first = rb.rebuild()
    assert not first.errors and len(first.rendered) == len(mi.deck()) + 1  # + the one back
    guide = content_copy / "mission_improbable" / "guide.yaml"
    old = "Recruit in your Recruit phase. Goes on missions."
    guide.write_text(guide.read_text(encoding="utf-8").replace(old, "Recruit, then send."),
                     encoding="utf-8")
    report = rb.rebuild()
    assert not report.errors
    assert sorted(report.rendered) == sorted(f"cards/{a.id}-face" for a in mi.agents)


def test_tts_export_holds_the_whole_deck_over_several_sheets(tmp_path, mi):
    result = cardgen("export", "tts", "--game", GAME, "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    folder = tmp_path / GAME / "en-tts"
    deck = json.loads((folder / "cards.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    assert len(deck["ContainedObjects"]) == len(deck["DeckIDs"]) == len(mi.deck())
    assert len(deck["CustomDeck"]) == -(-len(mi.deck()) // 69)
    assert len(set(deck["DeckIDs"])) == len(mi.deck())
    for sheet in deck["CustomDeck"].values():
        assert (folder / sheet["FaceURL"]).exists()
