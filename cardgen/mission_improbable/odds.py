"""The chance to pass one skill check, counted exactly over the 100 (D10, D10) pairs.

Rule (facts §6): difficulty = nemesis's D10 + the card's number; attempt = own D10 + the
agent's bonuses; pass when attempt >= difficulty. Only the difference Δ = bonuses - number
matters. No ReportLab here: a pure function the reference sheet and tests share.
"""

from __future__ import annotations

from fractions import Fraction

FACES = range(1, 11)


def pass_chance(delta: int) -> Fraction:
    """P(own D10 + delta >= nemesis D10) for two fair D10s."""
    wins = sum(1 for own in FACES for nemesis in FACES if own + delta >= nemesis)
    return Fraction(wins, len(FACES) ** 2)


def chance_row(low: int = -9, high: int = 9) -> list[tuple[int, Fraction]]:
    """(Δ, chance) from `low` to `high`; below `low` the chance is 0, above `high` it is 1."""
    return [(d, pass_chance(d)) for d in range(low, high + 1)]
