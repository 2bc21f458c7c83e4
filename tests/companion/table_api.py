"""A game driven through the JSON API, for rulebook cases: post events, read the state."""

from __future__ import annotations

from tests.companion.test_api import bearer

P = 5 / 6  # one die shows a success


class Table:
    """A game made through the API, with its edit token and current version."""

    def __init__(self, client, game, seats, *, options=None, titles=None, **fixed):
        self.client = client
        players = [{"name": name, "character": c, "side": side, **({"team": team} if team
                                                                     else {})}
                   for name, c, side, team in (s if len(s) == 4 else (*s, None) for s in seats)]
        body = {"players": players, "options": options or {},
                "placement": placement(game, **fixed),
                "titles": titles or ["archaeologist", "artist", "spy", "gold_runner",
                                     "star_picker", "painting_collector"][:len(seats) + 2]}
        r = client.post("/api/v1/games", json=body)
        assert r.status_code == 201, r.json
        self.id, self.token, self.state = r.json["id"], r.json["edit_token"], r.json["state"]

    def post(self, type_, player, **fields):
        r = self._send({"type": type_, "player": player, **fields})
        assert r.status_code == 200, r.json
        self.state = r.json
        return self.state

    def refused(self, type_, player, message, field="event", **fields):
        r = self._send({"type": type_, "player": player, **fields})
        assert r.status_code == 422, r.json
        assert message in r.json["error"] and r.json["field"] == field, r.json
        return r.json

    def _send(self, event):
        return self.client.post(f"/api/v1/games/{self.id}/events", headers=bearer(self.token),
                                json={"version": self.state["version"], "event": event})

    def player(self, seat):
        return self.state["players"][seat]

    def treasures(self, seat):
        return {t: n for t, n in self.player(seat)["treasures"].items() if n}

    def scores(self):
        return [p["score"] for p in self.state["players"]]

    def millions(self):
        return [p["millions"] for p in self.state["players"]]

    def tokens(self):
        return [p["investigation"] for p in self.state["players"]]

    def marker(self):
        return self.state["round_marker"]


def placement(game, **fixed):
    """Every city a treasure (4 of each type), with `fixed` cities set as given."""
    pool = {t.id: t.count for t in game.treasures}
    for t in fixed.values():
        pool[t] -= 1
    rest = iter(t for t, n in sorted(pool.items()) for _ in range(n))
    return {c.id: fixed[c.id] if c.id in fixed else next(rest) for c in game.cities}


def op(table, player, city, a, helper=None, h=None, **kw):
    extra = {"helper": helper, "helper_successes": h} if helper is not None else {}
    return table.post("operation", player, city=city, active_successes=a, **extra, **kw)


def card(table, player, name, **kw):
    return table.post("play_card", player, card=name, **kw)
