"""Dice Mission engine fixtures: the real content, loaded once."""

from __future__ import annotations

import pytest

from missionkit.content import load_game
from tests.conftest import CONTENT


@pytest.fixture(scope="session")
def dm():
    """The real Dice Mission content (its mission checks run through its evaluator)."""
    return load_game("dice-mission", CONTENT)
