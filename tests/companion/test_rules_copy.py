"""A game's rules copy: the whole content model but its prose, read back equal, held to the
same limits and cross-checks as content/."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from companion.plugin import load_plugins, rules_hash
from missionkit.content import load_game
from missionkit.content.errors import ContentError
from missionkit.game import IllegalEvent
from tests.cardgen.test_cli_check import cardgen

PLUGINS = load_plugins()


@pytest.mark.parametrize("game", list(PLUGINS))
def test_each_game_keeps_a_copy_that_reads_back_equal(game):
    plugin = PLUGINS[game]
    copy = plugin.rules_copy()
    assert copy and plugin.rules_hash == rules_hash(copy)
    assert not set(plugin.prose) & set(copy)  # the prose is words, not rules
    kept = plugin.with_rules(copy)
    assert kept.content == plugin.content and kept.rules_hash == plugin.rules_hash


def test_the_double_mission_copy_is_the_one_games_were_stored_with():
    """Games made before every game kept its rules are keyed by this copy's hash."""
    content = load_game("double-mission")
    before = TypeAdapter(type(content)).dump_python(content, mode="json")
    before.pop("guide")
    before["game"].pop("bgg_id")  # a field added since: identity, not rules
    assert PLUGINS["double-mission"].rules_copy() == before


@pytest.mark.parametrize(("game", "path", "value", "field"), [
    ("double-mission", ("treasures", 0, "count"), 5, "content.treasures"),
    ("double-mission", ("game", "dice", "max"), 100_000, "content.game.dice.max"),
    ("double-mission", ("game", "investigation_tokens", 0, "count"), 10_000_000,
     "content.game.investigation_tokens.0.count"),
    ("dice-mission", ("game", "round", "dice_max"), 7, "content.game.round.dice_max"),
    ("dice-mission", ("game", "setup", 0, "players"), 9, "content.game.setup.0.players"),
    ("mission-improbable", ("missions", 0, "mp"), -1, "content.missions.0.mp"),
    ("mission-improbable", ("tables", "spy", "id"), "capture", "content.tables"),
])
def test_a_copy_beyond_the_content_limits_is_refused_naming_the_field(game, path, value,
                                                                      field):
    copy = PLUGINS[game].rules_copy()
    node = copy
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    with pytest.raises(IllegalEvent) as err:
        PLUGINS[game].with_rules(copy)
    assert err.value.field.replace("[", ".").replace("]", "").startswith(field), err.value


def test_content_beyond_the_limits_fails_the_check_with_its_line(content_copy):
    game = content_copy / "double_mission" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    line = text[:text.index("  max: 6\n")].count("\n") + 1
    game.write_text(text.replace("  max: 6\n", "  max: 600\n", 1), encoding="utf-8")
    missions = content_copy / "dice_mission" / "missions.yaml"
    text = missions.read_text(encoding="utf-8")
    deep = "{not: " * 30 + "{groups: [{n: 2}]}" + "}" * 30
    missions.write_text(text.replace("check: {groups: [{n: 3}]}", f"check: {deep}", 1),
                        encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game("double-mission", content_copy)
    assert f"game.yaml:{line}: dice.max:" in str(err.value) and "20" in str(err.value)
    result = cardgen("check", "--content", str(content_copy))
    assert result.returncode == 1
    assert f"game.yaml:{line}: dice.max:" in result.stderr, result.stderr
    assert "missions.yaml:" in result.stderr and "nested more than 24 deep" in result.stderr
