"""Mission Improbable's real content, loaded once."""

from __future__ import annotations

import pytest

from missionkit.content import load_game
from tests.conftest import CONTENT


@pytest.fixture(scope="session")
def mi():
    return load_game("mission-improbable", CONTENT)
