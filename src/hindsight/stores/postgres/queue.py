"""The PostgreSQL store's write queue (an outbox: claims under a lease taken with FOR UPDATE SKIP
LOCKED, retries, dead letters) and its write log."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime
from typing import Any

from hindsight.models import LogLine, Owners, QueueEntry, Scope
from hindsight.paging import Cursor
from hindsight.stores.base import Claim
from hindsight.stores.postgres.database import (
    DEAD_COLUMNS,
    LOG_COLUMNS,
    QUEUE_COLUMNS,
    Database,
    jsonb,
    log_line,
    owners_where,
    queue_entry,
)


class PostgresQueue:
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
            row = conn.execute(
                "INSERT INTO write_queue (op, payload, created_at, next_attempt_at, tenant, user_id, "
                "claim_owner, claimed_until) VALUES (%s, %s, %s, %s, %s, %s, %s, %s) RETURNING id",
                (op, jsonb(dict(payload)), now, now, scope.tenant, scope.user, owner, lease_until),
            ).fetchone()
        return int(row[0]) if row else 0

    def claim(
        self, owner: str, now: datetime, lease_until: datetime, limit: int, *, due: bool = True
    ) -> list[QueueEntry]:
        clauses = ["(claim_owner IS NULL OR claimed_until <= %s)"]
        params: list[Any] = [now]
        if due:
            clauses.append("next_attempt_at <= %s")
            params.append(now)
        # Rows another claimer has locked are skipped, not waited for: two workers never get one
        # entry, and neither waits for the other.
        with self._db.write() as conn:
            rows = conn.execute(
                f"WITH chosen AS (SELECT id FROM write_queue WHERE {' AND '.join(clauses)} "
                "ORDER BY id LIMIT %s FOR UPDATE SKIP LOCKED) "
                "UPDATE write_queue q SET claim_owner = %s, claimed_until = %s FROM chosen "
                f"WHERE q.id = chosen.id RETURNING {', '.join('q.' + c.strip() for c in QUEUE_COLUMNS.split(','))}",
                [*params, limit, owner, lease_until],
            ).fetchall()
        return sorted((queue_entry(row) for row in rows), key=lambda e: e.id)

    def fail(self, claim: Claim, error: str, retry_at: datetime | None, now: datetime) -> bool:
        held = (claim.entry_id, claim.owner)
        with self._db.write() as conn:
            if retry_at is not None:
                return bool(
                    conn.execute(
                        "UPDATE write_queue SET attempts = attempts + 1, next_attempt_at = %s, "
                        "last_error = %s, claim_owner = NULL, claimed_until = NULL "
                        "WHERE id = %s AND claim_owner = %s",
                        (retry_at, error[:2000], *held),
                    ).rowcount
                )
            moved = conn.execute(
                "WITH gone AS (DELETE FROM write_queue WHERE id = %s AND claim_owner = %s RETURNING *) "
                "INSERT INTO dead_letters (id, op, payload, attempts, created_at, failed_at, last_error, "
                "tenant, user_id) SELECT id, op, payload, attempts + 1, created_at, %s, %s, tenant, user_id "
                "FROM gone",
                (*held, now, error[:2000]),
            ).rowcount
            return bool(moved)

    def release(self, owners: Collection[str]) -> int:
        chosen = sorted(set(owners))
        if not chosen:
            return 0
        with self._db.write() as conn:
            return int(
                conn.execute(
                    "UPDATE write_queue SET claim_owner = NULL, claimed_until = NULL WHERE claim_owner = ANY(%s)",
                    (chosen,),
                ).rowcount
            )

    def holders(self) -> list[str]:
        with self._db.read() as conn:
            rows = conn.execute(
                'SELECT DISTINCT claim_owner COLLATE "C" FROM write_queue WHERE claim_owner IS NOT NULL ORDER BY 1'
            ).fetchall()
        return [row[0] for row in rows]

    def waiting(self, owners: Owners = None, limit: int = 1000) -> list[QueueEntry]:
        clauses, params = owners_where(owners)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {QUEUE_COLUMNS} FROM write_queue {where} ORDER BY id LIMIT %s",
                [*params, limit],
            ).fetchall()
        return [queue_entry(row) for row in rows]

    def dead_letters(self, owners: Owners = None) -> list[QueueEntry]:
        clauses, params = owners_where(owners)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {DEAD_COLUMNS} FROM dead_letters {where} ORDER BY id",
                params,
            ).fetchall()
        return [queue_entry(row) for row in rows]

    def requeue(self, entry_id: int, now: datetime) -> bool:
        with self._db.write() as conn:
            moved = conn.execute(
                "WITH gone AS (DELETE FROM dead_letters WHERE id = %s RETURNING *) "
                "INSERT INTO write_queue (id, op, payload, attempts, created_at, next_attempt_at, tenant, "
                "user_id) SELECT id, op, payload, 0, created_at, %s, tenant, user_id FROM gone",
                (entry_id, now),
            ).rowcount
        return bool(moved)


class PostgresLog:
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
        order = "ASC" if newer else "DESC"
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {LOG_COLUMNS} FROM write_log WHERE {where} ORDER BY id {order} LIMIT %s",
                [*params, limit],
            ).fetchall()
        lines = [log_line(row) for row in rows]
        return lines[::-1] if newer else lines

    def count_log(
        self, owners: Owners, *, actions: Collection[str] | None = None, newer_than: int | None = None
    ) -> int:
        where, params = _log_where(owners, actions, newer_than, newer=True)
        with self._db.read() as conn:
            row = conn.execute(f"SELECT count(*) FROM write_log WHERE {where}", params).fetchone()
        return int(row[0]) if row else 0

    def count_logged(self, scope: Scope, detail: str) -> int:
        with self._db.read() as conn:
            row = conn.execute(
                "SELECT count(*) FROM write_log WHERE tenant = %s AND user_id = %s AND detail = %s",
                (scope.tenant, scope.user, detail),
            ).fetchone()
        return int(row[0]) if row else 0


def _log_where(
    owners: Owners, actions: Collection[str] | None, beyond: int | None, newer: bool
) -> tuple[str, list[Any]]:
    clauses, params = owners_where(owners)
    if actions is not None:
        clauses.append("action = ANY(%s)")
        params.append(sorted(set(actions)))
    if beyond is not None:
        clauses.append(f"id {'>' if newer else '<'} %s")
        params.append(beyond)
    return (" AND ".join(clauses) or "true"), params
