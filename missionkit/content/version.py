"""A game's content version: a short hash of its content files, printed on the kit and shown
by the companion, so a table can see that its printed cards and its app agree."""

from __future__ import annotations

import hashlib
from pathlib import Path


def content_version(folder: Path) -> str:
    """First 8 hex digits of SHA-256 over the bytes of every file under `folder` (one game's
    content folder), the files taken in sorted order of their paths relative to `folder`."""
    digest = hashlib.sha256()
    files = sorted((p for p in Path(folder).rglob("*") if p.is_file()),
                   key=lambda p: p.relative_to(folder).as_posix())
    for path in files:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:8]
