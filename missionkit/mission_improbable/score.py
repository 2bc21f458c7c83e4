"""Final ranking: the tie-break of game.yaml (MID-02: most Mission Points, then most completed
missions), then the place is shared."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

KEYS = {"mp": "mp", "completed_missions": "missions"}


def ranking(players: Sequence[Any], tie_break: Sequence[str]) -> list[dict]:
    """Players best first, each {seat, name, alignment, mp, missions, place}, compared on
    `tie_break` ('mp', 'completed_missions') in order; players equal on all of them share a
    place and the next place is skipped (1, 1, 3)."""
    rows = [{"seat": i, "name": p.name, "alignment": p.alignment, "mp": p.mp,
             "missions": len(p.completed)} for i, p in enumerate(players)]

    def key(row: dict) -> tuple:
        return tuple(row[KEYS[k]] for k in tie_break)

    rows.sort(key=lambda r: tuple(-v for v in key(r)))
    for i, row in enumerate(rows):
        row["place"] = rows[i - 1]["place"] if i and key(row) == key(rows[i - 1]) else i + 1
    return rows


def winners(players: Sequence[Any], tie_break: Sequence[str]) -> list[int]:
    """Seats in first place (several when the tie-break cannot split them)."""
    return [r["seat"] for r in ranking(players, tie_break) if r["place"] == 1]
