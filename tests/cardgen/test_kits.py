"""Games plug into cardgen through the kit registry; one game's code keys only its own cards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardgen import cli
from cardgen.cardset import card_sides, code_version
from cardgen.fonts import fonts_for
from cardgen.kit import KITS, kit_for
from cardgen.render.common import Ctx
from missionkit.commandline import Failed
from missionkit.content.loader import LOADERS


@pytest.mark.parametrize("game_id", list(KITS))
def test_every_registered_kit_is_a_loadable_game(game_id):
    kit = kit_for(game_id)
    assert kit.game_id == game_id
    assert game_id in LOADERS  # its content can be loaded
    assert kit.files and len({f.name for f in kit.files}) == len(kit.files)


def test_a_game_without_a_kit_is_named_in_the_error():
    with pytest.raises(KeyError, match="no print kit for game 'chess'.*double-mission"):
        kit_for("chess")


def test_editing_one_games_drawing_code_rerenders_only_that_games_cards(game, tmp_path,
                                                                        monkeypatch):
    for name in ("game_a_cards", "game_b_cards"):
        (tmp_path / f"{name}.py").write_text("INK = 1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    base = kit_for("double-mission")
    kit_a = replace(base, modules=("game_a_cards",))
    kit_b = replace(base, modules=("game_b_cards",))
    ctx = Ctx(game, "en", fonts_for("en"))

    def keys(kit):
        return {s.name: s.key for s in card_sides(kit, ctx)}

    before_a, before_b = keys(kit_a), keys(kit_b)
    (tmp_path / "game_a_cards.py").write_text("INK = 2\n", encoding="utf-8")
    code_version.cache_clear()
    after_a, after_b = keys(kit_a), keys(kit_b)
    code_version.cache_clear()
    assert after_b == before_b
    assert after_a.keys() == before_a.keys()
    assert all(after_a[name] != before_a[name] for name in before_a)


def _build(*argv: str) -> None:
    args = cli.parser().parse_args(["build", *argv])
    args.run(args)


def test_building_a_game_without_a_kit_names_it(monkeypatch, capsys, tmp_path):
    for game_id in list(KITS):  # no game has a kit (not only the one named below)
        monkeypatch.delitem(KITS, game_id)
    with pytest.raises(Failed):
        _build("--game", "double-mission", "--out", str(tmp_path))
    assert "no print kit for game 'double-mission'" in capsys.readouterr().err
    with pytest.raises(Failed):
        _build("--out", str(tmp_path))  # no --game: every game with a kit, and there is none
    assert "no game with a print kit found" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())
