"""Random mutations of real exports of all three games: the import endpoint never answers
5xx (a refusal is 422 naming a field), and a game it accepts opens."""

from __future__ import annotations

import copy
import random

import pytest

from .test_import_forged import bearer, exports  # noqa: F401  (the module's fixture)

CASES = 200  # a game, 600 in all
ODD = [None, True, False, 0, -1, 1, 7, 10**6, -(10**6), 10**18, 1.5, "", "x", "d5", "solo",
       "#ffffff", [], [1], {}, {"kind": "captured"}, "a" * 5000, list(range(2000))]


def spots(node, path=()):
    """Every (path, value) under `node`."""
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from spots(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from spots(value, (*path, i))


def mutate(rng, data):
    data = copy.deepcopy(data)
    places = [p for p, _ in spots(data) if p]
    for _ in range(rng.choice((1, 1, 2, 3))):
        path = rng.choice(places)
        parent = data
        try:
            for part in path[:-1]:
                parent = parent[part]
            key = path[-1]
            old = parent[key]
        except (KeyError, IndexError, TypeError):
            continue
        roll = rng.random()
        if roll < 0.15:
            del parent[key]
        elif roll < 0.3 and isinstance(old, int) and not isinstance(old, bool):
            parent[key] = old + rng.choice((-2, -1, 1, 2, 100))
        elif roll < 0.4 and isinstance(old, list) and old:
            parent[key] = old + old[: rng.randint(1, len(old))]
        elif roll < 0.5 and isinstance(old, list) and old:
            parent[key] = old[: rng.randrange(len(old))]
        elif roll < 0.6 and isinstance(old, dict) and old:
            donor = rng.choice(list(old))
            parent[key] = {**old, rng.choice(["id", "kind", "extra", donor]): old[donor]}
        else:
            parent[key] = copy.deepcopy(rng.choice(ODD))
        places = [p for p, _ in spots(data) if p]
    return data


@pytest.mark.parametrize("game", ["double-mission", "dice-mission", "mission-improbable"])
def test_mutated_exports_never_get_a_server_error(exports, game):  # noqa: F811
    app, made = exports
    client = app.test_client()
    rng = random.Random(f"import-fuzz-{game}")
    seen = {}
    for case in range(CASES):
        data = mutate(rng, made[game])
        r = client.post("/api/v1/games/import", json=data)
        assert r.status_code < 500, (case, r.json)
        seen[r.status_code] = seen.get(r.status_code, 0) + 1
        if r.status_code == 201:
            token = r.json["edit_token"]
            assert client.get(f"/api/v1/games/{r.json['id']}", headers=bearer(token)
                              ).status_code == 200, case
            assert client.get(f"/t/{token}").status_code == 200, case
        else:
            assert r.status_code == 422 and r.json["field"], (case, r.json)
    assert seen.get(422, 0) > 50  # most mutations are refused, by name
