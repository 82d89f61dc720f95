"""Working memory and locks in the PostgreSQL store, so every process on it shares them and a
restart keeps them (used when no HINDSIGHT_STATE is set)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from hindsight.models import Scope, Turn
from hindsight.stores.postgres.database import Database, jsonb
from hindsight.timeutil import from_epoch, to_epoch


def turn_json(turn: Turn) -> dict[str, Any]:
    return {
        "turn_id": turn.turn_id,
        "session_id": turn.session_id,
        "role": turn.role,
        "text": turn.text,
        "time": to_epoch(turn.time),
    }


def turn_of(data: dict[str, Any]) -> Turn:
    return Turn(data["turn_id"], data["session_id"], data["role"], data["text"], from_epoch(data["time"]))


_SESSION = "tenant = %s AND user_id = %s AND session_id = %s"


class PostgresSessions:
    """SessionState: a session's turns are rows; appends to one session take its advisory lock."""

    def __init__(self, db: Database, ttl: timedelta) -> None:
        self._db = db
        self._ttl = ttl

    def append(self, scope: Scope, turn: Turn, keep: int, now: datetime) -> None:
        key = (scope.tenant, scope.user, turn.session_id)
        with self._db.write() as conn:
            conn.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended(%s, 1))", ("\x1f".join(("working", *key)),)
            )
            row = conn.execute(f"SELECT max(touched_at) FROM working_turns WHERE {_SESSION}", key).fetchone()
            last = row[0] if row else None
            if last is not None and last < now - self._ttl:
                conn.execute(f"DELETE FROM working_turns WHERE {_SESSION}", key)
            conn.execute(
                "INSERT INTO working_turns (tenant, user_id, session_id, turn, touched_at) "
                "VALUES (%s, %s, %s, %s, %s)",
                (*key, jsonb(turn_json(turn)), now),
            )
            conn.execute(
                f"DELETE FROM working_turns WHERE {_SESSION} AND seq NOT IN "
                f"(SELECT seq FROM working_turns WHERE {_SESSION} ORDER BY seq DESC LIMIT %s)",
                (*key, *key, keep),
            )

    def window(self, scope: Scope, session_id: str, now: datetime) -> list[Turn]:
        key = (scope.tenant, scope.user, session_id)
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT turn, touched_at FROM working_turns WHERE {_SESSION} ORDER BY seq",
                key,
            ).fetchall()
        if not rows or max(touched for _, touched in rows) < now - self._ttl:
            return []
        return [turn_of(data) for data, _ in rows]

    def clear(self, scope: Scope, session_id: str) -> None:
        with self._db.write() as conn:
            conn.execute(
                f"DELETE FROM working_turns WHERE {_SESSION}", (scope.tenant, scope.user, session_id)
            )

    def sessions(self, scope: Scope, now: datetime) -> list[str]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT session_id FROM working_turns WHERE tenant = %s AND user_id = %s GROUP BY session_id "
                "HAVING max(touched_at) >= %s ORDER BY min(seq)",
                (scope.tenant, scope.user, now - self._ttl),
            ).fetchall()
        return [row[0] for row in rows]

    def expire(self, now: datetime) -> int:
        idle = "SELECT tenant, user_id, session_id FROM working_turns GROUP BY 1, 2, 3 HAVING max(touched_at) < %s"
        with self._db.write() as conn:
            rows = conn.execute(idle, (now - self._ttl,)).fetchall()
            with conn.cursor() as cur:
                cur.executemany(
                    f"DELETE FROM working_turns WHERE {_SESSION} AND touched_at < %s",
                    [(*row, now - self._ttl) for row in rows],
                )
        return len(rows)


class PostgresLocks:
    """Locks as rows (name, owner, until): a lease outlives the connection that took it."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def acquire(self, name: str, owner: str, until: datetime, now: datetime) -> bool:
        with self._db.write() as conn:
            taken = conn.execute(
                "INSERT INTO locks AS l (name, owner, until) VALUES (%s, %s, %s) ON CONFLICT (name) DO UPDATE "
                "SET owner = excluded.owner, until = excluded.until WHERE l.owner = excluded.owner OR l.until <= %s",
                (name, owner, until, now),
            ).rowcount
        return bool(taken)

    def release(self, name: str, owner: str) -> None:
        with self._db.write() as conn:
            conn.execute("DELETE FROM locks WHERE name = %s AND owner = %s", (name, owner))
