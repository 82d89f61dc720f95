"""Working memory and locks in the SQLite file, so every process on the file shares them and a
restart keeps them: the embedded default's SessionState and Locks."""

from __future__ import annotations

from datetime import datetime

from hindsight.stores.sql.dialect import Connection
from hindsight.stores.sql.sessions import SqlLocks, SqlSessions
from hindsight.stores.sqlite.database import DIALECT, Database
from hindsight.timeutil import to_epoch


class SQLiteSessions(SqlSessions[Database]):
    """SessionState: a session's turns are rows; the newest row's time is the session's last touch."""

    dialect = DIALECT

    def _lock_session(self, conn: Connection, key: tuple[str, str, str]) -> None:
        pass  # the write transaction (BEGIN IMMEDIATE) holds the whole file already

    def _idle_since(self, now: datetime) -> float:
        return to_epoch(now) - self._ttl.total_seconds()

    def expire(self, now: datetime) -> int:
        cutoff = self._idle_since(now)
        idle = (
            "SELECT tenant, user_id, session_id FROM working_turns "
            "GROUP BY 1, 2, 3 HAVING max(touched_at) < ?"
        )
        with self._db.write() as conn:
            # How many sessions, not turn rows: the protocol (and LocalSessions) count sessions.
            sessions = int(conn.execute(f"SELECT count(*) FROM ({idle})", (cutoff,)).fetchone()[0])
            if sessions:
                conn.execute(
                    f"DELETE FROM working_turns WHERE (tenant, user_id, session_id) IN ({idle})", (cutoff,)
                )
            return sessions


class SQLiteLocks(SqlLocks[Database]):
    """Locks as rows: (name, owner, until)."""

    dialect = DIALECT
