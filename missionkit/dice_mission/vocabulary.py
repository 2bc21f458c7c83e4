"""The predicate vocabulary of mission checks (design §8.2), checked on load.

`problems(rule, scope)` walks a card's `check` and returns (location, message) pairs: one key
per mapping, no unknown keys, arguments of the right shape, SOLO and SPECIAL cards using pool
predicates only, VERSUS tops only `only` / `most` / `fewest` / `exclusive` (or `all` / `any`
of them), `per_player` only on TEAM cards, faces 1-6.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Loc = tuple[str | int, ...]
Found = list[tuple[Loc, str]]

FACE_SETS = {"odd": (1, 3, 5), "even": (2, 4, 6), "low": (1, 2, 3), "high": (4, 5, 6)}
OPS = ("ge", "le", "eq")
METRICS = ("sum", "count", "distinct", "largest_group", "longest_straight")
POOL_KEYS = ("groups", "contains", "straight", "sum", "count", "distinct", "all_different",
             "count_compare", "all", "any", "not", "split")
VERSUS_KEYS = ("only", "most", "fewest", "exclusive", "all", "any")
TEAM_KEYS = (*POOL_KEYS, "each_player", "players")


class _Walk:
    """One card's walk: `team` allows per_player numbers."""

    def __init__(self, team: bool):
        self.team = team
        self.found: Found = []

    def bad(self, loc: Loc, message: str) -> None:
        self.found.append((loc, message))

    # --- leaves ------------------------------------------------------------------------

    def face(self, value: Any, loc: Loc) -> None:
        if not _is_int(value) or not 1 <= value <= 6:
            self.bad(loc, f"a face must be a whole number from 1 to 6, got {value!r}")

    def faces(self, value: Any, loc: Loc) -> None:
        if isinstance(value, str):
            if value not in FACE_SETS:
                self.bad(loc, f"unknown face set {value!r} (expected a list of faces or one "
                              f"of: {', '.join(FACE_SETS)})")
        elif isinstance(value, list) and value:
            for i, face in enumerate(value):
                self.face(face, (*loc, i))
        else:
            self.bad(loc, "expected a non-empty list of faces 1-6, or odd, even, low, high")

    def number(self, value: Any, loc: Loc) -> None:
        if _is_int(value):
            if value < 0:
                self.bad(loc, f"expected a whole number 0 or more, got {value}")
            return
        if not isinstance(value, dict) or len(value) not in (1, 2) or "plus" in value and \
                len(value) == 1:
            self.bad(loc, "expected a whole number, {per_player: k, plus: c} or "
                          "{per_die: k, plus: c}")
            return
        base = next(k for k in value if k != "plus")
        if base not in ("per_player", "per_die") or set(value) - {base, "plus"}:
            self.bad((*loc, base), f"unknown key {base!r} (expected per_player or per_die)")
            return
        if base == "per_player" and not self.team:
            self.bad((*loc, base), "per_player is allowed on TEAM cards only")
        for key in value:
            if not _is_int(value[key]):
                self.bad((*loc, key), f"expected a whole number, got {value[key]!r}")

    def whole(self, value: Any, loc: Loc, least: int) -> None:
        if not _is_int(value) or value < least:
            self.bad(loc, f"expected a whole number {least} or more, got {value!r}")

    def op(self, value: Any, loc: Loc, allowed: tuple[str, ...] = OPS) -> None:
        if value not in allowed:
            self.bad(loc, f"unknown op {value!r} (expected one of: {', '.join(allowed)})")

    def args(self, value: Any, loc: Loc, required: tuple[str, ...],
             optional: tuple[str, ...] = ()) -> bool:
        """Check a mapping's keys; True when it is worth checking the values."""
        if not isinstance(value, dict):
            self.bad(loc, f"expected a mapping with {', '.join(required + optional)}")
            return False
        for key in value:
            if key not in required + optional:
                self.bad((*loc, key), f"unknown key {key!r} (expected: "
                                      f"{', '.join(required + optional)})")
        for key in required:
            if key not in value:
                self.bad((*loc, key), "required key is missing")
        return all(key in value for key in required)

    # --- predicates --------------------------------------------------------------------

    def predicate(self, node: Any, loc: Loc, keys: tuple[str, ...], what: str) -> None:
        """A mapping with exactly one key from `keys`."""
        if not isinstance(node, dict) or len(node) != 1:
            self.bad(loc, f"a predicate is a mapping with exactly one key ({what})")
            return
        key, value = next(iter(node.items()))
        if key not in keys:
            self.bad((*loc, key), f"{key!r} is not a {what} (expected one of: {', '.join(keys)})")
            return
        getattr(self, f"p_{key}")(value, (*loc, key), keys, what)

    def listed(self, value: Any, loc: Loc, least: int, item: Callable[[Any, Loc], None]) -> None:
        if not isinstance(value, list) or len(value) < least:
            self.bad(loc, f"expected a list of at least {least}")
            return
        for i, entry in enumerate(value):
            item(entry, (*loc, i))

    def p_groups(self, value: Any, loc: Loc, *_: Any) -> None:
        def group(entry: Any, at: Loc) -> None:
            if self.args(entry, at, ("n",), ("faces",)):
                if _is_int(entry["n"]):
                    self.whole(entry["n"], (*at, "n"), 1)
                else:
                    self.number(entry["n"], (*at, "n"))
                if "faces" in entry:
                    self.faces(entry["faces"], (*at, "faces"))
        self.listed(value, loc, 1, group)

    def p_contains(self, value: Any, loc: Loc, *_: Any) -> None:
        self.listed(value, loc, 1, self.face)

    def p_straight(self, value: Any, loc: Loc, *_: Any) -> None:
        if self.args(value, loc, ("length",), ("from",)):
            length, start = value["length"], value.get("from", 1)
            self.whole(length, (*loc, "length"), 2)
            if "from" in value:
                self.face(start, (*loc, "from"))
            if _is_int(length) and _is_int(start) and start + length - 1 > 6:
                self.bad(loc, f"a run of {length} from {start} goes past 6")

    def p_sum(self, value: Any, loc: Loc, *_: Any) -> None:
        if self.args(value, loc, ("op", "value"), ("dice",)):
            self.op(value["op"], (*loc, "op"))
            self.number(value["value"], (*loc, "value"))
            if "dice" in value:
                self.whole(value["dice"], (*loc, "dice"), 1)

    def p_count(self, value: Any, loc: Loc, *_: Any) -> None:
        if self.args(value, loc, ("op", "value"), ("faces",)):
            self.op(value["op"], (*loc, "op"))
            self.number(value["value"], (*loc, "value"))
            if "faces" in value:
                self.faces(value["faces"], (*loc, "faces"))

    def p_distinct(self, value: Any, loc: Loc, *_: Any) -> None:
        if self.args(value, loc, ("op", "value")):
            self.op(value["op"], (*loc, "op"))
            self.number(value["value"], (*loc, "value"))

    def p_all_different(self, value: Any, loc: Loc, *_: Any) -> None:
        if self.args(value, loc, ("min_dice",)):
            self.whole(value["min_dice"], (*loc, "min_dice"), 1)

    def p_count_compare(self, value: Any, loc: Loc, *_: Any) -> None:
        if self.args(value, loc, ("left", "op", "right"), ("min",)):
            self.faces(value["left"], (*loc, "left"))
            self.faces(value["right"], (*loc, "right"))
            self.op(value["op"], (*loc, "op"), (*OPS, "gt"))
            if "min" in value:
                self.whole(value["min"], (*loc, "min"), 0)

    def p_all(self, value: Any, loc: Loc, keys: tuple[str, ...], what: str) -> None:
        self.listed(value, loc, 1, lambda p, at: self.predicate(p, at, keys, what))

    p_any = p_all

    def p_not(self, value: Any, loc: Loc, keys: tuple[str, ...], what: str) -> None:
        self.predicate(value, loc, POOL_KEYS, "pool predicate")

    def p_split(self, value: Any, loc: Loc, *_: Any) -> None:
        self.listed(value, loc, 2, lambda p, at: self.predicate(p, at, POOL_KEYS,
                                                                "pool predicate"))

    # --- VERSUS and TEAM tops ----------------------------------------------------------

    def p_only(self, value: Any, loc: Loc, *_: Any) -> None:
        self.predicate(value, loc, POOL_KEYS, "pool predicate")

    def p_most(self, value: Any, loc: Loc, *_: Any) -> None:
        if self.args(value, loc, ("metric",), ("faces", "margin")):
            metric = value["metric"]
            if metric not in METRICS:
                self.bad((*loc, "metric"),
                         f"unknown metric {metric!r} (expected one of: {', '.join(METRICS)})")
            if "faces" in value:
                if metric != "count":
                    self.bad((*loc, "faces"), "faces go with metric: count only")
                self.faces(value["faces"], (*loc, "faces"))
            if "margin" in value:
                self.whole(value["margin"], (*loc, "margin"), 1)

    p_fewest = p_most

    def p_exclusive(self, value: Any, loc: Loc, *_: Any) -> None:
        if self.args(value, loc, ("n",)):
            self.whole(value["n"], (*loc, "n"), 1)

    def p_each_player(self, value: Any, loc: Loc, *_: Any) -> None:
        self.predicate(value, loc, POOL_KEYS, "pool predicate")

    def p_players(self, value: Any, loc: Loc, *_: Any) -> None:
        if self.args(value, loc, ("where", "op", "value")):
            self.predicate(value["where"], (*loc, "where"), POOL_KEYS, "pool predicate")
            self.op(value["op"], (*loc, "op"))
            self.number(value["value"], (*loc, "value"))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


TOPS = {
    "solo": (POOL_KEYS, "pool predicate (SOLO cards use pool predicates only)"),
    "special": (POOL_KEYS, "pool predicate (SPECIAL cards use pool predicates only)"),
    "versus": (VERSUS_KEYS, "VERSUS predicate"),
    "team": (TEAM_KEYS, "TEAM predicate"),
}


def problems(rule: Any, scope: str) -> Found:
    """Everything wrong with `rule` as the check of a card of type `scope`."""
    walk = _Walk(team=scope == "team")
    keys, what = TOPS[scope]
    walk.predicate(rule, (), keys, what)
    return walk.found
