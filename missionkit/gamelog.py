"""The table's log: an append-only list of lines that copies in constant time.

Every event copies the state before changing it (so a refused event leaves no trace); a
plain list would copy every line written so far each time. Here a copy shares all earlier
lines: the log is a chain from the newest line back to the first."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any


class GameLog:
    __slots__ = ("_head", "_len")

    def __init__(self, lines: Iterable[str] = ()):
        self._head: tuple[str, Any] | None = None
        self._len = 0
        for line in lines:
            self.append(line)

    def append(self, line: str) -> None:
        self._head = (line, self._head)
        self._len += 1

    def copy(self) -> GameLog:
        new = GameLog.__new__(GameLog)
        new._head, new._len = self._head, self._len
        return new

    def tail(self, n: int) -> list[str]:
        """The last `n` lines, oldest first (walks only those)."""
        out, node = [], self._head
        for _ in range(min(n, self._len)):  # the chain holds exactly _len lines
            line, node = node
            out.append(line)
        out.reverse()
        return out

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
            return self._head[0]
        return list(self)[key]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GameLog | list):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"GameLog({list(self)!r})"
