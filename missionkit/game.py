"""What every game shares: the refusal a rules engine raises."""

from __future__ import annotations


class IllegalEvent(ValueError):
    """An event the rules refuse; nothing changes. `field` names the offending input."""

    def __init__(self, message: str, field: str = "event"):
        self.message, self.field = message, field
        super().__init__(message)
