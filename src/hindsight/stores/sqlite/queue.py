"""The SQLite store's write queue (claims under a lease, retries, dead letters) and write log."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from hindsight.models import QueueEntry, Scope
from hindsight.stores.base import Claim
from hindsight.stores.sql.dialect import Connection
from hindsight.stores.sql.log import SqlLog
from hindsight.stores.sql.queue import QUEUE_COLUMNS, SqlQueue, queue_entry
from hindsight.stores.sqlite.database import DIALECT, Database, dumps, marks
from hindsight.timeutil import to_epoch


class SQLiteQueue(SqlQueue[Database]):
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
        return [queue_entry(DIALECT, row) for row in rows]

    def _bury(self, conn: Connection, claim: Claim, error: str, now: datetime) -> bool:
        held = (claim.entry_id, claim.owner)
        moved = conn.execute(
            "INSERT INTO dead_letters (id, op, payload, attempts, created_at, failed_at, last_error, "
            "tenant, user_id) SELECT id, op, payload, attempts + 1, created_at, ?, ?, tenant, user_id "
            "FROM write_queue WHERE id = ? AND claim_owner = ?",
            (to_epoch(now), error, *held),
        ).rowcount
        conn.execute("DELETE FROM write_queue WHERE id = ? AND claim_owner = ?", held)
        return bool(moved)

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


class SQLiteLog(SqlLog[Database]):
    """WriteLog on the write_log table."""

    dialect = DIALECT
