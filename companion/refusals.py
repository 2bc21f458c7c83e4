"""Why the store refused a change: a stale version, or no such game."""

from __future__ import annotations


class Conflict(Exception):
    """The client's version is stale; `current` is the version now stored."""

    def __init__(self, current: int):
        self.current = current
        super().__init__(f"stale version; the game is at version {current}")


class NotFound(Exception):
    """No game answers to this id or token."""
