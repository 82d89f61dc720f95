"""The state seams: working memory, locks and caches.

    SessionState   each session's working-memory window (the last N turns), with an idle TTL
    Locks          named leases: one holder at a time, expiring if the holder dies
    LoginLimits    failed console logins per client address (shared by replicas, if the state is)
    Cache          values a process may keep between calls - never the truth: every key a user
                   of the cache builds names the generation (stores.base.Generation) it was
                   computed at, so a change by any process makes the old entries unreachable

In-process implementations live in state/local.py; a store that several processes share provides
SessionState and Locks of its own (stores/sqlite/state.py), so that every process sees one window
per session and one holder per lock.
"""

from __future__ import annotations

from collections.abc import Hashable
from datetime import datetime
from typing import Protocol

from hindsight.models import Scope, Turn


class SessionState(Protocol):
    """Working memory: the recent turns of each (user, session), oldest first."""

    def append(self, scope: Scope, turn: Turn, keep: int, now: datetime) -> None:
        """Add a turn to its session's window (turn.session_id), keeping the last `keep` turns.
        Atomic: two processes appending to one session both land, in some order."""
        ...

    def window(self, scope: Scope, session_id: str, now: datetime) -> list[Turn]:
        """The session's turns, oldest first; empty if it is unknown or idle past the TTL at `now`."""
        ...

    def clear(self, scope: Scope, session_id: str) -> None: ...

    def sessions(self, scope: Scope, now: datetime) -> list[str]:
        """The user's sessions with a window that is not idle past the TTL at `now`."""
        ...

    def expire(self, now: datetime) -> int:
        """Drop every session idle past the TTL at `now`; returns how many."""
        ...


class Locks(Protocol):
    """Named leases."""

    def acquire(self, name: str, owner: str, until: datetime, now: datetime) -> bool:
        """Take (or extend, for the same owner) the lock until `until`, if nobody else holds it at
        `now`. True if `owner` holds it now."""
        ...

    def release(self, name: str, owner: str) -> None:
        """Give the lock up, if `owner` holds it."""
        ...


class Cache(Protocol):
    """A bounded map from keys to values, local to what holds it."""

    def get(self, key: Hashable) -> object | None: ...

    def put(self, key: Hashable, value: object) -> None: ...

    def clear(self) -> None: ...


class LoginLimits(Protocol):
    """Failed logins per client address: after too many within a window, the address waits."""

    def wait_s(self, address: str) -> int:
        """Whole seconds `address` must wait before its next attempt; 0 when it may try now."""
        ...

    def failed(self, address: str) -> None: ...

    def succeeded(self, address: str) -> None: ...
