"""Pool predicates (design §8.2): each reads one pool of faces and answers with the positions
of the dice that meet it (a witness), or None when it is not met.

Subset predicates (`groups`, `contains`, `straight`, `split`, `sum` with `dice`) answer with a
smallest set of dice that does it; `count` and `count_compare` with the dice they count; the
other whole-pool predicates with the whole pool. A met predicate on an empty pool answers [].
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from itertools import combinations, product
from typing import Any

from .vocabulary import FACE_SETS

Faces = Sequence[int]
Witness = list[int] | None
ALL_FACES = frozenset(range(1, 7))
OPS: dict[str, Callable[[int, int], bool]] = {
    "ge": operator.ge, "le": operator.le, "eq": operator.eq, "gt": operator.gt,
}


def face_set(spec: Any) -> frozenset[int]:
    """`faces` / `left` / `right` as a set: a list, a named set, or all six when omitted."""
    if spec is None:
        return ALL_FACES
    if isinstance(spec, str):
        return frozenset(FACE_SETS[spec])
    return frozenset(spec)


def number(spec: Any, pool_size: int, players: int) -> int:
    """A `value` / `n`: an integer, or k x players + c, or k x (dice in the pool) + c."""
    if isinstance(spec, int):
        return spec
    if "per_player" in spec:
        return spec["per_player"] * players + spec.get("plus", 0)
    return spec["per_die"] * pool_size + spec.get("plus", 0)


def positions_by_face(faces: Faces) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {v: [] for v in range(1, 7)}
    for i, v in enumerate(faces):
        out[v].append(i)
    return out


def holds(rule: dict[str, Any], faces: Faces, players: int) -> Witness:
    """The witness of pool predicate `rule` on `faces`, or None when it does not hold."""
    key, arg = next(iter(rule.items()))
    return _PREDICATES[key](arg, faces, players)


def _groups(arg: list[dict[str, Any]], faces: Faces, players: int) -> Witness:
    where = positions_by_face(faces)
    needs = [(number(g["n"], len(faces), players), face_set(g.get("faces"))) for g in arg]

    def assign(i: int, used: frozenset[int]) -> Witness:
        if i == len(needs):
            return []
        n, allowed = needs[i]
        for v in sorted(allowed - used, key=lambda v: (-len(where[v]), -v)):
            if len(where[v]) >= n:
                rest = assign(i + 1, used | {v})
                if rest is not None:
                    return where[v][:n] + rest
        return None

    return assign(0, frozenset())


def _contains(arg: list[int], faces: Faces, players: int) -> Witness:
    where = positions_by_face(faces)
    taken: dict[int, int] = {}
    out = []
    for v in arg:
        k = taken.get(v, 0)
        if k >= len(where[v]):
            return None
        out.append(where[v][k])
        taken[v] = k + 1
    return out


def _straight(arg: dict[str, Any], faces: Faces, players: int) -> Witness:
    where = positions_by_face(faces)
    length = arg["length"]
    starts = [arg["from"]] if "from" in arg else range(7 - length, 0, -1)
    for start in starts:
        run = range(start, start + length)
        if all(where.get(v) for v in run):
            return [where[v][0] for v in run]
    return None


def _sum(arg: dict[str, Any], faces: Faces, players: int) -> Witness:
    target = number(arg["value"], len(faces), players)
    compare = OPS[arg["op"]]
    k = arg.get("dice")
    if k is None:
        return list(range(len(faces))) if compare(sum(faces), target) else None
    if len(faces) < k:
        return None
    order = sorted(range(len(faces)), key=lambda i: faces[i])
    if arg["op"] != "eq":  # the k highest (ge) or lowest (le) dice are the best try
        pick = order[-k:] if arg["op"] == "ge" else order[:k]
        return pick if compare(sum(faces[i] for i in pick), target) else None
    seen: set[tuple[int, ...]] = set()
    for pick in combinations(order, k):
        values = tuple(faces[i] for i in pick)
        if values not in seen:
            seen.add(values)
            if sum(values) == target:
                return list(pick)
    return None


def _count(arg: dict[str, Any], faces: Faces, players: int) -> Witness:
    allowed = face_set(arg.get("faces"))
    counted = [i for i, v in enumerate(faces) if v in allowed]
    target = number(arg["value"], len(faces), players)
    if not OPS[arg["op"]](len(counted), target):
        return None
    if arg["op"] in ("ge", "eq") and target > 0:
        return counted
    return list(range(len(faces)))


def _distinct(arg: dict[str, Any], faces: Faces, players: int) -> Witness:
    first = {v: i for i, v in reversed(list(enumerate(faces)))}
    if not OPS[arg["op"]](len(first), number(arg["value"], len(faces), players)):
        return None
    return sorted(first.values())


def _all_different(arg: dict[str, Any], faces: Faces, players: int) -> Witness:
    ok = len(faces) >= arg["min_dice"] and len(set(faces)) == len(faces)
    return list(range(len(faces))) if ok else None


def _count_compare(arg: dict[str, Any], faces: Faces, players: int) -> Witness:
    left, right = face_set(arg["left"]), face_set(arg["right"])
    n_left = sum(v in left for v in faces)
    n_right = sum(v in right for v in faces)
    least = arg.get("min", 0)
    if not (OPS[arg["op"]](n_left, n_right) and n_left >= least and n_right >= least):
        return None
    counted = [i for i, v in enumerate(faces) if v in left or v in right]
    return counted or list(range(len(faces)))


def _all(arg: list[dict[str, Any]], faces: Faces, players: int) -> Witness:
    out: set[int] = set()
    for rule in arg:
        found = holds(rule, faces, players)
        if found is None:
            return None
        out.update(found)
    return sorted(out)


def _any(arg: list[dict[str, Any]], faces: Faces, players: int) -> Witness:
    for rule in arg:
        found = holds(rule, faces, players)
        if found is not None:
            return found
    return None


def _not(arg: dict[str, Any], faces: Faces, players: int) -> Witness:
    return None if holds(arg, faces, players) is not None else list(range(len(faces)))


def _split(arg: list[dict[str, Any]], faces: Faces, players: int) -> Witness:
    """Disjoint non-empty parts, part i meeting rule i; searched over sub-multisets."""
    counts = tuple(sum(1 for v in faces if v == face) for face in range(1, 7))
    parts = _split_counts(tuple(arg), counts, players)
    if parts is None:
        return None
    where = positions_by_face(faces)
    used = dict.fromkeys(range(1, 7), 0)
    out = []
    for part in parts:
        for face, k in zip(range(1, 7), part, strict=True):
            out += where[face][used[face]:used[face] + k]
            used[face] += k
    return sorted(out)


def _split_counts(rules: tuple[dict[str, Any], ...], counts: tuple[int, ...], players: int,
                  memo: dict[tuple[int, tuple[int, ...]], bool] | None = None,
                  ) -> list[tuple[int, ...]] | None:
    """Parts (as face counts) meeting `rules` in order; `memo` remembers which part meets
    which rule, since the same parts come up under different first choices."""
    if not rules:
        return []
    memo = {} if memo is None else memo
    depth = len(rules)
    for part in product(*(range(c + 1) for c in counts)):
        if not any(part):
            continue
        ok = memo.get((depth, part))
        if ok is None:
            dice = [face for face, k in zip(range(1, 7), part, strict=True) for _ in range(k)]
            ok = memo[(depth, part)] = holds(rules[0], dice, players) is not None
        if not ok:
            continue
        rest = tuple(c - k for c, k in zip(counts, part, strict=True))
        found = _split_counts(rules[1:], rest, players, memo)
        if found is not None:
            return [part, *found]
    return None


_PREDICATES: dict[str, Callable[[Any, Faces, int], Witness]] = {
    "groups": _groups, "contains": _contains, "straight": _straight, "sum": _sum,
    "count": _count, "distinct": _distinct, "all_different": _all_different,
    "count_compare": _count_compare, "all": _all, "any": _any, "not": _not, "split": _split,
}


def metric(name: str, faces: Faces, allowed: Any = None) -> tuple[int, list[int]]:
    """A VERSUS metric of one pool and the dice that make it."""
    if name == "sum":
        return sum(faces), list(range(len(faces)))
    if name == "count":
        counted = [i for i, v in enumerate(faces) if v in face_set(allowed)]
        return len(counted), counted
    where = positions_by_face(faces)
    if name == "distinct":
        shown = [where[v][0] for v in range(1, 7) if where[v]]
        return len(shown), sorted(shown)
    if name == "largest_group":
        best = max(range(6, 0, -1), key=lambda v: len(where[v]))
        return len(where[best]), where[best]
    best_run: list[int] = []
    run: list[int] = []
    for v in range(1, 7):  # longest_straight
        run = [*run, v] if where[v] else []
        if len(run) > len(best_run):
            best_run = run
    return len(best_run), [where[v][0] for v in best_run]
