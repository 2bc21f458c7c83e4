"""Errors a designer can act on: a misspelt field or id says what was meant, and a YAML
syntax error is said in plain words with the line and a caret under the spot."""

from __future__ import annotations

from pathlib import Path

import pytest

from missionkit.content import ContentError, load_game
from tests.cardgen.test_cli_check import cardgen


def _edit(content: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = content / "double_mission" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _messages(content: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_game("double-mission", content)
    return [f"{p.field}: {p.message}" for p in caught.value.problems]


def test_a_misspelt_field_is_one_problem_that_says_what_was_meant(content_copy):
    _edit(content_copy, "plan_cards.yaml", "    copies: 2\n", "    coppies: 2\n")
    # not also "plan_cards[0].copies: required field is missing"
    assert _messages(content_copy) == [
        "plan_cards[0].coppies: unknown field; did you mean 'copies'?"]


def test_a_misspelt_nested_field_and_kind(content_copy):
    _edit(content_copy, "plan_cards.yaml", "effect: {kind: gain_millions, amount: 4}",
          "effect: {kind: gain_millions, amont: 4}")
    assert "plan_cards[0].effect.amont: unknown field; did you mean 'amount'?" in (
        _messages(content_copy))


def test_an_unknown_field_far_from_any_name_has_no_guess(content_copy):
    _edit(content_copy, "plan_cards.yaml", "    copies: 2\n", "    copies: 2\n    zzz: 1\n")
    assert _messages(content_copy) == ["plan_cards[0].zzz: unknown field"]


def test_a_misspelt_id_reference(content_copy):
    _edit(content_copy, "board.yaml", "  - [seoul, shanghai]", "  - [seoul, shangai]")
    assert any(m.endswith("unknown city 'shangai'; did you mean 'shanghai'?")
               for m in _messages(content_copy))


def test_check_shows_a_syntax_error_in_plain_words_with_line_and_caret(content_copy):
    # a key indented one space less than its neighbours
    _edit(content_copy, "plan_cards.yaml", "    copies: 2\n", "   copies: 2\n")
    result = cardgen("check", "--content", str(content_copy))
    assert result.returncode == 1
    err = result.stderr
    assert "plan_cards.yaml:9: YAML syntax error: this line is not lined up with the lines " \
           "above it: check its indentation" in err
    assert "block end" not in err and "<block mapping start>" not in err
    assert "    9 |    copies: 2\n      |    ^\n" in err


def test_an_unclosed_quote_points_where_it_opened(content_copy):
    _edit(content_copy, "plan_cards.yaml", '{en: "Take 4 Millions from the bank.",',
          '{en: "Take 4 Millions from the bank.,')
    result = cardgen("check", "--content", str(content_copy))
    assert "plan_cards.yaml:11: YAML syntax error:" in result.stderr
    lines = result.stderr.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("   11 | "))
    caret = lines[at + 1].index("^") - lines[at].index("|")
    assert lines[at][lines[at].index("|") + caret] in "\"{"
