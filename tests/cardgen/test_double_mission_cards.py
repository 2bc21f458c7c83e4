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


def test_no_two_characters_share_a_monogram(game):
    from cardgen.double_mission.emblems import monogram

    names = [ch.name.en for ch in game.characters]
    marks = [monogram(n, names) for n in names]
    assert len(set(marks)) == len(marks), marks
