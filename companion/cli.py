"""The `companion` command line: serve the app, plus each game's own commands.

argparse, like cardgen's command line: quick to start, nothing to build per option."""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import socket
import sys
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import segno

from missionkit import siteconfig
from missionkit.commandline import Failed, add_command, run
from missionkit.registry import GAMES

from . import lan

if TYPE_CHECKING:  # cryptography loads only for --tls
    from . import tls


def fail(message: str, code: int) -> Failed:
    print(message, file=sys.stderr, flush=True)
    return Failed(code)


def serve(args: argparse.Namespace) -> None:
    """Run the companion with a production WSGI server (waitress, or gunicorn workers),
    after checking that its database takes writes. With --lan the phones at the table can
    join: it listens on every interface and invites them to this machine's LAN address.
    With --tls it speaks HTTPS (gunicorn, as waitress has no TLS) with a certificate from
    this project's own local CA (tls.py)."""
    from . import create_app

    try:
        public = siteconfig.public_url(args.public_url)
    except siteconfig.ConfigError as exc:
        raise fail(f"companion serve: {exc}", 2) from None
    host = args.host or ("0.0.0.0" if args.lan else "127.0.0.1")
    found = lan.addresses() if args.lan else []
    scheme = "https" if args.tls else "http"
    certs = _certificates(found, public, host) if args.tls else None
    config: dict[str, Any] = {"PUBLIC_URL": public.url if public else None,
                              "LAN_URL": found[0].url(scheme, args.port) if found else None}
    if certs:
        config["TLS_CA"] = str(certs[0].cert_path)  # the invite offers it (GET /ca.crt)
    if args.db:
        config["DATABASE"] = args.db
    flask_app = _checked_app(create_app, config)
    _check_port(host, args.port)
    _open_files(args.connection_limit + 64)
    if args.workers == 1 and not certs:
        from waitress import create_server

        from . import keepalive
        from .eventloop import TrackedMap, install
        from .heap import freeze_startup
        from .peercap import cap_per_address
        from .serverlog import quiet_queue_warnings

        freeze_startup()  # before the first request: see heap.py
        quiet_queue_warnings()
        # Every open connection (an idle phone's keep-alive, a slow client) holds one of
        # `connection_limit` places, not a thread: threads serve whole requests only.
        try:
            server = create_server(flask_app, map=TrackedMap(), host=host, port=args.port,
                                   threads=args.threads,
                                   connection_limit=args.connection_limit,
                                   channel_timeout=args.channel_timeout,
                                   # look for idle connections often enough that one
                                   # closes within twice --channel-timeout (waitress: 30 s)
                                   cleanup_interval=min(30, args.channel_timeout),
                                   asyncore_use_poll=True, backlog=2048, ident="mission-kit")
        except OSError as exc:
            raise _port_failure(host, args.port, exc) from None
        cap_per_address(server, args.per_address_limit)
        keepalive.install(server)  # a 204 does not end the phone's connection
        flask_app.extensions["games"].store.remember_versions()  # the only writer process
        if os.environ.get("MISSION_KIT_INLINE_POLLS") != "0":  # 0: the bench's baseline
            from . import inlinepoll

            inlinepoll.install(server, flask_app)  # 204s on the loop thread, not queued
        install(server)  # each loop turn costs the busy connections, not the idle ones
        _announce(flask_app.config["DATABASE"], scheme, host, args.port, found, public)
        server.run()
        return
    flask_app.extensions["games"].store.close()  # each worker opens its own after the fork
    if args.workers > 1 and flask_app.config["RATELIMIT_STORAGE_URI"] == "memory://":
        # one count for every worker, not one each (ratestore.py); beside a SQLite game file,
        # so two companions on one machine (two tables' databases) keep their own counts
        from .dbhealth import sqlite_path
        from .store import database_url

        games_file = sqlite_path(database_url(flask_app.config["DATABASE"]))
        shared = (games_file.with_name(games_file.name + ".ratelimits") if games_file
                  else Path(flask_app.instance_path) / "ratelimits.db")
        config["RATELIMIT_STORAGE_URI"] = f"mk-sqlite://{shared}"
    from .multiworker import run_gunicorn

    workers = f", {args.workers} workers" if args.workers > 1 else ""
    _announce(f"{flask_app.config['DATABASE']}{workers}", scheme, host, args.port, found,
              public, certs[0] if certs else None)
    run_gunicorn(lambda: create_app(config), bind=_bind(host, args.port),
                 workers=args.workers, threads=args.threads,
                 connections=args.connection_limit, timeout=args.channel_timeout,
                 tls=(str(certs[1].cert_path), str(certs[1].key_path)) if certs else None)


def _certificates(found: list[lan.Address], public: siteconfig.PublicUrl | None,
                  host: str) -> tuple[tls.Authority, tls.ServerCert]:
    """The local CA (made on the first --tls) and a server certificate naming every
    address the phones may use; a clear message, exit 1, when they cannot be kept."""
    from . import tls

    public_host = urlsplit(public.url).hostname if public else None
    try:
        ca = tls.authority()
        return ca, tls.server_certificate(ca, tls.server_names(
            [a.ip for a in found], public_host, host))
    except (OSError, ValueError) as exc:
        raise fail(f"companion serve: cannot keep the TLS certificates in "
                   f"{tls.tls_folder()}: {exc} (set {tls.ENV_FOLDER} to another folder)",
                   1) from None


def _bind(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _port_failure(host: str, port: int, exc: OSError) -> Failed:
    if exc.errno == errno.EADDRINUSE:
        free = _free_port(host, port)
        hint = f"try --port {free}" if free else "try another --port"
        return fail(f"companion serve: port {port} is already in use on {host} (another "
                    f"companion, or another program): stop it, or {hint}", 1)
    if exc.errno == errno.EACCES:
        return fail(f"companion serve: not allowed to listen on port {port}: ports below "
                    f"1024 need root; try --port 5000", 1)
    return fail(f"companion serve: cannot listen on {host}:{port}: {exc.strerror}", 1)


def _free_port(host: str, port: int) -> int | None:
    """The first of the next ten ports that can be had now, to suggest instead."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    for candidate in range(port + 1, min(port + 11, 65536)):
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((host, candidate))
            except OSError:
                continue
            return candidate
    return None


def _check_port(host: str, port: int) -> None:
    """Fail in one line, before anything is printed, when the port cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise _port_failure(host, port, exc) from None


def _announce(data: str, scheme: str, host: str, port: int, found: list[lan.Address],
              public: siteconfig.PublicUrl | None, ca: tls.Authority | None = None) -> None:
    """Say where the companion is, for this computer and for the phones at the table."""
    local = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    here = lan.Address(local, "").url(scheme, port)
    print(f"Mission Kit companion on {here} (data: {data})", flush=True)
    if ca:
        print(f"  HTTPS with this computer's own certificate authority: {ca.cert_path}\n"
              f"  CA SHA-256 fingerprint: {ca.fingerprint}\n"
              f"  Each phone installs it once (the invite links it as /ca.crt); compare the "
              f"fingerprint the phone shows with this one.", flush=True)
        if public and not public.url.startswith("https://"):
            print(f"  Note: the public URL {public.url} is http://; the companion now "
                  f"answers https:// only.", flush=True)
    if public:
        joins = [(public.url, public.source)]
    else:
        joins = [(a.url(scheme, port), a.interface) for a in found]
    for url, where in joins:
        print(f"  Join: {url}  ({where})", flush=True)
    if joins:
        print("Phones at the table: scan this, or open the Join address; the game's own "
              "invite (its QR code) uses it too.", flush=True)
        segno.make(joins[0][0], error="m").terminal(out=sys.stdout, compact=True)
        sys.stdout.flush()
    elif host in ("0.0.0.0", "::"):
        print("  No network address found: is this computer on the table's Wi-Fi? Phones "
              "cannot join until it is.", flush=True)
    elif siteconfig.is_loopback_host(host):
        print("  Only this computer can open it. For phones at the table, start it with "
              "`companion serve --lan`.", flush=True)

def backup(args: argparse.Namespace) -> None:
    """Print one game's full backup (JSON), for the operator of this server: unlike the
    edit link's export it holds the game's secret in the clear (the order of every hidden
    draw), so keep it as private as the database itself."""
    import orjson

    from . import create_app
    from .store import NotFound

    flask_app = create_app({"DATABASE": args.db} if args.db else None)
    try:
        body = flask_app.extensions["games"].export(args.game_id, backup=True)
    except NotFound:
        raise fail(f"companion backup: no game {args.game_id!r} in "
                   f"{flask_app.config['DATABASE']}", 2) from None
    sys.stdout.write(orjson.dumps(body, option=orjson.OPT_INDENT_2).decode() + "\n")


def _checked_app(create_app: Any, config: dict[str, Any] | None) -> Any:
    """The app, once its database has shown it takes writes; else a clear message, exit 1."""
    from sqlalchemy.exc import DBAPIError

    from .dbhealth import Damaged
    from .store import Unavailable

    where = (config or {}).get("DATABASE", "the default database")
    try:
        flask_app = create_app(config)
        store = flask_app.extensions["games"].store
        store.check_writable()
        if not store.check_integrity():
            print(f"companion serve: {where} is too large to check in 10 s at start; "
                  f"check it with: sqlite3 FILE 'PRAGMA integrity_check'", flush=True)
    except Damaged as exc:
        path = flask_app.config["DATABASE"]
        raise fail(f"companion serve: {path} is damaged ({exc}): some games would not "
                   f"open. Stop, keep a copy, then restore your last backup or try "
                   f"`sqlite3 {path} .recover | sqlite3 repaired.db`", 1) from None
    except Unavailable as exc:
        raise fail(f"companion serve: cannot serve from {where}: {exc.reason}", 1) from None
    except DBAPIError as exc:
        raise fail(f"companion serve: cannot open {where}: {exc.orig}", 1) from None
    return flask_app


def _open_files(needed: int) -> None:
    """Raise this process's open-file limit towards `needed` (each connection is a file)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        top = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, top), hard))


def _at_least_one(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="companion",
                                   description="The Mission Kit scoring companion.")
    root.add_argument("--version", action="version",
                      version=f"%(prog)s {version('mission-kit')}")
    commands = root.add_subparsers(title="commands", metavar="COMMAND")

    sub = add_command(commands, serve)
    sub.add_argument("--host", help="address to listen on (default 127.0.0.1; with --lan, "
                     "0.0.0.0: every interface)")
    sub.add_argument("--lan", action="store_true", help="table mode: listen on every interface "
                     "and invite the phones to this machine's LAN address (printed, with a QR)")
    sub.add_argument("--public-url", metavar="URL", help="the address phones use to reach this "
                     "companion, for every invite and QR (default: MISSION_KIT_PUBLIC_URL, then "
                     "public_url in mission-kit.toml or ~/.config/mission-kit/config.toml)")
    sub.add_argument("--tls", action="store_true", help="serve HTTPS with a certificate from "
                     "this computer's own CA (made on first use, kept in "
                     "~/.local/share/mission-kit/tls or $MISSION_KIT_TLS_DIR); phones install "
                     "the CA once from the invite")
    sub.add_argument("--port", type=int, default=5000, help="port to listen on")
    sub.add_argument("--db", help="SQLite file, or a database URL such as "
                     "postgresql+psycopg://user:pw@host/db (default: instance/companion.db)")
    sub.add_argument("--workers", type=_at_least_one, default=1, help="worker processes (more "
                     "than 1 runs gunicorn; use PostgreSQL for real scale-out)")
    sub.add_argument("--threads", type=_at_least_one, default=24,
                     help="threads per worker (they mostly wait on the database)")
    sub.add_argument("--connection-limit", type=_at_least_one, default=1000,
                     help="open connections per worker, idle keep-alive ones included "
                     "(default 1000: about 250 tables of four phones)")
    sub.add_argument("--per-address-limit", type=int, default=100, metavar="N",
                     help="open connections one client address may hold (default 100: one "
                     "client cannot take every place; 0: no cap, e.g. behind a proxy or a "
                     "venue's single NAT address; the single-process server only)")
    sub.add_argument("--channel-timeout", type=_at_least_one, default=60,
                     help="seconds a connection may sit idle or send nothing before it is "
                     "closed (default 60)")

    sub = add_command(commands, backup)
    sub.add_argument("game_id", help="the game's id (the API's `id`, in its export's name)")
    sub.add_argument("--db", help="SQLite file or database URL, as for serve")

    from . import tally_cli

    tally_cli.register(commands)  # every game's export (or snapshot) as its final tally
    for package in GAMES.values():  # a game may add its own commands (companion/<game>/cli.py)
        try:
            module = importlib.import_module(f"companion.{package}.cli")
        except ModuleNotFoundError as exc:
            if exc.name not in (f"companion.{package}", f"companion.{package}.cli"):
                raise
            continue
        module.register(commands)
    return root


def main(argv: list[str] | None = None) -> None:
    """Entry point for the console script."""
    raise SystemExit(run(parser(), argv))
