"""Project hygiene a user notices: lint-clean code, and CI running the README's commands."""

from __future__ import annotations

import re
import shutil
import subprocess

from tests.conftest import ROOT, require


def readme_commands() -> list[str]:
    """The shell commands in the README's Quick start, in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Quick start")
    return re.findall(r"```sh\n(.+?)\n```", text[start:], flags=re.S)[:2]


def test_ci_runs_the_readme_test_command():
    test_command = readme_commands()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command.strip() in ci.splitlines()
    assert "pytest" in test_command


def test_code_is_ruff_clean():
    ruff = shutil.which("ruff")
    require(ruff is not None, "ruff is not installed (pip install -e '.[test]')")
    result = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
