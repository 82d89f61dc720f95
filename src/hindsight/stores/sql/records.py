"""Records: the columns of the records table, a record as a row of them, and the reads of
RecordStore, RecordSearch and EventStore that are the same SQL on every engine (SqlRecords).

Shared because both engines keep records in the same table with the same columns: each engine's
apply (its unit of work) writes rows with record_values, checks a slot with check_slot and sets meta
keys with set_meta here, and its vector index reads the backlog with pending_records.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any, ClassVar, Generic

from hindsight.errors import StaleWrite
from hindsight.models import Kind, MemoryRecord, Owners, Scope, Tier, UserLocality
from hindsight.paging import Cursor as Page
from hindsight.paging import RecordKey
from hindsight.stores.base import Generation, OpenEvent, SlotRead
from hindsight.stores.sql.dialect import DB, Connection, Dialect, owners_where, where
from hindsight.stores.sql.events import open_event

RECORD_FIELDS = (
    "id",
    "tenant",
    "user_id",
    "agent_id",
    "session_id",
    "role",
    "tier",
    "kind",
    "text",
    "source_ids",
    "entities",
    "importance",
    "created_at",
    "event_time",
    "valid_from",
    "valid_until",
    "ttl_days",
    "expires_at",
    "hits",
    "last_hit_at",
    "origin",
    "embedding_model",
    "slot",
    "intent",
    "tier_since",
    "context_id",
    "version",
)
RECORD_COLUMNS = ", ".join(RECORD_FIELDS)

SCAN_CHUNK = 1000
"""Rows a scan reads per query: a scan of a large store never holds it all."""


def record_values(dialect: Dialect, record: MemoryRecord) -> tuple[Any, ...]:
    """The record as a row of RECORD_COLUMNS."""
    time, json = dialect.store_time, dialect.store_json

    def time_or_none(moment: datetime | None) -> Any:
        return None if moment is None else time(moment)

    return (
        record.id,
        record.tenant,
        record.user_id,
        record.agent_id,
        record.session_id,
        record.role,
        record.tier,
        record.kind,
        record.text,
        json(list(record.source_ids)),
        json(dict(record.entities)),
        float(record.importance),
        time(record.created_at),
        time(record.event_time),
        time(record.valid_from),
        time_or_none(record.valid_until),
        record.ttl_days,
        time_or_none(record.expires_at),
        int(record.hits),
        time_or_none(record.last_hit_at),
        record.origin,
        record.embedding_model,
        record.slot,
        record.intent,
        time_or_none(record.tier_since),
        record.context_id,
        int(record.version),
    )


def check_slot(conn: Connection, dialect: Dialect, read: SlotRead) -> None:
    """StaleWrite unless the slot's still-valid records are those the plan read."""
    mark = dialect.mark
    rows = conn.execute(
        f"SELECT id FROM records WHERE tenant = {mark} AND user_id = {mark} AND slot = {mark} "
        "AND valid_until IS NULL",
        (read.scope.tenant, read.scope.user, read.slot),
    ).fetchall()
    if {row[0] for row in rows} != read.ids:
        raise StaleWrite(f"the value of {read.slot!r} changed after it was read")


def set_meta(conn: Connection, dialect: Dialect, key: str, value: str | None) -> None:
    """Set a meta key (None removes it)."""
    mark = dialect.mark
    if value is None:
        conn.execute(f"DELETE FROM meta WHERE key = {mark}", (key,))
        return
    conn.execute(
        f"INSERT INTO meta (key, value) VALUES ({mark}, {mark}) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


LOCALITY_COLUMNS = "tenant, user_id, time_zone, region, updated_at"


def locality_from_row(dialect: Dialect, row: Any) -> UserLocality:
    """A UserLocality from a row of LOCALITY_COLUMNS."""
    return UserLocality(row[0], row[1], row[2], row[3], dialect.load_time(row[4]))


def put_localities(conn: Connection, dialect: Dialect, localities: list[UserLocality]) -> None:
    """Store where these users live, replacing what was stored for them."""
    for locality in localities:
        conn.execute(
            f"INSERT INTO localities ({LOCALITY_COLUMNS}) VALUES ({dialect.marks(5)}) "
            "ON CONFLICT (tenant, user_id) DO UPDATE SET time_zone = excluded.time_zone, "
            "region = excluded.region, updated_at = excluded.updated_at",
            (
                locality.tenant,
                locality.user_id,
                locality.time_zone,
                locality.region,
                dialect.store_time(locality.updated_at),
            ),
        )


class SqlRecords(Generic[DB]):
    """The part of RecordStore, RecordSearch and EventStore that is the same SQL on every engine."""

    dialect: ClassVar[Dialect]

    def __init__(self, db: DB) -> None:
        self._db = db

    def scan(
        self, owners: Owners = None, *, tier: Tier | None = None, include_closed: bool = True
    ) -> Iterator[MemoryRecord]:
        mark = self.dialect.mark
        clauses, params = owners_where(self.dialect, owners)
        if tier is not None:
            clauses.append(f"tier = {mark}")
            params.append(tier)
        if not include_closed:
            clauses.append("valid_until IS NULL")
        after = 0
        while True:
            condition = " AND ".join([*clauses, f"seq > {mark}"])
            with self._db.read() as conn:
                rows = conn.execute(
                    f"SELECT seq, {RECORD_COLUMNS} FROM records WHERE {condition} ORDER BY seq LIMIT {mark}",
                    [*params, after, SCAN_CHUNK],
                ).fetchall()
            for row in rows:
                yield self.dialect.record_from_row(row[1:])
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
        cursor: Page[RecordKey] | None = None,
    ) -> list[MemoryRecord]:
        newer = cursor is not None and cursor.newer
        condition, params = self._live_where(scope, tier, kind, cursor.key if cursor else None, newer)
        # The newer rows are read upwards from the cursor, so that LIMIT keeps the nearest ones.
        order = "ASC" if newer else "DESC"
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records WHERE {condition} "
                f"ORDER BY created_at {order}, id {order} LIMIT {self.dialect.mark}",
                [*params, limit],
            ).fetchall()
        records = [self.dialect.record_from_row(row) for row in rows]
        return records[::-1] if newer else records

    def count_records(
        self, scope: Scope, tier: Tier, *, kind: Kind | None = None, newer_than: RecordKey | None = None
    ) -> int:
        condition, params = self._live_where(scope, tier, kind, newer_than, newer=True)
        with self._db.read() as conn:
            row = conn.execute(f"SELECT count(*) FROM records WHERE {condition}", params).fetchone()
        return int(row[0]) if row else 0

    def _live_where(
        self, scope: Scope, tier: Tier, kind: Kind | None, beyond: RecordKey | None, newer: bool
    ) -> tuple[str, list[Any]]:
        """The WHERE clause of a user's still-valid records of one tier, (kind,) and, past `beyond`,
        only those newer (or older) than it. `valid_until IS NULL` is spelled out so that the
        records_live_by_time partial index serves it."""
        mark = self.dialect.mark
        clauses = [f"tenant = {mark}", f"user_id = {mark}", f"tier = {mark}", "valid_until IS NULL"]
        params: list[Any] = [scope.tenant, scope.user, tier]
        if kind is not None:
            clauses.append(f"kind = {mark}")
            params.append(kind)
        if beyond is not None:
            clauses.append(f"(created_at, id) {'>' if newer else '<'} ({mark}, {mark})")
            params += [self.dialect.store_time(beyond.created_at), beyond.id]
        return " AND ".join(clauses), params

    def tally(self, owners: Owners) -> list[tuple[Tier, Kind, bool, int]]:
        clauses, params = owners_where(self.dialect, owners)
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT tier, kind, valid_until IS NULL, count(*) FROM records {where(clauses)} "
                "GROUP BY 1, 2, 3 ORDER BY 1, 2, 3",
                params,
            ).fetchall()
        return [(tier, kind, bool(live), int(count)) for tier, kind, live, count in rows]

    def generation(self, scope: Scope) -> Generation:
        mark = self.dialect.mark
        with self._db.read() as conn:
            row = conn.execute(
                f"SELECT records, vectors FROM generations WHERE tenant = {mark} AND user_id = {mark}",
                (scope.tenant, scope.user),
            ).fetchone()
        return Generation() if row is None else Generation(int(row[0]), int(row[1]))

    def get_meta(self, key: str) -> str | None:
        with self._db.read() as conn:
            row = conn.execute(f"SELECT value FROM meta WHERE key = {self.dialect.mark}", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str | None) -> None:
        with self._db.write() as conn:
            set_meta(conn, self.dialect, key, value)

    def locality_of(self, scope: Scope) -> UserLocality | None:
        mark = self.dialect.mark
        with self._db.read() as conn:
            row = conn.execute(
                f"SELECT {LOCALITY_COLUMNS} FROM localities WHERE tenant = {mark} AND user_id = {mark}",
                (scope.tenant, scope.user),
            ).fetchone()
        return None if row is None else locality_from_row(self.dialect, row)

    def set_locality(self, locality: UserLocality) -> None:
        with self._db.write() as conn:
            put_localities(conn, self.dialect, [locality])

    def remove_locality(self, scope: Scope) -> bool:
        mark = self.dialect.mark
        with self._db.write() as conn:
            removed = conn.execute(
                f"DELETE FROM localities WHERE tenant = {mark} AND user_id = {mark}",
                (scope.tenant, scope.user),
            ).rowcount
        return bool(removed)

    def open_slot(self, scope: Scope, slot: str) -> list[MemoryRecord]:
        mark = self.dialect.mark
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records WHERE tenant = {mark} AND user_id = {mark} "
                f"AND slot = {mark} AND valid_until IS NULL ORDER BY seq",
                (scope.tenant, scope.user, slot),
            ).fetchall()
        return [self.dialect.record_from_row(row) for row in rows]

    def open_events(self, scope: Scope) -> list[OpenEvent]:
        mark = self.dialect.mark
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT session_id, state, touched_at, version FROM open_events "
                f"WHERE tenant = {mark} AND user_id = {mark} ORDER BY session_id{self.dialect.by_code_point}",
                (scope.tenant, scope.user),
            ).fetchall()
        return [open_event(self.dialect, *row) for row in rows]

    def idle_events(self, touched_before: datetime, limit: int) -> list[tuple[Scope, OpenEvent]]:
        mark = self.dialect.mark
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT tenant, user_id, session_id, state, touched_at, version FROM open_events "
                f"WHERE touched_at < {mark} ORDER BY touched_at LIMIT {mark}",
                (self.dialect.store_time(touched_before), limit),
            ).fetchall()
        return [(Scope(row[0], row[1]), open_event(self.dialect, *row[2:])) for row in rows]


def pending_records(
    conn: Connection, dialect: Dialect, limit: int, scope: Scope | None = None
) -> list[MemoryRecord]:
    """Records with no vector yet (of one user, or anyone's), oldest first: VectorIndex.pending."""
    mark = dialect.mark
    owner, params = "", []
    if scope is not None:
        owner, params = f" AND tenant = {mark} AND user_id = {mark}", [scope.tenant, scope.user]
    rows = conn.execute(
        f"SELECT {RECORD_COLUMNS} FROM records WHERE embedding IS NULL{owner} ORDER BY seq LIMIT {mark}",
        [*params, limit],
    ).fetchall()
    return [dialect.record_from_row(row) for row in rows]
