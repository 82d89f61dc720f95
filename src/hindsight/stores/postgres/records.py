"""The PostgreSQL store's records: RecordStore (the unit of work), RecordSearch and EventStore.

A Change is one transaction. The rows it depends on are locked in one order (records by id, slots
and sessions by advisory locks on their keys), so two processes applying Changes at once either
both go through or one is refused (StaleWrite) and plans again - never both on a stale read.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any

import psycopg

from hindsight.errors import ClaimLost, DuplicateRecord, StaleWrite, StoreUnavailable
from hindsight.indexing import normalize_entity
from hindsight.models import Kind, MemoryRecord, Owners, Scope, Tier
from hindsight.paging import Cursor, RecordKey
from hindsight.stores.base import Change, EventChange, Generation, OpenEvent, RecordFilter, Scored, SlotRead
from hindsight.stores.postgres import keywords
from hindsight.stores.postgres.database import (
    RECORD_COLUMNS,
    RECORD_FIELDS,
    RECORD_MARKS,
    Conn,
    Database,
    bump,
    first_line,
    insert_log,
    jsonb,
    owners_where,
    prefixed,
    record_from_row,
    record_values,
)
from hindsight.stores.postgres.keywords import validity
from hindsight.timeutil import from_epoch, to_epoch

SCAN_CHUNK = 1000


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
                [(*record_values(r), entity_values(r)) for r in records],
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


class PostgresRecords:
    """RecordStore, RecordSearch and EventStore on one PostgreSQL database."""

    def __init__(self, db: Database) -> None:
        self._db = db

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
            taken = conn.execute(
                "DELETE FROM write_queue WHERE id = %s AND claim_owner = %s",
                (change.done.entry_id, change.done.owner),
            ).rowcount
            if not taken:
                raise ClaimLost(
                    f"queued write {change.done.entry_id} is no longer claimed by this process: "
                    "another one applies it"
                )
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
            _check_slot(conn, read)
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
        insert_log(conn, change.log)
        for event in change.events:
            _put_event(conn, event)
        for key, value in change.meta.items():
            set_meta(conn, key, value)
        owners = {(r.tenant, r.user_id) for r in (*change.add, *change.update, *change.delete)}
        owners |= {(e.scope.tenant, e.scope.user) for e in change.events}
        keywords.apply_delta(conn, stats)
        bump(conn, owners, vectors=seen_by_vectors, docs=stats.users)

    @staticmethod
    def _replace(conn: Conn, record: MemoryRecord, row: dict[str, Any], stats: keywords.Delta) -> bool:
        keep_vector = row["has_vector"] and record.text == row["text"]
        owned = ("id", "version", "embedding_model")
        columns = [c for c in RECORD_FIELDS if c not in owned]
        values = dict(zip(RECORD_FIELDS, record_values(record), strict=True))
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

    def scan(
        self, owners: Owners = None, *, tier: Tier | None = None, include_closed: bool = True
    ) -> Iterator[MemoryRecord]:
        clauses, params = owners_where(owners)
        if tier is not None:
            clauses.append("tier = %s")
            params.append(tier)
        if not include_closed:
            clauses.append("valid_until IS NULL")
        after = 0
        while True:
            where = " AND ".join([*clauses, "seq > %s"])
            with self._db.read() as conn:
                rows = conn.execute(
                    f"SELECT seq, {RECORD_COLUMNS} FROM records WHERE {where} ORDER BY seq LIMIT %s",
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
        order = "ASC" if newer else "DESC"
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records WHERE {where} "
                f"ORDER BY created_at {order}, id {order} LIMIT %s",
                [*params, limit],
            ).fetchall()
        records = [record_from_row(row) for row in rows]
        return records[::-1] if newer else records

    def count_records(
        self, scope: Scope, tier: Tier, *, kind: Kind | None = None, newer_than: RecordKey | None = None
    ) -> int:
        where, params = _live_where(scope, tier, kind, newer_than, newer=True)
        with self._db.read() as conn:
            row = conn.execute(f"SELECT count(*) FROM records WHERE {where}", params).fetchone()
        return int(row[0]) if row else 0

    def tally(self, owners: Owners) -> list[tuple[Tier, Kind, bool, int]]:
        clauses, params = owners_where(owners)
        where = " AND ".join(clauses) or "true"
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT tier, kind, valid_until IS NULL, count(*) FROM records WHERE {where} "
                "GROUP BY 1, 2, 3 ORDER BY 1, 2, 3",
                params,
            ).fetchall()
        return [(tier, kind, bool(live), int(count)) for tier, kind, live, count in rows]

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

    def generation(self, scope: Scope) -> Generation:
        with self._db.read() as conn:
            row = conn.execute(
                "SELECT records, vectors FROM generations WHERE tenant = %s AND user_id = %s",
                (scope.tenant, scope.user),
            ).fetchone()
        return Generation() if row is None else Generation(int(row[0]), int(row[1]))

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

    def get_meta(self, key: str) -> str | None:
        with self._db.read() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = %s", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str | None) -> None:
        with self._db.write() as conn:
            set_meta(conn, key, value)

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
        clauses, params = owners_where(owners)
        clauses.append("starts_with(id, %s)")
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT id FROM records WHERE {' AND '.join(clauses)} ORDER BY id LIMIT %s",
                [*params, prefix, limit],
            ).fetchall()
        return [row[0] for row in rows]

    def open_slot(self, scope: Scope, slot: str) -> list[MemoryRecord]:
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records WHERE tenant = %s AND user_id = %s AND slot = %s "
                "AND valid_until IS NULL ORDER BY seq",
                (scope.tenant, scope.user, slot),
            ).fetchall()
        return [record_from_row(row) for row in rows]

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

    # -- EventStore --------------------------------------------------------------------------------

    def open_events(self, scope: Scope) -> list[OpenEvent]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT session_id, state, touched_at, version FROM open_events "
                'WHERE tenant = %s AND user_id = %s ORDER BY session_id COLLATE "C"',
                (scope.tenant, scope.user),
            ).fetchall()
        return [_event(*row) for row in rows]

    def idle_events(self, touched_before: datetime, limit: int) -> list[tuple[Scope, OpenEvent]]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT tenant, user_id, session_id, state, touched_at, version FROM open_events "
                "WHERE touched_at < %s ORDER BY touched_at LIMIT %s",
                (touched_before, limit),
            ).fetchall()
        return [(Scope(row[0], row[1]), _event(*row[2:])) for row in rows]


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
    state = jsonb(
        {
            "turn_ids": list(event.turn_ids),
            "last_time": None if event.last_time is None else to_epoch(event.last_time),
            "summary_id": event.summary_id,
            "fact_values": dict(event.fact_values),
            "agent_id": event.agent_id,
        }
    )
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


def _event(session_id: str, state: dict[str, Any], touched_at: datetime, version: int) -> OpenEvent:
    last = state.get("last_time")
    return OpenEvent(
        session_id=session_id,
        turn_ids=tuple(state.get("turn_ids", ())),
        last_time=None if last is None else from_epoch(last),
        touched_at=touched_at,
        summary_id=state.get("summary_id"),
        fact_values=dict(state.get("fact_values", {})),
        agent_id=state.get("agent_id"),
        version=int(version),
    )


def _check_slot(conn: Conn, read: SlotRead) -> None:
    rows = conn.execute(
        "SELECT id FROM records WHERE tenant = %s AND user_id = %s AND slot = %s AND valid_until IS NULL",
        (read.scope.tenant, read.scope.user, read.slot),
    ).fetchall()
    if {row[0] for row in rows} != read.ids:
        raise StaleWrite(f"the value of {read.slot!r} changed after it was read")


def set_meta(conn: Conn, key: str, value: str | None) -> None:
    if value is None:
        conn.execute("DELETE FROM meta WHERE key = %s", (key,))
        return
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (%s, %s) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


def _live_where(
    scope: Scope, tier: Tier, kind: Kind | None, beyond: RecordKey | None, newer: bool
) -> tuple[str, list[Any]]:
    clauses = ["tenant = %s", "user_id = %s", "tier = %s", "valid_until IS NULL"]
    params: list[Any] = [scope.tenant, scope.user, tier]
    if kind is not None:
        clauses.append("kind = %s")
        params.append(kind)
    if beyond is not None:
        clauses.append(f"(created_at, id) {'>' if newer else '<'} (%s, %s)")
        params += [beyond.created_at, beyond.id]
    return " AND ".join(clauses), params


__all__ = ["PostgresRecords", "entity_values", "first_line", "insert_records", "prefixed", "set_meta"]
