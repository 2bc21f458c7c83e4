"""Mission Improbable card faces as a reader sees them: equal labels at equal sizes, a
check heading that matches the number of checks, two-line names with air between their
lines, reminders without a lone last word, and footers that stand out from their frame."""

from __future__ import annotations

import pytest

from cardgen import text
from cardgen.fonts import fonts_for
from cardgen.geometry import Rect
from cardgen.imposition import CARD_SIZE
from cardgen.layouts import PANEL_PAD
from cardgen.mission_improbable.cards import TYPE_COLOURS, accent
from cardgen.mission_improbable.layouts import box
from cardgen.mission_improbable.strings import t
from cardgen.render.card_parts import BODY_SIZE
from missionkit.content import load_game
from tests.cardgen.pdf_text_sizes import Run, text_runs
from tests.cardgen.test_build import _korean_font_installed
from tests.cardgen.test_cli_check import cardgen
from tests.conftest import CONTENT, require

GAME = "mission-improbable"
LANGS = ("en", "ko")


@pytest.fixture(scope="module")
def mi() -> object:
    return load_game(GAME, CONTENT)


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, list[Run]]:
    """Every text run of cards.pdf, per language (A4)."""
    require(_korean_font_installed(), "no Korean font (apt-get install fonts-nanum)")
    out = tmp_path_factory.mktemp("mi-cards")
    result = cardgen("build", "--game", GAME, "--lang", "en", "--lang", "ko", "--out",
                     str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return {lang: _lines(text_runs(out / GAME / f"{lang}-a4" / "cards.pdf"))
            for lang in LANGS}


def _lines(runs: list[Run]) -> list[Run]:
    """Runs drawn from one origin (a Korean line is shown in several pieces) joined."""
    joined: dict[tuple[int, float, float, float], Run] = {}
    for r in runs:
        key = (r.page, round(r.x, 2), round(r.y, 2), round(r.size, 2))
        old = joined.get(key)
        joined[key] = r if old is None else Run(r.page, r.font, r.size, r.x, r.y,
                                                 old.text + r.text)
    return list(joined.values())


def _printed(lines: list[Run], name: str) -> list[list[Run]]:
    """Where `name` is printed: one line, or two lines one under the other."""
    out = [[r] for r in lines if r.text.strip() == name]
    for a in lines:
        if a.text.strip() and name.startswith(a.text.strip()) and a.text.strip() != name:
            out += [[a, b] for b in lines if b.page == a.page and abs(b.x - a.x) < 0.01
                    and 0 < a.y - b.y < 2 * a.size
                    and f"{a.text.strip()} {b.text.strip()}" == name]
    return out


def test_every_table_label_prints_at_one_size(runs, mi):
    """"Capture Table" is not larger than "Mission Failure Table" on the next card."""
    for lang in LANGS:
        sizes = {tb.name.get(lang): {round(r.size, 2) for found in _printed(runs[lang],
                                                                           tb.name.get(lang))
                                     for r in found}
                 for tb in mi.tables.values()}
        sizes = {name: found for name, found in sizes.items() if found}
        assert len(sizes) >= 2, (lang, sizes)
        assert len(set().union(*sizes.values())) == 1, (lang, sizes)


def test_the_check_heading_says_in_order_only_for_several_checks(runs, mi):
    for lang in LANGS:
        several = sum(1 for m in mi.missions if len(m.checks) > 1)
        single = sum(1 for m in mi.missions if len(m.checks) == 1)
        assert several and single
        shown = [r.text for r in runs[lang]]
        assert sum(t(lang, "every_check") in s for s in shown) == several, lang
        assert sum(t(lang, "one_check") in s for s in shown) == single, lang


def test_two_line_mission_names_keep_air_between_their_lines(runs, mi):
    """Stop / Start Counterfeiting Operation: a good or bad name on two lines leaves at
    least 1.12 x its size from baseline to baseline (or fits one line)."""
    for lang in LANGS:
        for m in mi.missions:
            for half in (m.good, m.bad):
                if half is None:
                    continue
                found = _printed(runs[lang], half.get(lang))
                assert found, (lang, half.get(lang))
                for lines in found:
                    if len(lines) == 2:
                        a, b = lines
                        assert a.y - b.y >= 1.12 * a.size, (lang, half.get(lang))


def test_no_card_reminder_ends_on_a_lone_word(mi):
    trim = Rect(0, 0, *CARD_SIZE)
    for lang in LANGS:
        body = fonts_for(lang).body
        for kind, reminder in mi.guide.card_reminders.items():
            inner = box("mission" if kind == "mission" else "card", "text", trim)
            block = text.fit(reminder.get(lang), inner.shrink(PANEL_PAD), body, BODY_SIZE,
                             item=kind, field="reminder", min_size=text.CARD_BODY_MIN)
            if len(block.lines) > 1:
                assert len(block.lines[-1].split()) > 1, (lang, kind, block.lines)


def _wcag(color) -> float:
    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(color.red) + 0.7152 * lin(color.green) + 0.0722 * lin(color.blue)


@pytest.mark.parametrize("card_type", sorted(TYPE_COLOURS))
def test_the_footer_and_type_label_stand_out_from_the_frame(card_type):
    """WCAG contrast of at least 3:1 between the gold text and the type's frame colour."""
    low, high = sorted((_wcag(accent(card_type)), _wcag(TYPE_COLOURS[card_type])))
    assert (high + 0.05) / (low + 0.05) >= 3, card_type


def test_a_two_line_name_keeps_clear_of_the_panel_under_it():
    """'Maximum Security Building' (two lines) touched its check panel: the name box now ends
    2 mm above the body panel, and the name fits inside its box."""
    from cardgen.geometry import Rect, mm
    from cardgen.imposition import CARD_SIZE
    from cardgen.mission_improbable.layouts import box

    trim = Rect(0, 0, *CARD_SIZE)
    assert box("card", "name", trim).y - box("card", "body", trim).y1 >= mm(2) - 1e-6
