"""Working memory and locks in the SQLite file, so every process on the file shares them and a
restart keeps them: the embedded default's SessionState and Locks."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from hindsight.models import Scope, Turn
from hindsight.stores.sqlite.database import Database, dumps
from hindsight.timeutil import from_epoch, to_epoch


def _turn_json(turn: Turn) -> str:
    return dumps(
        {
            "turn_id": turn.turn_id,
            "session_id": turn.session_id,
            "role": turn.role,
            "text": turn.text,
            "time": to_epoch(turn.time),
        }
    )


def _turn(raw: str) -> Turn:
    data = json.loads(raw)
    return Turn(data["turn_id"], data["session_id"], data["role"], data["text"], from_epoch(data["time"]))


_SESSION = "tenant = ? AND user_id = ? AND session_id = ?"


class SQLiteSessions:
    """SessionState: a session's turns are rows; the newest row's time is the session's last touch."""

    def __init__(self, db: Database, ttl: timedelta) -> None:
        self._db = db
        self._ttl = ttl

    def append(self, scope: Scope, turn: Turn, keep: int, now: datetime) -> None:
        key = (scope.tenant, scope.user, turn.session_id)
        with self._db.write() as conn:
            last = conn.execute(
                f"SELECT max(touched_at) FROM working_turns WHERE {_SESSION}", key
            ).fetchone()[0]
            if last is not None and last < to_epoch(now) - self._ttl.total_seconds():
                # An idle session starts afresh: its old turns are not part of the new window.
                conn.execute(f"DELETE FROM working_turns WHERE {_SESSION}", key)
            conn.execute(
                "INSERT INTO working_turns (tenant, user_id, session_id, turn, touched_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (*key, _turn_json(turn), to_epoch(now)),
            )
            conn.execute(
                f"DELETE FROM working_turns WHERE {_SESSION} AND seq NOT IN "
                f"(SELECT seq FROM working_turns WHERE {_SESSION} ORDER BY seq DESC LIMIT ?)",
                (*key, *key, keep),
            )

    def window(self, scope: Scope, session_id: str, now: datetime) -> list[Turn]:
        key = (scope.tenant, scope.user, session_id)
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT turn, touched_at FROM working_turns WHERE {_SESSION} ORDER BY seq", key
            ).fetchall()
        if not rows or max(touched for _, touched in rows) < to_epoch(now) - self._ttl.total_seconds():
            return []
        return [_turn(raw) for raw, _ in rows]

    def clear(self, scope: Scope, session_id: str) -> None:
        with self._db.write() as conn:
            conn.execute(
                f"DELETE FROM working_turns WHERE {_SESSION}", (scope.tenant, scope.user, session_id)
            )

    def sessions(self, scope: Scope, now: datetime) -> list[str]:
        cutoff = to_epoch(now) - self._ttl.total_seconds()
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT session_id FROM working_turns WHERE tenant = ? AND user_id = ? GROUP BY session_id "
                "HAVING max(touched_at) >= ? ORDER BY min(seq)",
                (scope.tenant, scope.user, cutoff),
            ).fetchall()
        return [row[0] for row in rows]

    def expire(self, now: datetime) -> int:
        cutoff = to_epoch(now) - self._ttl.total_seconds()
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


class SQLiteLocks:
    """Locks as rows: (name, owner, until)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def acquire(self, name: str, owner: str, until: datetime, now: datetime) -> bool:
        with self._db.write() as conn:
            taken = conn.execute(
                "INSERT INTO locks (name, owner, until) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET "
                "owner = excluded.owner, until = excluded.until WHERE locks.owner = excluded.owner "
                "OR locks.until <= ?",
                (name, owner, to_epoch(until), to_epoch(now)),
            ).rowcount
        return bool(taken)

    def release(self, name: str, owner: str) -> None:
        with self._db.write() as conn:
            conn.execute("DELETE FROM locks WHERE name = ? AND owner = ?", (name, owner))
