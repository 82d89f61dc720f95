"""The SQLite store's write queue (claims under a lease, retries, dead letters) and write log."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime
from typing import Any

from hindsight.models import LogLine, Owners, QueueEntry, Scope
from hindsight.paging import Cursor
from hindsight.stores.base import Claim
from hindsight.stores.sqlite.database import (
    DEAD_COLUMNS,
    LOG_COLUMNS,
    QUEUE_COLUMNS,
    Database,
    dumps,
    log_line,
    marks,
    owners_where,
    queue_entry,
)
from hindsight.timeutil import to_epoch


class SQLiteQueue:
    """WriteQueue on two tables (write_queue, dead_letters)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def enqueue(
        self,
        op: str,
        payload: Mapping[str, object],
        scope: Scope,
        now: datetime,
        *,
        owner: str | None = None,
        lease_until: datetime | None = None,
    ) -> int:
        with self._db.write() as conn:
            cursor = conn.execute(
                "INSERT INTO write_queue (op, payload, created_at, next_attempt_at, tenant, user_id, "
                "claim_owner, claimed_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    op,
                    dumps(dict(payload)),
                    to_epoch(now),
                    to_epoch(now),
                    scope.tenant,
                    scope.user,
                    owner,
                    None if lease_until is None else to_epoch(lease_until),
                ),
            )
            return int(cursor.lastrowid or 0)

    def claim(
        self, owner: str, now: datetime, lease_until: datetime, limit: int, *, due: bool = True
    ) -> list[QueueEntry]:
        moment = to_epoch(now)
        clauses = ["(claim_owner IS NULL OR claimed_until <= ?)"]
        params: list[Any] = [moment]
        if due:
            clauses.append("next_attempt_at <= ?")
            params.append(moment)
        # One write transaction: no other process can pick the same rows between the choice and
        # the claim (PostgreSQL would say FOR UPDATE SKIP LOCKED).
        with self._db.write() as conn:
            ids = [
                row[0]
                for row in conn.execute(
                    f"SELECT id FROM write_queue WHERE {' AND '.join(clauses)} ORDER BY id LIMIT ?",
                    [*params, limit],
                )
            ]
            if not ids:
                return []
            conn.execute(
                f"UPDATE write_queue SET claim_owner = ?, claimed_until = ? WHERE id IN ({marks(ids)})",
                [owner, to_epoch(lease_until), *ids],
            )
            rows = conn.execute(
                f"SELECT {QUEUE_COLUMNS} FROM write_queue WHERE id IN ({marks(ids)}) ORDER BY id", ids
            ).fetchall()
        return [queue_entry(row) for row in rows]

    def fail(self, claim: Claim, error: str, retry_at: datetime | None, now: datetime) -> bool:
        held = (claim.entry_id, claim.owner)
        with self._db.write() as conn:
            if retry_at is not None:
                return bool(
                    conn.execute(
                        "UPDATE write_queue SET attempts = attempts + 1, next_attempt_at = ?, "
                        "last_error = ?, claim_owner = NULL, claimed_until = NULL "
                        "WHERE id = ? AND claim_owner = ?",
                        (to_epoch(retry_at), error[:2000], *held),
                    ).rowcount
                )
            moved = conn.execute(
                "INSERT INTO dead_letters (id, op, payload, attempts, created_at, failed_at, last_error, "
                "tenant, user_id) SELECT id, op, payload, attempts + 1, created_at, ?, ?, tenant, user_id "
                "FROM write_queue WHERE id = ? AND claim_owner = ?",
                (to_epoch(now), error[:2000], *held),
            ).rowcount
            conn.execute("DELETE FROM write_queue WHERE id = ? AND claim_owner = ?", held)
            return bool(moved)

    def release(self, owners: Collection[str]) -> int:
        chosen = sorted(set(owners))
        if not chosen:
            return 0
        with self._db.write() as conn:
            return int(
                conn.execute(
                    "UPDATE write_queue SET claim_owner = NULL, claimed_until = NULL "
                    f"WHERE claim_owner IN ({marks(chosen)})",
                    chosen,
                ).rowcount
            )

    def holders(self) -> list[str]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT DISTINCT claim_owner FROM write_queue WHERE claim_owner IS NOT NULL ORDER BY 1"
            ).fetchall()
        return [row[0] for row in rows]

    def waiting(self, owners: Owners = None, limit: int = 1000) -> list[QueueEntry]:
        clauses, params = owners_where(owners)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {QUEUE_COLUMNS} FROM write_queue {where} ORDER BY id LIMIT ?", [*params, limit]
            ).fetchall()
        return [queue_entry(row) for row in rows]

    def dead_letters(self, owners: Owners = None) -> list[QueueEntry]:
        clauses, params = owners_where(owners)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {DEAD_COLUMNS} FROM dead_letters {where} ORDER BY id", params
            ).fetchall()
        return [queue_entry(row) for row in rows]

    def requeue(self, entry_id: int, now: datetime) -> bool:
        with self._db.write() as conn:
            moved = conn.execute(
                "INSERT INTO write_queue (id, op, payload, attempts, created_at, next_attempt_at, tenant, "
                "user_id) SELECT id, op, payload, 0, created_at, ?, tenant, user_id FROM dead_letters "
                "WHERE id = ?",
                (to_epoch(now), entry_id),
            ).rowcount
            conn.execute("DELETE FROM dead_letters WHERE id = ?", (entry_id,))
        return bool(moved)


class SQLiteLog:
    """WriteLog on the write_log table."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def page_log(
        self,
        owners: Owners,
        limit: int,
        *,
        actions: Collection[str] | None = None,
        cursor: Cursor[int] | None = None,
    ) -> list[LogLine]:
        newer = cursor is not None and cursor.newer
        where, params = _log_where(owners, actions, cursor.key if cursor else None, newer)
        # The newer rows are read upwards from the cursor, so that LIMIT keeps the nearest ones.
        order = "ASC" if newer else "DESC"
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {LOG_COLUMNS} FROM write_log WHERE {where} ORDER BY id {order} LIMIT ?",
                [*params, limit],
            ).fetchall()
        lines = [log_line(row) for row in rows]
        return lines[::-1] if newer else lines

    def count_log(
        self, owners: Owners, *, actions: Collection[str] | None = None, newer_than: int | None = None
    ) -> int:
        where, params = _log_where(owners, actions, newer_than, newer=True)
        with self._db.read() as conn:
            return int(conn.execute(f"SELECT count(*) FROM write_log WHERE {where}", params).fetchone()[0])

    def count_logged(self, scope: Scope, detail: str) -> int:
        with self._db.read() as conn:
            row = conn.execute(
                "SELECT count(*) FROM write_log WHERE tenant = ? AND user_id = ? AND detail = ?",
                (scope.tenant, scope.user, detail),
            ).fetchone()
        return int(row[0])


def _log_where(
    owners: Owners, actions: Collection[str] | None, beyond: int | None, newer: bool
) -> tuple[str, list[Any]]:
    clauses, params = owners_where(owners)
    if actions is not None:
        chosen = sorted(set(actions))
        clauses.append(f"action IN ({marks(chosen)})" if chosen else "0")
        params += chosen
    if beyond is not None:
        clauses.append(f"id {'>' if newer else '<'} ?")
        params.append(beyond)
    return (" AND ".join(clauses) or "1"), params
