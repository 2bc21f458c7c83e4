"""Success odds of an operation: every rolled die must show a success face."""

from __future__ import annotations


def solo(dice: int, p: float) -> float:
    """Chance that one player rolling `dice` dice succeeds."""
    return p**dice


def cooperation(dice: int, p: float) -> float:
    """Chance that at least one of two players rolling `dice` dice each succeeds."""
    return 1 - (1 - solo(dice, p)) ** 2


def inverted(dice: int, p: float) -> float:
    """King B's inverted roll: succeeds when at least one die fails."""
    return 1 - solo(dice, p)
