"""The PostgreSQL store's records: RecordStore (the unit of work), RecordSearch and EventStore.

A Change is one transaction. The rows it depends on are locked in one order (records by id, slots
and sessions by advisory locks on their keys), so two processes applying Changes at once either
both go through or one is refused (StaleWrite) and plans again - never both on a stale read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import psycopg

from hindsight.errors import DuplicateRecord, StaleWrite, StoreUnavailable
from hindsight.indexing import normalize_entity
from hindsight.models import MemoryRecord, Owners, Scope
from hindsight.stores.base import Change, EventChange, RecordFilter, Scored
from hindsight.stores.postgres import keywords
from hindsight.stores.postgres.database import (
    DIALECT,
    RECORD_MARKS,
    Conn,
    Database,
    bump,
    first_line,
    jsonb,
    prefixed,
    record_from_row,
)
from hindsight.stores.postgres.keywords import validity
from hindsight.stores.sql.dialect import owners_where
from hindsight.stores.sql.events import event_state
from hindsight.stores.sql.log import insert_log
from hindsight.stores.sql.queue import take_claimed
from hindsight.stores.sql.records import (
    RECORD_COLUMNS,
    RECORD_FIELDS,
    SqlRecords,
    check_slot,
    record_values,
    set_meta,
)
from hindsight.timeutil import from_epoch, to_epoch

OWNED_ENTITY_VALUES = (
    "array_append({alias}.entity_values, chr(31) || {alias}.tenant || chr(31) || {alias}.user_id)"
)
"""A record's entity values and its owner's key (owner_key), as records_owned_entity_values indexes
them (schema.py, migration 5: spelled the same, or the planner does not use the index)."""


def owner_key(scope: Scope) -> str:
    """The owner's element of OWNED_ENTITY_VALUES: it starts with \\x1f, which no normalised entity
    value holds (normalize_entity drops whitespace, \\x1f included)."""
    return f"\x1f{scope.tenant}\x1f{scope.user}"


def entity_values(record: MemoryRecord) -> list[str]:
    return sorted({normalize_entity(str(value)) for value in record.entities.values()} - {""})


def feeding(conn: Conn) -> bool:
    """Whether an external vector index is fed from this store (its deletes are then passed on)."""
    return conn.execute("SELECT 1 FROM meta WHERE key = 'vector_index'").fetchone() is not None


def insert_records(conn: Conn, records: Sequence[MemoryRecord]) -> keywords.Delta:
    """Insert records and index their terms; DuplicateRecord if an id exists."""
    if not records:
        return keywords.Delta()
    try:
        with conn.transaction(), conn.cursor() as cur:  # a savepoint: a duplicate is named, not a broken txn
            cur.executemany(
                f"INSERT INTO records ({RECORD_COLUMNS}, entity_values, index_stale) "
                f"VALUES ({RECORD_MARKS}, %s, false)",
                [(*record_values(DIALECT, r), entity_values(r)) for r in records],
            )
    except psycopg.errors.UniqueViolation:
        existing = conn.execute(
            "SELECT id FROM records WHERE id = ANY(%s) LIMIT 1", ([r.id for r in records],)
        ).fetchone()
        rid = existing[0] if existing else "?"
        raise DuplicateRecord(f"a record with id {rid!r} already exists: ids are never reused") from None
    return keywords.index(conn, records)


CHECKED_TABLES = (
    "records",
    "keyword_terms",
    "write_queue",
    "dead_letters",
    "write_log",
    "open_events",
    "meta",
)


class PostgresRecords(SqlRecords[Database]):
    """RecordStore, RecordSearch and EventStore on one PostgreSQL database."""

    dialect = DIALECT

    # -- the unit of work ------------------------------------------------------------------------

    def apply(self, change: Change) -> None:
        if change.empty:
            return
        try:
            with self._db.write() as conn:
                self._apply(conn, change)
        except StoreUnavailable as exc:
            if "deadlock" in str(exc) or "could not serialize" in str(exc):
                raise StaleWrite(f"another write changed the same memory at once ({exc})") from None
            raise

    def _apply(self, conn: Conn, change: Change) -> None:
        if change.done is not None:
            take_claimed(conn, DIALECT, change.done)
        # Slots and sessions this change depends on, locked in one order for every writer.
        keys = sorted(
            {f"slot\x1f{r.scope.tenant}\x1f{r.scope.user}\x1f{r.slot}" for r in change.slots}
            | {
                f"slot\x1f{r.tenant}\x1f{r.user_id}\x1f{r.slot}"
                for r in (*change.add, *change.update)
                if r.slot
            }
            | {f"event\x1f{e.scope.tenant}\x1f{e.scope.user}\x1f{e.session_id}" for e in change.events}
        )
        for key in keys:
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (key,))
        for read in change.slots:
            check_slot(conn, DIALECT, read)
        stats = insert_records(conn, change.add)
        changed = list(change.update) + list(change.delete)
        stored = _lock(conn, changed)
        seen_by_vectors = False
        passing_on = feeding(conn) if change.delete else False
        for record in change.update:
            seen_by_vectors |= self._replace(conn, record, stored[record.id], stats)
        for record in change.delete:
            row = stored[record.id]
            # Its terms first: the cascade would remove them unseen, and their counts with them.
            stats.add(keywords.unindex(conn, record, row["doc_len"]))
            conn.execute("DELETE FROM records WHERE id = %s", (record.id,))
            seen_by_vectors |= row["has_vector"]
            if passing_on:
                conn.execute(
                    "INSERT INTO index_deletes (record_id, tenant, user_id) VALUES (%s, %s, %s)",
                    (record.id, record.tenant, record.user_id),
                )
        insert_log(conn, DIALECT, change.log)
        for event in change.events:
            _put_event(conn, event)
        for key, value in change.meta.items():
            set_meta(conn, DIALECT, key, value)
        owners = {(r.tenant, r.user_id) for r in (*change.add, *change.update, *change.delete)}
        owners |= {(e.scope.tenant, e.scope.user) for e in change.events}
        keywords.apply_delta(conn, stats)
        bump(conn, owners, vectors=seen_by_vectors, docs=stats.users)

    @staticmethod
    def _replace(conn: Conn, record: MemoryRecord, row: dict[str, Any], stats: keywords.Delta) -> bool:
        keep_vector = row["has_vector"] and record.text == row["text"]
        owned = ("id", "version", "embedding_model")
        columns = [c for c in RECORD_FIELDS if c not in owned]
        values = dict(zip(RECORD_FIELDS, record_values(DIALECT, record), strict=True))
        assignments = ", ".join(f"{c} = %s" for c in columns)
        vector_sql = "" if keep_vector else ", embedding = NULL, embedding_dim = NULL, embedding_model = NULL"
        conn.execute(
            f"UPDATE records SET {assignments}, entity_values = %s{vector_sql}, "
            "index_stale = index_stale OR embedding IS NOT NULL, index_token = index_token + 1, "
            "version = version + 1 WHERE id = %s",
            (*[values[c] for c in columns], entity_values(record), record.id),
        )
        if record.text != row["text"] or record.role != row["role"]:
            stats.add(keywords.unindex(conn, record, row["doc_len"]))
            stats.add(keywords.index(conn, [record]))
        return bool(row["has_vector"])

    # -- reading records ---------------------------------------------------------------------------

    def get_many(self, ids: Sequence[str]) -> dict[str, MemoryRecord]:
        unique = list(dict.fromkeys(ids))
        if not unique:
            return {}
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records WHERE id = ANY(%s)", (unique,)
            ).fetchall()
        return {row[0]: record_from_row(row) for row in rows}

    def scopes(self, tenant: str | None = None) -> list[Scope]:
        # Users with records: the generations table lists everyone who ever wrote, so check a row.
        where, params = ("AND g.tenant = %s", [tenant]) if tenant is not None else ("", [])
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT g.tenant, g.user_id FROM generations g WHERE EXISTS (SELECT 1 FROM records r "
                f"WHERE r.tenant = g.tenant AND r.user_id = g.user_id) {where} "
                'ORDER BY g.tenant COLLATE "C", g.user_id COLLATE "C"',
                params,
            ).fetchall()
        return [Scope(t, u) for t, u in rows]

    def add_hits(self, hits: Mapping[str, tuple[int, datetime]]) -> None:
        if not hits:
            return
        rows = sorted((rid, times, last) for rid, (times, last) in hits.items())
        with self._db.write() as conn, conn.cursor() as cur:
            cur.executemany(
                "UPDATE records SET hits = hits + %s, last_hit_at = greatest(last_hit_at, %s), "
                "version = version + 1 WHERE id = %s",
                [(times, last, rid) for rid, times, last in rows],
            )

    def check(self, thorough: bool) -> list[str]:
        """Cheap: every table answers. Thorough: every row of every table is read (a damaged page
        fails the read; what rows refer to, foreign keys keep whole)."""
        problems: list[str] = []
        try:
            with self._db.read() as conn:
                for table in CHECKED_TABLES:
                    conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchall()
                if thorough:
                    for table in CHECKED_TABLES:
                        conn.execute(f"SELECT count(*) FROM {table}").fetchone()
        except psycopg.Error as exc:
            problems.append(f"{type(exc).__name__}: {exc}")
        return problems

    # -- RecordSearch ------------------------------------------------------------------------------

    def ids_starting(self, prefix: str, owners: Owners, limit: int) -> list[str]:
        clauses, params = owners_where(DIALECT, owners)
        clauses.append("starts_with(id, %s)")
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT id FROM records WHERE {' AND '.join(clauses)} ORDER BY id LIMIT %s",
                [*params, prefix, limit],
            ).fetchall()
        return [row[0] for row in rows]

    def citing(self, scope: Scope, source_id: str) -> list[MemoryRecord]:
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records WHERE tenant = %s AND user_id = %s "
                "AND valid_until IS NULL AND source_ids @> %s ORDER BY seq",
                (scope.tenant, scope.user, jsonb([source_id])),
            ).fetchall()
        return [record_from_row(row) for row in rows]

    def search_entities(self, where: RecordFilter, values: Sequence[str], k: int) -> Scored:
        wanted = sorted({normalize_entity(value) for value in values} - {""})
        if not wanted or k <= 0:
            return []
        clauses, params = validity(where, "m")
        # One index scan finds the owner's records holding a value (records_owned_entity_values):
        # with the values alone in the index, a large memory's lookup read the owner's whole row
        # list beside them (14 ms for 100,000 memories, BENCHMARKS.md). The owner clauses stay.
        owned = OWNED_ENTITY_VALUES.replace("{alias}", "m")
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT m.id, (SELECT count(*) FROM unnest(m.entity_values) v WHERE v = ANY(%s)) AS matched "
                f"FROM records m WHERE {owned} @> ARRAY[%s] AND {owned} && %s AND {clauses} "
                "ORDER BY matched DESC, m.event_time DESC, m.seq LIMIT %s",
                [wanted, owner_key(where.scope), wanted, *params, k],
            ).fetchall()
        return [(rid, float(matched)) for rid, matched in rows]

    def search_time(self, where: RecordFilter, start: datetime, end: datetime, k: int) -> Scored:
        clauses, params = validity(where, "m")
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT m.id, m.event_time FROM records m WHERE {clauses} "
                "AND m.event_time >= %s AND m.event_time < %s ORDER BY m.event_time DESC, m.seq LIMIT %s",
                [*params, start, end, k],
            ).fetchall()
        lo, hi = to_epoch(start), to_epoch(end)
        span = max(hi - lo, 1.0)
        return [(rid, 0.5 + 0.5 * (to_epoch(event_time) - lo) / span) for rid, event_time in rows]

    def speakers(self, scope: Scope) -> set[str]:
        # Each distinct role found by one step of the roles' index (the next role after the last),
        # not by reading every row of the user; then kept if one of its records has a vector.
        with self._db.read() as conn:
            rows = conn.execute(
                "WITH RECURSIVE roles (role) AS ("
                " SELECT (SELECT min(role) FROM records WHERE tenant = %(tenant)s AND user_id = %(user)s"
                " AND role IS NOT NULL)"
                " UNION ALL"
                " SELECT (SELECT min(r.role) FROM records r WHERE r.tenant = %(tenant)s"
                " AND r.user_id = %(user)s AND r.role > roles.role) FROM roles WHERE roles.role IS NOT NULL)"
                " SELECT role FROM roles WHERE role IS NOT NULL AND EXISTS (SELECT 1 FROM records e"
                " WHERE e.tenant = %(tenant)s AND e.user_id = %(user)s AND e.role = roles.role"
                " AND e.embedding_model IS NOT NULL)",
                {"tenant": scope.tenant, "user": scope.user},
            ).fetchall()
        return {row[0] for row in rows if row[0]}


def _lock(conn: Conn, records: Sequence[MemoryRecord]) -> dict[str, dict[str, Any]]:
    """Lock the rows of records to update or delete (in id order) and check each is still at the
    version it was read at; StaleWrite otherwise."""
    if not records:
        return {}
    rows = conn.execute(
        "SELECT id, version, text, role, doc_len, embedding_model IS NOT NULL FROM records "
        "WHERE id = ANY(%s) ORDER BY id FOR UPDATE",
        (sorted({r.id for r in records}),),
    ).fetchall()
    found = {
        row[0]: {
            "version": row[1],
            "text": row[2],
            "role": row[3],
            "doc_len": row[4],
            "has_vector": bool(row[5]),
        }
        for row in rows
    }
    for record in records:
        stored = found.get(record.id)
        if stored is None:
            raise StaleWrite(f"memory {record.id} was removed after it was read")
        if stored["version"] != record.version:
            raise StaleWrite(
                f"memory {record.id} changed after it was read (version {record.version} → {stored['version']})"
            )
    return found


def _put_event(conn: Conn, change: EventChange) -> None:
    key = (change.scope.tenant, change.scope.user, change.session_id)
    stale = StaleWrite(f"the open event of session {change.session_id!r} changed after it was read")
    if change.event is None:
        if change.expected == 0:
            row = conn.execute(
                "SELECT 1 FROM open_events WHERE tenant = %s AND user_id = %s AND session_id = %s", key
            ).fetchone()
            if row is not None:
                raise stale
            return
        gone = conn.execute(
            "DELETE FROM open_events WHERE tenant = %s AND user_id = %s AND session_id = %s AND version = %s",
            (*key, change.expected),
        ).rowcount
        if not gone:
            raise stale
        return
    event = change.event
    state = jsonb(event_state(event))
    touched = event.touched_at if event.touched_at is not None else from_epoch(0.0)
    if change.expected == 0:
        written = conn.execute(
            "INSERT INTO open_events (tenant, user_id, session_id, state, touched_at, version) "
            "VALUES (%s, %s, %s, %s, %s, 1) ON CONFLICT DO NOTHING",
            (*key, state, touched),
        ).rowcount
    else:
        written = conn.execute(
            "UPDATE open_events SET state = %s, touched_at = %s, version = version + 1 "
            "WHERE tenant = %s AND user_id = %s AND session_id = %s AND version = %s",
            (state, touched, *key, change.expected),
        ).rowcount
    if not written:
        raise stale


__all__ = ["PostgresRecords", "entity_values", "first_line", "insert_records", "prefixed"]
