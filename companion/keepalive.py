"""Keep a phone's connection open after a 204 (or any other response without a body).

waitress closes an HTTP/1.1 connection after every response that has no Content-Length,
and a 204 may not carry one (RFC 9110), so every "nothing changed" poll ended its
connection: a venue's 1,000 phones polling every 2 s opened 500 new connections a second.
A response that by its status has no body (1xx, 204, 304) ends at its headers, so nothing
needs the close; this task keeps the connection unless the client or the app asked to close.
"""

from __future__ import annotations

from typing import Any

from waitress.task import WSGITask

CLOSE = b"\r\nConnection: close"


class KeepAliveTask(WSGITask):
    """waitress's WSGI task, minus the close after a body-less HTTP/1.1 response."""

    def build_response_header(self) -> bytes:
        keep = (self.version == "1.1" and not self.has_body and not self.close_on_finish
                and self.request.headers.get("CONNECTION", "").lower() != "close"
                and not any(k.lower() == "connection" for k, _ in self.response_headers))
        head: bytes = super().build_response_header()
        if keep and self.close_on_finish and CLOSE in head:
            self.close_on_finish = False
            head = head.replace(CLOSE, b"", 1)
        return head


def install(server: Any) -> None:
    """Give `server`'s channels (a single waitress server, before `run()`) the task above."""
    base = server.channel_class
    server.channel_class = type(f"KeepAlive{base.__name__}", (base,),
                                {"task_class": KeepAliveTask})
