"""A venue's worth of phones: one `companion serve` keeps answering while 500 phones hold
idle keep-alive connections and 100 slow clients trickle half-sent requests."""

from __future__ import annotations

import socket
import statistics
import time

import pytest

from .conftest import Server

IDLE, SLOW = 500, 100
HEALTH = b"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def connect(port: int, phone: int) -> socket.socket:
    """Phone number `phone`'s connection, from an address of its own (127.0.x.y), as phones
    on a venue's Wi-Fi have: the server caps what one address may hold (peercap.py)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5,
                                 source_address=(f"127.0.{1 + phone // 250}.{1 + phone % 250}",
                                                 0))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def ask_health(s: socket.socket) -> None:
    s.sendall(HEALTH)
    data = b""
    while b'{"ok":true}' not in data:
        chunk = s.recv(4096)
        assert chunk, "the server closed the connection"
        data += chunk


def probe(port: int) -> float:
    """Seconds for a fresh client to connect and get the health answer (2 s at most)."""
    start = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
        s.settimeout(2)
        ask_health(s)
    return time.perf_counter() - start


@pytest.fixture
def server(tmp_path):
    served = Server(tmp_path / "venue.db").start()
    yield served
    served.kill()


def test_health_answers_with_500_idle_and_100_slow_connections(server):
    held: list[socket.socket] = []
    try:
        for phone in range(IDLE):  # phones that polled once and keep their connection open
            s = connect(server.port, phone)
            ask_health(s)
            held.append(s)
        slow = []
        for n in range(SLOW):  # slowloris: a request line, then a header now and then
            s = connect(server.port, IDLE + n)
            s.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            slow.append(s)
        held += slow
        times = []
        for round_ in range(10):
            for s in slow:
                s.sendall(b"X-Trickle: %d\r\n" % round_)
            try:
                times.append(probe(server.port))
            except OSError as exc:
                pytest.fail(f"health did not answer with {IDLE + SLOW} connections open: {exc}")
        assert statistics.median(times) < 0.1, f"health took {times}"
        for s in held[:IDLE:50]:  # the idle phones are still served on their connection
            ask_health(s)
    finally:
        for s in held:
            s.close()
