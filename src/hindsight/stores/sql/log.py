"""The write log: its columns, a numbered entry read back, entries written, and WriteLog (SqlLog).

Shared because both engines keep the write log in the same table and read and write it with the
same SQL (each engine's apply writes its change's entries with insert_log; a restore, a snapshot's).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, ClassVar, Generic

from hindsight.models import LogLine, Owners, Scope, WriteLogEntry
from hindsight.paging import Cursor as Page
from hindsight.stores.sql.dialect import DB, Connection, Dialect, execute_many, owners_where, where

LOG_COLUMNS = "id, user_id, action, reason, text_hash, time, source, detail, tenant"


def log_line(dialect: Dialect, row: Sequence[Any]) -> LogLine:
    """A numbered write-log entry from a row of LOG_COLUMNS."""
    return LogLine(
        int(row[0]),
        WriteLogEntry(
            user_id=row[1],
            action=row[2],
            reason=row[3],
            text_hash=row[4],
            time=dialect.load_time(row[5]),
            source=row[6],
            detail=row[7],
            tenant=row[8],
        ),
    )


def insert_log(conn: Connection, dialect: Dialect, entries: Sequence[WriteLogEntry]) -> None:
    if not entries:
        return
    time = dialect.store_time
    execute_many(
        conn,
        "INSERT INTO write_log (tenant, user_id, action, reason, text_hash, time, source, detail) "
        f"VALUES ({dialect.marks(8)})",
        [
            (e.tenant, e.user_id, e.action, e.reason, e.text_hash, time(e.time), e.source, e.detail)
            for e in entries
        ],
    )


class SqlLog(Generic[DB]):
    """WriteLog on the write_log table."""

    dialect: ClassVar[Dialect]

    def __init__(self, db: DB) -> None:
        self._db = db

    def page_log(
        self,
        owners: Owners,
        limit: int,
        *,
        actions: Collection[str] | None = None,
        cursor: Page[int] | None = None,
    ) -> list[LogLine]:
        newer = cursor is not None and cursor.newer
        clause, params = self._log_where(owners, actions, cursor.key if cursor else None, newer)
        # The newer rows are read upwards from the cursor, so that LIMIT keeps the nearest ones.
        order = "ASC" if newer else "DESC"
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {LOG_COLUMNS} FROM write_log {clause} ORDER BY id {order} LIMIT {self.dialect.mark}",
                [*params, limit],
            ).fetchall()
        lines = [log_line(self.dialect, row) for row in rows]
        return lines[::-1] if newer else lines

    def count_log(
        self, owners: Owners, *, actions: Collection[str] | None = None, newer_than: int | None = None
    ) -> int:
        clause, params = self._log_where(owners, actions, newer_than, newer=True)
        with self._db.read() as conn:
            row = conn.execute(f"SELECT count(*) FROM write_log {clause}", params).fetchone()
        return int(row[0]) if row else 0

    def count_logged(self, scope: Scope, detail: str) -> int:
        mark = self.dialect.mark
        with self._db.read() as conn:
            row = conn.execute(
                f"SELECT count(*) FROM write_log WHERE tenant = {mark} AND user_id = {mark} "
                f"AND detail = {mark}",
                (scope.tenant, scope.user, detail),
            ).fetchone()
        return int(row[0]) if row else 0

    def _log_where(
        self, owners: Owners, actions: Collection[str] | None, beyond: int | None, newer: bool
    ) -> tuple[str, list[Any]]:
        clauses, params = owners_where(self.dialect, owners)
        if actions is not None:
            clause, values = self.dialect.one_of("action", sorted(set(actions)))
            clauses.append(clause)
            params += values
        if beyond is not None:
            clauses.append(f"id {'>' if newer else '<'} {self.dialect.mark}")
            params.append(beyond)
        return where(clauses), params
