"""Edits of a YAML file change the edited span only: every other byte (comments, quoting,
aligned columns) stays, and what cannot be written exactly is refused."""

from __future__ import annotations

import pytest
import yaml

from missionkit.content.yaml_edit import EditError, copy_item, remove_item, set_value
from tests.conftest import CONTENT


def _texts(data, loc=()):
    """Every en/ko text of parsed YAML, with where it is."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("en", "ko") and isinstance(value, str):
                yield (*loc, key), value
            else:
                yield from _texts(value, (*loc, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _texts(value, (*loc, i))


def _changed(before: str, after: str) -> list[int]:
    a, b = before.splitlines(), after.splitlines()
    assert len(a) == len(b)
    return [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]


@pytest.mark.parametrize("path", sorted(CONTENT.glob("*/*.yaml")), ids=lambda p: p.name)
def test_each_text_of_every_content_file_changes_on_its_own_line_only(path):
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    for loc, value in list(_texts(data))[:6]:  # the first texts of each file
        for new in (value + " x", value + ": 'quoted' #1"):
            after = set_value(text, loc, new)
            assert len(_changed(text, after)) == 1, (loc, new)
            expected = yaml.safe_load(text)
            node = expected
            for part in loc[:-1]:
                node = node[part]
            node[loc[-1]] = new
            assert yaml.safe_load(after) == expected


@pytest.mark.parametrize(("source", "value", "written"), [
    ("a: {en: Plain words, ko: x}\n", "Other words", "a: {en: Other words, ko: x}\n"),
    ("a: {en: Plain words, ko: x}\n", "Time: now, #1", 'a: {en: "Time: now, #1", ko: x}\n'),
    ("a: 'it''s'\n", "they're", "a: 'they''re'\n"),
    ('a: "say \\"hi\\""  # keep me\n', 'say "bye" \\ 안녕',
     'a: "say \\"bye\\" \\\\ 안녕"  # keep me\n'),
    ("a:\n  cost: 1    # aligned comment\n", 3, "a:\n  cost: 3    # aligned comment\n"),
    ("a: yes-ish\n", "true", 'a: "true"\n'),  # plain `true` would read as a boolean
])
def test_the_scalar_keeps_its_style_when_it_can(source, value, written):
    loc = ("a", "en") if "en:" in source else ("a", "cost") if "cost" in source else ("a",)
    assert set_value(source, loc, value) == written


def test_a_block_text_is_refused():
    with pytest.raises(EditError, match="block"):
        set_value("a: |\n  two\n  lines\n", ("a",), "one")


def test_copy_and_remove_an_item_of_a_block_list():
    source = ("# cards\nitems:\n  - id: one\n    n: 1  # the first\n\n  # the second\n"
              "  - id: two\n    n: 2\nafter: true\n")
    copied = copy_item(source, ("items",), 0, "one_b")
    assert copied == source.replace("    n: 1  # the first\n",
                                    "    n: 1  # the first\n  - id: one_b\n    n: 1  # the first\n")
    assert remove_item(source, ("items",), 1) == source.replace("  - id: two\n    n: 2\n", "")
    with pytest.raises(EditError, match="block list"):
        remove_item("items: [{id: a}, {id: b}]\n", ("items",), 0)
