"""The hot cache: a repeated recall (same user, query, window and options) is answered from memory
for up to an hour - only while the user's memory is unchanged, since every key names the user's
record generation (stores.base.Generation): a write by any process moves it, and the old answers
are never read again (they age out of the LRU)."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable


class RecallCache:
    """A Cache (state/base.py) whose entries also expire after `ttl_s`; 0 turns it off."""

    def __init__(
        self, ttl_s: float = 3600.0, max_entries: int = 4096, clock: Callable[[], float] = time.monotonic
    ):
        self.ttl_s = ttl_s
        self.max_entries = max_entries
        self._clock = clock
        self._entries: OrderedDict[Hashable, tuple[float, object]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    @property
    def enabled(self) -> bool:
        return self.ttl_s > 0

    def get(self, key: Hashable) -> object | None:
        if not self.enabled:
            return None
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry[0] < self._clock():
                self._entries.pop(key, None)
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return entry[1]

    def put(self, key: Hashable, value: object) -> None:
        if not self.enabled:
            return
        with self._lock:
            self._entries[key] = (self._clock() + self.ttl_s, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
