"""`cardgen check` finds the texts that `build` would find too long, in every language, at
their YAML line; `build` then refuses before writing, so the last good kit stays whole."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.cardgen.test_cli_check import cardgen

LONG_EN = "Take 4 Millions from the bank and then " + "keep talking " * 40 + "."
LONG_KO = "즉시 4밀리언을 얻는다. " + "그리고 계속 말한다 " * 25


def _overflow(content: Path, en: bool = True, ko: bool = False) -> None:
    path = content / "double_mission" / "plan_cards.yaml"
    text = path.read_text(encoding="utf-8")
    if en:
        text = text.replace('"Take 4 Millions from the bank."', f'"{LONG_EN}"')
    if ko:
        text = text.replace('"즉시 4밀리언을 얻는다."', f'"{LONG_KO}"')
    path.write_text(text, encoding="utf-8")


def test_check_passes_and_still_names_the_components():
    result = cardgen("check")
    assert result.returncode == 0, result.stderr
    assert "double-mission: content OK" in result.stdout


def test_check_finds_an_overflow_in_each_language_with_file_line_and_field(content_copy):
    _overflow(content_copy, en=True, ko=True)
    result = cardgen("check", "--content", str(content_copy))
    assert result.returncode == 1
    lines = [line for line in result.stderr.splitlines() if "does not fit" in line]
    assert len(lines) == 2, result.stderr
    pattern = (r"double_mission/plan_cards\.yaml:11: plan_cards\[0\]\.text \({lang}\): text "
               r"does not fit its box \(\d+ characters in 139x70 pt at 8 pt, (\d+) characters "
               r"too many\)")
    en = re.search(pattern.format(lang="en"), result.stderr)
    ko = re.search(pattern.format(lang="ko"), result.stderr)
    assert en and ko, result.stderr
    assert 0 < int(en.group(1)) < len(LONG_EN) and 0 < int(ko.group(1)) < len(LONG_KO)
    assert "Traceback" not in result.stderr


def test_a_korean_only_overflow_is_found_without_building_korean(content_copy):
    _overflow(content_copy, en=False, ko=True)
    result = cardgen("check", "--content", str(content_copy))
    assert result.returncode == 1
    assert "plan_cards[0].text (ko): text does not fit" in result.stderr


def test_build_after_a_failed_check_leaves_the_last_good_kit_untouched(content_copy, tmp_path):
    out = tmp_path / "out"
    good = cardgen("build", "--game", "double-mission", "--content", str(content_copy),
                   "--out", str(out), "--quiet")
    assert good.returncode == 0, good.stderr
    kit = out / "double-mission" / "en-a4"
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in kit.iterdir()}
    listed = json.loads(before["manifest.json"][0])["files"]
    assert len(before) == len(listed) + 1 > 10  # every listed file and the manifest
    _overflow(content_copy)
    result = cardgen("build", "--game", "double-mission", "--content", str(content_copy),
                     "--out", str(out), "--quiet")
    assert result.returncode == 1
    assert "plan_cards.yaml:11: plan_cards[0].text (en): text does not fit" in result.stderr
    after = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in kit.iterdir()}
    assert after == before  # not one file rewritten, none added or lost


def test_watch_reports_an_overflowing_card_at_its_line_and_recovers(content_copy, tmp_path):
    from cardgen.build import BuildOptions
    from cardgen.watch import Rebuilder

    rebuilder = Rebuilder(BuildOptions("double-mission", out=tmp_path / "out",
                                       content=content_copy))
    assert not rebuilder.rebuild().errors
    path = content_copy / "double_mission" / "plan_cards.yaml"
    saved = path.read_text(encoding="utf-8")
    _overflow(content_copy)
    report = rebuilder.rebuild()
    assert len(report.errors) == 1
    assert "plan_cards.yaml:11: plan_cards[0].text (en): text does not fit" in report.errors[0]
    path.write_text(saved, encoding="utf-8")
    assert not rebuilder.rebuild().errors


def test_a_remembered_check_still_catches_an_edit_that_overflows(content_copy, tmp_path,
                                                                   monkeypatch):
    """The fit check is remembered by the game's content, language and drawing code: a
    second check of the same content reads the memo, an edit that makes a text too long
    is checked afresh and found, and a spoilt memo is checked again rather than trusted."""
    monkeypatch.setenv("MISSION_KIT_CACHE", str(tmp_path / "cache"))
    first = cardgen("check", "--content", str(content_copy))
    assert first.returncode == 0, first.stderr
    memos = sorted((tmp_path / "cache" / "fit").glob("*.json"))
    assert memos  # one per game and language
    assert cardgen("check", "--content", str(content_copy)).returncode == 0
    assert sorted((tmp_path / "cache" / "fit").glob("*.json")) == memos  # nothing new
    _overflow(content_copy, en=True)
    edited = cardgen("check", "--content", str(content_copy))
    assert edited.returncode == 1
    assert "plan_cards[0].text (en): text does not fit" in edited.stderr
    for memo in (tmp_path / "cache" / "fit").glob("*.json"):
        memo.write_text("[[", encoding="utf-8")
    again = cardgen("check", "--content", str(content_copy))
    assert again.returncode == 1 and "plan_cards[0].text (en): text does not fit" in again.stderr
