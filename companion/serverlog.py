"""waitress's log, kept readable under load.

waitress warns "Task queue depth is N" for every request that waits for a thread: a 30 s
load run wrote 9,528 such lines. One line a minute says the same, with how many were held
back."""

from __future__ import annotations

import logging
import time

QUEUE_LOGGER = "waitress.queue"


class OncePerInterval(logging.Filter):
    """Pass the first record, then at most one every `interval` seconds, telling how many
    were dropped in between."""

    def __init__(self, interval: float = 60.0):
        super().__init__()
        self.interval, self.last, self.dropped = interval, float("-inf"), 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        if now - self.last < self.interval:
            self.dropped += 1
            return False
        if self.dropped:
            record.msg = f"{record.getMessage()} ({self.dropped} more such warnings in the " \
                         f"last {self.interval:.0f} s not shown)"
            record.args = ()
        self.last, self.dropped = now, 0
        return True


def quiet_queue_warnings(interval: float = 60.0) -> None:
    """Install the filter on waitress's queue logger (once)."""
    logger = logging.getLogger(QUEUE_LOGGER)
    if not any(isinstance(f, OncePerInterval) for f in logger.filters):
        logger.addFilter(OncePerInterval(interval))
