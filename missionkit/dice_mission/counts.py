"""Pool predicates read from face counts alone: a fast yes/no for the odds of a table-wide card.

`compile_rule(rule, players)` turns a pool predicate into a function of the face counts
(`counts[0..5]` = how many dice show 1..6) that answers like `pool.holds(...) is not None`,
or returns None when a predicate needs the dice themselves (`split`, `sum` over some dice):
the caller then uses `pool.holds`. A test compares both on random tables for every card, so
the two readings cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .pool import OPS, face_set

Counts = tuple[int, ...]
Test = Callable[[Counts], bool]


class NeedsDice(Exception):
    """The rule reads more than face counts."""


def holds(rule: dict[str, Any], counts: Counts, players: int) -> bool | None:
    """Whether `rule` holds on a pool with these face counts (None: ask `pool.holds`)."""
    test = compile_rule(rule, players)
    return None if test is None else test(counts)


def compile_rule(rule: dict[str, Any], players: int) -> Test | None:
    """`rule` as a function of face counts, or None if it needs the dice themselves."""
    try:
        return _compile(rule, players)
    except NeedsDice:
        return None


def _index(spec: Any) -> tuple[int, ...]:
    return tuple(sorted(v - 1 for v in face_set(spec)))


def _number(spec: Any, players: int) -> Callable[[int], int]:
    """A `value` / `n` as a function of the pool size."""
    if isinstance(spec, int):
        return lambda size: spec
    if "per_player" in spec:
        fixed = spec["per_player"] * players + spec.get("plus", 0)
        return lambda size: fixed
    k, plus = spec["per_die"], spec.get("plus", 0)
    return lambda size: k * size + plus


def _compile(rule: dict[str, Any], players: int) -> Test:
    key, arg = next(iter(rule.items()))
    if key in ("count", "sum", "distinct"):
        return _compare(key, arg, players)
    if key == "count_compare":
        left, right, least = _index(arg["left"]), _index(arg["right"]), arg.get("min", 0)
        op = OPS[arg["op"]]

        def test(c: Counts) -> bool:
            a, b = sum(c[i] for i in left), sum(c[i] for i in right)
            return op(a, b) and a >= least and b >= least
        return test
    if key == "all_different":
        least = arg["min_dice"]
        return lambda c: sum(c) >= least and max(c) <= 1
    if key == "contains":
        need = [(v - 1, arg.count(v)) for v in set(arg)]
        return lambda c: all(c[i] >= k for i, k in need)
    if key == "straight":
        length = arg["length"]
        starts = [arg["from"]] if "from" in arg else range(1, 8 - length)
        runs = [range(s - 1, s - 1 + length) for s in starts]
        return lambda c: any(all(c[i] for i in run) for run in runs)
    if key == "groups":
        needs = [(_number(g["n"], players), _index(g.get("faces"))) for g in arg]
        return lambda c: _assign([(n(sum(c)), allowed) for n, allowed in needs], c, ())
    if key in ("all", "any"):
        parts = [_compile(r, players) for r in arg]
        join = all if key == "all" else any
        return lambda c: join(part(c) for part in parts)
    if key == "not":
        inner = _compile(arg, players)
        return lambda c: not inner(c)
    raise NeedsDice


def _compare(key: str, arg: dict[str, Any], players: int) -> Test:
    """count / sum of all dice / distinct, compared with a value."""
    if key == "sum" and "dice" in arg:
        raise NeedsDice
    op, value = OPS[arg["op"]], _number(arg["value"], players)
    if key == "count":
        faces = _index(arg.get("faces"))
        return lambda c: op(sum(c[i] for i in faces), value(sum(c)))
    if key == "sum":
        return lambda c: op(sum((i + 1) * k for i, k in enumerate(c)), value(sum(c)))
    return lambda c: op(sum(k > 0 for k in c), value(sum(c)))


def _assign(needs: list[tuple[int, tuple[int, ...]]], c: Counts, used: tuple[int, ...]) -> bool:
    if not needs:
        return True
    n, allowed = needs[0]
    return any(c[i] >= n and i not in used and _assign(needs[1:], c, (*used, i))
               for i in allowed)
