"""Skills, the D10 tables, game options, decisions, display names, guide and glossary of the
real Mission Improbable content, against the facts reference (§3, §7, §9)."""

from __future__ import annotations

from collections import Counter

import pytest

from missionkit.content.base import LANGUAGES
from missionkit.mission_improbable.guide import PLACEHOLDER, fill


def test_twelve_skills_with_their_printed_variants(mi):
    assert [s.id for s in mi.skills] == [
        "persuasion", "combat", "computers", "surveillance", "disguise", "water", "cold", "air",
        "demolition", "animals", "driving", "stealth"]
    aliases = {a.name: (s.id, tuple(a.cards)) for s in mi.skills for a in s.aliases}
    assert aliases == {"demolitions": ("demolition", ()), "computer": ("computers", ()),
                       "security": ("computers", ("portable_computer",))}


def spread(mi, table_id: str, modifier: int = 0) -> list[int]:
    """How many of the 10 faces end on each row of the table, in row order."""
    table = mi.tables[table_id]
    hits = Counter(table.rows.index(table.row(mi.modifiers.apply(face, modifier)))
                   for face in range(1, 11))
    return [hits[i] for i in range(len(table.rows))]


@pytest.mark.parametrize("table_id", ["spy", "mission_failure", "capture"])
def test_every_face_of_the_d10_has_exactly_one_row(mi, table_id):
    table = mi.tables[table_id]
    for face in range(1, 11):
        assert sum(row.covers(face) for row in table.rows) == 1


# §7: chances in tens of percent per row, plain and with the +2 / -2 cards (clamped, MID-24)
@pytest.mark.parametrize(("table_id", "modifier", "expected"), [
    ("spy", 0, [1, 1, 3, 1, 2, 1, 1]),
    ("mission_failure", 0, [2, 2, 1, 1, 1, 1, 1, 1]),
    ("mission_failure", 2, [0, 2, 1, 1, 1, 1, 1, 3]),
    ("capture", 0, [1, 2, 4, 3]),
    ("capture", 2, [0, 1, 4, 5]),
    ("capture", -2, [3, 2, 4, 1]),
])
def test_table_chances(mi, table_id, modifier, expected):
    assert spread(mi, table_id, modifier) == expected


def test_modifiers_stack_and_clamp(mi):
    assert mi.modifiers.stack
    assert mi.modifiers.apply(9, 2 + 2) == 10
    assert mi.modifiers.apply(2, -2 - 2) == 1


def test_d5_is_a_halved_d10_rounded_up(mi):
    assert [mi.d5.from_d10(face) for face in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_table_effects_are_data(mi):
    failure = mi.tables["mission_failure"]
    assert [e.kind for e in failure.row(1).effects] == ["captured", "discard_equipment"]
    assert failure.row(4).effects[0].discard == "all_assets"
    assert failure.row(5).effects[0].turns == "d5"
    assert failure.row(8).effects == ()
    assert failure.row(9).effects[0].where == "attempted_mission"
    assert mi.tables["capture"].row(1).effects[0].discard == "experience"
    assert mi.tables["spy"].row(7).effects[0].count == "d5"


def test_game_options_and_end(mi):
    g = mi.game
    assert (g.players.min, g.players.max) == (2, 6)
    assert (g.hand.start, g.hand.draw, g.hand.limit) == (7, 3, 10)
    target = mi.option(g.end.mp_target_option)
    assert target.default == 10 and target.off_allowed
    assert mi.option(g.end.deck_option).default is True
    assert g.tie_break.order == ("mp", "completed_missions")
    assert mi.option("joint_attempt").default == "pick_one"
    assert mi.option("undercover").choices == ("all_events", "opponents_events")
    assert g.alignment.two_players == "opposite" and g.alignment.mix == "at_least_one_each"
    assert mi.bought(3) == [{"id": "d10", "name": {"en": "ten-sided die", "ko": "10면체 주사위"},
                             "per_player": 2, "count": 6}]


def test_every_gap_has_a_decision(mi):
    assert [d.id for d in mi.decisions] == [f"MID-{n:02d}" for n in range(1, 39)]
    assert all(d.choice and d.note for d in mi.decisions)


# MID-38: the source's names, kept as aliases
FLAGGED = {
    "mr_white_the_albino": "Mr. White the Albino", "black_temptress": "Black Temptress",
    "china_doll": "China Doll", "the_mad_turk": "The Mad Turk",
    "midget_with_axe": "Midget with Axe",
}


@pytest.mark.parametrize(("card_id", "original"), FLAGGED.items())
def test_flagged_names_are_printed_under_a_neutral_name(mi, card_id, original):
    card = mi.card(card_id)
    assert card.alias == original
    shown = card.display_name.en
    assert shown and shown != original
    for word in ("Albino", "Black", "China", "Turk", "Midget"):
        assert word not in shown
    assert card.display_name.ko


def test_every_card_has_both_names_and_effect_cards_have_text(mi):
    for card in mi.deck():
        for lang in LANGUAGES:
            assert card.display_name.get(lang).strip()
        if getattr(card, "effects", ()):
            assert card.text.en and card.text.ko


def korean_card_texts(mi) -> list[str]:
    texts = [c.text.ko for c in mi.deck() if getattr(c, "text", None)]
    texts += [r.result.ko for t in mi.tables.values() for r in t.rows]
    texts += [p.reminder.ko for p in mi.guide.phases]
    return texts + [v.ko for v in mi.guide.card_reminders.values()]


def test_korean_card_text_is_in_the_plain_register(mi):
    for text in korean_card_texts(mi):
        assert "니다" not in text and "세요" not in text, text


def test_guide_has_the_nine_phases_and_fills_its_numbers(mi):
    assert [p.id for p in mi.guide.phases] == [
        "support", "recruit", "assignment", "intercept", "spy", "mission", "objectives",
        "counter", "capture"]
    support = fill(mi.guide.phases[0].reminder.en, mi.game)
    assert support == "Draw 3 cards. Holding more than 10? Discard down to 10."
    for section in mi.guide.sections:
        for point in section.points:
            for lang in LANGUAGES:
                assert not PLACEHOLDER.search(fill(point.get(lang), mi.game))


def test_glossary_terms_are_used_and_rejected_words_are_not(mi):
    terms = {t.en: t.ko for t in mi.glossary}
    assert terms["agent"] == "요원" and terms["nemesis"] == "숙적"
    everything = " ".join(korean_card_texts(mi) + [c.display_name.ko for c in mi.deck()])
    for term in mi.glossary:
        for word in term.reject:
            assert word not in everything
