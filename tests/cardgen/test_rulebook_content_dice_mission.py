"""Dice Mission's rulebook content without the builder: its text's numbers come from the
model, its figures draw the content, every mission and gadget has a reference entry, and the
worked example is a legal round."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.dice_mission import rulebook
from missionkit.content import load_game
from missionkit.dice_mission.predicates import check_card
from tests.cardgen.rulebook_helpers import (
    LANGS,
    clarified_leaks,
    edit_yaml,
    figure_png,
    filled,
    sections,
    texts,
    used,
)
from tests.conftest import CONTENT

PKG = "dice_mission"
GAME = "dice-mission"


@pytest.fixture(scope="module")
def model():
    return load_game(GAME, CONTENT)


def test_every_placeholder_is_a_value_and_every_text_has_both_languages(model):
    values = rulebook.values(model)
    assert used(CONTENT, PKG) <= set(values)
    for section in sections(CONTENT, PKG):
        for text in texts(section):
            assert set(text) >= set(LANGS), (section["id"], text)
    for lang in LANGS:
        assert filled(CONTENT, PKG, values, lang)


@pytest.mark.parametrize("name", [
    "dice_min", "dice_max", "rolls_max", "hand_few", "hand_many", "dealt_few_each",
    "dealt_many_each", "special_display", "gadget_hand_limit", "exchange_draw",
    "specials_per_game", "players_min", "players_max", "dice_each"])
def test_the_text_uses_every_setup_and_limit_number(name):
    assert name in used(CONTENT, PKG)


def test_a_content_edit_changes_the_book(content_copy: Path):
    """Three rolls -> four and four dice at most -> six: the filled text follows."""
    game_yaml = content_copy / PKG / "game.yaml"
    edit_yaml(game_yaml, "rolls_max: 3", "rolls_max: 4")
    edit_yaml(game_yaml, "special_display: 3", "special_display: 4")
    edited = rulebook.values(load_game(GAME, content_copy))
    en = filled(CONTENT, PKG, edited, "en")
    assert "at most 4 rolls in all" in en
    assert "turn the top 4 face up" in en


def test_mission_failure_has_a_section_of_its_own():
    """Change of Mission points to the failure option: the book has it under that title."""
    titles = [s["title"]["en"] for s in sections(CONTENT, PKG)]
    assert "Mission failure" in titles


def test_quick_reference_sections_cover_setup_round_and_end():
    quick = {s["id"] for s in sections(CONTENT, PKG) if s.get("quick")}
    assert {"setup", "mission_phase", "debriefing", "mission_failure", "end"} <= quick


def test_every_figure_block_names_a_figure_and_every_reference_exists():
    blocks = [b for s in sections(CONTENT, PKG) for b in s["blocks"]]
    assert {b["figure"] for b in blocks if "figure" in b} == set(rulebook.FIGURES)
    assert {b["reference"] for b in blocks if "reference" in b} <= set(rulebook.REFERENCES)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", list(rulebook.FIGURES))
def test_each_figure_renders_with_ink(model, key, lang):
    import io

    from PIL import Image
    png = figure_png(rulebook.FIGURES[key], model, lang)
    image = Image.open(io.BytesIO(png)).convert("L")
    assert image.getextrema()[0] < 100  # something dark was drawn


def test_the_setup_figure_follows_the_content(model, content_copy: Path):
    """A SPECIAL on display shows its text; more SPECIALs on display draw more cards."""
    before = figure_png(rulebook.FIGURES["setup"], model, "en")
    edit_yaml(content_copy / PKG / "missions.yaml",
              'en: "Four dice showing 1 or 2 (mixed allowed)."',
              'en: "Four dice showing 5 or 6, any mix, for the whole table."')
    after = figure_png(rulebook.FIGURES["setup"], load_game(GAME, content_copy), "en")
    assert after != before


def test_the_example_figure_follows_the_mission_picture(model, content_copy: Path):
    """Three 6s -> three 5s: the card drawn in the example changes."""
    before = figure_png(rulebook.FIGURES["ex_gadget"], model, "en")
    edit_yaml(content_copy / PKG / "missions.yaml",
              "check: {groups: [{n: 3, faces: [6]}]}", "check: {groups: [{n: 3, faces: [5]}]}")
    after = figure_png(rulebook.FIGURES["ex_gadget"], load_game(GAME, content_copy), "en")
    assert after != before


@pytest.mark.parametrize("lang", LANGS)
def test_every_mission_and_gadget_has_a_reference_entry(model, lang):
    missions = rulebook.REFERENCES["missions"](model, lang)
    gadgets = rulebook.REFERENCES["gadgets"](model, lang)
    assert len(missions) == len(model.missions)
    assert len(gadgets) == len(model.gadgets)
    for entry, m in zip(missions, model.missions, strict=True):
        assert m.name.get(lang) in entry.title and m.text.get(lang) in entry.text
        assert entry.picture is not None
    assert {e.title.split(" · ")[0] for e in gadgets} == {g.name.get(lang)
                                                         for g in model.gadgets}
    assert rulebook.REFERENCES["reading"](model, lang)


def test_the_worked_example_is_a_legal_round(model):
    """Dice count and rolls within the limits, and each completion true per the engine."""
    r = model.round
    active = rulebook.EXAMPLE.steps[1]
    n, rolls = len(active.dice[0]), active.rolls[0]
    assert r.dice_min <= n <= r.dice_max and 1 <= rolls <= r.rolls_max
    for step in rulebook.EXAMPLE.steps[1:]:
        assert all(len(d) == n for d in step.dice)
        assert all(k <= rolls for k in step.rolls[1:])
        if step.completes is not None:
            assert check_card(model, step.card, step.completes, step.dice), step.key
    ben = rulebook.EXAMPLE.steps[3]  # Ben completes none of the cards shown
    assert not any(check_card(model, s.card, 1, ben.dice) for s in rulebook.EXAMPLE.steps
                   if s.card)


def _content_ids(model) -> tuple[set[str], set[str]]:
    """The content's card (and option) ids, and the source's names the kit prints otherwise."""
    ids = {m.id for m in model.missions} | {g.id for g in model.gadgets}
    return ids, set()


@pytest.mark.parametrize("lang", LANGS)
def test_rules_clarified_prints_each_rule_decision_for_players(model, lang):
    """One line per decision not marked `rulebook: false`, in the reader's language, with no
    developer text: no file names, decision ids, source lines, identifiers or card ids."""
    lines = rulebook.clarified(model, lang)
    printed = [d for d in model.decisions if d.rulebook]
    assert len(lines) == len(printed) < len(model.decisions)
    hangul = [any("가" <= ch <= "힣" for ch in line) for line in lines]
    assert all(hangul) if lang == "ko" else not any(hangul)
    ids, source_names = _content_ids(model)
    decisions = {d.id for d in model.decisions}
    assert clarified_leaks("\n".join(lines), ids, decisions, source_names) == []
    assert "{" not in "".join(lines)


def test_the_clarified_lines_take_numbers_and_names_from_the_model(model):
    """The display holds round.special_display SPECIALs and the example's Transaction swaps
    between the example's own agents: the lines say so, from the model."""
    text = "\n".join(rulebook.clarified(model, "en"))
    v = rulebook.values(model)
    assert f"behind the {model.round.special_display} face-up SPECIALs" in text
    assert f"{v['ex_a3_en']} swaps a die with {v['ex_a2_en']}" in text
    ko = "\n".join(rulebook.clarified(model, "ko"))
    assert f"스페셜 미션 {model.round.special_display}장" in ko


def test_components_are_counted_from_the_model_in_each_language(model):
    for key, n in model.component_counts().items():
        en, ko = (rulebook.component_label(key, n, lang) for lang in LANGS)
        assert str(n) in en and str(n) in ko
        assert any("가" <= ch <= "힣" for ch in ko) and key not in en


@pytest.mark.parametrize("key", list(rulebook.FIGURES))
def test_each_figure_stays_inside_the_box_it_is_given(model, key):
    """The builder gives a box; the figure fits itself in, keeping its aspect."""
    from tests.cardgen.rulebook_helpers import ink_outside_box

    assert ink_outside_box(rulebook.FIGURES[key], model, "en") == 0


@pytest.mark.parametrize("lang", LANGS)
def test_every_character_of_the_book_has_a_glyph(model, lang):
    """Text, titles and reference entries print in the book's fonts (no empty boxes)."""
    from tests.cardgen.rulebook_helpers import missing_glyphs

    words = [filled(CONTENT, PKG, rulebook.values(model), lang)]
    words += [e.title + e.text for ref in rulebook.REFERENCES.values()
              for e in ref(model, lang)]
    words += rulebook.clarified(model, lang)
    assert missing_glyphs("".join(words), lang) == set()


def test_the_example_text_names_the_gadget_the_figure_draws(content_copy: Path):
    edit_yaml(content_copy / PKG / "gadgets.yaml", "name: {en: Transaction,",
              "name: {en: Swap Deal,")
    en = filled(CONTENT, PKG, rulebook.values(load_game(GAME, content_copy)), "en")
    assert "Cleo plays Swap Deal" in en and "Transaction" not in en
