"""The PostgreSQL store's write queue (an outbox: claims under a lease taken with FOR UPDATE SKIP
LOCKED, retries, dead letters) and its write log."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from hindsight.models import QueueEntry, Scope
from hindsight.stores.base import Claim
from hindsight.stores.postgres.database import DIALECT, Database, jsonb
from hindsight.stores.sql.dialect import Connection
from hindsight.stores.sql.log import SqlLog
from hindsight.stores.sql.queue import QUEUE_COLUMNS, SqlQueue, queue_entry


class PostgresQueue(SqlQueue[Database]):
    """WriteQueue on two tables (write_queue, dead_letters)."""

    dialect = DIALECT

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
        return sorted((queue_entry(DIALECT, row) for row in rows), key=lambda e: e.id)

    def _bury(self, conn: Connection, claim: Claim, error: str, now: datetime) -> bool:
        moved = conn.execute(
            "WITH gone AS (DELETE FROM write_queue WHERE id = %s AND claim_owner = %s RETURNING *) "
            "INSERT INTO dead_letters (id, op, payload, attempts, created_at, failed_at, last_error, "
            "tenant, user_id) SELECT id, op, payload, attempts + 1, created_at, %s, %s, tenant, user_id "
            "FROM gone",
            (claim.entry_id, claim.owner, now, error),
        ).rowcount
        return bool(moved)

    def requeue(self, entry_id: int, now: datetime) -> bool:
        with self._db.write() as conn:
            moved = conn.execute(
                "WITH gone AS (DELETE FROM dead_letters WHERE id = %s RETURNING *) "
                "INSERT INTO write_queue (id, op, payload, attempts, created_at, next_attempt_at, tenant, "
                "user_id) SELECT id, op, payload, 0, created_at, %s, tenant, user_id FROM gone",
                (entry_id, now),
            ).rowcount
        return bool(moved)


class PostgresLog(SqlLog[Database]):
    """WriteLog on the write_log table."""

    dialect = DIALECT
