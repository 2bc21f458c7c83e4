"""The app's random draws: one secret per game, one independent stream per purpose.

A game's `seed` is a 128-bit secret drawn from the operating system (`fresh_seed`) and kept
by the server; it never leaves it in the clear (see companion/sealing.py). Every draw comes
from its own stream, `stream(seed, purpose)`, seeded with SHA-512 of the purpose and the
secret (what `random.Random` does with a text seed), so what is drawn for all to see (the
treasures on the board, the SPECIAL display) shares no generator with what is hidden (the
investigation bag, the next SPECIAL): knowing every public draw gives nothing towards the
hidden ones, and 2**128 secrets cannot be searched. Replays draw the same, so a stored game
is still its setup and its log."""

from __future__ import annotations

import random
import secrets
from typing import Annotated

from pydantic import Field, StringConstraints

SEED_BITS = 128
# A setup's secret: 32 or more hex digits for a game made now; a small whole number for a
# game stored before (or a test's fixed draw), which still replays as it was dealt.
Seed = (Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{32,64}$")]
        | Annotated[int, Field(ge=0, lt=2**63)])


def fresh_seed() -> str:
    """A new game's secret: 128 bits from the operating system, as hex (JSON-safe)."""
    return secrets.token_hex(SEED_BITS // 8)


def stream(seed: int | str, purpose: str) -> random.Random:
    """The generator of one kind of draw for the game whose secret is `seed`."""
    return random.Random(f"mission-kit:{purpose}:{seed}")
