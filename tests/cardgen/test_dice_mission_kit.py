"""Dice Mission's print kit: the built PDFs (EN/KO, A4/Letter) and the die-face pictures."""

from __future__ import annotations

import hashlib
import json
import math
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest

from cardgen.dice_mission import requirement
from cardgen.dice_mission.glyphs import mark_size, pip_positions
from cardgen.dice_mission.layouts import POKER, box
from cardgen.dice_mission.pictures import Die, Group, Mark, Sign, picture
from cardgen.dice_mission.strings import t
from cardgen.fonts import fonts_for
from cardgen.geometry import PAPERS, Rect, mm
from cardgen.imposition import CARD_SIZE, SAFE, back_sheet, sheet_for
from missionkit.content import load_game
from tests.cardgen.pdf_text_sizes import text_sizes
from tests.cardgen.test_build import _korean_font_installed
from tests.conftest import CONTENT, ROOT, require

COMBOS = [("en", "a4"), ("en", "letter"), ("ko", "a4"), ("ko", "letter")]
TYPES = ("solo", "versus", "team", "special")
# the two small decks, SPECIAL missions and gadgets, share one file's sheets
CARD_FILES = [f"{kind}-missions.pdf" for kind in TYPES[:3]] + ["special-and-gadgets.pdf"]


def cardgen(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m cardgen` run from this checkout (so its own code is the one imported)."""
    return subprocess.run([sys.executable, "-m", "cardgen", *args], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)


def _build(out: Path, content: Path | None = None) -> subprocess.CompletedProcess[str]:
    extra = ["--content", str(content)] if content else []
    return cardgen("build", "--game", "dice-mission", "--lang", "en", "--lang", "ko",
                   "--paper", "a4", "--paper", "letter", "--out", str(out), "--quiet", *extra)


@pytest.fixture(scope="module")
def dice():
    return load_game("dice-mission", CONTENT)


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    require(_korean_font_installed(), "no Korean font (apt-get install fonts-nanum)")
    out = tmp_path_factory.mktemp("dice-kit")
    result = _build(out)
    assert result.returncode == 0, result.stderr
    return out / "dice-mission"


def pdftotext(path: Path) -> str:
    require(shutil.which("pdftotext") is not None, "pdftotext missing (poppler-utils)")
    out = subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True)
    assert out.returncode == 0, f"{path}: {out.stderr}"  # a missing file is a failure, not ""
    return re.sub(r"\s+", " ", out.stdout)


# --- the built kit ---------------------------------------------------------------------


def test_manifest_counts_bought_dice_and_files(kit):
    for lang, paper in COMBOS:
        folder = kit / f"{lang}-{paper}"
        m = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        assert (m["game"], m["lang"], m["paper"]) == ("dice-mission", lang, paper)
        assert m["components"] == {"mission_card": 116, "gadget_card": 20, "player_aid": 5,
                                   "active_agent_token": 1}
        # the dice, and the size the die stickers are cut for (the flat of a rounded face)
        assert m["bought"] == (["25 six-sided dice in 5 colours, 12 mm with rounded edges "
                                "(the optional stickers are 9.5 mm)"] if lang == "en"
                               else ["6면 주사위 25개 (5가지 색), 모서리가 둥근 12 mm(선택 "
                                     "스티커는 9.5 mm)"])
        assert {f["path"] for f in m["files"]} == {p.name for p in folder.glob("*.pdf")}
        # the active agent token shares the player aids' last sheet: no tokens.pdf
        assert set(CARD_FILES) | {"print-guide.pdf", "rulebook.pdf", "player-aids.pdf",
                                  "stickers.pdf"} == {f["path"] for f in m["files"]}
        for entry in m["files"]:
            path = folder / entry["path"]
            assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"]
            with pikepdf.open(path) as pdf:
                assert len(pdf.pages) == entry["pages"]


def test_every_card_has_a_face_and_a_back_in_its_deck(kit, dice):
    faces = 0
    shared = "special-and-gadgets.pdf"
    gadgets = sum(g.copies for g in dice.gadgets)
    for kind in TYPES:
        cards = dice.missions_of(kind)
        name = shared if kind == "special" else f"{kind}-missions.pdf"
        with pikepdf.open(kit / "en-a4" / name) as pdf:
            held = len(cards) + (gadgets if name == shared else 0)
            assert len(pdf.pages) == 2 * math.ceil(held / 9)
        faces += len(cards)
        for lang in ("en", "ko"):
            text = pdftotext(kit / f"{lang}-a4" / name)
            for card in cards:
                assert card.name.get(lang) in text, (lang, card.id)
    text = pdftotext(kit / "en-a4" / shared)
    for gadget in dice.gadgets:
        assert text.count(gadget.text.en[:30]) == gadget.copies, gadget.id
    assert (faces, gadgets) == (116, 20)


def _outer_ink(image, cx: float, cy: float, page_h: float, dpi: int, most: float) -> float:
    """How far (mm) below (cx, cy) pt, looking no further than `most` mm, the last inked
    pixel lies: a disc's edge (its colour's edge, or the home look's outline of it)."""
    px = dpi / 72
    x, y = round(cx * px), round((page_h - cy) * px)
    last = 0
    for n in range(round(most * mm(1) * px)):
        if min(image.getpixel((x, y + n))) < 235:
            last = n
    return last / px / mm(1)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_token_fills_the_last_aid_sheets_free_half_with_its_back_in_register(
        kit, tmp_path, paper):
    """Front and back discs sit behind each other once the sheet is flipped, clear of the
    aid and the page edge, the back BACK_GROW wider; each side's disc is drawn at least
    2 mm past its cut line, read off the rendered pages."""
    from PIL import Image

    from cardgen.dice_mission import tokens
    from cardgen.documents import half_areas
    from cardgen.imposition import back_cells
    from cardgen.token_sheets import BACK_GROW

    page = PAPERS[paper]
    aid, spare = half_areas(page)
    front, back = tokens.token_cells(spare, page, "long", (0, 0))
    assert back == back_cells((front,), page, "long")[0].grow(BACK_GROW)
    assert back.w > front.w and mm(1) <= BACK_GROW and mm(2) <= tokens.BLEED
    for disc in (front.grow(tokens.BLEED), back.grow(tokens.BLEED)):
        assert disc.y >= mm(5) and disc.y1 <= aid.y - mm(5), "inside the free half"
        assert disc.x >= mm(5) and disc.x1 <= page[0] - mm(5)
    path = kit / f"en-{paper}" / "player-aids.pdf"
    with pikepdf.open(path) as pdf:
        n = len(pdf.pages)
    dpi = 150
    for number, disc in ((n - 1, front), (n, back)):
        subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", str(number), "-l",
                        str(number), str(path), str(tmp_path / f"p{number}")], check=True)
        image = Image.open(next(tmp_path.glob(f"p{number}-*.png"))).convert("RGB")
        radius = disc.w / 2 / mm(1)
        edge = _outer_ink(image, disc.cx, disc.cy, page[1], dpi, radius + 6)
        assert radius + 2 - 0.3 <= edge <= radius + 2 + 0.5, (number, edge, radius)


def _back_cell(path: Path, paper: str, tmp: Path, index: int = 0) -> bytes:
    """The back of card `index` of a card file (A4: 9 to a sheet), as RGB pixels at 30
    dpi."""
    from PIL import Image

    require(shutil.which("pdftoppm") is not None, "pdftoppm missing (poppler-utils)")
    page = PAPERS[paper]
    back = back_sheet(sheet_for(page))
    sheet_no, slot = divmod(index, len(back.cells))
    prefix = tmp / f"{path.stem}-{index}"
    number = str(2 * sheet_no + 2)
    subprocess.run(["pdftoppm", "-r", "30", "-png", "-f", number, "-l", number, str(path),
                    str(prefix)], check=True)
    image = Image.open(next(tmp.glob(f"{path.stem}-{index}-*.png")))
    cell = back.cells[slot]
    scale = 30 / 72
    left, top = cell.x * scale, (page[1] - cell.y1) * scale
    crop = image.crop((round(left), round(top), round(left + cell.w * scale),
                       round(top + cell.h * scale)))
    return crop.convert("RGB").tobytes()


def test_the_four_mission_backs_and_the_gadget_back_all_differ(kit, tmp_path, dice):
    folder = kit / "en-a4"
    backs = {name: _back_cell(folder / name, "a4", tmp_path) for name in CARD_FILES}
    # the gadgets follow the SPECIAL missions on their shared sheets
    backs["gadgets"] = _back_cell(folder / "special-and-gadgets.pdf", "a4", tmp_path,
                                  len(dice.missions_of("special")))
    names = list(backs)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            diff = sum(abs(p - q) for p, q in zip(backs[a], backs[b], strict=True))
            assert diff / len(backs[a]) > 8, f"{a} and {b} have near-identical backs"
    assert len(set(backs.values())) == len(backs)


def test_pdfs_are_print_ready(kit):
    require(shutil.which("pdffonts") is not None, "pdffonts missing (poppler-utils)")
    for lang, paper in COMBOS:
        folder = kit / f"{lang}-{paper}"
        for path in sorted(folder.glob("*.pdf")):
            rows = subprocess.run(["pdffonts", str(path)], capture_output=True,
                                  text=True).stdout.splitlines()[2:]
            assert rows and all(row.split()[-5] == "yes" for row in rows), path.name
            with pikepdf.open(path) as pdf:
                assert str(pdf.Root.ViewerPreferences.PrintScaling) == "/None"
                if path.name not in CARD_FILES:
                    continue
                sheet = sheet_for(PAPERS[paper])  # 3 x 3 on A4, 4 x 2 landscape on Letter
                for page in pdf.pages:
                    media = [float(v) for v in page.MediaBox]
                    assert media[2:] == pytest.approx(sheet.page, abs=0.01)
                    trim = [float(v) for v in page.TrimBox]
                    bleed = [float(v) for v in page.BleedBox]
                    assert trim[2] - trim[0] == pytest.approx(sheet.trim_box.w, abs=0.01)
                    assert bleed[0] == pytest.approx(trim[0] - sheet.bleed, abs=0.01)


def test_no_text_is_printed_under_6_pt(kit):
    for lang, paper in (("en", "a4"), ("ko", "letter")):
        for path in sorted((kit / f"{lang}-{paper}").glob("*.pdf")):
            sizes = text_sizes(path)
            assert sizes, path.name
            assert min(sizes) >= 6 - 0.01, (lang, path.name, min(sizes))


def test_korean_kit_prints_hangul_everywhere(kit):
    for name in [*CARD_FILES, "player-aids.pdf"]:
        text = pdftotext(kit / "ko-a4" / name)
        assert len(re.findall(r"[\uac00-\ud7a3]", text)) > 20, name
    assert t("ko", "token_back") in pdftotext(kit / "ko-a4" / "player-aids.pdf")


def _page_texts(path: Path) -> list[str]:
    with pikepdf.open(path) as pdf:
        n = len(pdf.pages)
    out = []
    for page in range(1, n + 1):
        run = subprocess.run(["pdftotext", "-raw", "-f", str(page), "-l", str(page), str(path),
                              "-"], capture_output=True, text=True)
        out.append(re.sub(r"\s+", " ", run.stdout))
    return out


def test_print_guide_gives_each_file_the_stock_and_sides_its_pages_need(kit):
    """The aids are fronts then backs on cardstock, the token's two faces on the last
    sheet's front and back, the stickers a sheet of their own on sticker paper: the guide
    says so."""
    from cardgen.dice_mission.kit import KIT
    from cardgen.sheet_words import word

    declared = {f.name: (f.stock, f.two_sided) for f in KIT.files}
    for lang in ("en", "ko"):
        folder = kit / f"{lang}-a4"
        stickers = pdftotext(folder / "stickers.pdf")
        assert t(lang, "stickers") in stickers and t(lang, "token_front") not in stickers
        assert declared["stickers.pdf"][0] == "sticker"
        aids = _page_texts(folder / "player-aids.pdf")
        fronts = [t(lang, "round") in page for page in aids]
        assert fronts == [True, False] * (len(aids) // 2), "aid pages alternate front, back"
        token = [[t(lang, f"token_{side}") in page for page in aids] for side in
                 ("front", "back")]
        assert token == [[False] * (len(aids) - 2) + [True, False],
                         [False] * (len(aids) - 1) + [True]], "the token: the last sheet"
        assert all(t(lang, "stickers") not in page for page in aids)
        assert declared["player-aids.pdf"] == ("cardstock", True)
        guide = pdftotext(folder / "print-guide.pdf")
        two = word(lang, "two_sided", edge=word(lang, "edge_long"))
        for name, (stock, sides) in declared.items():
            line = guide.split(f"{name} (")[1].split("•")[0]
            assert word(lang, f"stock_{stock}") in line, (lang, name, line)
            assert (two in line) == sides, (lang, name, line)
        assert word(lang, "no_stickers") not in guide


def test_two_builds_are_byte_identical(kit, tmp_path):
    result = _build(tmp_path)
    assert result.returncode == 0, result.stderr
    for lang, paper in COMBOS:
        again = tmp_path / "dice-mission" / f"{lang}-{paper}"
        for path in sorted((kit / f"{lang}-{paper}").iterdir()):
            assert path.read_bytes() == (again / path.name).read_bytes(), path.name


def test_overflowing_card_text_fails_naming_card_and_field(content_copy, tmp_path):
    missions = content_copy / "dice_mission" / "missions.yaml"
    source = missions.read_text(encoding="utf-8")
    long_text = "A pair of 4s and another pair, " + "and then some more talk " * 30
    missions.write_text(source.replace('"A pair of 4s and another pair."', f'"{long_text}"'),
                        encoding="utf-8")
    result = cardgen("build", "--game", "dice-mission", "--content", str(content_copy),
                     "--out", str(tmp_path), "--quiet")
    assert result.returncode == 1
    assert re.search(r"missions.yaml:\d+: missions\[0\]\.text \(en\): text does not fit its box",
                     result.stderr), result.stderr
    assert "Traceback" not in result.stderr


# --- die-face pictures, as shapes ------------------------------------------------------


def test_a_pair_and_a_given_face_are_drawn_as_dice():
    assert picture({"groups": [{"n": 2, "faces": [4]}, {"n": 2}]}) == (
        Group((Die(4), Die(4))), Group((Die(mark="A"), Die(mark="A"))))
    assert picture({"groups": [{"n": 3, "faces": "odd"}]}) == (
        Group((Die(mark="A"),) * 3, "1·3·5"),)
    assert picture({"contains": [6, 1, 6]}) == (Group((Die(1), Die(6), Die(6))),)


def test_a_run_shows_consecutive_markers_or_its_faces():
    assert [d.mark for d in picture({"straight": {"length": 4}})[0].dice] == [
        "N", "N+1", "N+2", "N+3"]
    assert [d.pips for d in picture({"straight": {"length": 5, "from": 2}})[0].dice] == [
        2, 3, 4, 5, 6]


def test_sums_counts_and_comparisons():
    two = picture({"sum": {"dice": 2, "op": "eq", "value": 7}})[0]
    assert two.items == (Die(), Sign("+"), Die(), Sign("= 7"))
    assert picture({"count": {"faces": "odd", "op": "eq", "value": 0}}) == (
        Group((Die(1, struck=True), Die(3, struck=True), Die(5, struck=True))),)
    assert picture({"count": {"faces": [5, 6], "op": "ge", "value": 4}}) == (
        Group((Die(mark="5·6"),) * 4),)
    left, sign, right = picture({"count_compare": {"left": [6], "op": "gt", "right": [1]}})
    assert (left.dice, sign.items, right.dice) == ((Die(6),), (Sign(">"),), (Die(1),))


def test_comparisons_show_a_badge_before_the_metric_and_a_margin_after():
    most, margin = picture({"most": {"metric": "sum", "margin": 5}})
    assert most.items == (Mark("most"), Die(mark="Σ")) and margin.items == (Sign("+5"),)
    (fewest,) = picture({"fewest": {"metric": "count", "faces": [6]}})
    assert fewest.items == (Mark("fewest"), Sign("#"), Die(6))
    (only,) = picture({"only": {"groups": [{"n": 2}]}})
    assert only.items[0] == Mark("only")


def test_amounts_that_grow_with_the_table_show_a_person_or_a_die():
    (crowd,) = picture({"groups": [{"n": {"per_player": 1, "plus": 2}}]})
    assert crowd.items == (Sign("#"), Die(mark="A"), Sign("≥"), Mark("player"), Sign("+2"))
    (avg,) = picture({"sum": {"op": "ge", "value": {"per_die": 4}}})
    assert avg.items == (Die(mark="Σ"), Sign("≥ 4×"), Die())
    each, *rest = picture({"each_player": {"count": {"faces": [6], "op": "le", "value": 1}}})
    assert each.items == (Mark("player"), Sign(":"))
    assert rest[0].items == (Sign("#"), Die(6), Sign("≤ 1"))
    least, alike = picture({"all": [{"count": {"op": "ge", "value": 2}},
                                    {"distinct": {"op": "eq", "value": 1}}]})
    assert least.items == (Sign("#"), Die(), Sign("≥ 2"))
    assert [d.mark for d in alike.dice] == ["A", "A", "A"]


def _card_picture(dice, card_id):
    return picture(next(m for m in dice.missions if m.id == card_id).check.rule)


def test_pictures_say_what_the_issue_cards_say(dice):
    """Issue 27: Exclusive Numbers read as "the only one with two different numbers", No
    Twins Anywhere as "each agent has two different numbers", Odd Five and High Five's
    caption under one die as "one odd die"; Pocket Money, All Even and Seventeen left out
    their least number of dice."""
    you, rival = _card_picture(dice, "versus_31")  # you: A B; each rival: no A, no B
    assert you.items == (Mark("only"), Die(mark="A"), Die(mark="B"))
    assert rival.items == (Mark("player"), Die(mark="A", struck=True),
                           Die(mark="B", struck=True))
    each, pair = _card_picture(dice, "team_23")  # each agent: no pair
    assert each.items == (Mark("player"), Sign(":"))
    assert pair.items == (Die(mark="A", struck=True),) * 2
    for card_id, label in (("special_12", "1·3·5"), ("special_13", "4·5·6")):
        (five,) = _card_picture(dice, card_id)  # the faces in every die, no caption
        assert five.items == (Die(mark=label),) * 5 and not five.caption
    for card_id, n in (("special_10", 5), ("solo_19", 4), ("solo_25", 4)):
        assert _card_picture(dice, card_id)[0].items == (Sign("#"), Die(), Sign(f"≥ {n}"))


def test_checks_with_no_drawing_still_fall_back_to_the_emblem():
    assert picture({"distinct": {"op": "le", "value": 3}}) == ()
    assert picture({"groups": [{"n": 9}]}) == ()  # too many dice to read


def test_every_mission_has_its_own_picture(dice):
    """No card falls back to its deck's emblem, and no two missions look the same (#16)."""
    seen: dict = {}
    for card in dice.missions:
        shown = picture(card.check.rule)
        assert shown, card.id
        assert shown not in seen, (card.id, seen.get(shown))
        seen[shown] = card.id


def test_pips_sit_where_a_real_die_has_them():
    assert pip_positions(1) == [(0, 0)]
    for face in range(1, 7):
        spots = pip_positions(face)
        assert len(spots) == len(set(spots)) == face
        assert set(spots) == {(-x, -y) for x, y in spots}  # point-symmetric, as on a die


def test_every_pattern_card_gets_dice_that_show_its_numbers(dice):
    for card in dice.missions:
        rule = card.check.rule
        key, arg = next(iter(rule.items()))
        shown = picture(rule)
        if key == "groups" and all(isinstance(g["n"], int) for g in arg):
            assert len([d for g in shown for d in g.dice]) == sum(g["n"] for g in arg), card.id
        if key == "contains":
            assert [d.pips for d in shown[0].dice] == sorted(arg), card.id
        if key == "straight":
            assert len(shown[0].dice) == arg["length"], card.id


def _picture_fonts(lang: str):
    if lang == "ko":
        require(_korean_font_installed(), "no Korean font (apt-get install fonts-nanum)")
    return fonts_for(lang)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_picture_fits_its_box_with_readable_marks(dice, lang):
    fonts = _picture_fonts(lang)
    trim = Rect(0, 0, *CARD_SIZE)
    area = box("mission", "picture", trim).shrink(mm(1.5))
    drawn = 0
    for card in dice.missions:
        shown = picture(card.check.rule)
        if not shown:
            continue
        drawn += 1
        lay = requirement.place(shown, area, fonts.bold)
        assert lay.size >= mm(4.5), card.id
        assert requirement.caption_size(lay.size) >= 6.5
        for p in lay.items:
            half = lay.size / 2 if isinstance(p.item, Die) else p.width / 2
            assert area.contains(Rect(p.x - half, p.y - lay.size / 2, 2 * half, lay.size),
                                 tol=0.5), card.id
            if isinstance(p.item, Die) and p.item.mark:
                assert mark_size(p.item.mark, fonts.bold, lay.size * 0.96) >= 6, card.id
            if isinstance(p.item, Sign):
                assert lay.size * requirement.SIGN_SIZE >= 6, card.id
    assert drawn == len(dice.missions)  # every card is read at a glance (#16)


@pytest.mark.parametrize(("layout", "name"), [
    (layout, name) for layout, boxes in POKER.items() for name in boxes])
def test_every_layout_box_is_inside_the_safe_zone(layout, name):
    trim = Rect(0, 0, *CARD_SIZE)
    assert trim.shrink(SAFE).contains(box(layout, name, trim), tol=0.01)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_dice_in_a_picture_never_touch_and_captions_clear_them(dice, lang):
    """Neighbouring dice leave a visible gap and a caption ("4·5·6") sits under the dice,
    clear of their lower edge (High Five, Odd Five, Skip the Five)."""
    fonts = _picture_fonts(lang)
    area = box("mission", "picture", Rect(0, 0, *CARD_SIZE)).shrink(mm(1.5))
    for card in dice.missions:
        shown = picture(card.check.rule)
        if not shown:
            continue
        lay = requirement.place(shown, area, fonts.bold)
        drawn = lay.size * 0.96 * 1.05  # the die and its outline
        dice_at = sorted((p.y, p.x) for p in lay.items if isinstance(p.item, Die))
        for (y0, x0), (y1, x1) in zip(dice_at, dice_at[1:], strict=False):
            if y0 == y1:
                assert x1 - x0 - drawn >= mm(1.8), (card.id, x1 - x0 - drawn)
        row_items: dict = {}
        for p in lay.items:  # signs and marks (▲, 👤, "≥ 4×") clear of the dice beside them
            row_items.setdefault(round(p.y, 3), []).append(p)
        for items in row_items.values():
            items.sort(key=lambda p: p.x)
            for a, b in zip(items, items[1:], strict=False):
                assert b.x - b.width / 2 - (a.x + a.width / 2) >= mm(0.8), (card.id, a, b)
        for _, _, base in lay.captions:
            row = min(y for y, _ in dice_at if y > base)
            top = base + requirement.caption_size(lay.size) * requirement.DIGIT_HEIGHT
            assert row - drawn / 2 - top >= mm(1), card.id
            assert base - requirement.caption_size(lay.size) * 0.25 >= area.y - 0.5, card.id


def test_a_lead_naming_the_agents_stands_above_a_long_pattern():
    """'#👤 ≥ 2:' before a run of four would shrink the dice: it takes the row above."""
    shown = picture({"players": {"where": {"straight": {"length": 4}}, "op": "ge", "value": 2}})
    area = box("mission", "picture", Rect(0, 0, *CARD_SIZE)).shrink(mm(1.5))
    lay = requirement.place(shown, area, fonts_for("en").bold)
    lead = {p.y for p in lay.items if not isinstance(p.item, Die)}
    dice_rows = {p.y for p in lay.items if isinstance(p.item, Die)}
    assert len(lead) == len(dice_rows) == 1 and min(lead) > max(dice_rows)
    assert lay.size >= mm(7)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_colours_die_stickers_fill_whole_rows(dice, paper):
    """Issue #27 review: twelve stickers a row split each colour's 30 faces mid-row (red
    ended half along row 3, blue began beside it), so one colour could not be peeled off
    alone. Every row of the sticker grid holds one colour, and every colour whole rows."""
    from cardgen import token_layout
    from cardgen.dice_mission import tokens
    from cardgen.fonts import fonts_for
    from cardgen.geometry import PAPERS
    from cardgen.render.common import Ctx

    section = tokens.stickers(Ctx(dice, "en", fonts_for("en")))
    grid = token_layout.grid(PAPERS[paper], len(section.items), section.size, cols=section.cols)
    assert min(cell.x for cell in grid.cells) >= token_layout.MARGIN - 0.01
    assert max(cell.x1 for cell in grid.cells) <= PAPERS[paper][0] - token_layout.MARGIN + 0.01
    rows: dict[float, set[str]] = {}
    for (colour, _, _), cell in zip(section.items, grid.cells, strict=True):
        rows.setdefault(round(cell.y, 2), set()).add(colour)
    assert all(len(colours) == 1 for colours in rows.values()), rows
    assert len(rows) % len(dice.colours) == 0
