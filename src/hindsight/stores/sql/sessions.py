"""Working memory and locks: SessionState (a session's turns as rows) and Locks (leases as rows).

Shared because both engines keep working memory and locks in the same tables with the same SQL;
how an engine makes one session's appends take turns, and expires idle sessions, is its own.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from datetime import datetime, timedelta
from typing import Any, ClassVar, Generic

from hindsight.models import Scope, Turn
from hindsight.stores.sql.dialect import DB, Connection, Dialect
from hindsight.timeutil import from_epoch, to_epoch


def turn_state(turn: Turn) -> dict[str, Any]:
    """What working_turns.turn holds of a turn."""
    return {
        "turn_id": turn.turn_id,
        "session_id": turn.session_id,
        "role": turn.role,
        "text": turn.text,
        "time": to_epoch(turn.time),
    }


def turn_from_state(data: dict[str, Any]) -> Turn:
    return Turn(data["turn_id"], data["session_id"], data["role"], data["text"], from_epoch(data["time"]))


class SqlSessions(ABC, Generic[DB]):
    """SessionState: a session's turns are rows; the newest row's time is the session's last touch.
    Expiring idle sessions is each engine's own."""

    dialect: ClassVar[Dialect]

    def __init__(self, db: DB, ttl: timedelta) -> None:
        self._db = db
        self._ttl = ttl

    @abstractmethod
    def _idle_since(self, now: datetime) -> Any:
        """The stored time before which a session last touched is idle at `now`."""

    @abstractmethod
    def _lock_session(self, conn: Connection, key: tuple[str, str, str]) -> None:
        """Make the appends to one session take turns, within the write transaction."""

    def _session_where(self) -> str:
        mark = self.dialect.mark
        return f"tenant = {mark} AND user_id = {mark} AND session_id = {mark}"

    def append(self, scope: Scope, turn: Turn, keep: int, now: datetime) -> None:
        key = (scope.tenant, scope.user, turn.session_id)
        session, mark = self._session_where(), self.dialect.mark
        with self._db.write() as conn:
            self._lock_session(conn, key)
            row = conn.execute(f"SELECT max(touched_at) FROM working_turns WHERE {session}", key).fetchone()
            last = row[0] if row else None
            if last is not None and last < self._idle_since(now):
                # An idle session starts afresh: its old turns are not part of the new window.
                conn.execute(f"DELETE FROM working_turns WHERE {session}", key)
            conn.execute(
                "INSERT INTO working_turns (tenant, user_id, session_id, turn, touched_at) "
                f"VALUES ({self.dialect.marks(5)})",
                (*key, self.dialect.store_json(turn_state(turn)), self.dialect.store_time(now)),
            )
            conn.execute(
                f"DELETE FROM working_turns WHERE {session} AND seq NOT IN "
                f"(SELECT seq FROM working_turns WHERE {session} ORDER BY seq DESC LIMIT {mark})",
                (*key, *key, keep),
            )

    def window(self, scope: Scope, session_id: str, now: datetime) -> list[Turn]:
        key = (scope.tenant, scope.user, session_id)
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT turn, touched_at FROM working_turns WHERE {self._session_where()} ORDER BY seq", key
            ).fetchall()
        if not rows or max(touched for _, touched in rows) < self._idle_since(now):
            return []
        return [turn_from_state(self.dialect.load_json(turn)) for turn, _ in rows]

    def clear(self, scope: Scope, session_id: str) -> None:
        key = (scope.tenant, scope.user, session_id)
        with self._db.write() as conn:
            conn.execute(f"DELETE FROM working_turns WHERE {self._session_where()}", key)

    def sessions(self, scope: Scope, now: datetime) -> list[str]:
        mark = self.dialect.mark
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT session_id FROM working_turns WHERE tenant = {mark} AND user_id = {mark} "
                f"GROUP BY session_id HAVING max(touched_at) >= {mark} ORDER BY min(seq)",
                (scope.tenant, scope.user, self._idle_since(now)),
            ).fetchall()
        return [row[0] for row in rows]


class SqlLocks(Generic[DB]):
    """Locks as rows (name, owner, until): a lease outlives the connection that took it."""

    dialect: ClassVar[Dialect]

    def __init__(self, db: DB) -> None:
        self._db = db

    def acquire(self, name: str, owner: str, until: datetime, now: datetime) -> bool:
        mark, time = self.dialect.mark, self.dialect.store_time
        with self._db.write() as conn:
            taken = conn.execute(
                f"INSERT INTO locks (name, owner, until) VALUES ({mark}, {mark}, {mark}) "
                "ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, until = excluded.until "
                f"WHERE locks.owner = excluded.owner OR locks.until <= {mark}",
                (name, owner, time(until), time(now)),
            ).rowcount
        return bool(taken)

    def release(self, name: str, owner: str) -> None:
        mark = self.dialect.mark
        with self._db.write() as conn:
            conn.execute(f"DELETE FROM locks WHERE name = {mark} AND owner = {mark}", (name, owner))
