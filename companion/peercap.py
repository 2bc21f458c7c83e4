"""At most N open connections per client address in the single-process server (waitress).

waitress counts connections for the whole server (`connection_limit`): one client holding
1,050 half-sent requests took every place, and no other phone got an answer. Here a client
address past its share is closed as soon as it is accepted, so the others keep theirs.

Phones at one table behind a home router each have their own address; a venue whose phones
all leave through one NAT address shares one share, so such a venue raises
`--per-address-limit` (or sets 0, no cap) and puts a reverse proxy in front (docs/deploy.md).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from waitress.channel import HTTPChannel


def client_ip(addr: Any) -> str:
    return addr[0] if isinstance(addr, tuple) else str(addr)


class CountedChannel(HTTPChannel):
    """A waitress channel that keeps its server's per-address count."""

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None):
        self._counted_ip = client_ip(addr)
        server.per_address[self._counted_ip] += 1
        super().__init__(server, sock, addr, adj, map)

    def del_channel(self, map: Any = None) -> None:
        ip, self._counted_ip = self._counted_ip, None
        if ip is not None:
            counts = self.server.per_address
            counts[ip] -= 1
            if counts[ip] <= 0:
                del counts[ip]
        super().del_channel(map)


def cap_per_address(server: Any, limit: int) -> None:
    """Give each client address of a waitress server at most `limit` open connections
    (0: no cap). Call before `server.run()`."""
    if limit <= 0:
        return
    servers = [server] if hasattr(server, "handle_accept") else [
        s for s in getattr(server, "map", {}).values() if hasattr(s, "accepting")]
    for one in servers:
        one.per_address = Counter()
        one.channel_class = CountedChannel
        one.handle_accept = lambda one=one: _accept(one, limit)


def _accept(server: Any, limit: int) -> None:
    """waitress's handle_accept, closing a connection whose address holds its share."""
    try:
        pair = server.accept()
        if pair is None:
            return
        conn, addr = pair
        if server.per_address[client_ip(addr)] >= limit:
            conn.close()
            return
        server.set_socket_options(conn)
    except OSError:  # the peer left before we got to it: as waitress, carry on
        return
    server.channel_class(server, conn, server.fix_addr(addr), server.adj, map=server._map)
