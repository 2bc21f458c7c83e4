"""Check a mission card against the dice on the table (design §8.1).

`dice[p]` is player p's faces as they lie now (rolled, received or stolen, minus deleted or
given away). SOLO and SPECIAL cards read the holder's dice; VERSUS cards compare them with
each opponent's in turn (ties fail); TEAM cards read the whole table, or each player's dice
through `each_player` / `players`. `per_player` counts the players at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..game import IllegalEvent
from . import pool
from .model import Check

if TYPE_CHECKING:
    from .model import DiceMission

Dice = Sequence[Sequence[int]]
Die = tuple[int, int]  # (player, index of the die in that player's dice)
Met = list[Die] | None
MAX_DICE = 6
PLAYERS = (2, 5)


def evaluate(check: Check, player: int, dice: Dice) -> bool:
    """True when the card with `check`, held by `player`, is met by `dice`."""
    return _met(check, player, dice) is not None


def meeting_dice(check: Check, player: int, dice: Dice) -> list[Die]:
    """The dice that meet the card, as (player, die index), for highlighting; [] if unmet."""
    return sorted(set(_met(check, player, dice) or []))


def _met(check: Check, player: int, dice: Dice) -> Met:
    players = len(dice)
    if check.scope in ("solo", "special"):
        found = pool.holds(check.rule, dice[player], players)
        return None if found is None else [(player, i) for i in found]
    if check.scope == "versus":
        return _versus(check.rule, player, dice)
    return _team(check.rule, dice)


# --- VERSUS ----------------------------------------------------------------------------


def _versus(rule: dict[str, Any], player: int, dice: Dice) -> Met:
    key, arg = next(iter(rule.items()))
    mine = dice[player]
    others = [p for p in range(len(dice)) if p != player]
    players = len(dice)
    if key in ("all", "any"):
        return _join(key, [_versus(r, player, dice) for r in arg])
    if key == "only":
        found = pool.holds(arg, mine, players)
        if found is None or any(pool.holds(arg, dice[p], players) is not None for p in others):
            return None
        return [(player, i) for i in found]
    if key in ("most", "fewest"):
        margin = arg.get("margin", 1)
        value, found = pool.metric(arg["metric"], mine, arg.get("faces"))
        for p in others:
            theirs, _ = pool.metric(arg["metric"], dice[p], arg.get("faces"))
            ahead = value >= theirs + margin if key == "most" else value <= theirs - margin
            if not ahead:
                return None
        return [(player, i) for i in found or range(len(mine))]
    shown = {v for p in others for v in dice[p]}  # exclusive
    found = [i for i, v in enumerate(mine) if v not in shown]
    return [(player, i) for i in found] if len(found) >= arg["n"] else None


def _join(key: str, parts: list[Met]) -> Met:
    """`all`: every part met (dice of all parts); `any`: the first part met."""
    if key == "any":
        return next((p for p in parts if p is not None), None)
    if any(p is None for p in parts):
        return None
    return [die for part in parts for die in part or []]


# --- TEAM ------------------------------------------------------------------------------


def _team(rule: dict[str, Any], dice: Dice) -> Met:
    key, arg = next(iter(rule.items()))
    players = len(dice)
    if key in ("all", "any"):
        return _join(key, [_team(r, dice) for r in arg])
    if key == "each_player":
        out: list[Die] = []
        for p, faces in enumerate(dice):
            found = pool.holds(arg, faces, players)
            if found is None:
                return None
            out += [(p, i) for i in found]
        return out
    if key == "players":
        meeting = {p: pool.holds(arg["where"], faces, players) for p, faces in enumerate(dice)}
        hits = [(p, i) for p, found in meeting.items() if found is not None for i in found]
        count = sum(found is not None for found in meeting.values())
        if not pool.OPS[arg["op"]](count, pool.number(arg["value"], 0, players)):
            return None
        return hits or _everyone(dice)
    table = [(p, i) for p, faces in enumerate(dice) for i in range(len(faces))]
    found = pool.holds(rule, [dice[p][i] for p, i in table], players)
    return None if found is None else [table[k] for k in found]


def _everyone(dice: Dice) -> list[Die]:
    return [(p, i) for p, faces in enumerate(dice) for i in range(len(faces))]


# --- a card from the content, with its inputs checked ----------------------------------


def check_card(game: DiceMission, card_id: str, player: int, dice: Dice) -> bool:
    """Is mission `card_id`, held by `player`, met by `dice`? Refuses bad input with
    IllegalEvent naming the field: 'card', 'player', 'dice', 'dice[i]' or 'dice[i][j]'."""
    if card_id not in game.mission_by_id:
        raise IllegalEvent(f"unknown mission card '{card_id}'", "card")
    validate_dice(dice)
    if not isinstance(player, int) or isinstance(player, bool) or \
            not 0 <= player < len(dice):
        raise IllegalEvent(f"player must be 0-{len(dice) - 1}, got {player!r}", "player")
    return evaluate(game.mission(card_id).check, player, dice)


def validate_dice(dice: Dice) -> None:
    """Raise IllegalEvent unless `dice` holds 2-5 players of 0-6 faces 1-6 each."""
    low, high = PLAYERS
    if not isinstance(dice, Sequence) or not low <= len(dice) <= high:
        raise IllegalEvent(f"a table has {low}-{high} players", "dice")
    for i, faces in enumerate(dice):
        if not isinstance(faces, Sequence) or len(faces) > MAX_DICE:
            raise IllegalEvent(f"a player has 0-{MAX_DICE} dice", f"dice[{i}]")
        for j, face in enumerate(faces):
            if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
                raise IllegalEvent(f"a die shows 1-6, got {face!r}", f"dice[{i}][{j}]")
