"""The `cardgen` command line: thin wrappers that call plain functions.

Built on the standard library's argparse: it starts in about 2 ms, where typer (which builds
a pydantic adapter for every option) took some 60 ms, a third of a whole kit build. Each
command imports what it needs only when it runs.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from importlib.metadata import version
from pathlib import Path
from typing import Any

from missionkit import siteconfig
from missionkit.commandline import Failed, add_command, run
from missionkit.content import ContentError, available_games, default_root, load_all, load_game
from missionkit.registry import GAMES

LANGS, PAPERS, DUPLEX, EXPORTS = ("en", "ko"), ("a4", "letter"), ("long", "short"), ("png", "tts")


def say(message: str) -> None:
    print(message, flush=True)


def warn(message: str) -> None:
    """An error line on stderr, 'error' in red when stderr is a terminal."""
    label = "\033[31merror\033[0m" if sys.stderr.isatty() else "error"
    print(f"{label} {message}", file=sys.stderr, flush=True)


def caution(message: str) -> None:
    """A warning line on stderr, 'warning' in yellow when stderr is a terminal."""
    label = "\033[33mwarning\033[0m" if sys.stderr.isatty() else "warning"
    print(f"{label} {message}", file=sys.stderr, flush=True)


NO_COMPANION = ("no companion address known, so the kit prints a box to write it in instead "
                "of a QR code. To print the QR, build with --companion-url "
                "http://<this computer's LAN address>:5000/ (`companion serve --lan` prints "
                "it), or set MISSION_KIT_PUBLIC_URL or public_url in mission-kit.toml")


def companion_url(option: str | None) -> str | None:
    """The companion's base URL for the kit's QR codes: --companion-url, else the setting
    `companion serve` reads too (missionkit.siteconfig), else None. Says so when there is
    none, and loudly when the address is this computer's own loopback, which no phone at the
    table can open; a bad address fails in one line."""
    try:
        if option:
            url, source = siteconfig.normalise(option, "--companion-url"), "--companion-url"
        else:
            found = siteconfig.public_url()
            url, source = (found.url, found.source) if found else (None, "")
    except siteconfig.ConfigError as exc:
        warn(str(exc))
        raise Failed(2) from None
    if url is None:
        caution(NO_COMPANION)
    elif siteconfig.is_loopback_url(url):
        caution(f"the companion address {url} (from {source}) is a loopback address: only "
                "this computer can open it, not the phones at the table. Build with "
                "--companion-url http://<this computer's LAN address>:5000/ (`companion "
                "serve --lan` prints it)")
    return url


def report_content_error(exc: ContentError) -> None:
    """Print every content problem, one per line, and a count."""
    for problem in exc.problems:
        warn(str(problem))
    n = len(exc.problems)
    print(f"{n} problem{'s' if n != 1 else ''} found; nothing was built.", file=sys.stderr)


def check(args: argparse.Namespace) -> None:
    """Validate the content files and report every problem with its file and line; draw
    every card and kit file in every language, so a text that does not fit is found here
    as `build` would find it."""
    from .kit import kit_games

    try:
        games = load_all(args.content)
        _rulebooks_or_fail(games, args.content)
        _fits_or_fail(kit_games(list(games)), args.content)
    except ContentError as exc:
        report_content_error(exc)
        raise Failed(1) from None
    from .kit import KITS, kit_for

    for game_id, game in games.items():
        names = kit_for(game_id).component_names if game_id in KITS else {}
        counts = ", ".join(f"{n} {names.get(k, k)}" for k, n in game.component_counts().items())
        say(f"{game_id}: content OK ({counts})")


def _rulebooks_or_fail(games: dict[str, Any], content: Path | None) -> None:
    """ContentError for each rulebook.yaml that does not read (an empty file, an unknown
    placeholder, figure or reference) and each player-aid section pointing to a rulebook
    section that does not exist: what `build` would stop on, found by `check`."""
    from missionkit.content import Problem, default_root
    from missionkit.content.loader import game_folder

    from .kit import KITS
    from .rulebook import FILE, has_rulebook, load_book

    problems: list[Problem] = []
    for game_id, model in games.items():
        folder = (content or default_root()) / game_folder(game_id)
        if game_id not in KITS or not has_rulebook(game_id, folder):
            continue
        try:
            book = load_book(folder, game_id, model)
        except ContentError as exc:
            problems += exc.problems
            continue
        known = {section.id for section in book.book.sections}
        guide = getattr(model.guide, "sections", model.guide)
        for section in guide if isinstance(guide, (list, tuple)) else ():
            target = getattr(section, "rulebook", None)
            if target and target not in known:
                problems.append(Problem(folder / "guide.yaml", None, f"{section.id}.rulebook",
                                        f"no section '{target}' in {FILE}"))
    if problems:
        raise ContentError(problems)


def _fits_or_fail(games: list[str], content: Path | None,
                  langs: tuple[str, ...] = LANGS) -> None:
    """ContentError locating every text of `games` that does not fit (see fitcheck)."""
    from .fitcheck import fit_problems

    problems = fit_problems(games, content, langs)
    if problems:
        raise ContentError(problems)


class _LazyProgress:
    """A progress bar that appears only once a build has run for a second (and on a TTY)."""

    def __init__(self, total: int | None, quiet: bool):
        self.total, self.quiet, self.done = total, quiet, 0
        self.start = time.monotonic()
        self.bar = None

    def __call__(self, label: str) -> None:
        self.done += 1
        if self.quiet or not sys.stderr.isatty():
            return
        if self.bar is None and time.monotonic() - self.start > 1.0:
            from rich.console import Console
            from rich.progress import Progress

            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("building", total=self.total)
        if self.bar is not None:
            self.bar.update(self.task, completed=self.done, description=label)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


INKS = ("home", "full")
INK_ALIASES = {"saver": "home", "normal": "full"}  # the names before the home look


def _inks(given: list[str] | None) -> list[str]:
    """The looks to build, aliases read as today's names, each once, in the order given."""
    return list(dict.fromkeys(INK_ALIASES.get(i, i) for i in given or ["home"]))


def build(args: argparse.Namespace) -> None:
    """Build the print-and-play PDFs and manifest.json into OUT/<game>/<lang>-<paper>/."""
    from .build import BuildOptions, build_all, plan
    from .fonts import FontMissing
    from .kit import NoKit
    from .pdf_check import SmallText
    from .rulebook import RulebookOverflow
    from .text import TextOverflow

    url = companion_url(args.companion_url)
    try:
        _fits_or_fail(_games(args), args.content, tuple(args.lang or ["en"]))
        jobs = [BuildOptions(g, lang, paper, args.out, args.content, args.duplex,
                             (args.offset_x, args.offset_y), url, ink, args.booklet)
                for g in _games(args) for lang in args.lang or ["en"]
                for paper in args.paper or ["a4"] for ink in _inks(args.ink)]
        progress = _LazyProgress(total=None, quiet=args.quiet)
        try:
            results = build_all([plan(job) for job in jobs], progress)
        finally:
            progress.close()
    except ContentError as exc:
        report_content_error(exc)
        raise Failed(1) from None
    except SmallText as exc:
        for problem in exc.problems:
            warn(problem)
        print("text under the print floor; the kit is not finished (no manifest written).",
              file=sys.stderr)
        raise Failed(1) from None
    except (FontMissing, TextOverflow, RulebookOverflow, NoKit) as exc:
        warn(str(exc))
        raise Failed(1) from None
    if not args.quiet:
        for result in results:
            m = result.manifest
            pages = sum(f["pages"] for f in m["files"])
            say(f"{result.folder}: {len(m['files'])} PDFs, {pages} pages")


def calibrate(args: argparse.Namespace) -> None:
    """Write a duplex alignment test page; it tells the --offset-x/--offset-y to use."""
    from .calibrate import write_calibration

    args.out.mkdir(parents=True, exist_ok=True)
    path = write_calibration(args.out / f"calibrate-{args.paper}-{args.duplex}.pdf",
                             args.paper, args.duplex)
    say(f"{path}: print it duplex, then read the offsets off the back page")


def _games(args: argparse.Namespace) -> list[str]:
    """The games asked for with --game, else every game with a kit and a content folder."""
    from .kit import kit_games

    if args.game:
        return args.game
    games = kit_games(available_games(args.content or default_root()))
    if not games:
        raise ContentError(_no_game_problems(args.content))
    return games


def _no_game_problems(content: Path | None) -> list[Any]:
    """Why no game was found under the content root (load_all says it best)."""
    try:
        load_all(content)
    except ContentError as exc:
        return exc.problems
    from missionkit.content import Problem

    return [Problem(content or default_root(), None, "", "no game with a print kit found")]


def _options(args: argparse.Namespace) -> list[Any]:
    """Build options for watch and preview: every --game (default: every game with a kit
    and a content folder, see _games) x --lang (default: en and ko) x --paper (default a4);
    the companion address from the shared setting, as for build without --companion-url."""
    from .build import BuildOptions

    url = companion_url(None)
    return [BuildOptions(game, lang, paper, args.out, args.content, companion_url=url)
            for game in _games(args) for lang in args.lang or LANGS
            for paper in args.paper or ["a4"]]


def _print_report(report: Any) -> None:
    for error in report.errors:
        warn(error)
    stamp = time.strftime("%H:%M:%S")
    say(f"[{stamp}] {report.summary()}"
        + (f": {', '.join(report.rendered[:6])}" if report.rendered and len(report.rendered) < 7
           else ""))


def watch(args: argparse.Namespace) -> None:
    """Rebuild on every change under content/, re-rendering only the cards that changed."""
    from .watch import watch as run_watch

    gc.enable()
    opts = _with_content_errors(_options, args)
    builds = sorted({f"{o.game} ({o.lang})" for o in opts})
    say(f"Watching {', '.join(builds)} in {args.content or 'content/'}; Ctrl+C to stop.")
    try:
        run_watch(opts, _print_report)
    except KeyboardInterrupt:
        say("Stopped.")


def preview(args: argparse.Namespace) -> None:
    """Watch and serve a live gallery of every card, the board and the tokens, with an edit
    form per card that writes its YAML file."""
    import threading

    from waitress import serve

    from missionkit.content import default_root

    from .editor import Editor
    from .preview import View, create_preview_app
    from .watch import PREVIEW_DPI, rebuilders
    from .watch import watch as run_watch

    gc.enable()
    opts = _with_content_errors(_options, args)
    views = [View(b.opts.game, b.opts.lang, b.gallery, b.cache.root) for b in rebuilders(opts)]
    editor = Editor(args.content or default_root(), PREVIEW_DPI)
    threading.Thread(target=run_watch, args=(opts, _print_report), daemon=True).start()
    say(f"Preview on http://127.0.0.1:{args.port}/ ; Ctrl+C to stop.\n"
        "It listens on this machine only (127.0.0.1) and takes edits from its own page "
        "only (a token); saving a card writes its YAML file.")
    serve(create_preview_app(views, editor=editor), host="127.0.0.1", port=args.port,
          threads=4)


def export(args: argparse.Namespace) -> None:
    """Export card images: 300 dpi PNGs with bleed, or Tabletop Simulator deck sheets."""
    from .card_images import CardCache
    from .export import export_png, export_tts
    from .fonts import FontMissing, fonts_for
    from .kit import kit_for
    from .render.common import Ctx
    from .text import TextOverflow

    try:
        for game in _games(args):
            loaded = load_game(game, args.content)
            kit = kit_for(game)
            ctx = Ctx(loaded, args.lang, fonts_for(args.lang))
            cache = CardCache(args.out / ".cache" / game / args.lang)
            target = args.out / game / f"{args.lang}-{args.kind}"
            if args.kind == "png":
                files = export_png(kit, ctx, cache, target)
            else:
                files = export_tts(kit, ctx, cache, target, getattr(args, "base_url", ""))
            say(f"{target}: {len(files)} files")
    except ContentError as exc:
        report_content_error(exc)
        raise Failed(1) from None
    except (FontMissing, TextOverflow, KeyError) as exc:
        warn(str(exc))
        raise Failed(1) from None


def _with_content_errors(func: Any, args: argparse.Namespace) -> Any:
    """func(args), with a content problem reported as for build rather than a traceback."""
    from .kit import NoKit, kit_for

    try:
        options = func(args)
        for one in options if isinstance(options, list) else [options]:
            kit_for(one.game)
        return options
    except ContentError as exc:
        report_content_error(exc)
        raise Failed(1) from None
    except NoKit as exc:
        warn(str(exc))
        raise Failed(1) from None


def _content(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--content", type=Path, metavar="DIR",
                        help="content root: a folder with one folder per game, like content/")


def _out(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=Path("output"), metavar="DIR",
                        help="output folder (default: output)")


def _many(parser: argparse.ArgumentParser) -> None:
    """--game, --lang and --paper, each repeatable, for watch and preview."""
    parser.add_argument("--game", action="append", metavar="GAME",
                        help=f"game id, one of {', '.join(GAMES)} (repeatable; default: every "
                        "game with a content folder)")
    parser.add_argument("--lang", action="append", choices=LANGS,
                        help="language (repeatable; default: en and ko)")
    parser.add_argument("--paper", action="append", choices=PAPERS,
                        help="paper size (repeatable; default: a4)")
    _out(parser)
    _content(parser)


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="cardgen", description="Build the Mission Kit print-and-play PDFs from the YAML "
        "content.")
    root.add_argument("--version", action="version",
                      version=f"%(prog)s {version('mission-kit')}")
    commands = root.add_subparsers(title="commands", metavar="COMMAND")

    _content(add_command(commands, check))

    sub = add_command(commands, build)
    sub.add_argument("--game", action="append", metavar="GAME",
                     help=f"game id, one of {', '.join(GAMES)} (repeatable; default: every "
                     "game)")
    sub.add_argument("--lang", action="append", choices=LANGS,
                     help="language (repeatable; default: en)")
    sub.add_argument("--paper", action="append", choices=PAPERS,
                     help="paper size (repeatable; default: a4)")
    _out(sub)
    _content(sub)
    sub.add_argument("--duplex", choices=DUPLEX, default="long",
                     help="the edge your printer flips on (default: long)")
    sub.add_argument("--offset-x", type=float, default=0.0, metavar="MM",
                     help="shift card backs right by this many mm")
    sub.add_argument("--offset-y", type=float, default=0.0, metavar="MM",
                     help="shift card backs up by this many mm")
    sub.add_argument("--ink", action="append", choices=[*INKS, *INK_ALIASES],
                     help="home (default): light grounds, colour as frames and bands, for a "
                          "home inkjet; full: the rich dark look for a print shop, into "
                          "<lang>-<paper>-ink-full/ (repeatable; 'saver' and 'normal', their "
                          "names before, still work)")
    sub.add_argument("--companion-url", metavar="URL",
                     help="the companion's address as the phones at the table reach it, "
                          "printed as a QR code on the print guide and player aids (default: "
                          "MISSION_KIT_PUBLIC_URL, then public_url in mission-kit.toml or "
                          "~/.config/mission-kit/config.toml; none: a box to write it in)")
    sub.add_argument("--booklet", action="store_true",
                     help="the rulebook as an A5 booklet: two pages a side on landscape "
                          "sheets, printed double-sided, folded and stapled")
    sub.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")

    sub = add_command(commands, calibrate)
    sub.add_argument("--paper", choices=PAPERS, default="a4", help="paper size")
    sub.add_argument("--duplex", choices=DUPLEX, default="long", help="printer duplex edge")
    _out(sub)

    _many(add_command(commands, watch))
    sub = add_command(commands, preview)
    _many(sub)
    sub.add_argument("--port", type=int, default=8765, help="port of the gallery")

    sub = add_command(commands, export)
    sub.add_argument("kind", choices=EXPORTS,
                     help="png (one image per card side) or tts (Tabletop Simulator decks)")
    sub.add_argument("--game", action="append", metavar="GAME",
                     help="game id (repeatable; default: every game with a content folder)")
    sub.add_argument("--lang", choices=LANGS, default="en", help="language")
    sub.add_argument("--base-url", default="", metavar="URL",
                     help="tts: where the images will be hosted, e.g. https://example.org/kit/ "
                          "(default: names relative to the deck's JSON)")
    _out(sub)
    _content(sub)
    return root


def main() -> None:
    """Entry point for the console script.

    A command that finished leaves at once: every file is written and closed, and tearing
    down the interpreter (freeing each module and object one by one) would add a tenth to
    a whole build. The garbage collector is off for the same reason: a build is short, and
    reference counting frees what it drops; the long-running commands turn it back on."""
    gc.disable()
    code = run(parser())
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
