"""The SQLite store's records: RecordStore (the unit of work), RecordSearch and EventStore."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any

from hindsight.errors import ClaimLost, DuplicateRecord, StaleWrite
from hindsight.indexing import normalize_entity
from hindsight.models import Kind, MemoryRecord, Owners, Scope, Tier
from hindsight.paging import Cursor, RecordKey
from hindsight.stores.base import (
    Change,
    EventChange,
    Generation,
    OpenEvent,
    RecordFilter,
    Scored,
    SlotRead,
)
from hindsight.stores.sqlite.database import (
    RECORD_COLUMNS,
    RECORD_MARKS,
    Database,
    bump,
    dumps,
    insert_log,
    marks,
    owners_where,
    parsed_record,
    record_from_row,
    record_values,
)
from hindsight.stores.sqlite.keywords import index, unindex, validity
from hindsight.timeutil import from_epoch, to_epoch

SCAN_CHUNK = 1000
"""Rows a scan reads per query: a scan of a large store never holds it all."""


def insert_records(conn: sqlite3.Connection, records: Sequence[MemoryRecord]) -> None:
    for record in records:
        try:
            conn.execute(
                f"INSERT INTO records ({RECORD_COLUMNS}) VALUES ({RECORD_MARKS})", record_values(record)
            )
        except sqlite3.IntegrityError:
            raise DuplicateRecord(
                f"a record with id {record.id!r} already exists: ids are never reused"
            ) from None
        index(conn, record)


class SQLiteRecords:
    """RecordStore, RecordSearch and EventStore on one SQLite file."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # -- the unit of work ------------------------------------------------------------------------

    def apply(self, change: Change) -> None:
        if change.empty:
            return
        owners: set[tuple[str, str]] = set()
        seen_by_vectors = False
        with self._db.write() as conn:
            if change.done is not None:
                taken = conn.execute(
                    "DELETE FROM write_queue WHERE id = ? AND claim_owner = ?",
                    (change.done.entry_id, change.done.owner),
                ).rowcount
                if not taken:
                    raise ClaimLost(
                        f"queued write {change.done.entry_id} is no longer claimed by this process: "
                        "another one applies it"
                    )
            for read in change.slots:
                _check_slot(conn, read)
            insert_records(conn, change.add)
            for record in change.update:
                seen_by_vectors |= self._replace(conn, record)
            for record in change.delete:
                seen_by_vectors |= self._remove(conn, record)
            insert_log(conn, change.log)
            for event in change.events:
                self._put_event(conn, event)
            for key, value in change.meta.items():
                _set_meta(conn, key, value)
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
        values = record_values(record)
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
        state = dumps(
            {
                "turn_ids": list(event.turn_ids),
                "last_time": None if event.last_time is None else to_epoch(event.last_time),
                "summary_id": event.summary_id,
                "fact_values": dict(event.fact_values),
                "agent_id": event.agent_id,
            }
        )
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

    def scan(
        self, owners: Owners = None, *, tier: Tier | None = None, include_closed: bool = True
    ) -> Iterator[MemoryRecord]:
        clauses, params = owners_where(owners)
        if tier is not None:
            clauses.append("tier = ?")
            params.append(tier)
        if not include_closed:
            clauses.append("valid_until IS NULL")
        after = 0
        while True:
            where = " AND ".join([*clauses, "seq > ?"])
            with self._db.read() as conn:
                rows = conn.execute(
                    f"SELECT seq, {RECORD_COLUMNS} FROM records WHERE {where} ORDER BY seq LIMIT ?",
                    [*params, after, SCAN_CHUNK],
                ).fetchall()
            for row in rows:
                yield record_from_row(row[1:])
            if len(rows) < SCAN_CHUNK:
                return
            after = rows[-1][0]

    def page_records(
        self,
        scope: Scope,
        tier: Tier,
        limit: int,
        *,
        kind: Kind | None = None,
        cursor: Cursor[RecordKey] | None = None,
    ) -> list[MemoryRecord]:
        newer = cursor is not None and cursor.newer
        where, params = _live_where(scope, tier, kind, cursor.key if cursor else None, newer)
        # The newer rows are read upwards from the cursor, so that LIMIT keeps the nearest ones.
        order = "ASC" if newer else "DESC"
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records WHERE {where} "
                f"ORDER BY created_at {order}, id {order} LIMIT ?",
                [*params, limit],
            ).fetchall()
        records = [record_from_row(row) for row in rows]
        return records[::-1] if newer else records

    def count_records(
        self, scope: Scope, tier: Tier, *, kind: Kind | None = None, newer_than: RecordKey | None = None
    ) -> int:
        where, params = _live_where(scope, tier, kind, newer_than, newer=True)
        with self._db.read() as conn:
            return int(conn.execute(f"SELECT count(*) FROM records WHERE {where}", params).fetchone()[0])

    def tally(self, owners: Owners) -> list[tuple[Tier, Kind, bool, int]]:
        clauses, params = owners_where(owners)
        where = " AND ".join(clauses) or "1"
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT tier, kind, valid_until IS NULL, count(*) FROM records WHERE {where} "
                "GROUP BY 1, 2, 3 ORDER BY 1, 2, 3",
                params,
            ).fetchall()
        return [(tier, kind, bool(live), int(count)) for tier, kind, live, count in rows]

    def scopes(self, tenant: str | None = None) -> list[Scope]:
        where, params = ("WHERE tenant = ?", [tenant]) if tenant is not None else ("", [])
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT DISTINCT tenant, user_id FROM records {where} ORDER BY tenant, user_id", params
            ).fetchall()
        return [Scope(tenant, user) for tenant, user in rows]

    def generation(self, scope: Scope) -> Generation:
        with self._db.read() as conn:
            row = conn.execute(
                "SELECT records, vectors FROM generations WHERE tenant = ? AND user_id = ?",
                (scope.tenant, scope.user),
            ).fetchone()
        return Generation() if row is None else Generation(int(row[0]), int(row[1]))

    def add_hits(self, hits: Mapping[str, tuple[int, datetime]]) -> None:
        if not hits:
            return
        with self._db.write() as conn:
            conn.executemany(
                "UPDATE records SET hits = hits + ?, last_hit_at = max(coalesce(last_hit_at, 0), ?), "
                "version = version + 1 WHERE id = ?",
                [(times, to_epoch(last), rid) for rid, (times, last) in hits.items()],
            )

    def get_meta(self, key: str) -> str | None:
        with self._db.read() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str | None) -> None:
        with self._db.write() as conn:
            _set_meta(conn, key, value)

    def check(self, thorough: bool) -> list[str]:
        return self._db.check(thorough)

    # -- RecordSearch ------------------------------------------------------------------------------

    def open_slot(self, scope: Scope, slot: str) -> list[MemoryRecord]:
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records WHERE tenant = ? AND user_id = ? AND slot = ? "
                "AND valid_until IS NULL ORDER BY seq",
                (scope.tenant, scope.user, slot),
            ).fetchall()
        return [record_from_row(row) for row in rows]

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
        clauses, params = owners_where(owners)
        # A range on the id's unique index: every id that starts with `prefix` sorts between it and
        # the prefix followed by the highest character.
        clauses += ["id >= ?", "id < ?"]
        params += [prefix, prefix + "\U0010ffff"]
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT id FROM records WHERE {' AND '.join(clauses)} ORDER BY id LIMIT ?", [*params, limit]
            ).fetchall()
        return [row[0] for row in rows]

    # -- EventStore --------------------------------------------------------------------------------

    def open_events(self, scope: Scope) -> list[OpenEvent]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT session_id, state, touched_at, version FROM open_events "
                "WHERE tenant = ? AND user_id = ? ORDER BY session_id",
                (scope.tenant, scope.user),
            ).fetchall()
        return [_event(*row) for row in rows]

    def idle_events(self, touched_before: datetime, limit: int) -> list[tuple[Scope, OpenEvent]]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT tenant, user_id, session_id, state, touched_at, version FROM open_events "
                "WHERE touched_at < ? ORDER BY touched_at LIMIT ?",
                (to_epoch(touched_before), limit),
            ).fetchall()
        return [(Scope(row[0], row[1]), _event(*row[2:])) for row in rows]


def _event(session_id: str, state: str, touched_at: float, version: int) -> OpenEvent:
    data: dict[str, Any] = json.loads(state)
    last = data.get("last_time")
    return OpenEvent(
        session_id=session_id,
        turn_ids=tuple(data.get("turn_ids", ())),
        last_time=None if last is None else from_epoch(last),
        touched_at=from_epoch(touched_at),
        summary_id=data.get("summary_id"),
        fact_values=dict(data.get("fact_values", {})),
        agent_id=data.get("agent_id"),
        version=int(version),
    )


def _check_slot(conn: sqlite3.Connection, read: SlotRead) -> None:
    """StaleWrite unless the slot's still-valid records are those the plan read."""
    rows = conn.execute(
        "SELECT id FROM records WHERE tenant = ? AND user_id = ? AND slot = ? AND valid_until IS NULL",
        (read.scope.tenant, read.scope.user, read.slot),
    ).fetchall()
    if {row[0] for row in rows} != read.ids:
        raise StaleWrite(f"the value of {read.slot!r} changed after it was read")


def _set_meta(conn: sqlite3.Connection, key: str, value: str | None) -> None:
    if value is None:
        conn.execute("DELETE FROM meta WHERE key = ?", (key,))
        return
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


def _live_where(
    scope: Scope, tier: Tier, kind: Kind | None, beyond: RecordKey | None, newer: bool
) -> tuple[str, list[Any]]:
    """The WHERE clause of a user's still-valid records of one tier, (kind,) and, past `beyond`,
    only those newer (or older) than it. `valid_until IS NULL` is spelled out so that the
    records_live_by_time partial index serves it."""
    clauses = ["tenant = ?", "user_id = ?", "tier = ?", "valid_until IS NULL"]
    params: list[Any] = [scope.tenant, scope.user, tier]
    if kind is not None:
        clauses.append("kind = ?")
        params.append(kind)
    if beyond is not None:
        clauses.append(f"(created_at, id) {'>' if newer else '<'} (?, ?)")
        params += [to_epoch(beyond.created_at), beyond.id]
    return " AND ".join(clauses), params
