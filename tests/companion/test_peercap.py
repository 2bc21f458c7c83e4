"""One client address cannot lock a venue out (issue 24, finding 7): 1,050 half-sent
requests from 127.0.0.2 took every one of waitress's places, and none of 10 health probes
from another client answered within 5 s."""

from __future__ import annotations

import resource
import socket
import time
import urllib.request

import pytest

from tests.companion.conftest import Server


@pytest.fixture
def live(tmp_path):
    srv = Server(tmp_path / "cap.db").start()
    yield srv
    srv.kill()


def _half_sent(port: int, n: int) -> list[socket.socket]:
    held = []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.2", 0))
        s.settimeout(2)
        try:
            s.connect(("127.0.0.1", port))
            s.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        except OSError:
            s.close()
            continue
        held.append(s)
    return held


def test_half_sent_requests_from_one_address_leave_others_served(live):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(max(soft, 4096), hard), hard))
    held = _half_sent(live.port, 1050)
    try:
        time.sleep(0.5)  # the server has accepted (or refused) them all
        slowest = 0.0
        for _ in range(10):
            start = time.perf_counter()
            with urllib.request.urlopen(live.url + "/api/v1/health", timeout=5) as r:
                assert r.status == 200
            slowest = max(slowest, time.perf_counter() - start)
        assert slowest < 0.1, f"a health probe took {slowest * 1000:.0f} ms"
        closed = 0
        for s in held:
            s.settimeout(0.01)
            try:
                closed += s.recv(1) == b""
            except ConnectionResetError:  # closed with the request unread: a reset
                closed += 1
            except (TimeoutError, OSError):
                pass
        assert closed >= 1050 - 100  # past its share, the address's connections are closed
    finally:
        for s in held:
            s.close()
