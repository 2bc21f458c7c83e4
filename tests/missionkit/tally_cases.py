"""Hand-checked end games, shared by the tally tests and the API tests.

Each case: the snapshot, the expected per-player rows (worked out by hand, see the comments
in test_tally.py) and the winners.
"""

from __future__ import annotations

ALL_CITIES_BUT = ["cusco", "antofagasta", "cairo", "agra", "sydney", "madrid"]


def row(name, track, missions, treasures, titles, evidence, comeback, rank, gained=()):
    total = track + missions + treasures + titles + evidence + comeback
    return {"name": name, "track": track, "missions": missions, "treasures": treasures,
            "titles": titles, "evidence": evidence, "comeback": comeback, "total": total,
            "rank": rank, "titles_gained": list(gained)}


def four_player_game(game):
    """Jack B + Broker, Queen B (Value Manipulation + Notorious Super Star), Close Watch,
    Comeback, and a final tie on points broken by Millions."""
    return {
        "game": "double-mission",
        "players": [
            {"name": "Ann", "character": "jack", "side": "B", "track": 30, "millions": 4,
             "dice": 3, "treasures": {"jewel": 1}, "missions": ["broker"], "evidence": [1],
             "jack_b_take": ["gold_bar", "gold_bar"]},
            {"name": "Bo", "character": "queen", "side": "B", "track": 28, "millions": 2,
             "dice": 5, "treasures": {"painting": 2, "artifact": 1},
             "titles": ["painting_collector"],
             "missions": ["value_manipulation", "notorious_superstar"], "evidence": [0, 2]},
            {"name": "Cy", "character": "king", "side": "A", "track": 26, "millions": 6,
             "dice": 6, "treasures": {"cultural_asset": 3, "top_secret": 1},
             "titles": ["archaeologist", "master_of_operation"], "missions": ["close_watch"],
             "evidence": [3]},
            {"name": "Di", "character": "joker", "side": "A", "track": 33, "millions": 1,
             "dice": 2, "missions": ["comeback"], "evidence": [1, 1]},
        ],
        "board": {"remaining": {"cultural_asset": 1, "jewel": 1, "gold_bar": 1, "top_secret": 2,
                                "painting": 0, "artifact": 1},
                  "robbed_cities": [c.id for c in game.cities if c.id not in ALL_CITIES_BUT]},
        "values": {"cultural_asset": 7, "jewel": 4, "gold_bar": 3, "top_secret": 5,
                   "painting": 4, "artifact": 3},
        "sold": {"jewel": 2, "gold_bar": 3, "top_secret": 1, "painting": 2, "artifact": 2},
        "close_watch_reveal": ["gold_runner", "treasure_hunter", "phantom"],
    }


def comeback_game(game):
    return {
        "game": "double-mission",
        "players": [
            {"name": "Eve", "character": "queen", "side": "B", "track": 20, "millions": 3,
             "dice": 2, "treasures": {"jewel": 1, "painting": 1},
             "missions": ["collection", "comeback"]},
            {"name": "Fay", "character": "king", "side": "B", "track": 30, "millions": 5,
             "dice": 6, "missions": ["gamble"], "gamble_successes": 5, "evidence": [2]},
            {"name": "Gus", "character": "ace", "side": "A", "track": 18, "millions": 3,
             "dice": 3, "treasures": {"gold_bar": 1}, "missions": ["as_planned"]},
        ],
        "board": {"remaining": {"jewel": 2, "painting": 3, "gold_bar": 0, "cultural_asset": 4,
                                "top_secret": 2, "artifact": 3},
                  "robbed_cities": ["seoul", "shanghai", "madrid", "sydney", "london", "rome",
                                    "beijing", "new_york", "casablanca", "cusco"]},
        "values": {"jewel": 5, "painting": 7, "gold_bar": 3, "cultural_asset": 7,
                   "top_secret": 4, "artifact": 5},
        "sold": {"jewel": 1, "gold_bar": 3, "top_secret": 2, "artifact": 1},
    }


def tie_game(game):
    return {
        "game": "double-mission",
        "players": [
            {"name": "Hal", "character": "jack", "side": "A", "track": 30, "millions": 2,
             "dice": 2, "treasures": {"artifact": 2}, "missions": ["operation"]},
            {"name": "Ivy", "character": "joker", "side": "B", "track": 18, "millions": 2,
             "dice": 2, "treasures": {"top_secret": 1, "jewel": 1}, "missions": ["sabotage"]},
        ],
        "board": {"remaining": {"artifact": 0, "top_secret": 3, "jewel": 3, "cultural_asset": 4,
                                "gold_bar": 1, "painting": 1},
                  "robbed_cities": ["las_vegas", "new_york", "washington", "shanghai", "macao",
                                    "beijing", "london", "madrid", "rome", "cairo", "seoul",
                                    "sydney"]},
        "values": {"artifact": 4, "top_secret": 7, "jewel": 7, "cultural_asset": 7,
                   "gold_bar": 3, "painting": 3},
        "sold": {"artifact": 2, "gold_bar": 3, "painting": 3},
    }


def team_game(game):
    return {
        "game": "double-mission", "team_mode": True,
        "players": [
            {"name": "P1", "character": "jack", "side": "A", "track": 10, "millions": 2,
             "dice": 2, "missions": ["infiltration_seaports"], "team": "A"},
            {"name": "P2", "character": "queen", "side": "A", "track": 9, "millions": 2,
             "dice": 2, "missions": ["infiltration_airports"], "team": "B"},
            {"name": "P3", "character": "king", "side": "A", "track": 12, "millions": 2,
             "dice": 2, "missions": ["broker"], "team": "A"},
            {"name": "P4", "character": "joker", "side": "A", "track": 8, "millions": 2,
             "dice": 2, "treasures": {"jewel": 1}, "missions": ["collection"], "team": "B"},
        ],
        "board": {"remaining": {"cultural_asset": 4, "jewel": 3, "gold_bar": 3, "top_secret": 4,
                                "painting": 4, "artifact": 4},
                  "robbed_cities": ["london", "washington"]},
        "values": {"cultural_asset": 7, "jewel": 7, "gold_bar": 5, "top_secret": 7,
                   "painting": 7, "artifact": 7},
        "sold": {"gold_bar": 1},
    }


CASES = [
    ("four players", four_player_game, [
        row("Ann", 30, 4, 10, 0, -1, 0, 3), row("Bo", 28, 4, 18, 4, -2, 0, 2),
        row("Cy", 26, 0, 26, 14, -3, 0, 1, ["treasure_hunter"]),
        row("Di", 33, 0, 0, 0, -2, 12, 4)], ["Cy"]),
    ("comeback ties", comeback_game, [
        row("Eve", 20, 4, 12, 0, 0, 5, 1), row("Fay", 30, 8, 0, 0, -2, 0, 2),
        row("Gus", 18, 3, 3, 0, 0, 0, 3)], ["Eve"]),
    ("full tie", tie_game, [row("Hal", 30, 6, 8, 0, 0, 0, 1), row("Ivy", 18, 12, 14, 0, 0, 0, 1)],
     ["Hal", "Ivy"]),
    ("team variant", team_game, [
        row("P1", 10, 1, 0, 0, 0, 0, 4), row("P2", 9, 4, 0, 0, 0, 0, 2),
        row("P3", 12, 0, 0, 0, 0, 0, 3), row("P4", 8, 2, 7, 0, 0, 0, 1)], ["P2", "P4"]),
]
