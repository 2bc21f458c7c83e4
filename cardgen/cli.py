"""The `cardgen` command line: thin wrappers that call plain functions."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from missionkit.content import ContentError, available_games, default_root, load_all

app = typer.Typer(
    help="Build the Mission Kit print-and-play PDFs from the YAML content.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def say(message: str) -> None:
    typer.echo(message)


def warn(message: str) -> None:
    """An error line on stderr, 'error' in red when stderr is a terminal."""
    typer.echo(f"{typer.style('error', fg='red')} {message}", err=True)

COMPONENT_NAMES = {
    "city": "cities", "plan_card": "plan cards", "mission_card": "mission cards",
    "character_card": "character cards", "title": "titles",
    "investigation_token": "investigation tokens", "million_token": "Million tokens",
    "treasure_sticker": "treasure stickers", "value_token": "value tokens",
}

ContentOption = Annotated[
    Path | None,
    typer.Option("--content", help="Content root: a folder with one folder per game, like "
                 "content/.", file_okay=False),
]


def report_content_error(exc: ContentError) -> None:
    """Print every content problem, one per line, and a count."""
    for problem in exc.problems:
        warn(str(problem))
    n = len(exc.problems)
    typer.echo(f"{n} problem{'s' if n != 1 else ''} found; nothing was built.", err=True)


@app.command()
def check(content: ContentOption = None) -> None:
    """Validate the content files and report every problem with its file and line."""
    try:
        games = load_all(content)
    except ContentError as exc:
        report_content_error(exc)
        raise typer.Exit(1) from None
    for game_id, game in games.items():
        counts = ", ".join(
            f"{n} {COMPONENT_NAMES.get(k, k)}" for k, n in game.component_counts().items()
        )
        say(f"{game_id}: content OK ({counts})")


class _LazyProgress:
    """A progress bar that appears only once a build has run for a second (and on a TTY)."""

    def __init__(self, total: int, quiet: bool):
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


@app.command()
def build(
    game: Annotated[list[str] | None, typer.Option(help="Game id, e.g. double-mission. "
                                                   "Default: every game with content.")] = None,
    lang: Annotated[list[str], typer.Option(help="Language: en or ko (repeatable).")] = ["en"],  # noqa: B006
    paper: Annotated[list[str], typer.Option(help="Paper: a4 or letter (repeatable).")] = ["a4"],  # noqa: B006
    out_dir: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("output"),
    content: ContentOption = None,
    duplex: Annotated[str, typer.Option(help="Printer duplex: long or short edge.")] = "long",
    offset_x: Annotated[float, typer.Option(help="Shift card backs right by this many mm.")] = 0.0,
    offset_y: Annotated[float, typer.Option(help="Shift card backs up by this many mm.")] = 0.0,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing on success.")] = False,
) -> None:
    """Build the print-and-play PDFs and manifest.json into OUT/<game>/<lang>-<paper>/."""
    from .build import BuildOptions
    from .build import build as run_build
    from .fonts import FontMissing
    from .text import TextOverflow

    bad = ([f"--lang {x}" for x in lang if x not in ("en", "ko")]
           + [f"--paper {x}" for x in paper if x not in ("a4", "letter")]
           + ([f"--duplex {duplex}"] if duplex not in ("long", "short") else []))
    if bad:
        warn(f"unknown option value: {', '.join(bad)} (languages: en, ko; papers: a4, letter; "
             "duplex: long, short)")
        raise typer.Exit(2)
    try:
        games = game or available_games(content or default_root())
        jobs = [BuildOptions(g, lg, p, out_dir, content, duplex, (offset_x, offset_y))  # type: ignore[arg-type]
                for g in games for lg in lang for p in paper]
        progress = _LazyProgress(total=9 * len(jobs), quiet=quiet)
        try:
            results = [run_build(job, progress) for job in jobs]
        finally:
            progress.close()
    except ContentError as exc:
        report_content_error(exc)
        raise typer.Exit(1) from None
    except (FontMissing, TextOverflow) as exc:
        warn(str(exc))
        raise typer.Exit(1) from None
    if not quiet:
        for result in results:
            m = result.manifest
            pages = sum(f["pages"] for f in m["files"])
            say(f"{result.folder}: {len(m['files'])} PDFs, {pages} pages")


@app.command()
def calibrate(
    paper: Annotated[str, typer.Option(help="Paper: a4 or letter.")] = "a4",
    duplex: Annotated[str, typer.Option(help="Printer duplex: long or short edge.")] = "long",
    out_dir: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("output"),
) -> None:
    """Write a duplex alignment test page; it tells the --offset-x/--offset-y to use."""
    from .calibrate import write_calibration

    if paper not in ("a4", "letter") or duplex not in ("long", "short"):
        warn("--paper is a4 or letter; --duplex is long or short")
        raise typer.Exit(2)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = write_calibration(out_dir / f"calibrate-{paper}-{duplex}.pdf", paper, duplex)  # type: ignore[arg-type]
    say(f"{path}: print it duplex, then read the offsets off the back page")


def _options(game: str, lang: str, paper: str, out_dir: Path, content: Path | None) -> Any:
    from .build import BuildOptions

    if lang not in ("en", "ko") or paper not in ("a4", "letter"):
        warn("--lang is en or ko; --paper is a4 or letter")
        raise typer.Exit(2)
    return BuildOptions(game, lang, paper, out_dir, content)  # type: ignore[arg-type]


def _print_report(report: Any) -> None:
    for error in report.errors:
        warn(error)
    stamp = time.strftime("%H:%M:%S")
    say(f"[{stamp}] {report.summary()}"
        + (f": {', '.join(report.rendered[:6])}" if report.rendered and len(report.rendered) < 7
           else ""))


GameOption = Annotated[str, typer.Option(help="Game id.")]
LangOption = Annotated[str, typer.Option(help="Language: en or ko.")]
PaperOption = Annotated[str, typer.Option(help="Paper: a4 or letter.")]
OutOption = Annotated[Path, typer.Option("--out", help="Output folder.")]


@app.command()
def watch(game: GameOption = "double-mission", lang: LangOption = "en",
          paper: PaperOption = "a4", out_dir: OutOption = Path("output"),
          content: ContentOption = None) -> None:
    """Rebuild on every change under content/, re-rendering only the cards that changed."""
    from .watch import watch as run_watch

    opts = _options(game, lang, paper, out_dir, content)
    say(f"Watching {content or 'content/'}; Ctrl+C to stop.")
    try:
        run_watch(opts, _print_report)
    except KeyboardInterrupt:
        say("Stopped.")


@app.command()
def preview(game: GameOption = "double-mission", lang: LangOption = "en",
            paper: PaperOption = "a4", out_dir: OutOption = Path("output"),
            content: ContentOption = None,
            port: Annotated[int, typer.Option(help="Port of the gallery.")] = 8765) -> None:
    """Watch and serve a live gallery of every card, the board and the tokens."""
    import threading

    from waitress import serve

    from .preview import create_preview_app
    from .watch import Rebuilder
    from .watch import watch as run_watch

    opts = _options(game, lang, paper, out_dir, content)
    probe = Rebuilder(opts)
    threading.Thread(target=run_watch, args=(opts, _print_report), daemon=True).start()
    say(f"Preview on http://127.0.0.1:{port}/ ; Ctrl+C to stop.")
    serve(create_preview_app(probe.gallery, probe.cache.root), host="127.0.0.1", port=port,
          threads=4)


@app.command()
def export(
    kind: Annotated[str, typer.Argument(help="png (one image per card side) or tts "
                                              "(Tabletop Simulator decks).")],
    game: GameOption = "double-mission", lang: LangOption = "en",
    out_dir: OutOption = Path("output"), content: ContentOption = None,
) -> None:
    """Export card images: 300 dpi PNGs with bleed, or Tabletop Simulator deck sheets."""
    from .card_images import CardCache
    from .export import export_png, export_tts
    from .fonts import FontMissing, fonts_for
    from .render.common import Ctx
    from .text import TextOverflow

    if kind not in ("png", "tts"):
        warn(f"unknown export '{kind}' (png or tts)")
        raise typer.Exit(2)
    _options(game, lang, "a4", out_dir, content)  # checks --lang
    try:
        loaded = load_all(content)[game]
        ctx = Ctx(loaded, lang, fonts_for(lang))
        cache = CardCache(out_dir / ".cache" / game / lang)
        target = out_dir / game / f"{lang}-{kind}"
        files = (export_png if kind == "png" else export_tts)(ctx, cache, target)
    except ContentError as exc:
        report_content_error(exc)
        raise typer.Exit(1) from None
    except (FontMissing, TextOverflow, KeyError) as exc:
        warn(str(exc))
        raise typer.Exit(1) from None
    say(f"{target}: {len(files)} files")


@app.callback()
def _root() -> None:
    """Build the Mission Kit print-and-play PDFs from the YAML content."""


def main() -> None:
    """Entry point for the console script."""
    app()
