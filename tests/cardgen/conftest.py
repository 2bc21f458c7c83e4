"""Fixtures shared by the kit tests: every game's kit, built once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cardgen import kits
from tests.cardgen.test_build import _korean_font_installed
from tests.conftest import require


@pytest.fixture(scope="session")
def every_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every game's kit, EN and KO on A4 and Letter, with the test companion's QR. Tests
    only read it: the modules that look at whole kits share one build."""
    require(_korean_font_installed(), "no Korean font (apt-get install fonts-nanum)")
    return kits.build_all(tmp_path_factory.mktemp("every-kit"))
