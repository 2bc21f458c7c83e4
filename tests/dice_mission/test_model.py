"""The real Dice Mission content: counts, ids, texts, setup, variants and decisions."""

from __future__ import annotations

import re
from collections import Counter

import pytest
import yaml

from missionkit.content import load_game
from missionkit.dice_mission.predicates import evaluate
from tests.conftest import CONTENT


@pytest.fixture(scope="module")
def dm():
    return load_game("dice-mission", CONTENT)


def test_the_kit_prints_116_missions_20_gadgets_and_5_aids(dm):
    assert dm.component_counts() == {
        "mission_card": 116, "gadget_card": 20, "player_aid": 5, "active_agent_token": 1,
    }
    assert dm.bought() == ("25 six-sided dice in 5 colours",)


def test_missions_split_32_32_32_20_with_ids_by_type(dm):
    assert Counter(m.type for m in dm.missions) == {
        "solo": 32, "versus": 32, "team": 32, "special": 20}
    for kind, count in (("solo", 32), ("versus", 32), ("team", 32), ("special", 20)):
        assert [m.id for m in dm.missions_of(kind)] == [
            f"{kind}_{i:02d}" for i in range(1, count + 1)]


def test_31_suitcases_as_in_the_design(dm):
    by_type = Counter(m.type for m in dm.missions if m.suitcase)
    assert by_type == {"solo": 6, "versus": 3, "team": 7, "special": 15}


def test_every_card_has_english_and_korean_name_and_text(dm):
    hangul = re.compile(r"[\uac00-\ud7a3]")
    for card in (*dm.missions, *dm.gadgets):
        for text in (card.name, card.text):
            assert text.en and hangul.search(text.ko), card.id
    assert len({m.name.en for m in dm.missions}) == 116
    assert len({m.name.ko for m in dm.missions}) == 116


def test_korean_card_texts_are_in_the_plain_declarative_register(dm):
    polite = re.compile(r"(니다|세요|해요|에요|예요)")
    for card in (*dm.missions, *dm.gadgets):
        core = re.sub(r"\s*\([^)]*\)\.?$", "", card.text.ko).rstrip(".")
        assert core.endswith("다") and not polite.search(card.text.ko), card.id


def test_lookups_and_checks_carry_the_card_type(dm):
    assert dm.mission("team_13").check.scope == "team"
    assert dm.mission("solo_01").check.rule == {"groups": [{"n": 2, "faces": [4]}, {"n": 2}]}
    assert dm.gadget("theft").phase == "debriefing"
    with pytest.raises(KeyError):
        dm.mission("solo_99")
    # the same rule reads your dice on a SOLO card and the table on a TEAM card
    assert evaluate(dm.mission("team_08").check, 0, [[1, 2, 3], [4, 5, 6]])
    assert not evaluate(dm.mission("team_08").check, 0, [[1, 2, 3], [3, 3, 3]])


def test_gadgets_are_ten_times_two_five_per_phase(dm):
    assert len(dm.gadgets) == 10 and {g.copies for g in dm.gadgets} == {2}
    assert Counter(g.phase for g in dm.gadgets) == {"mission": 5, "debriefing": 5}
    assert len({g.effect for g in dm.gadgets}) == 10


def test_colours_each_have_their_own_symbol(dm):
    assert [c.id for c in dm.colours] == ["red", "blue", "green", "yellow", "white"]
    assert len({c.symbol for c in dm.colours}) == 5


def test_setup_per_player_count(dm):
    assert sorted(dm.setup) == [2, 3, 4, 5]
    assert dm.setup[2].target == 7 and dm.setup[2].missions_in_hand == 6
    assert all(dm.setup[n].target == 4 for n in (3, 4, 5))
    assert [n for n in dm.setup if dm.setup[n].joker] == [2, 3, 4]
    assert [dm.table_dice(n) for n in (2, 3, 4, 5)] == [(4, 10), (6, 15), (8, 20), (10, 25)]
    with pytest.raises(KeyError):
        dm.table_dice(6)
    r = dm.round
    assert (r.dice_min, r.dice_max, r.rolls_max, r.gadget_hand_limit) == (2, 5, 3, 3)


def test_variants(dm):
    assert dm.variants.joker.players == [2, 3, 4] and dm.variants.joker.max_dice == 6
    assert dm.variants.very_special.display_plus == 1
    assert not dm.variants.very_special.refill


def test_every_design_decision_is_recorded_with_a_note(dm):
    ids = [d.id for d in dm.decisions]
    assert len(ids) >= 30  # the design's DMD-01..30, then the ones decided since, in order
    assert ids == [f"DMD-{i:02d}" for i in range(1, len(ids) + 1)]
    assert all(d.choice and d.note for d in dm.decisions)


def test_guide_has_the_player_aid_prose(dm):
    aid = [s.id for s in dm.guide if s.aid]
    assert aid == ["mission_phase", "debriefing_phase", "mission_gadgets", "debriefing_gadgets"]


def korean_texts(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "ko" and isinstance(value, str):
                yield value
            else:
                yield from korean_texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from korean_texts(value)


def test_korean_texts_keep_to_the_glossary():
    folder = CONTENT / "dice_mission"
    terms = yaml.safe_load((folder / "glossary.yaml").read_text(encoding="utf-8"))["terms"]
    assert all(t["en"] and t["ko"] and t["note"] for t in terms)
    texts = [text for name in ("missions", "gadgets", "guide", "game")
             for text in korean_texts(yaml.safe_load(
                 (folder / f"{name}.yaml").read_text(encoding="utf-8")))]
    assert len(texts) > 2 * 116
    for term in terms:
        for variant in term["reject"]:
            assert not [t for t in texts if variant in t], (term["en"], variant)
    used = " ".join(texts)
    for term in terms:  # every listed term is the one in use (verbs by their stem)
        assert term["ko"].removesuffix("다") in used, term["en"]
