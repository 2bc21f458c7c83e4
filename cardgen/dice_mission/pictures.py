"""A mission's requirement as a row of die faces, derived from its `check` predicate.

Pure data (no drawing): `picture(rule)` returns the groups of dice a card shows beside its
text, or () when the check is not a pattern of faces (sums of a whole pool, "most", "fewest",
counts per player...): then the card shows its type's emblem and the text alone.

A die shows `pips` (1-6), or is blank with a `mark` ("A": dice marked alike show one number,
"N", "N+1": a run); `struck` crosses it out ("no such die"). A group's `caption` names the
faces its blank dice may show ("1·3·5"). Signs ("+", "= 7", ">", "#": the number of such
dice) sit between dice, or make a group of their own.
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
class Group:
    items: tuple[Die | Sign, ...]
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


def _groups(arg: list[dict[str, Any]]) -> Picture:
    out = []
    letters = iter(LETTERS)
    for g in arg:
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
    value = _whole(arg["value"])
    tail = Sign(f"{OP_SIGNS[arg['op']]} {value}")
    if "dice" not in arg:
        return (Group((Die(mark="Σ"), tail)),)
    dice: list[Die | Sign] = []
    for k in range(arg["dice"]):
        dice += [Sign("+"), Die()] if k else [Die()]
    return (Group((*dice, tail)),)


def _count(arg: dict[str, Any]) -> Picture:
    value = _whole(arg["value"])
    if "faces" not in arg:
        raise NoPicture("a count of dice is a qualifier, not a pattern")
    faces = _faces(arg["faces"])
    if arg["op"] == "eq" and value == 0:  # "no 1s, 3s or 5s": each face crossed out
        return (Group(tuple(Die(f, struck=True) for f in faces)),)
    if arg["op"] != "ge":
        raise NoPicture("only 'at least' and 'none' counts are drawn")
    return (_dice_of(faces, value),)


def _dice_of(faces: tuple[int, ...], n: int, lead: tuple[Sign, ...] = ()) -> Group:
    """`n` dice that may each show any of `faces`: their pips, a mark, or blank over a
    caption."""
    if len(faces) == 1:
        return Group((*lead, *(Die(faces[0]) for _ in range(n))))
    label = faces_label(list(faces))
    if len(faces) == 2:  # "5·6" reads inside the die; longer sets go under the dice
        return Group((*lead, *(Die(mark=label) for _ in range(n))))
    return Group((*lead, *(Die() for _ in range(n))), label)


def _all_different(arg: dict[str, Any]) -> Picture:
    return (Group(tuple(Die(mark=m) for m in LETTERS[:arg["min_dice"]])),)


def _distinct(arg: dict[str, Any]) -> Picture:
    """At least (or exactly) v different numbers: v dice lettered apart; all six: 1 to 6."""
    value = _whole(arg["value"])
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
    """Every part drawn; a bare minimum number of dice is left to the text."""
    out: list[Group] = []
    for part in arg:
        key, value = next(iter(part.items()))
        if key == "count" and "faces" not in value:
            continue
        out += picture_of(part)
    if not out:
        raise NoPicture("nothing but qualifiers")
    return tuple(out)


def _inner(arg: dict[str, Any]) -> Picture:
    return picture_of(arg)


def _players(arg: dict[str, Any]) -> Picture:
    return picture_of(arg["where"])


def _none(arg: Any) -> Picture:
    raise NoPicture("not a pattern of faces")


_PICTURES: dict[str, Callable[[Any], Picture]] = {
    "groups": _groups, "straight": _straight, "contains": _contains, "sum": _sum,
    "count": _count, "all_different": _all_different, "distinct": _distinct,
    "count_compare": _count_compare,
    "all": _all, "split": _all, "only": _inner, "each_player": _inner, "players": _players,
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
