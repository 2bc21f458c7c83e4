"""The table's log: an append-only list of lines that copies in constant time.

Every event copies the state before changing it (so a refused event leaves no trace); a
plain list would copy every line written so far each time. Here a copy shares all earlier
lines: the log is a chain of links from the newest back to the first, each link holding up
to CHUNK lines in a tuple. An append makes a new newest link (copying at most CHUNK - 1
references), so nothing shared is ever changed.

Why links of many lines rather than one line each: a server keeps the logs of every game in
play, and each link is a container Python's garbage collector walks on every full pass
while it holds the GIL. One link per line made a venue's worth of logs tens of thousands of
objects to walk (passes of 10 ms and more under load, growing with the games); CHUNK lines
per link divides that by CHUNK. The tuples of lines hold only strings, so the collector
stops tracking them after its first look."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

CHUNK = 64  # lines per link


class GameLog:
    __slots__ = ("_head", "_len")

    def __init__(self, lines: Iterable[str] = ()):
        # (the newest lines, oldest first; the link before) or None for an empty log
        self._head: tuple[tuple[str, ...], Any] | None = None
        self._len = 0
        for line in lines:
            self.append(line)

    def append(self, line: str) -> None:
        head = self._head
        if head is not None and len(head[0]) < CHUNK:
            self._head = (head[0] + (line,), head[1])
        else:
            self._head = ((line,), head)
        self._len += 1

    def copy(self) -> GameLog:
        new = GameLog.__new__(GameLog)
        new._head, new._len = self._head, self._len
        return new

    def tail(self, n: int) -> list[str]:
        """The last `n` lines, oldest first (walks only the links that hold them)."""
        n = min(n, self._len)
        chunks, got, node = [], 0, self._head
        while got < n:  # the chain holds exactly _len lines
            lines, node = node
            chunks.append(lines)
            got += len(lines)
        out = [line for lines in reversed(chunks) for line in lines]
        return out[len(out) - n:]

    def __iter__(self) -> Iterator[str]:
        return iter(self.tail(self._len))

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, key: int | slice) -> Any:
        if isinstance(key, slice):
            if key.stop is None and key.step is None and key.start is not None and key.start < 0:
                return self.tail(-key.start)  # log[-n:], the common case
            return list(self)[key]
        if key == -1 and self._head is not None:
            return self._head[0][-1]
        return list(self)[key]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GameLog | list):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"GameLog({list(self)!r})"
