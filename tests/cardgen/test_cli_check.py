"""`cardgen check` on good content, bad content and 40 randomly broken copies."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.conftest import CONTENT


def cardgen(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the installed `cardgen` (or `python -m cardgen`) as a user would."""
    exe = shutil.which("cardgen")
    cmd = [exe] if exe else [sys.executable, "-m", "cardgen"]
    return subprocess.run([*cmd, *args], capture_output=True, text=True, timeout=120)


def test_check_passes_on_the_real_content():
    result = cardgen("check")
    assert result.returncode == 0, result.stderr
    assert "double-mission: content OK" in result.stdout
    assert "24 cities" in result.stdout and "25 plan cards" in result.stdout


def test_check_with_content_option_reports_and_fails(content_copy):
    board = content_copy / "double_mission" / "board.yaml"
    text = board.read_text().replace("security: 5, group: us,", "security: hi, group: us,")
    board.write_text(text)
    result = cardgen("check", "--content", str(content_copy))
    assert result.returncode == 1
    assert "board.yaml:11: cities[0].security: expected a whole number, got 'hi'" in result.stderr
    assert "1 problem found" in result.stderr


def test_check_on_a_folder_without_games(tmp_path):
    result = cardgen("check", "--content", str(tmp_path))
    assert result.returncode == 1
    assert "no game folder found" in result.stderr
    assert "Traceback" not in result.stderr


NUMBER_FIELD = re.compile(  # a YAML key (line start, or inside a {flow mapping}), not prose
    r"(?:^[ -]*|[{,] ?)(?:security|count|cost|copies|points|value|level|size|start|max|price"
    r"|cap|amount|length|limit|draw|dealt|kept|actions|operations): (\d+)", flags=re.M)


def _syntax(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True)
    i = rng.randrange(len(lines))
    lines.insert(i, rng.choice(["broken: [unclosed\n", "  - {a: 1\n", "key: : :\n",
                                "}\n", "'quote\n"]))
    return "".join(lines)


def _word_for_number(text: str, rng: random.Random) -> str:
    spots = list(NUMBER_FIELD.finditer(text))
    m = rng.choice(spots)
    word = rng.choice(["many", "high", "two", "lots", "n/a"])
    return text[: m.start(1)] + word + text[m.end(1):]


def _tab(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True)
    indented = [i for i, line in enumerate(lines) if re.match(r"  +\S", line)]
    i = rng.choice(indented)
    lines[i] = "\t" + lines[i].lstrip(" ")
    return "".join(lines)


def _garbage(text: str, rng: random.Random) -> bytes:
    if rng.random() < 0.5:
        return bytes(rng.randrange(256) for _ in range(300))
    return "".join(rng.choice("}{][:,-@`|>%!&*") for _ in range(80)).encode()


MUTATIONS = {
    "syntax": _syntax, "word": _word_for_number, "tab": _tab, "garbage": _garbage,
    "empty": lambda text, rng: b"",
}


def _broken_copy(seed: int, dest: Path) -> tuple[str, str]:
    rng = random.Random(seed)
    shutil.copytree(CONTENT, dest)
    kind = list(MUTATIONS)[seed % len(MUTATIONS)]
    files = sorted((dest / "double_mission").glob("*.yaml"))
    if kind == "word":  # only files that have a numeric field to spoil
        files = [f for f in files if NUMBER_FIELD.search(f.read_text(encoding="utf-8"))]
    target = rng.choice(files)
    result = MUTATIONS[kind](target.read_text(encoding="utf-8"), rng)
    if isinstance(result, str):
        target.write_text(result, encoding="utf-8")
    else:
        target.write_bytes(result)
    return kind, target.name


def test_forty_random_broken_copies_fail_cleanly(tmp_path):
    cases = [(seed, tmp_path / f"copy{seed}") for seed in range(40)]
    broken = [_broken_copy(seed, dest) for seed, dest in cases]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda c: cardgen("check", "--content", str(c[1])), cases))
    for (seed, _), (kind, name), result in zip(cases, broken, results, strict=True):
        label = f"seed {seed} ({kind} in {name})"
        assert result.returncode == 1, label
        assert "Traceback" not in result.stderr + result.stdout, label
        assert re.search(rf"double_mission/{re.escape(name)}(:\d+)?: ", result.stderr), (
            label, result.stderr)
