"""GET /kit/<game>.zip: a game's print-and-play kit, its QR codes pointing at this companion.

The kit is built in this process by cardgen (as `cardgen build` would) with the address the
other phones reach this companion at for this request (links.invite_base: the configured
public URL, else the address the request came in on, else the LAN address of
`companion serve --lan`), so a host who opened the companion at 127.0.0.1 still prints a kit
the table can scan. When only a loopback address is known, the kit prints a box to write the
address in instead, as `cardgen build` does with no address. One zip per (game, content
version, language, paper, address, code version) is kept in KIT_CACHE (instance/kits, or
$MISSION_KIT_KITS) and served at once when asked again; builds run one at a time (a lock),
and only the newest KEEP zips stay."""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import tempfile
import threading
import zipfile
from importlib.metadata import version
from pathlib import Path
from typing import Any, BinaryIO

from flask import Blueprint, current_app, request, send_file

from missionkit.content import available_games, default_root
from missionkit.content.loader import game_folder
from missionkit.content.version import content_version

from .errors import api_error
from .links import invite_base

bp = Blueprint("kits", __name__)

LANGS, PAPERS = ("en", "ko"), ("a4", "letter")
KEEP = 12  # zips kept on disk; older ones are deleted as new ones are built
_build_lock = threading.Lock()


def kit_games(root: Path) -> list[str]:
    """The games with a print kit and a content folder under `root`."""
    from cardgen.kit import kit_games as with_kit

    return with_kit(available_games(root))


@bp.app_template_global()
def print_kit_choices(game: str) -> list[tuple[str, str]]:
    """(lang, paper) of each kit the home page offers for `game`; none without a kit."""
    if game not in kit_games(_content_root()):
        return []
    return [(lang, paper) for lang in LANGS for paper in PAPERS]


def _content_root() -> Path:
    content = current_app.config.get("CONTENT")
    return Path(content) if content else default_root()


def _choice(name: str, allowed: tuple[str, ...]) -> str | None:
    value = request.args.get(name, allowed[0])
    return value if value in allowed else None


@bp.get("/kit/<game>.zip")
def kit(game: str) -> Any:
    """The zip of one kit: `<game>-<lang>-<paper>/` with its PDFs and manifest.json."""
    root = _content_root()
    games = kit_games(root)
    if game not in games:
        return api_error(404, f"no print kit for game {game!r} (known: {', '.join(games)})",
                         "game")
    lang, paper = _choice("lang", LANGS), _choice("paper", PAPERS)
    if lang is None:
        return api_error(422, f"lang must be one of {', '.join(LANGS)}", "lang")
    if paper is None:
        return api_error(422, f"paper must be one of {', '.join(PAPERS)}", "paper")
    base = invite_base()
    url = None if base.loopback else base.url  # no phone opens a loopback QR: a write-in box
    from cardgen.fonts import FontMissing

    try:
        stream = open_kit(Path(current_app.config["KIT_CACHE"]), root, game, lang, paper, url)
    except FontMissing as exc:  # e.g. no Korean font on this server
        return api_error(503, f"this server cannot print the kit in {lang}: {exc}", "lang")
    return send_file(stream, mimetype="application/zip", as_attachment=True,
                     download_name=f"{game}-{lang}-{paper}.zip", max_age=0)


def kit_key(game: str, version_: str, lang: str, paper: str, url: str | None) -> str:
    """The cache file's name: readable, and a hash of everything the kit is built from
    (the package version stands for the drawing code)."""
    parts = "\n".join((game, version_, lang, paper, url or "", version("mission-kit")))
    digest = hashlib.sha256(parts.encode()).hexdigest()[:16]
    return f"{game}-{lang}-{paper}-{version_}-{digest}.zip"


def open_kit(folder: Path, root: Path, game: str, lang: str, paper: str, url: str | None
             ) -> BinaryIO:
    """The kit's zip in `folder`, open for reading (so a later prune cannot take it away
    mid-answer), built first if it is not there: one build at a time, and a kit asked for
    while it was being built is not built again."""
    path = folder / kit_key(game, content_version(root / game_folder(game)), lang, paper, url)
    with contextlib.suppress(FileNotFoundError):
        stream = path.open("rb")
        with contextlib.suppress(OSError):
            os.utime(path)  # recently asked for: kept by _prune
        return stream
    with _build_lock:
        if not path.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            _build_zip(path, root, game, lang, paper, url)
            _prune(folder, KEEP, path)
        return path.open("rb")


def _build_zip(path: Path, root: Path, game: str, lang: str, paper: str, url: str | None
               ) -> None:
    """Build the kit into a scratch folder and zip it to `path` (written whole, then moved
    into place, so a reader never sees half a zip). Same input, same bytes."""
    from cardgen.build import BuildOptions, build

    with tempfile.TemporaryDirectory(dir=path.parent, prefix=".build-") as scratch:
        result = build(BuildOptions(game, lang, paper, Path(scratch), root, companion_url=url))
        names = [f["path"] for f in result.manifest["files"]] + ["manifest.json"]
        data = io.BytesIO()
        with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as zf:
            for name in names:
                info = zipfile.ZipInfo(f"{game}-{lang}-{paper}/{name}", (1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, (result.folder / name).read_bytes())
        part = Path(scratch) / path.name  # same file system: the move is atomic
        part.write_bytes(data.getvalue())
        part.replace(path)


def _prune(folder: Path, keep: int, new: Path) -> None:
    """Delete all but the `keep` zips in `folder` built or served last (never `new`)."""
    def age(p: Path) -> int:
        try:
            return p.stat().st_mtime_ns
        except OSError:  # deleted meanwhile (another worker process pruning)
            return 0

    for old in sorted(folder.glob("*.zip"), key=age, reverse=True)[keep:]:
        if old != new:
            old.unlink(missing_ok=True)
