"""The real Double Mission content: counts, ids, groups, graph and odds."""

from __future__ import annotations

import pytest

from missionkit.double_mission import board, odds

SPEC_TITLES = {
    "archaeologist", "star_picker", "gold_runner", "spy", "painting_collector", "artist",
    "master_of_operation", "treasure_hunter", "infiltration_genius", "continental_magician",
    "phantom", "clean_sweep", "faceless_shadow", "legendary_thief",
}
SPEC_MISSIONS = {
    "collection", "value_manipulation", "operation", "broker", "as_planned", "sabotage",
    "infiltration_seaports", "infiltration_airports", "notorious_superstar", "gamble",
    "close_watch", "comeback",
}
SPEC_PLANS = {
    "account_siphon", "private_jet", "remote_job", "hacking", "threaten", "swap",
    "dismantle_safe", "temptation", "security_disruption", "enforcement", "infiltration_card",
    "disguise", "perfect_job", "without_anyone_knowing", "making_an_imitation", "extortion",
    "buy_back", "easy_pickings", "double_cross", "headline",
}
NAMED_CITIES = {
    "las_vegas", "kagoshima", "antofagasta", "sydney", "cyclades", "seoul", "shanghai",
    "madrid", "new_york", "washington", "macao", "beijing", "london", "fussen", "casablanca",
    "bangkok", "rome",
}
DESIGNED_CITIES = {"mexico_city", "cusco", "cairo", "johannesburg", "istanbul", "moscow", "agra"}


def test_component_counts_match_the_kit(game):
    assert game.component_counts() == {
        "city": 24, "plan_card": 25, "mission_card": 12, "character_card": 5, "title": 14,
        "investigation_token": 20, "million_token": 20, "treasure_sticker": 24, "value_token": 6,
    }


def test_ids_are_the_spec_ids(game):
    assert {t.id for t in game.titles} == SPEC_TITLES
    assert {m.id for m in game.missions} == SPEC_MISSIONS
    assert {p.id for p in game.plan_cards} == SPEC_PLANS
    assert {c.id for c in game.characters} == {"jack", "queen", "king", "joker", "ace"}
    assert {c.id for c in game.cities} == NAMED_CITIES | DESIGNED_CITIES
    assert [t.id for t in game.treasures] == [
        "cultural_asset", "jewel", "gold_bar", "top_secret", "painting", "artifact"]


def test_city_groups_follow_the_decisions(game):
    by = game.city_by_id
    assert {c.id for c in game.cities if c.seaport} == {
        "london", "fussen", "kagoshima", "casablanca", "bangkok"}
    assert {c.id for c in game.cities if c.airport} == {"washington", "rome", "beijing"}
    assert {c.id for c in game.cities if c.group != "none"} == {
        "new_york", "las_vegas", "washington", "shanghai", "macao", "beijing"}
    assert not any(by[c].seaport or by[c].airport or by[c].group != "none"
                   for c in DESIGNED_CITIES)
    assert [by[c].security for c in ("seoul", "madrid", "sydney", "shanghai", "cyclades")] == [
        2, 2, 2, 3, 2]


def test_security_levels_spread_from_2_to_6(game):
    levels = [c.security for c in game.cities]
    assert min(levels) == 2 and max(levels) == 6
    assert set(levels) == {2, 3, 4, 5, 6}


def test_every_city_has_both_names(game):
    for city in game.cities:
        assert city.name.en and city.name.ko


@pytest.fixture(scope="module")
def graph(game):
    return board.neighbours(game.cities, [*game.lines, *game.wrap_lines])


def test_worked_example_distances(game, graph):
    steps = game.game.turn.move_steps
    assert "shanghai" in graph["seoul"]
    assert board.moves_needed(board.distances(graph, "kagoshima")["seoul"], steps) == 1
    assert board.moves_needed(board.distances(graph, "madrid")["sydney"], steps) <= 2


def test_wrap_edges_join_the_map_edges(game, graph):
    assert {frozenset(e) for e in game.wrap_lines} == {
        frozenset({"las_vegas", "kagoshima"}), frozenset({"antofagasta", "sydney"})}
    assert "kagoshima" in graph["las_vegas"] and "sydney" in graph["antofagasta"]


def test_cyclades_is_far_from_the_example_targets(graph):
    dist = board.distances(graph, "cyclades")
    assert min(dist[c] for c in ("seoul", "shanghai", "sydney")) >= 3


def test_movement_graph_is_connected(graph):
    assert len(board.components(graph)) == 1


def test_ports_are_one_hop_apart(graph):
    assert "bangkok" in graph["london"] and "beijing" in graph["washington"]


@pytest.mark.parametrize(
    ("dice", "percent"), [(1, 83.3), (2, 69.4), (3, 57.9), (4, 48.2), (5, 40.2), (6, 33.5)])
def test_solo_odds_per_security_level(game, dice, percent):
    assert round(100 * odds.solo(dice, game.game.dice.success_chance), 1) == percent


@pytest.mark.parametrize(("dice", "percent"), [(1, 97.2), (3, 82.3), (6, 55.8)])
def test_cooperation_odds(game, dice, percent):
    assert round(100 * odds.cooperation(dice, game.game.dice.success_chance), 1) == percent


def test_player_table(game):
    assert [(r.count, r.titles_on_offer, r.end_trigger, r.starting_scores)
            for r in game.game.players] == [
        (2, 4, 12, [0, 1]), (3, 5, 15, [0, 1, 2]), (4, 6, 20, [0, 1, 2, 3])]
    with pytest.raises(KeyError, match="2-4 players"):
        game.player_count(5)


def test_rule_constants(game):
    g = game.game
    assert g.value_track.spaces == [7, 5, 4, 3] and g.value_track.floor == 3
    assert [(t.evidence, t.count) for t in g.investigation_tokens] == [
        (0, 5), (1, 8), (2, 5), (3, 2)]
    assert (g.dice.start, g.dice.max, g.dice.price) == (2, 6, 3)
    assert g.plan_hand.limit == 4 and g.millions.per_action == 2
    assert g.end_of_turn.sale_and_title is False
    assert {o.id: o.default for o in g.options}["sale_and_title"] is False


def test_title_points_follow_d19(game):
    pair = {"archaeologist", "star_picker", "gold_runner", "spy", "painting_collector", "artist"}
    for title in game.titles:
        assert title.points == (4 if title.id in pair else 5), title.id


def test_plan_card_costs_and_timing(game):
    cards = game.plan_card_by_id
    assert cards["dismantle_safe"].cost == 1
    assert {c.id for c in game.plan_cards if c.timing == "any_time"} == {
        "threaten", "security_disruption", "double_cross"}
    assert {c.id for c in game.plan_cards if c.copies == 2} == {
        "account_siphon", "private_jet", "remote_job", "dismantle_safe", "enforcement"}


def test_every_decision_has_a_note(game):
    ids = [d.id for d in game.game.decisions]
    assert len(ids) == len(set(ids)) == 41
    assert all(d.note for d in game.game.decisions)


def test_card_text_is_short_enough_for_a_poker_card(game):
    items = [*game.plan_cards, *game.missions, *game.titles]
    for item in items:
        for lang in ("en", "ko"):
            assert len(item.text.get(lang)) <= 160, (item.id, lang)
