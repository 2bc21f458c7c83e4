"""A mission's requirement as a row of die faces, derived from its `check` predicate.

Pure data (no drawing): `picture(rule)` returns the groups of dice a card shows beside its
text, or () when the check cannot be drawn: then the card shows its type's emblem.

A die shows `pips` (1-6), or is blank with a `mark` ("A": dice marked alike show one number,
"N", "N+1": a run); `struck` crosses it out ("no such die"). A group's `caption` names the
faces its blank dice may show ("1·3·5"). Signs ("+", "= 7", ">", "#": the number of such
dice) sit between dice, or make a group of their own.

Comparisons and team amounts add drawn `Mark`s: ▲ "most" / ▼ "fewest" before a metric
(Σ, "#⚅", A B C, A A A, N N+1 N+2) with "+5" for a margin; a ringed person "only you"; a
person "per player" ("≥ 2×👤"), "each player" ("👤:") or "how many players" ("#👤 ≥ 2:"),
and a blank die "per die" ("Σ ≥ 4×▢"); "# ▢ ≥ 4" a least number of dice; a struck pair
"A A" no two dice alike. Text stays symbols and numbers, in any language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from missionkit.dice_mission.vocabulary import FACE_SETS

LETTERS = "ABCDEF"  # dice marked with one letter show one number; other letters, others
MAX_DICE = 8  # more dice than this would be too small to read on a card
OP_SIGNS = {"eq": "=", "ge": "≥", "le": "≤", "gt": ">"}


@dataclass(frozen=True)
class Die:
    pips: int | None = None
    mark: str = ""
    struck: bool = False


@dataclass(frozen=True)
class Sign:
    text: str


@dataclass(frozen=True)
class Mark:
    """A drawn sign: "most" (▲), "fewest" (▼), "player" (a person), "only" (a ringed one)."""

    kind: str


Item = Die | Sign | Mark


@dataclass(frozen=True)
class Group:
    items: tuple[Item, ...]
    caption: str = ""

    @property
    def dice(self) -> tuple[Die, ...]:
        return tuple(i for i in self.items if isinstance(i, Die))


Picture = tuple[Group, ...]


class NoPicture(Exception):
    """The check (or a part of it) is not a pattern of faces."""


def faces_label(spec: Any) -> str:
    """'odd' -> '1·3·5', [5, 6] -> '5·6'."""
    faces = FACE_SETS[spec] if isinstance(spec, str) else spec
    return "·".join(str(f) for f in faces)


def _faces(spec: Any) -> tuple[int, ...]:
    return tuple(FACE_SETS[spec]) if isinstance(spec, str) else tuple(spec)


def _whole(n: Any) -> int:
    if not isinstance(n, int):
        raise NoPicture("a number that depends on the players or the dice")
    return n


def amount(sign: str, n: Any) -> tuple[Item, ...]:
    """'≥ 4', or an amount that grows with the table: '≥ 4×' a blank die (per die), '≥ 17×'
    a person (per player), '≥' a person '+2' (players plus two)."""
    if isinstance(n, int):
        return (Sign(f"{sign} {n}"),)
    unit: Item = Die() if "per_die" in n else Mark("player")
    k = n.get("per_die", n.get("per_player"))
    head = (Sign(f"{sign} {k}×" if k != 1 else sign), unit)
    return (*head, Sign(f"+{n['plus']}")) if n.get("plus") else head


def _groups(arg: list[dict[str, Any]]) -> Picture:
    out = []
    letters = iter(LETTERS)
    for g in arg:
        if not isinstance(g["n"], int) and "faces" not in g:  # "#A ≥ 👤+2"
            out.append(Group((Sign("#"), Die(mark=next(letters)), *amount("≥", g["n"]))))
            continue
        n = _whole(g["n"])
        faces = _faces(g["faces"]) if "faces" in g else ()
        if len(faces) == 1:
            out.append(Group(tuple(Die(faces[0]) for _ in range(n))))
        else:
            mark = next(letters)
            caption = faces_label(g["faces"]) if faces else ""
            out.append(Group(tuple(Die(mark=mark) for _ in range(n)), caption))
    return tuple(out)


def _straight(arg: dict[str, Any]) -> Picture:
    length = arg["length"]
    if "from" in arg:
        return (Group(tuple(Die(arg["from"] + k) for k in range(length))),)
    marks = ["N", *(f"N+{k}" for k in range(1, length))]  # upper case: no English word
    return (Group(tuple(Die(mark=m) for m in marks)),)


def _contains(arg: list[int]) -> Picture:
    return (Group(tuple(Die(f) for f in sorted(arg))),)


def _sum(arg: dict[str, Any]) -> Picture:
    if "dice" not in arg:
        return (Group((Die(mark="Σ"), *amount(OP_SIGNS[arg["op"]], arg["value"]))),)
    value = _whole(arg["value"])
    tail = Sign(f"{OP_SIGNS[arg['op']]} {value}")
    dice: list[Die | Sign] = []
    for k in range(arg["dice"]):
        dice += [Sign("+"), Die()] if k else [Die()]
    return (Group((*dice, tail)),)


def _count(arg: dict[str, Any]) -> Picture:
    value = arg["value"]
    if "faces" not in arg:
        raise NoPicture("a count of dice is a qualifier, not a pattern")
    faces = _faces(arg["faces"])
    if arg["op"] == "eq" and value == 0:  # "no 1s, 3s or 5s": each face crossed out
        return (Group(tuple(Die(f, struck=True) for f in faces)),)
    if arg["op"] == "ge" and isinstance(value, int):
        return (_dice_of(faces, value),)
    number = _dice_of(faces, 1, (Sign("#"),))  # "#⚅ = 1×👤", "#⚅ ≤ 1"
    return (Group((*number.items, *amount(OP_SIGNS[arg["op"]], value)), number.caption),)


def _dice_of(faces: tuple[int, ...], n: int, lead: tuple[Sign, ...] = ()) -> Group:
    """`n` dice that may each show any of `faces`: their pips, a mark, or blank over a
    caption."""
    if len(faces) == 1:
        return Group((*lead, *(Die(faces[0]) for _ in range(n))))
    label = faces_label(list(faces))
    if len(faces) <= 3:  # "5·6", "1·3·5" inside every die: a caption under a row of blank
        return Group((*lead, *(Die(mark=label) for _ in range(n))))  # dice read as one die's
    return Group((*lead, *(Die() for _ in range(n))), label)


def _all_different(arg: dict[str, Any]) -> Picture:
    """No two dice alike: a pair struck out ("A A" reads "a pair", crossed: none), after
    the least number of dice when that is more than the pair needs."""
    pair = Group((Die(mark="A", struck=True), Die(mark="A", struck=True)))
    n = _whole(arg["min_dice"])
    return (minimum(n), pair) if n > 2 else (pair,)


def minimum(n: int) -> Group:
    """'# ▢ ≥ n': the card needs at least n dice."""
    return Group((Sign("#"), Die(), Sign(f"≥ {n}")))


def _distinct(arg: dict[str, Any]) -> Picture:
    """At least (or exactly) v different numbers: v dice lettered apart; all six: 1 to 6."""
    value = _whole(arg["value"])
    if arg["op"] == "eq" and value == 1:  # all dice alike
        return (SAME,)
    if arg["op"] == "le" or value < 2:
        raise NoPicture("'at most' or one number is not drawn as different dice")
    if value == 6:
        return (Group(tuple(Die(f) for f in range(1, 7))),)
    return (Group(tuple(Die(mark=m) for m in LETTERS[:value])),)


def _count_compare(arg: dict[str, Any]) -> Picture:
    """'#6 > #1': as many (or more) dice showing the left faces as the right ones."""
    left = _dice_of(_faces(arg["left"]), 1, (Sign("#"),))
    right = _dice_of(_faces(arg["right"]), 1, (Sign("#"),))
    return (left, Group((Sign(OP_SIGNS[arg["op"]]),)), right)


def _all(arg: list[dict[str, Any]]) -> Picture:
    """Every part drawn; a bare minimum number of dice first, as '# ▢ ≥ n'."""
    out: list[Group] = []
    least: list[Group] = []
    for part in arg:
        key, value = next(iter(part.items()))
        if key == "count" and "faces" not in value:
            if value["op"] != "ge" or not isinstance(value["value"], int):
                raise NoPicture("a number of dice other than a least one")
            least.append(minimum(value["value"]))
            continue
        out += picture_of(part)
    if not out:
        raise NoPicture("nothing but qualifiers")
    return (*least, *out)


def lead(mark: Mark, shown: Picture) -> Picture:
    """`shown` with `mark` before its first group ("only you", "each player")."""
    first, *rest = shown
    return (Group((mark, *first.items), first.caption), *rest)


def _only(arg: dict[str, Any]) -> Picture:
    return lead(Mark("only"), picture_of(arg))


def _each_player(arg: dict[str, Any]) -> Picture:
    return lead(Mark("player"), (Group((Sign(":"),)), *picture_of(arg)))


def _players(arg: dict[str, Any]) -> Picture:
    """'#👤 ≥ 2:' before the pattern: how many agents must show it."""
    sign = f"{OP_SIGNS[arg['op']]} {_whole(arg['value'])}:"
    count = Group((Sign("#"), Mark("player"), Sign(sign)))
    return (count, *picture_of(arg["where"]))


def _metric(arg: dict[str, Any]) -> Group:
    """What a comparison weighs: Σ, "#⚅", three different numbers, a group, a run."""
    metric = arg["metric"]
    if metric == "count":
        return _dice_of(_faces(arg["faces"]), 1, (Sign("#"),))
    return {"sum": Group((Die(mark="Σ"),)),
            "distinct": Group(tuple(Die(mark=m) for m in LETTERS[:3])),
            "largest_group": Group((Die(mark="A"),) * 3),
            "longest_straight": Group((Die(mark="N"), Die(mark="N+1"), Die(mark="N+2")))}[metric]


def _compare(kind: str, arg: dict[str, Any]) -> Picture:
    """▲ (most) or ▼ (fewest) before the metric, and "+5" when it must win by a margin."""
    shown = lead(Mark(kind), (_metric(arg),))
    return (*shown, Group((Sign(f"+{arg['margin']}"),))) if arg.get("margin") else shown


def _exclusive(arg: dict[str, Any]) -> Picture:
    """You rolled `n` numbers that no opponent did: the ringed person (you) with n lettered
    dice, then a person (each opponent) with the same letters struck out. The ringed person
    and letters alone read "the only one with two different numbers"."""
    letters = LETTERS[:_whole(arg["n"])]
    return (Group((Mark("only"), *(Die(mark=m) for m in letters))),
            Group((Mark("player"), *(Die(mark=m, struck=True) for m in letters))))


SAME = Group((Die(mark="A"), Die(mark="A"), Sign("…"), Die(mark="A")))  # every die alike


def _none(arg: Any) -> Picture:
    raise NoPicture("not a pattern of faces")


_PICTURES: dict[str, Callable[[Any], Picture]] = {
    "groups": _groups, "straight": _straight, "contains": _contains, "sum": _sum,
    "count": _count, "all_different": _all_different, "distinct": _distinct,
    "count_compare": _count_compare,
    "all": _all, "split": _all, "only": _only, "each_player": _each_player,
    "players": _players, "most": lambda a: _compare("most", a),
    "fewest": lambda a: _compare("fewest", a), "exclusive": _exclusive,
}


def picture_of(rule: dict[str, Any]) -> Picture:
    """The groups of dice for `rule` (NoPicture when a part is not a face pattern)."""
    key, arg = next(iter(rule.items()))
    return _PICTURES.get(key, _none)(arg)


def picture(rule: dict[str, Any]) -> Picture:
    """The card's picture, or () when its check is not drawn as dice."""
    try:
        out = picture_of(rule)
    except NoPicture:
        return ()
    if sum(len(g.dice) for g in out) > MAX_DICE:
        return ()
    return out
