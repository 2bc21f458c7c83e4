"""A real table on one machine: the companion's computer and a phone as two network
namespaces joined by a veth pair, so what crosses the "Wi-Fi" is really another host's.

Addresses are only ever inside the namespaces this module makes (the documentation range
198.51.100.0/24), and both namespaces are removed when the test ends. Needs root and
iproute2's `ip`; skips with a reason otherwise (a failure under MISSION_KIT_STRICT=1).

A program runs on a host with `Table.popen(host, argv)`; a browser on a host with
`in_browser(table, host, "module:function", args)`, which runs tests/netns_browser.py there
(Playwright drives Debian's Chromium inside that namespace) and returns the function's JSON.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, require

SERVER_IP, PHONE_IP = "198.51.100.1", "198.51.100.2"


@dataclass(frozen=True)
class Table:
    """Two namespaces: `server` (the companion's computer) and `phone`."""

    server: str
    phone: str
    server_ip: str = SERVER_IP
    phone_ip: str = PHONE_IP

    def argv(self, host: str, argv: list[str]) -> list[str]:
        return ["ip", "netns", "exec", host, *argv]

    def run(self, host: str, argv: list[str], **kwargs: Any) -> subprocess.CompletedProcess:
        return subprocess.run(self.argv(host, argv), check=False, capture_output=True,
                              text=True, **kwargs)

    def popen(self, host: str, argv: list[str], **kwargs: Any) -> subprocess.Popen:
        return subprocess.Popen(self.argv(host, argv), **kwargs)


def _ip(*args: str) -> None:
    done = subprocess.run(["ip", *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")


def _settle(net: Table, timeout: float = 10) -> None:
    """Wait until the wire's IPv6 link-local addresses have passed duplicate address
    detection (about 2 s): one turning up mid-test makes Chromium abort the page it is
    loading with net::ERR_NETWORK_CHANGED."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        shown = [subprocess.run(["ip", "-n", host, "addr", "show", "tentative"],
                                capture_output=True, text=True, check=False).stdout
                 for host in (net.server, net.phone)]
        if not any(shown):
            return
        time.sleep(0.1)


def can_make_namespaces() -> tuple[bool, str]:
    if shutil.which("ip") is None:
        return False, "iproute2's `ip` is missing (apt-get install iproute2)"
    if os.geteuid() != 0:
        return False, "network namespaces need root (ip netns add)"
    return True, ""


@pytest.fixture
def table() -> Iterator[Table]:
    """A fresh two-host network, removed afterwards."""
    ok, why = can_make_namespaces()
    require(ok, why)
    tag = secrets.token_hex(3)
    net = Table(server=f"mk-srv-{tag}", phone=f"mk-phone-{tag}")
    made: list[str] = []
    try:
        for name in (net.server, net.phone):
            _ip("netns", "add", name)
            made.append(name)
        wire_s, wire_p = f"mks{tag}", f"mkp{tag}"  # interface names: 15 characters at most
        _ip("link", "add", wire_s, "type", "veth", "peer", "name", wire_p)
        _ip("link", "set", wire_s, "netns", net.server)
        _ip("link", "set", wire_p, "netns", net.phone)
        for host, wire, address in ((net.server, wire_s, SERVER_IP),
                                    (net.phone, wire_p, PHONE_IP)):
            _ip("-n", host, "addr", "add", f"{address}/24", "dev", wire)
            _ip("-n", host, "link", "set", wire, "up")
            _ip("-n", host, "link", "set", "lo", "up")
        _settle(net)
        yield net
    finally:
        for name in made:
            subprocess.run(["ip", "netns", "del", name], capture_output=True, check=False)


def chromium_ok() -> None:
    require(os.path.exists("/usr/bin/chromium"),
            "Debian's chromium is not installed (apt-get install chromium)")
    try:
        import playwright  # noqa: F401
    except ImportError:
        require(False, "playwright is not installed (pip install -e '.[test]')")


def in_browser(net: Table, host: str, steps: str, *args: Any, env: dict[str, str] | None = None,
               timeout: float = 90) -> Any:
    """Run `steps` ("module:function", called as function(browser, *args)) in Chromium on
    `host`; its JSON return value, or AssertionError with what the browser side printed."""
    argv = [sys.executable, "-m", "tests.netns_browser", steps, json.dumps(list(args))]
    done = net.run(host, argv, cwd=ROOT, timeout=timeout,
                   env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        raise AssertionError(f"browser on {host} failed ({done.returncode}):\n"
                             f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return json.loads(lines[-1])


def wait_for_line(log: Path, marker: str, proc: subprocess.Popen, timeout: float = 30) -> str:
    """The first line of `log` holding `marker`, once the process has printed it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace") if log.exists() else ""
        for line in text.splitlines():
            if marker in line:
                return line
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    text = log.read_text(errors="replace") if log.exists() else ""
    raise AssertionError(f"no line with {marker!r}; the output:\n{text[-3000:]}")


def zbar(png: Path) -> list[str]:
    """Every QR code zbarimg reads in `png`."""
    require(shutil.which("zbarimg") is not None, "zbarimg is missing (apt-get install zbar-tools)")
    done = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable",
                           str(png)], capture_output=True, text=True, check=False)
    return [line for line in done.stdout.splitlines() if line]


@dataclass
class Served:
    """`companion serve` running on the table's server host, and the join URL it printed."""

    proc: subprocess.Popen
    join_url: str
    log: Path
    port: int

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def serve(net: Table, folder: Path, *options: str, port: int = 5000,
          env: dict[str, str] | None = None) -> Served:
    """Start `companion serve --port PORT --db … OPTIONS` on the server host, as a user
    would, and wait for the "Join:" line it prints."""
    log = folder / "serve.log"
    with log.open("w") as out:
        proc = net.popen(net.server, [sys.executable, "-m", "companion", "serve", "--port",
                                      str(port), "--db", str(folder / "table.db"), *options],
                         cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                         env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})
    try:
        line = wait_for_line(log, "Join:", proc)
    except AssertionError:
        proc.kill()
        raise
    return Served(proc, line.split("Join:", 1)[1].split()[0], log, port)
