"""`companion serve` on its incremental event loop (companion/eventloop.py): a venue's idle
phones are registered once, and the server still answers every one of them, notices new
and closed connections, and closes idle ones after `--channel-timeout`."""

from __future__ import annotations

import os
import resource
import signal
import socket
import subprocess
import sys
import time

import pytest

from tests.companion.conftest import free_port

REQUEST = b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n"


@pytest.fixture
def serve(tmp_path):
    started = []

    def start(*extra: str) -> int:
        port = free_port()
        env = {k: v for k, v in os.environ.items() if k != "MISSION_KIT_EVENT_LOOP"}
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--port", str(port), "--db",
             str(tmp_path / "loop.db"), "--per-address-limit", "0",
             "--connection-limit", "1500", *extra], env=env, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        started.append(proc)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(REQUEST)
                    if s.recv(100).startswith(b"HTTP/1.1 200"):
                        return port
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("companion serve did not start")

    yield start
    for proc in started:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def _answer(s: socket.socket) -> bytes:
    s.settimeout(5)
    got = b""
    while b"\r\n\r\n" not in got or not got.rstrip().endswith(b"}"):
        chunk = s.recv(4096)
        if not chunk:
            break
        got += chunk
    return got


def _keep_alive(port: int, n: int) -> list[socket.socket]:
    socks = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(REQUEST)
        socks.append(s)
    for s in socks:
        assert _answer(s).startswith(b"HTTP/1.1 200")
    return socks


def _files(n: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(max(soft, n), hard), hard))


def test_every_idle_phone_is_answered_again(serve):
    """1,000 keep-alive connections each made a request and went quiet; a new client is
    answered, then every one of the 1,000 asks again on its open connection and is
    answered (an idle connection registered once still reads its next request)."""
    _files(4096)
    port = serve()
    socks = _keep_alive(port, 1000)
    try:
        with socket.create_connection(("127.0.0.1", port)) as fresh:
            fresh.sendall(REQUEST)
            assert _answer(fresh).startswith(b"HTTP/1.1 200")
        time.sleep(1.5)  # past a full sweep: the quiet ones are no longer asked each turn
        for s in socks:
            s.sendall(REQUEST)
        assert all(_answer(s).startswith(b"HTTP/1.1 200") for s in socks)
    finally:
        for s in socks:
            s.close()


def test_connections_that_come_and_go_are_all_served(serve):
    """Short connections one after another reuse the same file numbers: each is seen as a
    new connection and answered."""
    port = serve()
    for _ in range(300):
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(REQUEST)
            assert _answer(s).startswith(b"HTTP/1.1 200")


def test_idle_connections_are_still_closed_after_the_channel_timeout(serve):
    """waitress's maintenance closes a connection idle longer than --channel-timeout; on
    the incremental loop a quiet connection is not asked each turn, and must still go."""
    port = serve("--channel-timeout", "2")
    (s,) = _keep_alive(port, 1)
    s.settimeout(8)
    began = time.monotonic()
    assert s.recv(1) == b""  # the server closed it
    assert time.monotonic() - began < 6
    s.close()

