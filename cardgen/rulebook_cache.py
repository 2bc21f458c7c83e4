"""The laid-out rulebook kept between builds: its PDF and where its sections start, keyed by
everything that decides them (the content folder's files, the book's and the game's code,
language, paper, page, ink, fonts), in the content cache's folder (MISSION_KIT_CACHE=off
turns it off). A kit build and the player aids, which print the book's page numbers, both
read it, so a warm build lays the book out not at all."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

from missionkit.content.cache import cache_dir
from missionkit.registry import GAMES

from .cardset import code_version

Entry = tuple[bytes, dict]  # the PDF, its layout (pages, starts, quick)


def key(game_id: str, folder: Path, parts: list[str]) -> str:
    """A hash of the content folder's files, the drawing code and `parts` (lang, paper...)."""
    digest = hashlib.sha256("|".join(parts).encode())
    for path in sorted(folder.glob("*.yaml")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    modules = ("cardgen.rulebook", "cardgen.rulebook_api", "cardgen.booklet",
               "cardgen.sheet_words", "cardgen.ink", "cardgen.miniature",
               f"cardgen.{GAMES[game_id]}")
    digest.update(code_version(modules).encode())
    return digest.hexdigest()[:32]


def cached(name: str, make: Callable[[], Entry]) -> Entry:
    """The entry `name` from the cache, else `make()`'s, stored for the next build."""
    root = cache_dir()
    if root is None:
        return make()
    folder = root / "rulebook"
    pdf, meta = folder / f"{name}.pdf", folder / f"{name}.json"
    try:
        return pdf.read_bytes(), json.loads(meta.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        pass
    data, layout = make()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for path, payload in ((pdf, data), (meta, json.dumps(layout).encode())):
            tmp = path.with_suffix(f".{os.getpid()}.tmp")  # written whole, then moved in
            tmp.write_bytes(payload)
            tmp.replace(path)
    except OSError:
        pass  # a read-only cache: the book is simply laid out again next time
    return data, layout
