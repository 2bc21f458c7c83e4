"""Dice Mission engine fixtures: the content model and its mission evaluator."""

from __future__ import annotations

import pytest

from missionkit.dice_mission import engine

from .fake import FakeGame, evaluate


@pytest.fixture(scope="session")
def dm():
    """The Dice Mission content the engine tests run on."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(engine, "meets", evaluate)
        yield FakeGame()
