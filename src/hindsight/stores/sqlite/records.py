"""The SQLite store's records: RecordStore (the unit of work), RecordSearch and EventStore."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from datetime import datetime

from hindsight.errors import DuplicateRecord, StaleWrite
from hindsight.indexing import normalize_entity
from hindsight.models import MemoryRecord, Owners, Scope
from hindsight.stores.base import Change, EventChange, RecordFilter, Scored
from hindsight.stores.sql.dialect import owners_where
from hindsight.stores.sql.events import event_state
from hindsight.stores.sql.log import insert_log
from hindsight.stores.sql.queue import take_claimed
from hindsight.stores.sql.records import RECORD_COLUMNS, SqlRecords, check_slot, record_values, set_meta
from hindsight.stores.sqlite.database import (
    DIALECT,
    RECORD_MARKS,
    Database,
    bump,
    dumps,
    marks,
    parsed_record,
    record_from_row,
)
from hindsight.stores.sqlite.keywords import index, unindex, validity
from hindsight.timeutil import to_epoch


def insert_records(conn: sqlite3.Connection, records: Sequence[MemoryRecord]) -> None:
    for record in records:
        try:
            conn.execute(
                f"INSERT INTO records ({RECORD_COLUMNS}) VALUES ({RECORD_MARKS})",
                record_values(DIALECT, record),
            )
        except sqlite3.IntegrityError:
            raise DuplicateRecord(
                f"a record with id {record.id!r} already exists: ids are never reused"
            ) from None
        index(conn, record)


class SQLiteRecords(SqlRecords[Database]):
    """RecordStore, RecordSearch and EventStore on one SQLite file."""

    dialect = DIALECT

    # -- the unit of work ------------------------------------------------------------------------

    def apply(self, change: Change) -> None:
        if change.empty:
            return
        owners: set[tuple[str, str]] = set()
        seen_by_vectors = False
        with self._db.write() as conn:
            if change.done is not None:
                take_claimed(conn, DIALECT, change.done)
            for read in change.slots:
                check_slot(conn, DIALECT, read)
            insert_records(conn, change.add)
            for record in change.update:
                seen_by_vectors |= self._replace(conn, record)
            for record in change.delete:
                seen_by_vectors |= self._remove(conn, record)
            insert_log(conn, DIALECT, change.log)
            for event in change.events:
                self._put_event(conn, event)
            for key, value in change.meta.items():
                set_meta(conn, DIALECT, key, value)
            owners |= {(r.tenant, r.user_id) for r in (*change.add, *change.update, *change.delete)}
            owners |= {(e.scope.tenant, e.scope.user) for e in change.events}
            bump(conn, owners, vectors=seen_by_vectors)

    @staticmethod
    def _stored(conn: sqlite3.Connection, record: MemoryRecord) -> tuple[str, str, bool, str, str | None]:
        """(text, entities, has a vector, role, embedding model) of the stored record at the version
        `record` was read at; StaleWrite if it is gone or changed since."""
        row = conn.execute(
            "SELECT text, entities, embedding IS NOT NULL, role, embedding_model, version FROM records "
            "WHERE id = ?",
            (record.id,),
        ).fetchone()
        if row is None:
            raise StaleWrite(f"memory {record.id} was removed after it was read")
        if row[5] != record.version:
            raise StaleWrite(
                f"memory {record.id} changed after it was read (version {record.version} → {row[5]})"
            )
        return row[0], row[1], bool(row[2]), row[3], row[4]

    def _replace(self, conn: sqlite3.Connection, record: MemoryRecord) -> bool:
        """Write a changed record (same id) over the version it was read at; True if it has a vector
        (so vector searches see the change)."""
        text, entities, has_vector, role, _model = self._stored(conn, record)
        keep_vector = has_vector and record.text == text
        values = record_values(DIALECT, record)
        columns = [column.strip() for column in RECORD_COLUMNS.split(",")]
        # The vector and the name of its model belong to VectorIndex.set_vectors, not to updates.
        owned = ("id", "version", "embedding_model")
        assignments = ", ".join(f"{column} = ?" for column in columns if column not in owned)
        kept = [value for column, value in zip(columns, values, strict=True) if column not in owned]
        vector_sql = "" if keep_vector else ", embedding = NULL, embedding_model = NULL"
        conn.execute(
            f"UPDATE records SET {assignments}{vector_sql}, version = version + 1 WHERE id = ?",
            (*kept, record.id),
        )
        if record.text != text or record.role != role or dumps(record.entities) != entities:
            unindex(conn, record, role, text)
            index(conn, record)
        return has_vector

    def _remove(self, conn: sqlite3.Connection, record: MemoryRecord) -> bool:
        text, _entities, has_vector, role, _model = self._stored(conn, record)
        conn.execute("DELETE FROM records WHERE id = ?", (record.id,))
        unindex(conn, record, role, text)
        return has_vector

    @staticmethod
    def _put_event(conn: sqlite3.Connection, change: EventChange) -> None:
        key = (change.scope.tenant, change.scope.user, change.session_id)
        stored = conn.execute(
            "SELECT version FROM open_events WHERE tenant = ? AND user_id = ? AND session_id = ?", key
        ).fetchone()
        if (stored[0] if stored else 0) != change.expected:
            raise StaleWrite(f"the open event of session {change.session_id!r} changed after it was read")
        if change.event is None:
            conn.execute("DELETE FROM open_events WHERE tenant = ? AND user_id = ? AND session_id = ?", key)
            return
        event = change.event
        state = dumps(event_state(event))
        touched = to_epoch(event.touched_at) if event.touched_at is not None else 0.0
        conn.execute(
            "INSERT INTO open_events (tenant, user_id, session_id, state, touched_at, version) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (tenant, user_id, session_id) DO UPDATE SET "
            "state = excluded.state, touched_at = excluded.touched_at, version = excluded.version",
            (*key, state, touched, change.expected + 1),
        )

    # -- reading records ---------------------------------------------------------------------------

    def get_many(self, ids: Sequence[str]) -> dict[str, MemoryRecord]:
        unique = list(dict.fromkeys(ids))
        found: dict[str, MemoryRecord] = {}
        with self._db.read() as conn:
            for start in range(0, len(unique), 500):
                chunk = unique[start : start + 500]
                for row in conn.execute(
                    f"SELECT {RECORD_COLUMNS} FROM records WHERE id IN ({marks(chunk)})", chunk
                ):
                    found[row[0]] = parsed_record(row)
        return found

    def scopes(self, tenant: str | None = None) -> list[Scope]:
        where, params = ("WHERE tenant = ?", [tenant]) if tenant is not None else ("", [])
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT DISTINCT tenant, user_id FROM records {where} ORDER BY tenant, user_id", params
            ).fetchall()
        return [Scope(tenant, user) for tenant, user in rows]

    def add_hits(self, hits: Mapping[str, tuple[int, datetime]]) -> None:
        if not hits:
            return
        with self._db.write() as conn:
            conn.executemany(
                "UPDATE records SET hits = hits + ?, last_hit_at = max(coalesce(last_hit_at, 0), ?), "
                "version = version + 1 WHERE id = ?",
                [(times, to_epoch(last), rid) for rid, (times, last) in hits.items()],
            )

    def check(self, thorough: bool) -> list[str]:
        return self._db.check(thorough)

    # -- RecordSearch ------------------------------------------------------------------------------

    def citing(self, scope: Scope, source_id: str) -> list[MemoryRecord]:
        # The id as it stands in the JSON list, as a LIKE pattern. The escape character is one JSON
        # never escapes: with a backslash, the JSON escapes of '"' and '\' would be read as LIKE's.
        needle = "%" + dumps(source_id).replace("!", "!!").replace("%", "!%").replace("_", "!_") + "%"
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records WHERE tenant = ? AND user_id = ? "
                "AND valid_until IS NULL AND source_ids LIKE ? ESCAPE '!' ORDER BY seq",
                (scope.tenant, scope.user, needle),
            ).fetchall()
        found = (record_from_row(row) for row in rows)
        return [record for record in found if source_id in record.source_ids]

    def search_entities(self, where: RecordFilter, values: Sequence[str], k: int) -> Scored:
        wanted = sorted({normalize_entity(value) for value in values} - {""})
        if not wanted or k <= 0:
            return []
        clauses, params = validity(where, "m")
        sql = (
            "SELECT e.record_id, count(DISTINCT e.value) AS matched, m.event_time FROM memory_entities e "
            "JOIN records m ON m.id = e.record_id "
            f"WHERE e.tenant = ? AND e.user_id = ? AND e.value IN ({marks(wanted)}) AND {clauses} "
            "GROUP BY e.record_id ORDER BY matched DESC, m.event_time DESC LIMIT ?"
        )
        with self._db.read() as conn:
            rows = conn.execute(sql, [where.scope.tenant, where.scope.user, *wanted, *params, k]).fetchall()
        # How many of the asked values the record holds (fusion normalises the scale).
        return [(rid, float(matched)) for rid, matched, _ in rows]

    def search_time(self, where: RecordFilter, start: datetime, end: datetime, k: int) -> Scored:
        lo, hi = to_epoch(start), to_epoch(end)
        clauses, params = validity(where, "m")
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT m.id, m.event_time FROM records m WHERE {clauses} "
                "AND m.event_time >= ? AND m.event_time < ? ORDER BY m.event_time DESC, m.seq LIMIT ?",
                [*params, lo, hi, k],
            ).fetchall()
        span = max(hi - lo, 1.0)
        # Most recent first: the score is how late in the range the record happened.
        return [(rid, 0.5 + 0.5 * (event_time - lo) / span) for rid, event_time in rows]

    def speakers(self, scope: Scope) -> set[str]:
        # Each distinct role found by one step of the roles' index (the next role after the last),
        # not by reading every row of the user; then kept if one of its records has a vector.
        with self._db.read() as conn:
            rows = conn.execute(
                "WITH RECURSIVE roles (role) AS ("
                " SELECT (SELECT min(role) FROM records WHERE tenant = :tenant AND user_id = :user"
                " AND role IS NOT NULL)"
                " UNION ALL"
                " SELECT (SELECT min(r.role) FROM records r WHERE r.tenant = :tenant AND r.user_id = :user"
                " AND r.role > roles.role) FROM roles WHERE roles.role IS NOT NULL)"
                " SELECT role FROM roles WHERE role IS NOT NULL AND EXISTS (SELECT 1 FROM records e"
                " WHERE e.tenant = :tenant AND e.user_id = :user AND e.role = roles.role"
                " AND e.embedding IS NOT NULL)",
                {"tenant": scope.tenant, "user": scope.user},
            ).fetchall()
        return {row[0] for row in rows if row[0]}

    def ids_starting(self, prefix: str, owners: Owners, limit: int) -> list[str]:
        clauses, params = owners_where(DIALECT, owners)
        # A range on the id's unique index: every id that starts with `prefix` sorts between it and
        # the prefix followed by the highest character.
        clauses += ["id >= ?", "id < ?"]
        params += [prefix, prefix + "\U0010ffff"]
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT id FROM records WHERE {' AND '.join(clauses)} ORDER BY id LIMIT ?", [*params, limit]
            ).fetchall()
        return [row[0] for row in rows]
