"""Final ranking: most MP, then most completed missions, then a shared place (MID-02)."""

from __future__ import annotations

from types import SimpleNamespace as NS

from missionkit.mission_improbable import rulebook
from missionkit.mission_improbable.score import ranking, winners


def player(name: str, mp: int, missions: int) -> NS:
    return NS(name=name, alignment="good", mp=mp, completed=["m"] * missions)


def places(rows) -> list[tuple[str, int]]:
    return [(r["name"], r["place"]) for r in rows]


def test_most_mp_wins(mi):
    rows = ranking([player("A", 4, 2), player("B", 7, 3), player("C", 5, 5)],
                   rulebook.tie_break(mi))
    assert places(rows) == [("B", 1), ("C", 2), ("A", 3)]
    assert rows[0] == {"seat": 1, "name": "B", "alignment": "good", "mp": 7,
                      "missions": 3, "place": 1}


def test_a_tie_on_mp_goes_to_more_completed_missions(mi):
    rows = ranking([player("A", 6, 2), player("B", 6, 4)], rulebook.tie_break(mi))
    assert places(rows) == [("B", 1), ("A", 2)]


def test_a_full_tie_shares_the_place_and_skips_the_next(mi):
    players = [player("A", 6, 3), player("B", 2, 1), player("C", 6, 3), player("D", 1, 0)]
    rows = ranking(players, rulebook.tie_break(mi))
    assert places(rows) == [("A", 1), ("C", 1), ("B", 3), ("D", 4)]
    assert winners(players, rulebook.tie_break(mi)) == [0, 2]


def test_the_tie_break_order_comes_from_the_content():
    players = [player("A", 6, 2), player("B", 6, 4)]
    assert places(ranking(players, ("mp",))) == [("A", 1), ("B", 1)]
