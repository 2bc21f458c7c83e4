"""`companion tally FILE`: the final tally of any game's export ("Download this game
(JSON)"), or of a game's older end-game snapshot, in the terminal's language.

The result is the one the page shows (`CompanionGame.result`); labels come from the same
Babel catalogue, through a small Flask app that only translates."""

from __future__ import annotations

import argparse
import json
import os
import unicodedata
from pathlib import Path
from typing import Any

from missionkit.commandline import add_command

from .results import Played, Result, as_json, csv_text

FORMATS = ("text", "json", "csv")


def terminal_language(environ: Any = os.environ) -> str:
    """'ko' when the terminal's locale is Korean (LANGUAGE, LC_ALL, LC_MESSAGES, LANG: the
    first one set), else 'en'."""
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(key, "")
        if value:
            return "ko" if value.lower().startswith("ko") else "en"
    return "en"


def tally(args: argparse.Namespace) -> None:
    """Print the final tally of a game's export (any game) or of an end-game snapshot: as
    text in the terminal's language, or --format json / csv (exit 2 naming the bad field)."""
    from flask import Flask

    from missionkit.content import ContentError
    from missionkit.game import IllegalEvent

    from . import i18n
    from .cli import fail
    from .plugin import load_plugins

    file: Path = args.file
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise fail(f"{file}: cannot read: {exc.strerror}", 2) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise fail(f"{file}: not valid JSON: {exc}", 2) from None
    try:
        plugins = load_plugins(args.content)
    except ContentError as exc:
        raise fail(str(exc), 1) from None
    app = Flask("companion")
    i18n.init_app(app)
    lang = args.lang or terminal_language()
    with app.test_request_context(headers={"Cookie": f"{i18n.COOKIE}={lang}"}):
        try:
            plugin, result, play_id, played = _read(plugins, data, _opener(app))
        except IllegalEvent as exc:
            raise fail(f"{exc.field}: {exc.message}", 2) from None
        print(_render(args.format, plugin, result, play_id, played), end="")


def _opener(app: Any) -> Any:
    """Opens an edit export's sealed secret (its hidden draws: Double Mission's bag) with
    this computer's companion key: MISSION_KIT_SECRET_KEY, else the instance folder's
    secret_key, as `companion serve` reads it. Never makes a key."""
    from missionkit.game import IllegalEvent

    from .sealing import FIELD, Sealer

    def opened(setup: Any) -> Any:
        if not isinstance(setup, dict) or FIELD not in setup:
            return setup
        kept = Path(app.instance_path) / "secret_key"
        key = os.environ.get("MISSION_KIT_SECRET_KEY") or (
            kept.read_text(encoding="utf-8").strip() if kept.is_file() else "")
        if not key:
            raise IllegalEvent("this export's hidden draws are sealed for the companion that "
                               "made it: run companion tally on that computer, or on that "
                               "server's full backup (companion backup GAME_ID)",
                               f"setup.{FIELD}")
        setup = dict(setup)
        setup["seed"] = Sealer(lambda: key).open(setup.pop(FIELD))
        return setup

    return opened


def _read(plugins: dict[str, Any], data: Any, secret: Any = None
          ) -> tuple[Any, Result, str | None, Played]:
    """The game's part, its result, the play's id and times, from an export or a snapshot."""
    from flask_babel import gettext as _

    from missionkit.game import IllegalEvent
    from missionkit.registry import DEFAULT_GAME

    from .games import read_export
    from .plugin import EXPORT_FORMAT

    if not isinstance(data, dict):
        raise IllegalEvent("expected a JSON object: a game's export or an end-game snapshot",
                           "body")
    game = data.get("game", DEFAULT_GAME)
    plugin = plugins.get(game) if isinstance(game, str) else None
    if plugin is None:
        raise IllegalEvent(f"unknown game {game!r} (known: {', '.join(plugins)})", "game")
    if data.get("format") != EXPORT_FORMAT:
        return plugin, plugin.snapshot_result(data), None, Played()
    found = read_export(plugins, plugin, data, secret=secret, new_names=False)
    result = found.plugin.result(found.state)
    if result is None:
        raise IllegalEvent(_("this game has no result yet: play it to its end (and enter "
                             "the final scoring) first"), "events")
    return plugin, result, data.get("id"), Played.from_times(found.created, found.times)


def _render(fmt: str, plugin: Any, result: Result, play_id: str | None,
            played: Played) -> str:
    from flask_babel import gettext as _

    from .i18n import localised

    if fmt == "json":
        body = as_json(result, name=plugin.name.en, play_id=play_id, played=played)
        return json.dumps(body, indent=2, ensure_ascii=False) + "\n"
    if fmt == "csv":
        return csv_text(result, _("Rank"), _("Player")).lstrip("\ufeff")
    lines = [localised(plugin.name)]
    if played.date():
        when = played.date()[:16]
        minutes = played.minutes()
        lines[0] += f" · {when}" + (" · " + _("%(n)s min", n=minutes) if minutes else "")
    lines.append(_("Winner: %(names)s", names=", ".join(result.winners))
                 if len(result.winners) == 1
                 else _("Winners: %(names)s", names=", ".join(result.winners)))
    lines += [f"{label}: {value}" for label, value in result.facts]
    for p in result.ranked():
        lines += ["", f"{p.rank}. {p.name}  {p.score} {result.score_label}"]
        width = max([_width(r.label) for r in p.rows] + [_width(_("Total"))])
        lines += [f"   {_pad(r.label, width)}  {r.points:>5}" for r in p.rows]
        lines.append(f"   {_pad(_('Total'), width)}  {p.score:>5}")
        lines += [f"   {c.label}: {p.values.get(c.key)}" for c in result.columns
                  if not (c.scoring or c.csv_only) and p.values.get(c.key) not in (None, "")]
    return "\n".join(lines) + "\n"


def _width(text: str) -> int:
    """Columns `text` takes in a terminal (Korean syllables take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def register(commands: Any) -> None:
    """Add `companion tally` to the command line."""
    sub = add_command(commands, tally)
    sub.add_argument("file", type=Path, help="a game's export (Download this game (JSON)), "
                     "or an end-game snapshot (POST /api/v1/tally's body)")
    sub.add_argument("--format", choices=FORMATS, default="text",
                     help="text (default, in the terminal's language), json or csv")
    sub.add_argument("--lang", choices=("en", "ko"), help="the language (default: the "
                     "terminal's, from LANGUAGE / LC_ALL / LC_MESSAGES / LANG)")
    sub.add_argument("--content", type=Path, metavar="DIR", help="content root")
