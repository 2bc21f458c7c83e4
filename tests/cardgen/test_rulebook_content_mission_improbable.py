"""Mission Improbable's rulebook content without the builder: its text's numbers come from
the model, the nine phases and the three tables are generated in order, its figures draw the
content, every card has a reference entry, and the worked example adds up."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from cardgen.mission_improbable import rulebook
from missionkit.content import load_game
from missionkit.mission_improbable.checks import PHASES
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

PKG = "mission_improbable"
GAME = "mission-improbable"


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
    "hand_start", "hand_draw", "hand_limit", "deck_size", "players_min", "players_max",
    "recruit", "assets", "missions_into_play", "spy_rolls", "mission_attempts", "phase_count",
    "mp_target"])  # the dice to bring: the generated list (test_rulebook_books_...)
def test_the_text_uses_every_setup_and_limit_number(name):
    assert name in used(CONTENT, PKG)


def test_a_content_edit_changes_the_book(content_copy: Path):
    """Draw 3 -> 4, start with 7 -> 8, hand limit 10 -> 12: the filled text follows."""
    game_yaml = content_copy / PKG / "game.yaml"
    edit_yaml(game_yaml, "  start: 7\n  draw: 3\n  limit: 10",
              "  start: 8\n  draw: 4\n  limit: 12")
    en = filled(CONTENT, PKG, rulebook.values(load_game(GAME, content_copy)), "en")
    assert "Support: draw 4 cards" in en
    assert "more than 12, discard" in en
    assert "Each player draws 8 cards" in en


@pytest.mark.parametrize("lang", LANGS)
def test_the_nine_phases_in_order(model, lang):
    entries = rulebook.REFERENCES["phases"](model, lang)
    assert [e.title for e in entries] == [f"{n}. {p.name.get(lang)}"
                                          for n, p in enumerate(model.guide.phases, start=1)]
    assert tuple(p.id for p in model.guide.phases) == PHASES
    hand = model.game.hand
    assert f"{hand.draw}" in entries[0].text and f"{hand.limit}" in entries[0].text
    assert "{" not in "".join(e.text for e in entries)


@pytest.mark.parametrize("table", ["spy", "mission_failure", "capture"])
def test_each_table_lists_every_range_and_result(model, table):
    entries = rulebook.REFERENCES[f"{table.removeprefix('mission_')}_table"](model, "en")
    rows = model.tables[table].rows
    assert entries[0].title == model.tables[table].name.en
    spans = [e.title for e in entries[1:]]
    assert spans == [str(r.from_) if r.from_ == r.to else f"{r.from_}-{r.to}" for r in rows]
    assert [e.text for e in entries[1:]] == [r.result.en for r in rows]


def test_the_quick_reference_holds_setup_the_phases_checks_missions_and_the_end():
    quick = {s["id"] for s in sections(CONTENT, PKG) if s.get("quick")}
    assert {"setup", "phases_detail", "checks", "missions", "end"} <= quick


@pytest.mark.parametrize("lang", LANGS)
def test_the_phase_list_names_the_nine_phases_in_order(model, lang):
    """The quick reference's phase list (text, not generated) cannot drift from guide.yaml."""
    detail = next(s for s in sections(CONTENT, PKG) if s["id"] == "phases_detail")
    items = detail["blocks"][0]["list"]
    assert [i[lang].split(":")[0] for i in items] == [p.name.get(lang)
                                                     for p in model.guide.phases]


def test_every_figure_block_names_a_figure_and_every_reference_exists():
    blocks = [b for s in sections(CONTENT, PKG) for b in s["blocks"]]
    assert {b["figure"] for b in blocks if "figure" in b} == set(rulebook.FIGURES)
    assert {b["reference"] for b in blocks if "reference" in b} == set(rulebook.REFERENCES)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", list(rulebook.FIGURES))
def test_each_figure_renders_with_ink(model, key, lang):
    png = figure_png(rulebook.FIGURES[key], model, lang)
    assert Image.open(io.BytesIO(png)).convert("L").getextrema()[0] < 100


def test_the_setup_figure_follows_the_cards(model, content_copy: Path):
    """An agent's skill bonus in the setup figure is drawn from agents.yaml."""
    before = figure_png(rulebook.FIGURES["setup"], model, "en")
    edit_yaml(content_copy / PKG / "agents.yaml",
              "skills: {persuasion: 2, combat: 2, stealth: 1, water: 1}",
              "skills: {persuasion: 3, combat: 2, stealth: 1, water: 1}")
    after = figure_png(rulebook.FIGURES["setup"], load_game(GAME, content_copy), "en")
    assert after != before


def test_the_failure_figure_follows_the_table(model, content_copy: Path):
    before = figure_png(rulebook.FIGURES["ex_failure"], model, "en")
    edit_yaml(content_copy / PKG / "tables.yaml",
              'result: {en: "Wounded for 1D5 turns.", ko:',
              'result: {en: "Wounded for 1D5 turns, and shaken.", ko:')
    after = figure_png(rulebook.FIGURES["ex_failure"], load_game(GAME, content_copy), "en")
    assert after != before


def test_the_example_totals_follow_the_cards(content_copy: Path):
    """The obstacle asks Combat +1 -> +3: the first check's difficulty and its text change."""
    cook = "name: {en: Cook with Cleaver, ko: 식칼 든 요리사}\n    check: {skill: combat, mod: "
    edit_yaml(content_copy / PKG / "obstacles.yaml", cook + "1}", cook + "3}")
    values = rulebook.values(load_game(GAME, content_copy))
    assert values["ex1_difficulty"] == values["ex1_nemesis"] + 3


def test_the_worked_example_is_two_checks_pass_then_fail_then_a_failure_roll(model):
    first, second = rulebook.example_checks(model)
    assert first.passed and not second.passed
    assert first.attempt == first.difficulty  # shows that equal is enough
    row = rulebook.failure_row(model)
    assert any(e.kind == "wounded" for e in row.effects)  # the caption says wounded
    assert 1 <= rulebook.d5(model, rulebook.EXAMPLE.d5_roll) <= 5


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_and_skill_has_a_reference_entry(model, lang):
    card_refs = ("agents", "missions", "obstacles", "assets", "events")
    entries = [e for key in card_refs for e in rulebook.REFERENCES[key](model, lang)]
    assert len(entries) == model.game.deck_size
    names = {e.title for e in entries}
    assert all(c.display_name.get(lang) in names for c in model.deck())
    assert all(e.picture is not None and e.text for e in entries)
    skills = rulebook.REFERENCES["skills"](model, lang)
    assert [e.title for e in skills] == [s.name.get(lang) for s in model.skills]
    assert len(rulebook.REFERENCES["card_types"](model, lang)) == len(model.game.card_types)


def _content_ids(model) -> tuple[set[str], set[str]]:
    """The content's card (and option) ids, and the source's names the kit prints otherwise."""
    ids = {c.id for c in model.deck()} | {s.id for s in model.skills}
    ids |= {o.id for o in model.game.options}
    return ids, {c.alias for c in model.deck()
                 if getattr(c, "alias", None) and c.alias.lower() != c.display_name.en.lower()}


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


def test_the_example_text_names_the_cards_the_figures_draw(content_copy: Path):
    """Renaming the example's agent and asset in the content renames them in the text."""
    edit_yaml(content_copy / PKG / "agents.yaml", "name: {en: Mr. Bond,", "name: {en: Ms. Bond,")
    edit_yaml(content_copy / PKG / "equipment.yaml", "name: {en: Silencer,",
              "name: {en: Suppressor,")
    en = filled(CONTENT, PKG, rulebook.values(load_game(GAME, content_copy)), "en")
    assert "Ms. Bond, carrying a Suppressor" in en and "Mr. Bond" not in en
