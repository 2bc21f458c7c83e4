"""Shared fixtures: the real content, and editable copies of it for breaking."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

# The content cache of this test run (and of the commands it starts): never the user's.
os.environ["MISSION_KIT_CACHE"] = tempfile.mkdtemp(prefix="mission-kit-cache-")

from missionkit.content import load_game

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
DATA = Path(__file__).resolve().parent / "data"


def require(tool_ok: bool, reason: str) -> None:
    """Skip when a system component is missing; fail instead under CI (MISSION_KIT_STRICT=1)."""
    if tool_ok:
        return
    if os.environ.get("MISSION_KIT_STRICT") == "1":
        pytest.fail(f"{reason} (MISSION_KIT_STRICT=1: CI must have it)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def game():
    """The real Double Mission content, loaded once."""
    return load_game("double-mission", CONTENT)


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    """A fresh copy of content/ that a test may break."""
    dest = tmp_path / "content"
    shutil.copytree(CONTENT, dest)
    return dest
