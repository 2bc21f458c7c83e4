"""The content version: same files, same version; any edit, a new one."""

from __future__ import annotations

import hashlib

from missionkit.content.version import content_version
from tests.conftest import CONTENT


def test_version_is_8_hex_digits_of_sha256_over_the_sorted_files(tmp_path):
    (tmp_path / "b.yaml").write_bytes(b"two")
    (tmp_path / "a.yaml").write_bytes(b"one")
    assert content_version(tmp_path) == hashlib.sha256(b"onetwo").hexdigest()[:8]


def test_an_edit_changes_the_version(content_copy):
    folder = content_copy / "double_mission"
    before = content_version(folder)
    assert before == content_version(CONTENT / "double_mission")
    board = folder / "board.yaml"
    board.write_text(board.read_text() + "\n# house rule\n")
    assert content_version(folder) != before
