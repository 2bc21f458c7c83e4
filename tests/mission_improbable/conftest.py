"""Fixtures for Mission Improbable: the content model the rules engine reads."""

from __future__ import annotations

import pytest

from .fake import FakeGame


@pytest.fixture(scope="session")
def mi():
    """The Mission Improbable content model."""
    return FakeGame()
