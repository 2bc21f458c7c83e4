"""A finished two-player Double Mission game as an export (play over, not yet scored)."""

from __future__ import annotations

from typing import Any


def finished_export(game: Any) -> dict[str, Any]:
    """Jack and Joker (side B) rob eleven cheap cities, then the twelfth ends the game."""
    cheap = sorted((c for c in game.cities if c.security <= 3), key=lambda c: c.id)
    fixed = {"seoul": "cultural_asset", "shanghai": "cultural_asset", "madrid": "artifact",
             "sydney": "artifact"}
    pool = {t.id: t.count for t in game.treasures}
    for t in fixed.values():
        pool[t] -= 1
    rest = iter(t for t, n in sorted(pool.items()) for _ in range(n))
    placement = {c.id: fixed.get(c.id) or next(rest) for c in game.cities}
    setup = {"players": [{"name": "Jack", "character": "jack", "side": "A"},
                         {"name": "Joker", "character": "joker", "side": "B"}],
             "seed": 7, "placement": placement,
             "titles": ["spy", "artist", "archaeologist", "phantom"]}
    events: list[dict[str, Any]] = []
    seat = 0
    for n, city in enumerate(cheap[:12]):
        if n < 2:  # each player first buys a third die
            events += [{"type": "play_card", "player": seat, "card": "account_siphon"},
                       {"type": "buy_die", "player": seat}]
        events += [{"type": "operation", "player": seat, "city": city.id,
                    "active_successes": city.security},
                   {"type": "end_turn", "player": seat}]
        seat = 1 - seat
    events.append({"type": "end_turn", "player": 1})  # Joker B's extra turn
    return {"format": "mission-kit-game/1", "game": "double-mission", "setup": setup,
            "events": events}
