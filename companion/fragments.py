"""The live fragment, rendered once per change of a table, not once per phone.

Every phone at a table polls `/t/<token>/live`; when the table changes, all of them ask for
the fresh fragment within two seconds. Rendering it costs about 5 ms (a Double Mission
table, 22 KB), so a table of four paid 20 ms per change. A state at a version never differs
(`games.StateCache`), so what a fragment shows is decided by the link's token, the version,
the page language, whether this phone hosts the game and the address the phone used (the
invite's links): that is the key. The one per-phone value inside it, the CSRF token, is cut
out when the fragment is kept and put back for each phone.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

CSRF_MARK = "\x00csrf\x00"  # never in rendered HTML: autoescaping cannot produce a NUL
WAIT = 2.0  # seconds a phone waits for another's render of the same fragment


class FragmentCache:
    """The most recently rendered fragments, bounded by their total size in characters."""

    def __init__(self, max_chars: int = 16_000_000):
        self.max_chars = max_chars
        self._kept: OrderedDict[Hashable, str] = OrderedDict()
        self._chars = 0
        self._lock = threading.Lock()
        self._rendering: dict[Hashable, threading.Event] = {}  # keys being rendered now
        self.hits = self.misses = 0

    def get(self, key: Hashable, csrf: str, render: Callable[[], str]) -> str:
        """The fragment for `key` with this phone's CSRF token in it; `render()` on a miss,
        outside the lock and once: the table's other phones asking meanwhile wait for that
        render (a change reaches a table's four phones within the same poll, and four
        renders at once only slowed each other down), or render themselves after WAIT."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
                self.hits += 1
            else:
                running = self._rendering.get(key)
                if running is None:
                    self._rendering[key] = threading.Event()
        if kept is None and running is not None:
            running.wait(WAIT)
            with self._lock:
                kept = self._kept.get(key)
                if kept is not None:
                    self.hits += 1
        if kept is None:
            try:
                html = render()
            finally:
                if running is None:
                    with self._lock:
                        done = self._rendering.pop(key, None)
                    if done is not None:
                        done.set()
            if CSRF_MARK in html:  # cannot happen (see CSRF_MARK); never keep it if it does
                return html
            kept = html.replace(csrf, CSRF_MARK) if csrf else html
            self._keep(key, kept)
            return html
        return kept.replace(CSRF_MARK, csrf)

    def _keep(self, key: Hashable, html: str) -> None:
        with self._lock:
            self.misses += 1
            old = self._kept.pop(key, None)
            self._chars += len(html) - (len(old) if old is not None else 0)
            self._kept[key] = html
            while self._chars > self.max_chars and self._kept:
                _, dropped = self._kept.popitem(last=False)
                self._chars -= len(dropped)
