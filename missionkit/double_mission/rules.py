"""Rule helpers shared by the turn engine and the tally: title conditions and ranking."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .model import (
    HoldAnyType,
    HoldEach,
    HoldTotal,
    HoldType,
    OwnDice,
    OwnTitles,
    RobbedSecurity,
    ScoreAtLeast,
    Title,
)


def title_met(title: Title, *, treasures: Mapping[str, int], dice: int, titles_owned: int,
              track: int, robbed_levels: Sequence[int] = (), imitations: int = 0) -> bool:
    """Does a player meet `title`'s condition right now?

    `imitations` is how many Making an Imitation uses apply: each lowers a requirement by 1,
    never below 1, and only for imitable titles (decision D41).
    """
    cond = title.condition
    cut = imitations if title.imitable else 0

    def need(count: int) -> int:
        return max(1, count - cut)

    if isinstance(cond, HoldType):
        return treasures.get(cond.treasure, 0) >= need(cond.count)
    if isinstance(cond, HoldEach):
        return all(treasures.get(t, 0) >= 1 for t in cond.treasures)
    if isinstance(cond, HoldAnyType):
        return max(treasures.values(), default=0) >= need(cond.count)
    if isinstance(cond, HoldTotal):
        return sum(treasures.values()) >= need(cond.count)
    if isinstance(cond, OwnDice):
        return dice >= cond.count
    if isinstance(cond, OwnTitles):
        return titles_owned >= cond.count
    if isinstance(cond, RobbedSecurity):
        return cond.level in robbed_levels
    if isinstance(cond, ScoreAtLeast):
        return track >= cond.points
    raise TypeError(f"unknown condition {cond!r}")


def competition_ranks(keys: Sequence[tuple]) -> list[int]:
    """1-based ranks, best (largest key) first; equal keys share a rank, the next is skipped."""
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    ranks = [0] * len(keys)
    for pos, i in enumerate(order):
        if pos and keys[i] == keys[order[pos - 1]]:
            ranks[i] = ranks[order[pos - 1]]
        else:
            ranks[i] = pos + 1
    return ranks
