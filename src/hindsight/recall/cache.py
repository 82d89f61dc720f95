"""The hot cache: a repeated recall (same user, query, window and options) is answered from memory
for up to an hour, until anything is written to that user's memory."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

from hindsight.models import Recall


class RecallCache:
    def __init__(
        self, ttl_s: float = 3600.0, max_entries: int = 4096, clock: Callable[[], float] = time.monotonic
    ):
        self.ttl_s = ttl_s
        self.max_entries = max_entries
        self._clock = clock
        self._entries: OrderedDict[tuple[str, Hashable], tuple[float, Recall]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    @property
    def enabled(self) -> bool:
        return self.ttl_s > 0

    def get(self, user_id: str, key: Hashable) -> Recall | None:
        if not self.enabled:
            return None
        with self._lock:
            entry = self._entries.get((user_id, key))
            if entry is None or entry[0] < self._clock():
                self._entries.pop((user_id, key), None)
                self.misses += 1
                return None
            self._entries.move_to_end((user_id, key))
            self.hits += 1
            return entry[1]

    def put(self, user_id: str, key: Hashable, answer: Recall) -> None:
        if not self.enabled:
            return
        with self._lock:
            self._entries[(user_id, key)] = (self._clock() + self.ttl_s, answer)
            self._entries.move_to_end((user_id, key))
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def invalidate(self, user_id: str | None = None) -> None:
        """Drop one user's answers (any write to their memory), or everyone's."""
        with self._lock:
            if user_id is None:
                self._entries.clear()
                return
            for key in [key for key in self._entries if key[0] == user_id]:
                del self._entries[key]
