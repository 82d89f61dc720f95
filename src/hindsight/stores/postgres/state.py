"""Working memory and locks in the PostgreSQL store, so every process on it shares them and a
restart keeps them (used when no HINDSIGHT_STATE is set)."""

from __future__ import annotations

from datetime import datetime

from hindsight.stores.postgres.database import DIALECT, Database
from hindsight.stores.sql.dialect import Connection
from hindsight.stores.sql.sessions import SqlLocks, SqlSessions


class PostgresSessions(SqlSessions[Database]):
    """SessionState: a session's turns are rows; appends to one session take its advisory lock."""

    dialect = DIALECT

    def _lock_session(self, conn: Connection, key: tuple[str, str, str]) -> None:
        conn.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(%s, 1))", ("\x1f".join(("working", *key)),)
        )

    def _idle_since(self, now: datetime) -> datetime:
        return now - self._ttl

    def expire(self, now: datetime) -> int:
        idle = "SELECT tenant, user_id, session_id FROM working_turns GROUP BY 1, 2, 3 HAVING max(touched_at) < %s"
        cutoff = self._idle_since(now)
        with self._db.write() as conn:
            rows = conn.execute(idle, (cutoff,)).fetchall()
            with conn.cursor() as cur:
                cur.executemany(
                    f"DELETE FROM working_turns WHERE {self._session_where()} AND touched_at < %s",
                    [(*row, cutoff) for row in rows],
                )
        return len(rows)


class PostgresLocks(SqlLocks[Database]):
    """Locks as rows (name, owner, until): a lease outlives the connection that took it."""

    dialect = DIALECT
