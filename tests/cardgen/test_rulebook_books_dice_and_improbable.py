"""Dice Mission's and Mission Improbable's rulebook.pdf, built by the shared builder and read
back with pdftotext: every setup and limit number of the model is printed, the phases come
in order, the gadgets' "Mission failure" has its section, and the Korean book is Korean.

Skipped until the shared builder (cardgen.rulebook, issue 28) is on the branch."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from missionkit.content import load_game
from missionkit.registry import GAMES
from tests.conftest import CONTENT

rulebook = pytest.importorskip("cardgen.rulebook")


def _book_text(tmp: Path, game: str, lang: str) -> str:
    from cardgen.fonts import fonts_for
    from cardgen.geometry import PAPERS
    from cardgen.kit import FileJob, kit_for
    from cardgen.render.common import Ctx

    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext missing (poppler-utils)")
    model = load_game(game, CONTENT)
    job = FileJob(tmp, Ctx(model, lang, fonts_for(lang)), "a4", PAPERS["a4"], "long", (0, 0),
                  model.game.name.get(lang), content=CONTENT / GAMES[game])
    path, _, _ = rulebook.write_rulebook(job, kit_for(game))
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                         capture_output=True, text=True).stdout
    return " ".join(out.split())


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[tuple[str, str], str]:
    out = {}
    for game in ("dice-mission", "mission-improbable"):
        for lang in ("en", "ko"):
            out[game, lang] = _book_text(tmp_path_factory.mktemp(f"{game}-{lang}"), game, lang)
    return out


def test_dice_mission_prints_its_setup_and_limit_numbers(books):
    text = books["dice-mission", "en"]
    m = load_game("dice-mission", CONTENT)
    r, rows = m.round, m.setup
    assert f"how many dice everyone rolls this round: {r.dice_min} to {r.dice_max}" in text
    assert f"at most {r.rolls_max} rolls in all" in text
    assert f"turn the top {r.special_display} face up" in text
    assert f"You may hold at most {r.gadget_hand_limit}" in text
    for players, row in rows.items():
        assert f"{row.missions_in_hand} missions in hand each" in text, players
    assert "Mission failure" in text


def test_mission_improbable_prints_its_numbers_and_phases_in_order(books):
    text = books["mission-improbable", "en"]
    m = load_game("mission-improbable", CONTENT)
    hand = m.game.hand
    assert f"Each player draws {hand.start} cards" in text
    assert f"Support: draw {hand.draw} cards" in text and f"more than {hand.limit}" in text
    where = [text.index(f"{n}. {p.name.en}") for n, p in enumerate(m.guide.phases, start=1)]
    assert where == sorted(where)
    for table in m.tables.values():
        for row in table.rows:
            span = str(row.from_) if row.from_ == row.to else f"{row.from_}-{row.to}"
            assert f"{span} {row.result.en}" in text, (table.id, span)
    for row in m.bought():  # what to bring, from the model (the kit's buy list)
        assert f"{row['per_player']} ten-sided dice per player" in text


@pytest.mark.parametrize("game", ["dice-mission", "mission-improbable"])
def test_the_korean_book_is_in_korean(books, game):
    text = books[game, "ko"]
    hangul = sum("가" <= ch <= "힣" for ch in text)
    assert hangul > len(text) * 0.3
