"""Games are plug-ins: the shared modules of every side name no game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from missionkit.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
# The shell of each side: everything but the games' own packages (and the registry itself).
SHARED = sorted(
    [*ROOT.glob("companion/*.py"), *ROOT.glob("cardgen/*.py"), *ROOT.glob("cardgen/render/*.py"),
     *ROOT.glob("missionkit/*.py"), *ROOT.glob("missionkit/content/*.py")])
SHARED = [p for p in SHARED if p.name != "registry.py"]


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are docstrings (they may name a game as an example)."""
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(
                body[0].value, ast.Constant):
            out.add(id(body[0].value))
    return out


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_shared_module_names_no_game(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom | ast.Import):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [
                a.name for a in node.names]
            names += [a.name for a in node.names]
            for name in names:
                assert not set(name.split(".")) & set(GAMES.values()), (
                    f"{path.name}:{node.lineno} imports a game: {name}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs:
            named = [g for g in (*GAMES, *GAMES.values()) if g in node.value]
            assert not named, f"{path.name}:{node.lineno} names {named} in code"


def test_the_shell_templates_include_no_game_template():
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for package in GAMES.values():
            assert f"{package}/" not in text, f"{path.name} includes a {package} template"
