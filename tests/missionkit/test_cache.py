"""Validated content is cached by its bytes: unchanged content skips YAML and validation,
and any edit, broken file or damaged entry still gets a full, checked load."""

from __future__ import annotations

import pytest

from missionkit.content import ContentError, load_game
from missionkit.content import loader as loader_module


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("MISSION_KIT_CACHE", str(folder))
    return folder


@pytest.fixture
def loads(monkeypatch):
    """How many times the YAML loader really ran."""
    calls = []
    real = loader_module._loader

    def counting(game):
        calls.append(game)
        return real(game)

    monkeypatch.setattr(loader_module, "_loader", counting)
    return calls


def test_unchanged_content_comes_from_the_cache(cache, loads, content_copy):
    first = load_game("double-mission", content_copy)
    second = load_game("double-mission", content_copy)
    assert loads == ["double-mission"]  # the second came from the cache
    assert second == first and second.city_by_id["seoul"].name.en == "Seoul"
    assert len(list(cache.glob("double-mission-*.pickle"))) == 1


def test_an_edit_is_loaded_afresh(cache, loads, content_copy):
    load_game("double-mission", content_copy)
    board = content_copy / "double_mission" / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace("Seoul", "Hanyang", 1),
                     encoding="utf-8")
    edited = load_game("double-mission", content_copy)
    assert len(loads) == 2 and edited.city_by_id["seoul"].name.en == "Hanyang"


def test_broken_content_is_never_served_from_the_cache(cache, content_copy):
    load_game("double-mission", content_copy)
    board = content_copy / "double_mission" / "board.yaml"
    good = board.read_text(encoding="utf-8")
    board.write_text(good.replace("security: 2", "security: hi", 1), encoding="utf-8")
    with pytest.raises(ContentError, match="expected a whole number"):
        load_game("double-mission", content_copy)
    assert len(list(cache.glob("*.pickle"))) == 1  # only the good content was stored


def test_a_damaged_entry_means_a_normal_load(cache, loads, content_copy):
    load_game("double-mission", content_copy)
    (entry,) = cache.glob("*.pickle")
    entry.write_bytes(entry.read_bytes()[:100])
    assert load_game("double-mission", content_copy).city_by_id["seoul"]
    assert len(loads) == 2


def test_off_means_off(monkeypatch, loads, content_copy, tmp_path):
    monkeypatch.setenv("MISSION_KIT_CACHE", "off")
    load_game("double-mission", content_copy)
    load_game("double-mission", content_copy)
    assert len(loads) == 2


def test_no_home_directory_means_no_cache(monkeypatch, loads, content_copy):
    monkeypatch.delenv("MISSION_KIT_CACHE")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)

    def homeless():
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr("pathlib.Path.home", homeless)
    assert load_game("double-mission", content_copy).city_by_id["seoul"]
    assert loads == ["double-mission"]
