"""The end-game tally against the spec example and hand-checked games."""

from __future__ import annotations

import copy
import json

import pytest
from pydantic import ValidationError

from missionkit.double_mission.snapshot import Snapshot, TallyError
from missionkit.double_mission.tally import tally
from tests.conftest import DATA
from tests.missionkit.tally_cases import (
    CASES,
    comeback_game,
    four_player_game,
    row,
    team_game,
    tie_game,
)


def scored(game, data):
    result = tally(Snapshot.model_validate(data), game)
    return result["players"], result["winners"], result


def test_spec_example(game):
    example = json.loads((DATA / "tally-2p.json").read_text(encoding="utf-8"))
    result = tally(Snapshot.model_validate(example["input"]), game)
    for key, value in example["expected"].items():
        assert result[key] == value


def test_four_player_hand_checked(game):
    players, winners, result = scored(game, four_player_game(game))
    assert players == [
        # Ann takes 2 Gold Bars: sold pile 10 -> 8, Broker 8 // 3 * 2 = 4;
        # Jewel 4 + 2 Gold Bars x 3 = 10
        row("Ann", 30, 4, 10, 0, -1, 0, 3),
        # Value Manipulation: 3 treasures x 6 = 18; Notorious Super Star: titles 4 again
        row("Bo", 28, 4, 18, 4, -2, 0, 2),
        # Close Watch: owns 2 titles -> Treasure Hunter (5); no Gold Bar -> no Phantom
        row("Cy", 26, 0, 3 * 7 + 5, 4 + 5 + 5, -3, 0, 1, ["treasure_hunter"]),
        # Comeback: 31 after evidence is 4th of 4 -> +12 -> 43, ties Ann; Ann has more Millions
        row("Di", 33, 0, 0, 0, -2, 12, 4),
    ]
    assert winners == ["Cy"]
    assert any("more Millions ranks higher" in n for n in result["notes"])


def test_comeback_rank_ties_broken_by_millions(game):
    """Queen B with Collection and Comeback; Comeback rank tie decided by Millions."""
    data = comeback_game(game)
    players, winners, _ = scored(game, data)
    assert players == [
        # Collection: 2 types -> 4; Jewel 5 + Painting 7; 36 after evidence ties Fay's 36,
        # Fay has more Millions -> Eve is 2nd -> Comeback 5
        row("Eve", 20, 4, 12, 0, 0, 5, 1),
        # Gamble: 5 successes = 2 pairs -> 8
        row("Fay", 30, 8, 0, 0, -2, 0, 2),
        # As Planned: Top Secret on 4 (+1), Gold Bar on 3 (+2); Gold Bar 3
        row("Gus", 18, 3, 3, 0, 0, 0, 3),
    ]
    assert winners == ["Eve"]


def test_full_tie_shares_the_win(game):
    data = tie_game(game)
    players, winners, result = scored(game, data)
    # Operation: Gold Bar and Painting have exactly 1 left -> 3 + 3; Artifacts 2 x 4
    # Sabotage: all 6 US/Chinese cities robbed -> 12 (cap); Top Secret 7 + Jewel 7
    assert players == [row("Hal", 30, 6, 8, 0, 0, 0, 1), row("Ivy", 18, 12, 14, 0, 0, 0, 1)]
    assert winners == ["Hal", "Ivy"]
    assert any("share rank 1" in n for n in result["notes"])


def test_team_variant(game):
    data = team_game(game)
    players, winners, result = scored(game, data)
    assert [p["total"] for p in players] == [11, 13, 12, 17]
    assert result["teams"] == [{"team": "A", "total": 23, "millions": 4, "rank": 2},
                               {"team": "B", "total": 30, "millions": 4, "rank": 1}]
    assert winners == ["P2", "P4"]


def test_notorious_superstar_doubles_close_watch_titles(game):
    data = four_player_game(game)
    data["players"][1]["missions"] = ["notorious_superstar", "close_watch"]  # Queen B
    data["players"][2]["missions"] = ["value_manipulation"]
    data["close_watch_reveal"] = ["gold_runner", "artist", "phantom"]
    players, _, _ = scored(game, data)
    bo = players[1]
    # Bo holds 2 Paintings + 1 Artifact: Artist needs 2 Artifacts -> no; titles stay 4 -> +4
    assert (bo["titles"], bo["missions"], bo["titles_gained"]) == (4, 4, [])
    data["sold"]["artifact"] -= 1
    data["players"][1]["treasures"]["artifact"] = 2
    players, _, _ = scored(game, data)
    bo = players[1]
    assert (bo["titles"], bo["missions"], bo["titles_gained"]) == (8, 8, ["artist"])


BAD = [
    (lambda d: d["sold"].__setitem__("jewel", 3), "sold.jewel"),
    (lambda d: d["players"][1]["titles"].append("archaeologist"), "players[2].titles"),
    (lambda d: d["values"].__setitem__("painting", 7), "values.painting"),
    (lambda d: d["values"].__setitem__("painting", 6), "values.painting"),
    (lambda d: d["board"]["robbed_cities"].pop(), "board.robbed_cities"),
    (lambda d: d["board"]["robbed_cities"].__setitem__(0, "atlantis"), "board.robbed_cities[0]"),
    (lambda d: d["board"]["robbed_cities"].__setitem__(0, "new_york"), "board.robbed_cities"),
    (lambda d: d["players"][1]["missions"].pop(), "players[1].missions"),
    (lambda d: d["players"][3]["missions"].__setitem__(0, "broker"), "players[3].missions"),
    (lambda d: d.pop("close_watch_reveal"), "close_watch_reveal"),
    (lambda d: d.__setitem__("close_watch_reveal", ["spy", "spy", "artist"]),
     "close_watch_reveal"),
    (lambda d: d.__setitem__("close_watch_reveal", ["spy", "archaeologist", "artist"]),
     "close_watch_reveal[1]"),
    (lambda d: d["players"][1].__setitem__("jack_b_take", ["jewel"]), "players[1].jack_b_take"),
    (lambda d: d["players"][0].__setitem__("jack_b_take", ["cultural_asset"]),
     "players[0].jack_b_take"),
    (lambda d: d["players"][3].__setitem__("character", "jack"), "players[3].character"),
    (lambda d: d["players"][3].__setitem__("character", "bishop"), "players[3].character"),
    (lambda d: d["players"][0]["treasures"].__setitem__("ruby", 0), "players[0].treasures.ruby"),
    (lambda d: d["players"][2].__setitem__("evidence", [3, 3, 3]), "players[2].evidence"),
    (lambda d: d["players"][0].__setitem__("dice", 7), "players[0].dice"),
    (lambda d: d.__setitem__("players", d["players"][:1]), "players"),
    (lambda d: d.__setitem__("team_mode", True), "players[0].team"),
]


@pytest.mark.parametrize(("spoil", "field"), BAD)
def test_inconsistent_snapshot_names_the_field(game, spoil, field):
    data = copy.deepcopy(four_player_game(game))
    spoil(data)
    with pytest.raises(TallyError) as info:
        tally(Snapshot.model_validate(data), game)
    assert info.value.field == field
    assert info.value.message


def test_wrong_types_are_refused_by_the_shape(game):
    data = four_player_game(game)
    data["players"][0]["track"] = "lots"
    with pytest.raises(ValidationError):
        Snapshot.model_validate(data)


@pytest.mark.parametrize(("name", "build", "rows", "winners"), CASES, ids=[c[0] for c in CASES])
def test_hand_checked_cases(game, name, build, rows, winners):
    result = tally(Snapshot.model_validate(build(game)), game)
    assert (result["players"], result["winners"]) == (rows, winners)
