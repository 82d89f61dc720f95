"""Working memory: the last N turns of each (user, session), in process.

It is the agent's desk, not its archive: nothing here is durable (the store keeps every turn), and a
session idle for longer than the TTL (wall clock) is dropped so the process does not grow forever.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable

from hindsight.models import Turn

SessionKey = tuple[str, str]


class WorkingMemory:
    def __init__(
        self, turns: int = 8, ttl_s: float = 3600.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._turns = turns
        self._ttl_s = ttl_s
        self._clock = clock
        self._sessions: dict[SessionKey, deque[Turn]] = {}
        self._touched: dict[SessionKey, float] = {}
        self._lock = threading.Lock()

    def append(self, user_id: str, turn: Turn) -> None:
        key = (user_id, turn.session_id)
        with self._lock:
            self._evict_idle()
            window = self._sessions.get(key)
            if window is None:
                window = self._sessions[key] = deque(maxlen=self._turns)
            window.append(turn)
            self._touched[key] = self._clock()

    def window(self, user_id: str, session_id: str) -> list[Turn]:
        """The session's recent turns, oldest first (empty for an unknown or idle session)."""
        with self._lock:
            self._evict_idle()
            return list(self._sessions.get((user_id, session_id), ()))

    def clear(self, user_id: str, session_id: str) -> list[Turn]:
        with self._lock:
            self._evict_idle()
            self._touched.pop((user_id, session_id), None)
            return list(self._sessions.pop((user_id, session_id), ()))

    def sessions(self, user_id: str | None = None) -> list[SessionKey]:
        with self._lock:
            self._evict_idle()
            return [key for key in self._sessions if user_id is None or key[0] == user_id]

    def _evict_idle(self) -> None:
        cutoff = self._clock() - self._ttl_s
        for key in [key for key, seen in self._touched.items() if seen < cutoff]:
            self._sessions.pop(key, None)
            self._touched.pop(key, None)
