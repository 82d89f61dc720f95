"""The write queue: its columns, a queued write (or dead letter) read back, taking a claimed entry
in a change's transaction, and the part of WriteQueue that is the same SQL on every engine.

Shared because both engines keep the queue and its dead letters in the same two tables; taking rows
(enqueue, claim) and moving them between the tables are each engine's own.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any, ClassVar, Generic

from hindsight.errors import ClaimLost
from hindsight.models import Owners, QueueEntry
from hindsight.stores.base import Claim
from hindsight.stores.sql.dialect import DB, Connection, Dialect, owners_where, where

QUEUE_COLUMNS = (
    "id, op, payload, attempts, created_at, next_attempt_at, last_error, tenant, user_id, "
    "claim_owner, claimed_until"
)
DEAD_COLUMNS = "id, op, payload, attempts, created_at, failed_at, last_error, tenant, user_id, NULL, NULL"


def queue_entry(dialect: Dialect, row: Sequence[Any]) -> QueueEntry:
    """A queued write (or dead letter) from a row of QUEUE_COLUMNS (DEAD_COLUMNS)."""
    return QueueEntry(
        id=int(row[0]),
        op=row[1],
        payload=dict(dialect.load_json(row[2])),
        attempts=int(row[3]),
        created_at=dialect.load_time(row[4]),
        next_attempt_at=dialect.load_time(row[5]),
        last_error=row[6],
        tenant=row[7],
        user_id=row[8],
        claimed_by=row[9],
        claimed_until=None if row[10] is None else dialect.load_time(row[10]),
    )


def take_claimed(conn: Connection, dialect: Dialect, claim: Claim) -> None:
    """Remove the queued write a change applies, in the change's transaction; ClaimLost if this
    process no longer holds its claim (another one applies it: the change must not land twice)."""
    taken = conn.execute(
        f"DELETE FROM write_queue WHERE id = {dialect.mark} AND claim_owner = {dialect.mark}",
        (claim.entry_id, claim.owner),
    ).rowcount
    if not taken:
        raise ClaimLost(
            f"queued write {claim.entry_id} is no longer claimed by this process: another one applies it"
        )


class SqlQueue(ABC, Generic[DB]):
    """The part of WriteQueue that is the same SQL on every engine. Taking rows (enqueue, claim) and
    moving them between the two tables are each engine's own."""

    dialect: ClassVar[Dialect]

    def __init__(self, db: DB) -> None:
        self._db = db

    def fail(self, claim: Claim, error: str, retry_at: datetime | None, now: datetime) -> bool:
        mark = self.dialect.mark
        with self._db.write() as conn:
            if retry_at is None:
                return self._bury(conn, claim, error[:2000], now)
            return bool(
                conn.execute(
                    f"UPDATE write_queue SET attempts = attempts + 1, next_attempt_at = {mark}, "
                    f"last_error = {mark}, claim_owner = NULL, claimed_until = NULL "
                    f"WHERE id = {mark} AND claim_owner = {mark}",
                    (self.dialect.store_time(retry_at), error[:2000], claim.entry_id, claim.owner),
                ).rowcount
            )

    @abstractmethod
    def _bury(self, conn: Connection, claim: Claim, error: str, now: datetime) -> bool:
        """Move a claimed entry to the dead letters, failed at `now`; False if the claim is gone."""

    def release(self, owners: Collection[str]) -> int:
        chosen = sorted(set(owners))
        if not chosen:
            return 0
        held, params = self.dialect.one_of("claim_owner", chosen)
        with self._db.write() as conn:
            return int(
                conn.execute(
                    f"UPDATE write_queue SET claim_owner = NULL, claimed_until = NULL WHERE {held}", params
                ).rowcount
            )

    def holders(self) -> list[str]:
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT DISTINCT claim_owner{self.dialect.by_code_point} FROM write_queue "
                "WHERE claim_owner IS NOT NULL ORDER BY 1"
            ).fetchall()
        return [row[0] for row in rows]

    def waiting(self, owners: Owners = None, limit: int = 1000) -> list[QueueEntry]:
        clauses, params = owners_where(self.dialect, owners)
        limited = f"ORDER BY id LIMIT {self.dialect.mark}"
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {QUEUE_COLUMNS} FROM write_queue {where(clauses)} {limited}", [*params, limit]
            ).fetchall()
        return [queue_entry(self.dialect, row) for row in rows]

    def dead_letters(self, owners: Owners = None) -> list[QueueEntry]:
        clauses, params = owners_where(self.dialect, owners)
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {DEAD_COLUMNS} FROM dead_letters {where(clauses)} ORDER BY id", params
            ).fetchall()
        return [queue_entry(self.dialect, row) for row in rows]
