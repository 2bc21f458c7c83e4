"""Exact odds of a table-wide TEAM card: the other players' dice as a distribution.

A table-wide card (`count_compare`, `sum`, `count`, `distinct`, ... on every die) reads the
table's face counts only. Each predicate is read through a small *feature* of a pool (a count,
a sum, the set of faces shown, a pair of counts...) that adds up over pools: the feature of
your dice plus the feature of theirs is the feature of the table. The opponents' K dice are
then a distribution over that feature, built one die at a time and grown as K grows, so one
card's distribution serves every player count and dice count. `groups` without a face list
(some number shown on at least t dice) is read by a dynamic programme over the six faces
instead. Anything else falls back on the whole face-count vector: exact, only slower.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from math import factorial
from typing import Any

from . import counts as count_rules
from . import pool
from .pool import OPS, face_set

Counts = tuple[int, ...]  # how many dice show 1..6


@dataclass(frozen=True)
class Feature:
    """What a predicate reads of a pool: `of` a pool's counts, `add` two pools' values, and
    `met` (the table's value, its size in dice) -> does the card hold."""

    of: Callable[[Counts], Hashable]
    add: Callable[[Any, Any], Hashable]
    met: Callable[[Any, int], bool]
    # the opponents' value as it matters against at most `dice` dice of yours (a difference
    # beyond your reach is as good as any larger one); merges equal cases
    clamp: Callable[[Any, int], Hashable] = lambda v, dice: v
    parts: tuple[Feature, ...] = ()  # `all` / `any`: the parts' features, values in order
    join: Callable[[Any], bool] = all


def _plus(a: int, b: int) -> int:
    return a + b


def _or(a: int, b: int) -> int:
    return a | b


def _faces(spec: Any) -> tuple[int, ...]:
    return tuple(sorted(v - 1 for v in face_set(spec)))


def _mask(c: Counts) -> int:
    return sum(1 << i for i, k in enumerate(c) if k)


def feature(rule: dict[str, Any], players: int) -> Feature | None:
    """The additive feature `rule` reads, or None when it needs the whole count vector."""
    key, arg = next(iter(rule.items()))

    def target(size: int) -> int:
        return pool.number(arg["value"], size, players)

    if key == "count":
        idx, op = _faces(arg.get("faces")), OPS[arg["op"]]
        return Feature(lambda c: sum(c[i] for i in idx), _plus, lambda v, n: op(v, target(n)))
    if key == "sum" and "dice" not in arg:
        op = OPS[arg["op"]]
        return Feature(lambda c: sum((i + 1) * k for i, k in enumerate(c)), _plus,
                       lambda v, n: op(v, target(n)))
    if key == "distinct":
        op = OPS[arg["op"]]
        return Feature(_mask, _or, lambda v, n: op(v.bit_count(), target(n)))
    if key == "straight":
        length = arg["length"]
        starts = [arg["from"]] if "from" in arg else range(1, 8 - length)
        runs = [sum(1 << (s - 1 + k) for k in range(length)) for s in starts]
        return Feature(_mask, _or, lambda v, n: any(v & r == r for r in runs))
    if key == "count_compare":
        return _compare(arg)
    if key in ("all", "any"):
        parts = [feature(r, players) for r in arg]
        if any(p is None for p in parts):
            return None
        join = all if key == "all" else any
        return Feature(
            lambda c: tuple(p.of(c) for p in parts),
            lambda a, b: tuple(p.add(x, y) for p, x, y in zip(parts, a, b, strict=True)),
            lambda v, n: join(p.met(x, n) for p, x in zip(parts, v, strict=True)),
            lambda v, dice: tuple(p.clamp(x, dice) for p, x in zip(parts, v, strict=True)),
            tuple(parts), join)
    return None


def _compare(arg: dict[str, Any]) -> Feature:
    """`count_compare`: the difference of the two counts, or both counts when a minimum
    applies."""
    left, right, least, op = _faces(arg["left"]), _faces(arg["right"]), arg.get("min", 0), \
        OPS[arg["op"]]
    if least == 0:
        return Feature(lambda c: sum(c[i] for i in left) - sum(c[i] for i in right), _plus,
                       lambda d, n: op(d, 0), lambda d, dice: max(-dice - 1, min(dice + 1, d)))
    return Feature(lambda c: (sum(c[i] for i in left), sum(c[i] for i in right)),
                   lambda a, b: (a[0] + b[0], a[1] + b[1]),
                   lambda v, n: op(v[0], v[1]) and v[0] >= least and v[1] >= least)


def _unit(face: int) -> Counts:
    return tuple(int(i == face) for i in range(6))


class TableCard:
    """One table-wide card at one player count: the chance it is met, given your dice."""

    def __init__(self, rule: dict[str, Any], players: int):
        self.rule, self.players = rule, players
        self.groups = _plain_groups(rule, players)
        self.feature = None if self.groups else feature(rule, players)
        f = self.feature or _WHOLE
        self._units = [f.of(_unit(i)) for i in range(6)]
        self._dists = [{f.of((0,) * 6): 1.0}]  # the opponents' feature after k dice
        self._reduced: dict[tuple[int, int], dict[Hashable, float]] = {}
        self._given: dict[tuple[Hashable, int, int], float] = {}
        self._whole_test = None if self.feature or self.groups else \
            count_rules.compile_rule(rule, players)

    def theirs(self, k: int) -> dict[Hashable, float]:
        """The distribution of the opponents' feature over k random dice."""
        add = (self.feature or _WHOLE).add
        while len(self._dists) <= k:
            new: dict[Hashable, float] = defaultdict(float)
            for v, p in self._dists[-1].items():
                q = p / 6
                for u in self._units:
                    new[add(v, u)] += q
            self._dists.append(dict(new))
        return self._dists[k]

    def given(self, mine: Counts, their_dice: int) -> float:
        """The chance the card is met when your dice show `mine` and the others roll
        `their_dice` dice at random."""
        if self.groups:
            need, t = self.groups
            return _some_faces_reach(tuple(sorted(mine)), their_dice, need, t)
        f = self.feature or _WHOLE
        m = f.of(mine)
        key = (m, their_dice, sum(mine))
        hit = self._given.get(key)
        if hit is None:
            hit = self._given[key] = self._chance(m, their_dice, sum(mine))
        return hit

    def _chance(self, m: Hashable, their_dice: int, dice: int) -> float:
        f = self.feature or _WHOLE
        met, add, size = (f.met if self.feature else self._whole_met), f.add, dice + their_dice
        theirs = self.reduced(their_dice, dice)
        if f.parts:  # each part judged once per value of its own, then the entries read
            good = [_good(part, x, [v[i] for v in theirs], size)
                    for i, (part, x) in enumerate(zip(f.parts, m, strict=True))]
            if len(good) == 2 and f.join is all:  # the deck's shape: spelled out, it is hot
                g0, g1 = good
                return sum(p for (a, b), p in theirs.items() if a in g0 and b in g1)
            return sum(p for v, p in theirs.items()
                       if f.join(v[i] in g for i, g in enumerate(good)))
        seen: dict[Hashable, bool] = {}
        total = 0.0
        for v, p in theirs.items():
            table = add(m, v)
            ok = seen.get(table)
            if ok is None:
                ok = seen[table] = met(table, size)
            if ok:
                total += p
        return total

    def reduced(self, their_dice: int, dice: int) -> dict[Hashable, float]:
        """The opponents' distribution with values merged that no `dice` dice of yours can
        tell apart (kept per dice counts)."""
        key = (their_dice, dice)
        hit = self._reduced.get(key)
        if hit is None:
            clamp = (self.feature or _WHOLE).clamp
            hit = defaultdict(float)
            for v, p in self.theirs(their_dice).items():
                hit[clamp(v, dice)] += p
            hit = self._reduced[key] = dict(hit)
        return hit

    def _whole_met(self, c: Counts, size: int) -> bool:
        if self._whole_test is not None:
            return self._whole_test(c)
        faces = [v + 1 for v, k in enumerate(c) for _ in range(k)]
        return pool.holds(self.rule, faces, self.players) is not None


def _good(part: Feature, mine: Hashable, theirs: list[Hashable], size: int) -> set[Hashable]:
    """The opponents' values of one part that meet it, with yours at `mine`."""
    return {v for v in set(theirs) if part.met(part.add(mine, v), size)}


_WHOLE = Feature(lambda c: tuple(c), lambda a, b: tuple(x + y for x, y in zip(a, b, strict=True)),
                 lambda v, n: False)


def _plain_groups(rule: dict[str, Any], players: int) -> tuple[int, int] | None:
    """`groups` of one size t and no face list: (how many numbers, t), else None."""
    key, arg = next(iter(rule.items()))
    if key != "groups" or any("faces" in g for g in arg):
        return None
    sizes = {pool.number(g["n"], 0, players) for g in arg}
    return (len(arg), sizes.pop()) if len(sizes) == 1 else None


_GROUPS: dict[tuple[Counts, int, int, int], float] = {}


def _some_faces_reach(mine: Counts, k: int, need: int, t: int) -> float:
    """P(at least `need` numbers show on t or more table dice), your counts `mine` (sorted:
    the faces are alike) and k random dice: a programme over the six faces of
    (dice dealt so far, numbers reaching t, capped at `need`), weighted by multinomials."""
    key = (mine, k, need, t)
    hit = _GROUPS.get(key)
    if hit is not None:
        return hit
    ways = {(0, 0): 1.0}  # sum of 1 / prod(o_i!) over the faces done
    for m in mine:
        new: dict[tuple[int, int], float] = defaultdict(float)
        for (used, reached), w in ways.items():
            for o in range(k - used + 1):
                hit_t = min(need, reached + (m + o >= t))
                new[(used + o, hit_t)] += w / factorial(o)
        ways = new
    out = sum(w for (used, reached), w in ways.items() if used == k and reached >= need)
    out *= factorial(k) / 6**k
    _GROUPS[key] = out
    return out


def clear() -> None:
    """Forget every cached distribution (the benchmark measures from cold)."""
    _GROUPS.clear()
