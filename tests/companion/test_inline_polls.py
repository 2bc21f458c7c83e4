"""An unchanged poll is answered on the event loop's thread (companion/inlinepoll.py): a
phone hears its 204 at once even while every worker thread is busy, with the same bytes as
a queued answer, in order behind pipelined requests, and still counted by the rate limit."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from waitress import create_server

from companion import create_app, eventloop, inlinepoll, keepalive
from tests.companion.conftest import TWO


def _served(tmp_path: Any, limit: str = "1000 per minute", inline: bool = True
            ) -> Iterator[dict[str, Any]]:
    app = create_app({"DATABASE": str(tmp_path / "inline.db"), "RATELIMIT_TOKEN": limit})
    hold = threading.Event()

    def held() -> str:  # keeps the one worker thread busy until the test lets go
        hold.wait(10)
        return "released"

    app.add_url_rule("/test-hold", "test_hold", held)
    made = app.test_client().post("/api/v1/games", json={"players": TWO}).json
    server = create_server(app, map=eventloop.TrackedMap(), host="127.0.0.1", port=0,
                           threads=1, asyncore_use_poll=True, ident="mission-kit")
    keepalive.install(server)
    if inline:
        inlinepoll.install(server, app)
    eventloop.install(server)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield {"port": server.effective_port, "token": made["edit_token"], "app": app,
               "hold": hold, "game": made}
    finally:
        hold.set()
        server.close()


@pytest.fixture
def served(tmp_path):
    yield from _served(tmp_path)


def _poll(token: str, v: int = 0) -> bytes:
    return (f"GET /t/{token}/live?v={v} HTTP/1.1\r\nHost: x\r\nHX-Request: true\r\n\r\n"
            ).encode()


def _responses(s: socket.socket, n: int, timeout: float = 5.0) -> list[bytes]:
    """`n` whole responses (headers, and a body when Content-Length says so)."""
    s.settimeout(timeout)
    buf, out = b"", []
    while len(out) < n:
        while b"\r\n\r\n" not in buf:
            chunk = s.recv(65536)
            if not chunk:
                return out
            buf += chunk
        head, _, rest = buf.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        while len(rest) < length:
            rest += s.recv(65536)
        out.append(head + b"\r\n\r\n" + rest[:length])
        buf = rest[length:]
    return out


def _headers(response: bytes) -> dict[str, str]:
    lines = response.split(b"\r\n\r\n")[0].decode().split("\r\n")[1:]
    return {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}


def test_an_unchanged_poll_is_answered_while_every_worker_is_busy(served):
    port = served["port"]
    busy = socket.create_connection(("127.0.0.1", port))
    busy.sendall(b"GET /test-hold HTTP/1.1\r\nHost: x\r\n\r\n")
    time.sleep(0.3)  # the one worker thread now waits in /test-hold
    with socket.create_connection(("127.0.0.1", port)) as phone:
        started = time.monotonic()
        phone.sendall(_poll(served["token"]))
        answer = _responses(phone, 1, timeout=3)
        took = time.monotonic() - started
        assert answer and answer[0].startswith(b"HTTP/1.1 204"), answer
        assert took < 1.0
        # a request that needs Flask waits for the worker, as before
        phone.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
        with pytest.raises(TimeoutError):
            _responses(phone, 1, timeout=0.5)
        served["hold"].set()
        assert _responses(phone, 1)[0].startswith(b"HTTP/1.1 200")
    assert _responses(busy, 1)[0].endswith(b"released")
    busy.close()


def test_the_inline_answer_carries_the_queued_answers_headers(served):
    expected = served["app"].test_client().get(f"/t/{served['token']}/live?v=0",
                                               headers={"HX-Request": "true"})
    assert expected.status_code == 204
    with socket.create_connection(("127.0.0.1", served["port"])) as phone:
        phone.sendall(_poll(served["token"]))
        got = _headers(_responses(phone, 1)[0])
    for name, value in expected.headers.items():
        assert got.get(name.lower()) == value, name
    assert got["server"] == "mission-kit"


def test_pipelined_requests_are_answered_in_order(served):
    token = served["token"]
    with socket.create_connection(("127.0.0.1", served["port"])) as phone:
        phone.sendall(_poll(token) + b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n"
                      + _poll(token) + _poll(token, 7))
        answers = _responses(phone, 4)
    assert [a.split(b"\r\n")[0] for a in answers] == [
        b"HTTP/1.1 204 NO CONTENT", b"HTTP/1.1 200 OK", b"HTTP/1.1 204 NO CONTENT",
        b"HTTP/1.1 200 OK"]  # v=7 is not the game's version: the view sends the table
    assert answers[1].endswith(b'{"ok":true}') and b"data-version" in answers[3]


def test_a_changed_game_is_sent_in_full(served):
    app, game = served["app"], served["game"]
    app.test_client().post(f"/api/v1/games/{game['id']}/events",
                           headers={"Authorization": f"Bearer {game['edit_token']}"},
                           json={"version": 0, "event": {"type": "take_millions", "player": 0}})
    with socket.create_connection(("127.0.0.1", served["port"])) as phone:
        phone.sendall(_poll(game["edit_token"], 0) + _poll(game["edit_token"], 1))
        changed, unchanged = _responses(phone, 2)
    assert changed.startswith(b"HTTP/1.1 200") and b'data-version="1"' in changed
    assert unchanged.startswith(b"HTTP/1.1 204")


def test_inline_polls_count_against_the_rate_limit(tmp_path):
    for served in _served(tmp_path, "3 per minute"):
        with socket.create_connection(("127.0.0.1", served["port"])) as phone:
            phone.sendall(_poll(served["token"]) * 4)
            codes = [a.split(b" ")[1] for a in _responses(phone, 4)]
        assert codes == [b"204", b"204", b"204", b"429"]


@pytest.mark.parametrize("inline", [True, False])
def test_a_204_keeps_the_phones_connection_open(tmp_path, inline):
    for served in _served(tmp_path, inline=inline):
        with socket.create_connection(("127.0.0.1", served["port"])) as phone:
            for _ in range(3):  # one connection, polled as a phone polls, answer by answer
                phone.sendall(_poll(served["token"]))
                answer = _responses(phone, 1)
                assert answer and answer[0].startswith(b"HTTP/1.1 204"), answer
                assert b"Connection: close" not in answer[0]
            phone.sendall(_poll(served["token"]).replace(b"\r\n\r\n",
                                                         b"\r\nConnection: close\r\n\r\n"))
            assert b"Connection: close" in _responses(phone, 1)[0]  # asked for: honoured
            assert phone.recv(10) == b""  # and closed
