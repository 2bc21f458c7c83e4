"""Keep the garbage collector's full passes short while the companion serves.

Start-up leaves about 100,000 long-lived objects behind: the games' content models, Flask,
SQLAlchemy, pydantic. A full collection walks every one of them with the GIL held, and
under load those passes took 40-60 ms, so every request in flight waited that long; that
was most of the load bench's p99. Freezing what start-up built (`gc.freeze`) takes it out of
the collector's sight for good; a full pass then walks only what serving allocated since,
a millisecond or two. The frozen objects are never freed, which is right for a server's
start-up state and wrong for anything else, so only the serve commands call this.
"""

from __future__ import annotations

import gc


def freeze_startup() -> int:
    """Collect start-up's garbage, then freeze every object left; returns how many."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
