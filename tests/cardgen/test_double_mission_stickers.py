"""Double Mission's sticker sheet dresses both sides of every wooden disc the guide buys (the
rulebook's treasure and value discs), counts derived from the content; die-face stickers fit
the flat of the dice the guide names, inside their rounded edges."""

from __future__ import annotations

from cardgen.double_mission.kit import bought
from cardgen.double_mission.tokens import DISC_SIDES, sections
from cardgen.fonts import fonts_for
from cardgen.render.common import Ctx
from cardgen.token_layout import DIE_EDGE_MM, DIE_STICKER, DIE_STICKER_MM
from missionkit.content import load_game
from tests.conftest import CONTENT


def _stickers(lang: str = "en"):
    game = load_game("double-mission", CONTENT)
    return game, sections(Ctx(game, lang, fonts_for(lang)))[3]


def test_a_treasure_and_a_value_sticker_for_both_sides_of_every_disc():
    game, (treasures, values, _) = _stickers()
    components = game.game.components
    assert DISC_SIDES == 2
    assert len(treasures.items) == 2 * components.treasures == 48
    assert len(values.items) == 2 * components.value_tokens == 12
    for tr in game.treasures:  # each type on both sides of each of its discs
        assert treasures.items.count(tr.id) == 2 * tr.count
        assert values.items.count(tr.id) == 2


def test_the_guide_buys_the_discs_the_stickers_dress():
    game, (treasures, values, _) = _stickers()
    words = " ".join(bought(game, "en"))
    assert f"{len(treasures.items) // DISC_SIDES} wooden discs, about 16 mm" in words
    assert f"{len(values.items) // DISC_SIDES} wooden discs, about 22 mm" in words


def test_die_face_stickers_fit_inside_the_rounded_edge_of_the_named_die():
    _, (_, _, faces) = _stickers()
    assert faces.size == DIE_STICKER
    assert DIE_STICKER_MM <= DIE_EDGE_MM - 2  # at least 1 mm clear of each rounded edge
    for lang in ("en", "ko"):
        game = load_game("double-mission", CONTENT)
        words = " ".join(bought(game, lang))
        assert f"{DIE_EDGE_MM:g} mm" in words and f"{DIE_STICKER_MM:g} mm" in words
