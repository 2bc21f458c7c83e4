"""The unchanged poll answered on the event loop's own thread, not queued for a worker.

A venue's 1,000 phones poll `/t/<token>/live?v=<version>` 500 times a second and nearly every
answer is 204 (quickpoll.py). Sent through waitress's task queue, each such answer waited for
a free worker thread and for the interpreter lock behind whatever those threads were doing
(rendering a changed table, committing an event): under a burst the queue, not the work,
set the latency (the venue bench's poll p99 was 2.6 s for 0.13 ms of work).

Here, when a complete request reaches a connection and it is a poll whose game is still at
the phone's version, the loop thread runs it itself, through the whole WSGI stack (so the
rate limit, the security headers and the bytes are exactly those of a queued answer).
Anything else (another path, a changed game, a pipelined request behind one that is in
flight, a connection with a backlog of unsent output) goes to the worker threads as before.
If the game changes between the check and the answer, Flask renders it on the loop thread
that once: still correct, only slower.
"""

from __future__ import annotations

from typing import Any

from .quickpoll import LIVE, seen_version, still_at

BACKLOG = 64 * 1024  # unsent bytes past which a connection is served by a worker (a client
# that pipelines polls without reading must never make the loop thread wait on it)


class InlinePolls:
    """waitress channel behaviour: run an unchanged poll where it was read."""

    app: Any = None  # the Flask app, set by `install`
    _reading = False
    _inline = False

    def handle_read(self) -> None:
        self._reading = True
        try:
            super().handle_read()  # type: ignore[misc]
        finally:
            self._reading = False
        while self._inline:  # received() asked for it; its lock is released by now
            self._inline = False
            self.service()  # type: ignore[attr-defined]

    def quick(self) -> bool:
        """Whether the first queued request is an unchanged poll this thread may answer."""
        if not self._reading or self.total_outbufs_len > BACKLOG:  # type: ignore[attr-defined]
            return False
        request = self.requests[0]  # type: ignore[attr-defined]
        if request.error or request.command != "GET":
            return False
        found = LIVE.fullmatch(request.path or "")
        seen = seen_version(request.query or "")
        return found is not None and seen is not None and still_at(self.app, found.group(1),
                                                                   seen)


def install(server: Any, app: Any) -> None:
    """Give `server` (a single waitress server, before `run()`) channels that answer unchanged
    polls on the loop thread; call after anything else that sets its channel class."""
    base = server.channel_class
    server.channel_class = type(f"Inline{base.__name__}", (InlinePolls, base), {"app": app})
    queue = server.add_task

    def add_task(channel: Any) -> None:
        if isinstance(channel, InlinePolls) and channel.quick():
            channel._inline = True  # served by handle_read once received() returns
            return
        queue(channel)

    server.add_task = add_task
