"""Skill checks: who adds what to which roll, and the chance to pass.

One check: the agent rolls a die and adds its bonuses in the skill; the nemesis rolls a die
and adds the card's modifier; the agent passes on a tie or better (§6). With Δ = bonuses −
modifier the chance is exact over the sides² equally likely pairs of faces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..game import IllegalEvent
from . import rulebook

SIDES = 10  # the default die only; callers holding a model pass rulebook.die_sides(game)


@cache
def pass_chance(delta: int, sides: int = SIDES) -> float:
    """Chance that die + delta >= die (two fair dice with `sides` faces)."""
    wins = sum(1 for a in range(1, sides + 1) for d in range(1, sides + 1) if a + delta >= d)
    return wins / (sides * sides)


@dataclass(frozen=True)
class Check:
    skill: str
    delta: int
    chance: float


@dataclass(frozen=True)
class Attempt:
    chance: float
    checks: list[Check]


@dataclass(frozen=True)
class Step:
    """One check as the engine resolves it: which card, which skill, the bonus and the
    card's modifier, and the one-off cards (equipment, connections, events) it uses up."""

    card: str
    skill: str
    bonus: int
    modifier: int
    used: tuple[str, ...]

    @property
    def delta(self) -> int:
        return self.bonus - self.modifier

    def passes(self, agent_die: int, difficulty_die: int) -> bool:
        return agent_die + self.bonus >= difficulty_die + self.modifier


def attempt(game: Any, agent: str, assets: Sequence[str], bonus_cards: Sequence[str],
            card: str | Sequence[str], skill: str | Mapping[str, str] | None = None,
            *, equipment: str = "after_roll") -> Attempt:
    """The chance to pass every check of `card` (one id, or a list: obstacles in stack order
    then the mission). `skill` picks the skill of an 'or' check (a mapping card -> skill when
    several cards are given); left out, the better skill is taken. `equipment` is the
    equipment_discard option (MID-12)."""
    steps = plan(game, agent, assets, bonus_cards, card, skill, equipment=equipment)
    sides = rulebook.die_sides(game)
    checks = [Check(s.skill, s.delta, pass_chance(s.delta, sides)) for s in steps]
    chance = 1.0
    for c in checks:
        chance *= c.chance
    return Attempt(chance, checks)


def plan(game: Any, agent: str, assets: Sequence[str], bonus_cards: Sequence[str],
         card: str | Sequence[str], skill: str | Mapping[str, str] | None = None,
         extra: Mapping[str, int] | None = None, *, equipment: str = "after_roll",
         start: int = 0) -> list[Step]:
    """Every check in order with its bonus. Bonus cards count once, at the first check in
    their skill, and are used up there; so does equipment with `equipment="after_roll"`
    (MID-12), while with "after_attempt" it counts on every check like experience (and is
    listed as used wherever it counted). `extra` adds other agents' bonuses (Partners/Team
    adding up). `start` skips the first card's checks already made (by a partner)."""
    base = _agent_bonuses(game, agent)
    for skill_id, n in (extra or {}).items():
        base[skill_id] = base.get(skill_id, 0) + n
    one_off = _one_offs(game, assets, bonus_cards, base)
    keep = {c for c, _ in one_off if equipment == "after_attempt"
            and rulebook.kind(game.card(c)) == "equipment"}
    cards = [card] if isinstance(card, str) else list(card)
    steps: list[Step] = []
    for card_id in cards:
        found = rulebook.card(game, card_id, "card")
        if rulebook.kind(found) not in ("mission", *rulebook.OBSTACLE_TYPES):
            raise IllegalEvent(f"'{card_id}' is not a mission, obstacle or location", "card")
        wanted = skill.get(card_id) if isinstance(skill, Mapping) else skill
        steps += _card_steps(card_id, rulebook.checks(found), wanted, base, one_off, keep,
                             start if card_id == cards[0] else 0)
    return steps


def _card_steps(card_id: str, card_checks: list[list[rulebook.Option]], wanted: str | None,
                base: dict[str, int], one_off: list[tuple[str, dict[str, int]]],
                keep: set[str], skip: int = 0) -> list[Step]:
    if wanted is not None and not any(s == wanted for c in card_checks for s, _ in c):
        raise IllegalEvent(f"'{card_id}' offers no '{wanted}' check", "skill")
    steps = []
    for options in card_checks[skip:]:
        if len(options) > 1 and wanted is not None and any(s == wanted for s, _ in options):
            options = [o for o in options if o[0] == wanted]
        best = max(options, key=lambda o: _bonus(o[0], base, one_off)[0] - o[1])
        bonus, used = _bonus(best[0], base, one_off)
        one_off[:] = [(c, b) for c, b in one_off if c not in used or c in keep]
        steps.append(Step(card_id, best[0], bonus, best[1], used))
    return steps


def _bonus(skill: str, base: dict[str, int],
           one_off: list[tuple[str, dict[str, int]]]) -> tuple[int, tuple[str, ...]]:
    used = tuple(c for c, b in one_off if b.get(skill))
    return base.get(skill, 0) + sum(b[skill] for c, b in one_off if c in used), used


def _agent_bonuses(game: Any, agent: str) -> dict[str, int]:
    found = rulebook.card(game, agent, "agent")
    if rulebook.kind(found) != "agent":
        raise IllegalEvent(f"'{agent}' is not an agent", "agent")
    return rulebook.bonuses(found)


def _one_offs(game: Any, assets: Sequence[str], bonus_cards: Sequence[str],
              base: dict[str, int]) -> list[tuple[str, dict[str, int]]]:
    """Adds experience to `base`; returns the cards counted once: (id, bonuses)."""
    one_off, seen = [], set()
    for field, ids in (("assets", assets), ("bonus_cards", bonus_cards)):
        for i, card_id in enumerate(ids):
            where = f"{field}[{i}]"
            if card_id in seen:
                raise IllegalEvent(f"'{card_id}' is given twice", where)
            seen.add(card_id)
            found = rulebook.card(game, card_id, where)
            kind, gives = rulebook.kind(found), rulebook.bonuses(found)
            if field == "assets" and kind not in rulebook.ASSET_TYPES:
                raise IllegalEvent(f"'{card_id}' is not an asset (equipment or experience)",
                                   where)
            if field == "bonus_cards" and (kind not in ("connection", "event") or not gives):
                raise IllegalEvent(f"'{card_id}' gives no skill bonus", where)
            if kind == "experience":
                for skill_id, n in gives.items():
                    base[skill_id] = base.get(skill_id, 0) + n
            else:
                one_off.append((card_id, gives))
    return one_off
