"""`companion tally FILE` on Double Mission's older end-game snapshot prints the same tally
as the API, or names the bad field (every game's export: test_after_game.py)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import DATA


def companion(*args):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=60)


def test_tally_file(tmp_path):
    example = json.loads((DATA / "tally-2p.json").read_text(encoding="utf-8"))
    path = tmp_path / "end.json"
    path.write_text(json.dumps(example["input"]), encoding="utf-8")
    result = companion("tally", str(path), "--format", "json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert {k: out["detail"][k] for k in example["expected"]} == example["expected"]
    totals = {p["name"]: p["total"] for p in example["expected"]["players"]}
    assert {p["name"]: p["score"] for p in out["players"]} == totals
    for p in out["players"]:  # the rows explain the total
        assert sum(r["points"] for r in p["rows"]) == p["score"]
    text = companion("tally", str(path), "--lang", "en")
    assert text.returncode == 0 and "1. Joon  60 Points" in text.stdout


def test_tally_inconsistent_file_exits_2_naming_the_field(tmp_path):
    example = json.loads((DATA / "tally-2p.json").read_text(encoding="utf-8"))["input"]
    example["players"][1]["treasures"]["jewel"] = 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(example), encoding="utf-8")
    result = companion("tally", str(path))
    assert result.returncode == 2
    assert result.stderr.strip().startswith("sold.jewel: ")
    assert len(result.stderr.strip().splitlines()) == 1


def test_tally_garbage_and_missing_files(tmp_path):
    bad = tmp_path / "garbage.json"
    bad.write_bytes(b"\x00{not json")
    for path in (bad, tmp_path / "missing.json"):
        result = companion("tally", str(path))
        assert result.returncode == 2 and "Traceback" not in result.stderr
