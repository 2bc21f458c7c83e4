"""waitress's event loop, at a cost that follows the busy connections, not the open ones.

waitress's own loop (`wasyncore.poll2`) builds a new `poll` set on every turn, asking every
open connection whether it wants to read or write: with a venue's 1,250 idle keep-alive
phones that is about a millisecond of Python, holding the interpreter lock, before each
request (measured: a health check 0.27 ms with no idle connections, 1.23 ms with 1,250).

Here one `epoll` set lives as long as the server. An idle connection (waiting for its next
request: readable, nothing to write, no request in flight) is registered once and not asked
again until it has an event; a connection with a request in flight, the listening sockets
(whose `readable` runs waitress's maintenance and its connection limit) and every
connection that was just added, removed or had an event are asked on every turn; and once
a `SWEEP` every connection is asked, so waitress's idle-timeout closes still happen (at
most a sweep late). Each turn then costs what the busy connections cost.

`install(server)` before `server.run()`; `TrackedMap` is the socket map that records which
file descriptors were added or removed, so the loop sees new connections without a scan.
"""

from __future__ import annotations

import contextlib
import os
import select
import time
from typing import Any

from waitress import wasyncore

READ = select.POLLIN | select.POLLPRI
WRITE = select.POLLOUT
SWEEP = 1.0  # seconds between asking every connection (waitress's timeouts need it)


class TrackedMap(dict):
    """waitress's socket map ({fd: dispatcher}), noting each fd added or removed."""

    def __init__(self) -> None:
        super().__init__()
        self.changed: set[int] = set()

    def __setitem__(self, fd: int, obj: Any) -> None:
        self.changed.add(fd)
        super().__setitem__(fd, obj)

    def __delitem__(self, fd: int) -> None:
        self.changed.add(fd)
        super().__delitem__(fd)

    def clear(self) -> None:
        self.changed.update(self)
        super().clear()

    def take_changed(self) -> set[int]:
        changed, self.changed = self.changed, set()
        return changed


class IncrementalPoller:
    """One epoll set kept in step with the map, re-asking only what may have changed."""

    def __init__(self, map: TrackedMap):
        self.map = map
        self.epoll = select.epoll()
        self.registered: dict[int, tuple[Any, int]] = {}  # fd -> (dispatcher, mask)
        self.watch: set[int] = set()  # fds asked on every turn (busy or listening)
        self.touched: set[int] = set(map)  # fds whose last turn had an event
        self.next_sweep = 0.0

    def turn(self, timeout: float) -> None:
        """Ask what may have changed, wait up to `timeout` seconds, dispatch the events."""
        now = time.monotonic()
        if now >= self.next_sweep:
            self.next_sweep = now + SWEEP
            ask = set(self.map) | set(self.registered) | self.map.take_changed()
        else:
            ask = self.watch | self.touched | self.map.take_changed()
        for fd in ask:
            self._update(fd)
        try:
            events = self.epoll.poll(timeout)
        except InterruptedError:
            events = []
        self.touched = set()
        for fd, flags in events:
            obj = self.map.get(fd)
            if obj is None:
                continue
            self.touched.add(fd)
            wasyncore.readwrite(obj, flags)

    def _update(self, fd: int) -> None:
        obj = self.map.get(fd)
        held = self.registered.get(fd)
        if held is not None and held[0] is not obj:  # closed, or its number reused
            self._forget(fd)
            held = None
        if obj is None:
            self.watch.discard(fd)
            return
        mask = (READ if obj.readable() else 0) | (
            WRITE if obj.writable() and not obj.accepting else 0)
        if mask == 0:  # as poll2: an fd that wants nothing is not polled at all
            if held is not None:
                self._forget(fd)
        elif held is None:
            try:
                self.epoll.register(fd, mask)
            except OSError:  # already closed: the next turn sees it leave the map
                return
            self.registered[fd] = (obj, mask)
        elif held[1] != mask:
            self.epoll.modify(fd, mask)
            self.registered[fd] = (obj, mask)
        idle = mask == READ and not obj.accepting and not getattr(obj, "requests", None)
        if idle:
            self.watch.discard(fd)
        else:
            self.watch.add(fd)

    def _forget(self, fd: int) -> None:
        del self.registered[fd]
        with contextlib.suppress(OSError, ValueError):  # closed: epoll dropped it already
            self.epoll.unregister(fd)


class _Loop:
    """What waitress's server calls as `self.asyncore`: its `loop`, on an epoll set."""

    dispatcher = wasyncore.dispatcher

    def loop(self, timeout: float = 30.0, use_poll: bool = False, map: Any = None,
             count: int | None = None) -> None:
        poller = IncrementalPoller(map)
        while map:
            poller.turn(timeout)


def install(server: Any) -> bool:
    """Run `server` (made by `waitress.create_server(..., map=TrackedMap())`) on the
    incremental loop. False, leaving waitress's loop, where epoll is missing (not Linux) or
    `MISSION_KIT_EVENT_LOOP=waitress` asks for it (a fallback, and bench/idle_load.py's
    baseline)."""
    socket_map = getattr(server, "_map", getattr(server, "map", None))
    if (not hasattr(select, "epoll") or not isinstance(socket_map, TrackedMap)
            or os.environ.get("MISSION_KIT_EVENT_LOOP") == "waitress"):
        return False
    server.asyncore = _Loop()
    return True
