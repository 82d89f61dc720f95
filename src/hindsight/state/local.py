"""In-process state: working memory, locks and a bounded cache held by one process.

`memory://` as HINDSIGHT_STATE puts working memory and locks here: right for one process on its
own, wrong for several (each would keep its own windows and grant its own locks). Caches are always
local to the process that computes them: a value is only worth caching here, and every key names
the generation it was computed at (state/base.py).
"""

from __future__ import annotations

import threading
from collections import OrderedDict, deque
from collections.abc import Hashable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from hindsight.models import Scope, Turn
from hindsight.state.base import Cache

if TYPE_CHECKING:
    from hindsight.settings import Settings
    from hindsight.stores.registry import Parts

_Key = tuple[str, str, str]
"""(tenant, user, session)"""


def _key(scope: Scope, session_id: str) -> _Key:
    return (scope.tenant, scope.user, session_id)


class LocalSessions:
    """SessionState in this process's memory; a session idle longer than `ttl` is dropped."""

    def __init__(self, ttl: timedelta) -> None:
        self._ttl = ttl
        self._windows: dict[_Key, deque[Turn]] = {}
        self._touched: dict[_Key, datetime] = {}
        self._lock = threading.Lock()

    def append(self, scope: Scope, turn: Turn, keep: int, now: datetime) -> None:
        key = _key(scope, turn.session_id)
        with self._lock:
            self._expire(now)
            window = self._windows.get(key)
            if window is None or window.maxlen != keep:
                window = self._windows[key] = deque(window or (), maxlen=keep)
            window.append(turn)
            self._touched[key] = now

    def window(self, scope: Scope, session_id: str, now: datetime) -> list[Turn]:
        with self._lock:
            self._expire(now)
            return list(self._windows.get(_key(scope, session_id), ()))

    def clear(self, scope: Scope, session_id: str) -> None:
        with self._lock:
            self._windows.pop(_key(scope, session_id), None)
            self._touched.pop(_key(scope, session_id), None)

    def sessions(self, scope: Scope, now: datetime) -> list[str]:
        with self._lock:
            self._expire(now)
            return [key[2] for key in self._windows if key[:2] == (scope.tenant, scope.user)]

    def expire(self, now: datetime) -> int:
        with self._lock:
            return self._expire(now)

    def _expire(self, now: datetime) -> int:
        idle = [key for key, touched in self._touched.items() if touched < now - self._ttl]
        for key in idle:
            self._windows.pop(key, None)
            self._touched.pop(key, None)
        return len(idle)


class LocalLocks:
    """Locks in this process's memory."""

    def __init__(self) -> None:
        self._held: dict[str, tuple[str, datetime]] = {}
        self._lock = threading.Lock()

    def acquire(self, name: str, owner: str, until: datetime, now: datetime) -> bool:
        with self._lock:
            holder = self._held.get(name)
            if holder is not None and holder[0] != owner and holder[1] > now:
                return False
            self._held[name] = (owner, until)
            return True

    def release(self, name: str, owner: str) -> None:
        with self._lock:
            holder = self._held.get(name)
            if holder is not None and holder[0] == owner:
                del self._held[name]


class LruCache:
    """At most `size` entries, and at most `max_bytes` of what they hold (a value's `nbytes`, when it
    says; a user's vector matrix or keyword index): the least recently used go first, the newest
    stays however large."""

    def __init__(self, size: int, max_bytes: int | None = None) -> None:
        self._size = size
        self._max_bytes = max_bytes
        self._entries: OrderedDict[Hashable, tuple[object, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> object | None:
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                return None
            self._entries.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: object) -> None:
        if self._size <= 0:
            return
        weight = _weight(value)
        with self._lock:
            before = self._entries.pop(key, None)
            if before is not None:
                self._bytes -= before[1]
            self._entries[key] = (value, weight)
            self._bytes += weight
            while len(self._entries) > 1 and (
                len(self._entries) > self._size
                or (self._max_bytes is not None and self._bytes > self._max_bytes)
            ):
                _, (_, gone) = self._entries.popitem(last=False)
                self._bytes -= gone

    @property
    def held_bytes(self) -> int:
        return self._bytes

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0


def _weight(value: object) -> int:
    nbytes = getattr(value, "nbytes", 0)
    return nbytes if isinstance(nbytes, int) else 0


def open_local_state(url: str, settings: Settings, cache: Cache) -> Parts:
    """`memory://`: working memory and locks in this process only."""
    from hindsight.stores.registry import Parts

    return Parts(
        sessions=LocalSessions(timedelta(seconds=settings.working_ttl_s)),
        locks=LocalLocks(),
        description="memory:// (this process only)",
    )
