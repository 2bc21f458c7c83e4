"""Double Mission's mission cards read cleanly: ladders as small tables, the cap once."""

from __future__ import annotations

from tests.cardgen.test_build import pdftotext


def test_capped_missions_print_their_cap_once_in_the_footer(game):
    for m in game.missions:
        if m.cap:
            assert f"Max {m.cap}" not in m.text.en, m.id
            assert f"최대 {m.cap}점" not in m.text.ko, m.id


def test_ladders_are_tables_not_slashed_lists(game, every_kit):
    text = pdftotext(every_kit / "double-mission" / "en-a4" / "missions-characters-titles.pdf")
    ladders = [m for m in game.missions if m.scoring.kind in ("ladder", "rank_bonus")]
    assert len(ladders) == 4
    for m in ladders:
        assert "/" not in m.text.en and "/" not in m.text.ko, m.id
        row = " ".join(str(p) for p in m.scoring.points)
        assert row in text, (m.id, row)


def test_every_character_side_prints_its_ability_at_one_size(game, every_kit):
    """Issue #27: King B's ability printed at 8.5 pt beside 10.5 pt on every other side.
    Read back from the PDF: each side's lines (runs of 8+ characters found in its text)."""
    from tests.cardgen.pdf_text_sizes import text_runs

    for lang in ("en", "ko"):
        path = every_kit / "double-mission" / f"{lang}-a4" / "missions-characters-titles.pdf"
        runs = [r for r in text_runs(path) if len(r.text.strip()) >= 8]
        sizes = {}
        for ch in game.characters:
            for side, s in ch.sides.items():
                body = s.text.get(lang)
                found = {round(r.size, 2) for r in runs if r.text.strip() in body}
                assert found, (lang, ch.id, side)
                sizes[f"{ch.id} {side}"] = min(found)
        assert set(sizes.values()) == {10.5}, (lang, sizes)
