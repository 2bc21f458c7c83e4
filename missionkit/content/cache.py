"""A cache of validated content, so that a command on unchanged content skips YAML,
pydantic and validation (together, about a third of a `cardgen build`).

An entry is a pickle of the loaded content (plain dataclasses), keyed by everything that
decides it: the bytes of every YAML file of the game, the size and time of each source file
of the code that parses and checks them, the Python version and pydantic's installed
files. Only content that passed every check is stored, so a cache hit can never hide a
problem. Anything wrong with an entry (unreadable, from other code) means a normal load.

The cache lives in $MISSION_KIT_CACHE, else $XDG_CACHE_HOME/mission-kit, else
~/.cache/mission-kit; MISSION_KIT_CACHE=off turns it off."""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parents[1]  # missionkit/


def cache_dir() -> Path | None:
    """Where entries are kept, or None when caching is off."""
    chosen = os.environ.get("MISSION_KIT_CACHE")
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:  # no home directory (some service accounts): no cache
            return None
    return Path(base) / "mission-kit"


def _key(game: str, folder: Path, code_modules: list[str]) -> str:
    digest = hashlib.sha256(f"{game}|{sys.version}".encode())
    validator = find_spec("pydantic")  # located, not imported: a hit never loads pydantic
    if validator is not None and validator.origin:
        stat = (Path(validator.origin).parent / "version.py").stat()
        digest.update(f"pydantic|{stat.st_size}|{stat.st_mtime_ns}\0".encode())
    for path in sorted(folder.glob("*.yaml")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for module in code_modules:
        for path in sorted((PACKAGE.parent / module.replace(".", "/")).glob("*.py")):
            stat = path.stat()
            digest.update(f"{path.name}|{stat.st_size}|{stat.st_mtime_ns}\0".encode())
    return digest.hexdigest()[:32]


def cached(game: str, folder: Path, code_modules: list[str], load: Callable[[], Any]) -> Any:
    """`load()`'s result, from the cache when the content and code are unchanged."""
    root = cache_dir()
    if root is None:
        return load()
    entry = root / f"{game}-{_key(game, folder, code_modules)}.pickle"
    try:
        with entry.open("rb") as f:
            return pickle.load(f)
    except Exception:  # missing, truncated or from other code: load normally
        pass
    loaded = load()  # raises ContentError on bad content: nothing is stored
    try:
        root.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=root, prefix=f".{game}-")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(loaded, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, entry)  # readers see a whole entry or none
    except OSError:
        pass  # a read-only home still builds, just without the cache
    return loaded
