"""The chance of completing one mission card (design §8.4).

You roll N dice up to R times, choosing before each reroll the dice to keep that give this
card the best chance (a dynamic programme over the multisets of kept dice, memoised per N).
No gadgets. For VERSUS and TEAM the opponents each roll the same N dice once at random and
you roll first without seeing them. Every figure is exact: a card whose check splits over
opponents (`only`, `most`, `fewest`, `exclusive`, `each_player`, `players`) multiplies
per-opponent chances; a table-wide TEAM card reads the opponents' dice as one distribution
(`table_odds`). Only a TEAM card mixing per-player and table-wide parts, which the deck does
not hold, would fall back on a fixed sample of opponents' rolls.

Each card's table of chances (per final roll of yours) is computed once per dice count and
player count and kept (`success`), and so is each figure (`chance`).
"""

from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement, product
from math import comb, factorial
from operator import mul
from typing import Any

from . import counts, pool, table_odds
from .model import Check, Mission
from .predicates import evaluate

Roll = tuple[int, ...]  # a multiset of faces, sorted
SAMPLES = 200  # opponents' rolls sampled for a card that does not split over opponents
SEED = 20260


@cache
def rolls_of(n: int) -> tuple[tuple[Roll, float], ...]:
    """Every outcome of rolling n dice, as a sorted multiset, with its probability."""
    out = []
    for faces in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for k in Counter(faces).values():
            ways //= factorial(k)
        out.append((faces, ways / 6**n))
    return tuple(out)


@dataclass(frozen=True)
class Space:
    """The DP's states for n dice: outcomes, keeps, and the moves between them."""

    states: tuple[Roll, ...]
    chance: tuple[float, ...]  # of each state on a first roll
    moves: tuple[tuple[tuple[int, ...], tuple[float, ...]], ...]  # keep -> states, chances
    keeps_of: tuple[tuple[int, ...], ...]  # state -> the keeps it allows (itself included)


@cache
def space(n: int) -> Space:
    states = tuple(r for r, _ in rolls_of(n))
    index = {s: i for i, s in enumerate(states)}
    keeps = [r for k in range(n + 1) for r, _ in rolls_of(k)]
    keep_index = {k: i for i, k in enumerate(keeps)}
    moves = tuple(
        (tuple(index[tuple(sorted(keep + more))] for more, _ in rolls_of(n - len(keep))),
         tuple(p for _, p in rolls_of(n - len(keep))))
        for keep in keeps)
    keeps_of = tuple(tuple(keep_index[k] for k in _sub_rolls(s)) for s in states)
    return Space(states, tuple(p for _, p in rolls_of(n)), moves, keeps_of)


def _sub_rolls(state: Roll) -> list[Roll]:
    counts = Counter(state)
    faces = sorted(counts)
    return [tuple(f for f, k in zip(faces, ks, strict=True) for _ in range(k))
            for ks in product(*(range(counts[f] + 1) for f in faces))]


def best_play(n: int, rolls: int, value: list[float]) -> float:
    """Expected `value` of the final dice under the best keep choices, `rolls` rolls."""
    sp = space(n)
    v = rolls_left(n, rolls - 1, value)
    return sum(p * x for p, x in zip(sp.chance, v, strict=True))


def rolls_left(n: int, left: int, value: list[float]) -> list[float]:
    """For each roll of n dice lying on the table, its expected `value` when `left` more
    rolls may follow, the dice to keep chosen best each time."""
    sp = space(n)
    v = value
    for _ in range(left):
        get = v.__getitem__
        e = [sum(map(mul, chances, map(get, states))) for states, chances in sp.moves]
        v = [max(map(e.__getitem__, keeps)) for keeps in sp.keeps_of]
    return v


def chance_from(mission: Mission | Check, faces: list[int], left: int, players: int,
                seen: list[list[int]] | tuple = ()) -> float | None:
    """The chance to complete `mission` from the dice lying in front of you (`faces`) with
    `left` rolls still allowed; `seen`: the dice of the others who have rolled (the rest
    roll as many dice as you, once, unseen). None for no dice or more than 6."""
    if not 1 <= len(faces) <= 6 or left < 0 or not 2 <= players <= 5 or len(seen) >= players:
        return None
    check = mission.check if isinstance(mission, Mission) else mission
    n = len(faces)
    known = tuple(tuple(sorted(d)) for d in seen)
    value = _success_seen(check, n, players, known) if known else success(check, n, players)
    v = rolls_left(n, left, value)
    return v[space(n).states.index(tuple(sorted(faces)))]


def _success_seen(check: Check, n: int, players: int, seen: tuple[Roll, ...]) -> list[float]:
    """`success` with some opponents' dice known. A card that neither reads the whole table
    nor splits over opponents (`exclusive`, `players`) counts them as unseen."""
    states = space(n).states
    rule, scope, unseen = check.rule, check.scope, players - 1 - len(seen)
    if scope in ("solo", "special"):
        return success(check, n, players)
    if scope == "team" and table_only(rule):
        key = (_key(check), players)
        card = _TABLE_CARDS.get(key)
        if card is None:
            card = _TABLE_CARDS[key] = table_odds.TableCard(rule, players)
        known = [sum(d.count(v) for d in seen) for v in range(1, 7)]
        return [card.given(tuple(s.count(v) + k for v, k in zip(range(1, 7), known,
                                                                strict=True)), unseen * n)
                for s in states]
    key, arg = next(iter(rule.items()))
    parts = arg if key == "all" else [rule]
    if all(_per_opponent(p, scope) for p in parts):
        value = _each_opponent(parts, n, unseen, seen)
        return [value(s) for s in states]
    return success(check, n, players)


_CHANCES: dict[tuple[str, int, int, int], float] = {}
_SUCCESS: dict[tuple[str, int, int], list[float]] = {}
_TABLE_CARDS: dict[tuple[str, int], table_odds.TableCard] = {}


def clear_caches() -> None:
    """Forget every cached figure, table and state space (to measure from cold)."""
    for cached in (_CHANCES, _SUCCESS, _TABLE_CARDS):
        cached.clear()
    table_odds.clear()
    space.cache_clear()
    rolls_of.cache_clear()


def _key(check: Check) -> str:
    return f"{check.scope}:{json.dumps(check.rule, sort_keys=True)}"


def chance(mission: Mission | Check, dice: int, rolls: int, players: int) -> float:
    """The chance to complete `mission` rolling `dice` dice up to `rolls` times at a table
    of `players` (2-5), in 0..1."""
    if not 1 <= dice <= 6 or rolls < 1 or not 2 <= players <= 5:
        raise ValueError("dice 1-6, rolls 1 or more, players 2-5")
    check = mission.check if isinstance(mission, Mission) else mission
    key = (_key(check), dice, rolls, _seen_players(check, players))
    hit = _CHANCES.get(key)
    if hit is None:
        hit = _CHANCES[key] = best_play(dice, rolls, success(check, dice, players))
    return hit


def _seen_players(check: Check, players: int) -> int:
    """The player count as the card sees it: 0 for a card of your own dice alone that
    counts no players (its figure is the same at every table)."""
    own = check.scope in ("solo", "special")
    return 0 if own and "per_player" not in json.dumps(check.rule) else players


def success(check: Check, dice: int, players: int) -> list[float]:
    """For each final roll of yours, the chance that the card is met (kept per card)."""
    key = (_key(check), dice, _seen_players(check, players))
    hit = _SUCCESS.get(key)
    if hit is None:
        hit = _SUCCESS[key] = _success(check, dice, players)
    return hit


def _success(check: Check, dice: int, players: int) -> list[float]:
    states = space(dice).states
    rule, scope = check.rule, check.scope
    if scope in ("solo", "special"):
        return [float(pool.holds(rule, s, players) is not None) for s in states]
    exact = _split_over_opponents(rule, scope, dice, players - 1)
    if exact is not None:
        return [exact(s) for s in states]
    if scope == "team" and table_only(rule):
        return _table_wide(check, dice, players)
    return _sampled(check, dice, players)


def _table_wide(check: Check, dice: int, players: int) -> list[float]:
    """A TEAM card on the whole table: exact, the others' dice as one distribution."""
    key = (_key(check), players)
    card = _TABLE_CARDS.get(key)
    if card is None:
        card = _TABLE_CARDS[key] = table_odds.TableCard(check.rule, players)
    theirs = dice * (players - 1)
    seen: dict[tuple[int, ...], float] = {}
    out = []
    for s in space(dice).states:
        mine = tuple(s.count(v) for v in range(1, 7))
        x = seen.get(mine)
        if x is None:
            x = seen[mine] = card.given(mine, theirs)
        out.append(x)
    return out


# --- cards that split over opponents: exact ------------------------------------------


def _split_over_opponents(rule: dict[str, Any], scope: str, n: int,
                          others: int) -> Callable[[Roll], float] | None:
    key, arg = next(iter(rule.items()))
    if scope == "versus" and key == "exclusive":
        return lambda s: _exclusive(s, arg["n"], n * others)
    if scope == "team" and key == "players":
        q = _share(arg["where"], n, others + 1)
        return lambda s: _players(s, arg, q, others)
    parts = arg if key == "all" else [rule]
    if all(_per_opponent(p, scope) for p in parts):
        return _each_opponent(parts, n, others)
    return None


def _per_opponent(part: dict[str, Any], scope: str) -> bool:
    key = next(iter(part))
    return key in (("only", "most", "fewest") if scope == "versus" else ("each_player",))


def _each_opponent(parts: list[dict[str, Any]], n: int, others: int,
                   seen: tuple[Roll, ...] = ()) -> Callable[[Roll], float]:
    """Cards met when your dice pass some tests and every opponent passes others: `others`
    opponents still to roll n dice, and the dice of those already `seen`."""
    players = others + len(seen) + 1

    def features(faces: Roll) -> tuple[Any, ...]:
        out: list[Any] = []
        for part in parts:
            key, arg = next(iter(part.items()))
            if key in ("only", "each_player"):
                out.append(pool.holds(arg, faces, players) is not None)
            else:
                out.append(pool.metric(arg["metric"], faces, arg.get("faces"))[0])
        return tuple(out)

    known = [features(faces) for faces in seen]

    theirs: dict[tuple[Any, ...], float] = defaultdict(float)
    for faces, p in rolls_of(n):
        theirs[features(faces)] += p

    def value(s: Roll) -> float:
        mine = features(s)
        for part, f in zip(parts, mine, strict=True):
            if next(iter(part)) in ("only", "each_player") and not f:
                return 0.0
        if not all(_beaten(parts, mine, f) for f in known):
            return 0.0
        q = sum(p for f, p in theirs.items() if _beaten(parts, mine, f))
        return q**others

    return value


def _beaten(parts: list[dict[str, Any]], mine: tuple[Any, ...], theirs: tuple[Any, ...]) -> bool:
    for part, a, b in zip(parts, mine, theirs, strict=True):
        key, arg = next(iter(part.items()))
        margin = arg.get("margin", 1) if isinstance(arg, dict) else 1
        ok = {"only": not b, "each_player": b, "most": a >= b + margin,
              "fewest": a <= b - margin}[key]
        if not ok:
            return False
    return True


def _share(rule: dict[str, Any], n: int, players: int) -> float:
    return sum(p for faces, p in rolls_of(n) if pool.holds(rule, faces, players) is not None)


def _players(s: Roll, arg: dict[str, Any], q: float, others: int) -> float:
    mine = int(pool.holds(arg["where"], s, others + 1) is not None)
    target = pool.number(arg["value"], 0, others + 1)
    compare = pool.OPS[arg["op"]]
    return sum(comb(others, j) * q**j * (1 - q)**(others - j)
               for j in range(others + 1) if compare(mine + j, target))


def _exclusive(s: Roll, need: int, their_dice: int) -> float:
    """At least `need` of your dice show faces no opponent shows (inclusion-exclusion)."""
    counts = Counter(s)
    faces = sorted(counts)
    total = 0.0
    for keep in product((0, 1), repeat=len(faces)):
        absent = [f for f, k in zip(faces, keep, strict=True) if k]
        if sum(counts[f] for f in absent) < need:
            continue
        rest = [f for f in faces if f not in absent]
        exactly = 0.0  # P(the faces absent from the opponents' dice, among yours, are `absent`)
        for extra in product((0, 1), repeat=len(rest)):
            size = len(absent) + sum(extra)
            exactly += (-1) ** sum(extra) * ((6 - size) / 6) ** their_dice
        total += exactly
    return total


# --- a TEAM card mixing per-player and table-wide parts: a fixed sample -----------------


def _sampled(check: Check, n: int, players: int) -> list[float]:
    rng = random.Random(f"{SEED}:{n}:{players}")
    tables = [[[rng.randint(1, 6) for _ in range(n)] for _ in range(players - 1)]
              for _ in range(SAMPLES)]
    states = space(n).states
    if check.scope == "team" and table_only(check.rule):
        return _sampled_table(check.rule, states, tables, players)
    return [sum(evaluate(check, 0, [list(s), *others]) for others in tables) / SAMPLES
            for s in states]


def table_only(rule: dict[str, Any]) -> bool:
    key, arg = next(iter(rule.items()))
    if key in ("all", "any"):
        return all(table_only(r) for r in arg)
    return key not in ("each_player", "players")


def _code(faces: Any) -> int:
    """Face counts packed in one integer (5 bits a face), so two pools add as integers."""
    return sum(1 << (5 * (v - 1)) for v in faces)


def _sampled_table(rule: dict[str, Any], states: tuple[Roll, ...], tables: list[Any],
                   players: int) -> list[float]:
    """A TEAM card on the whole table: it depends on the table's face counts only, so each
    distinct count is judged once."""
    test = counts.compile_rule(rule, players)

    def judge(code: int) -> bool:
        face_counts = (code & 31, code >> 5 & 31, code >> 10 & 31, code >> 15 & 31,
                       code >> 20 & 31, code >> 25 & 31)
        if test is not None:
            return test(face_counts)
        faces = [v for v, k in zip(range(1, 7), face_counts, strict=True) for _ in range(k)]
        return pool.holds(rule, faces, players) is not None

    theirs = [_code(v for hand in others for v in hand) for others in tables]
    seen: dict[int, bool] = {}
    out = []
    for s in states:
        mine = _code(s)
        met = 0
        for code in theirs:
            ok = seen.get(mine + code)
            if ok is None:
                ok = seen[mine + code] = judge(mine + code)
            met += ok
        out.append(met / len(tables))
    return out
