"""What the relational stores share: the SQL that reads and writes the same tables the same way on
either engine, written once for "the dialect".

A Dialect names what differs in that SQL from one engine to the other: the driver's parameter
placeholder, how a column is matched against a list of values, how text is ordered by code point,
and how a time, a JSON value and a row of records are stored and read back. What an engine does
its own way (locking, RETURNING, its indexes, its unit of work) stays in that engine's modules;
the classes here are the shared part of theirs, and the functions the shared part of their helpers.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, closing
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from hindsight.errors import ClaimLost, InvalidInput, StaleWrite
from hindsight.models import (
    Kind,
    LogLine,
    MemoryRecord,
    Owners,
    QueueEntry,
    Scope,
    Tenant,
    Tier,
    Turn,
    WriteLogEntry,
)
from hindsight.paging import Cursor as Page
from hindsight.paging import RecordKey
from hindsight.stores.base import Claim, Generation, OpenEvent, SlotRead, StoreContents, Vector
from hindsight.timeutil import from_epoch, to_epoch

T = TypeVar("T")


# -- the dialect and the driver ------------------------------------------------------------------


@dataclass(frozen=True)
class Dialect:
    """What the shared SQL needs to know of one engine and its driver."""

    mark: str
    """The driver's parameter placeholder."""
    one_of: Callable[[str, Sequence[Any]], tuple[str, list[Any]]]
    """The condition that a column holds one of these values (none: it matches nothing), and its
    parameters."""
    by_code_point: str
    """What follows a text column in ORDER BY to sort it by code point (as Python sorts str),
    whatever collation the database was created with."""
    store_time: Callable[[datetime], Any]
    """A (naive UTC) time as the time columns hold it."""
    load_time: Callable[[Any], datetime]
    """A time column's value as a (naive UTC) time."""
    store_json: Callable[[Any], Any]
    """A JSON value as the JSON columns hold it."""
    load_json: Callable[[Any], Any]
    """A JSON column's value as Python data."""
    record_from_row: Callable[[Sequence[Any]], MemoryRecord]
    """A record from a row of RECORD_COLUMNS (each engine's own: its reads are the hot path)."""

    def marks(self, count: int) -> str:
        return ", ".join([self.mark] * count)


class Cursor(Protocol):
    """A cursor, as both drivers' cursors have it."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> Any: ...

    def close(self) -> None: ...


class Connection(Protocol):
    """A connection, as both drivers' connections have it."""

    def execute(self, sql: str, params: Any = ..., /) -> Cursor: ...

    def cursor(self) -> Cursor: ...


class Database(Protocol):
    """A store's database: connections to read with, and write transactions."""

    def read(self) -> AbstractContextManager[Connection]: ...

    def write(self) -> AbstractContextManager[Connection]: ...


DB = TypeVar("DB", bound=Database)


def execute_many(conn: Connection, sql: str, rows: Iterable[Sequence[Any]]) -> None:
    # On a cursor of its own: one driver's connections have no executemany.
    with closing(conn.cursor()) as cursor:
        cursor.executemany(sql, rows)


def where(clauses: Sequence[str]) -> str:
    """The WHERE clause that ANDs `clauses` (none: no WHERE at all)."""
    return f"WHERE {' AND '.join(clauses)}" if clauses else ""


def owners_where(dialect: Dialect, owners: Owners, alias: str = "") -> tuple[list[str], list[Any]]:
    """WHERE clauses (ANDed) choosing one user, one tenant's users or (no clause) everyone."""
    prefix = f"{alias}." if alias else ""
    mark = dialect.mark
    if isinstance(owners, Scope):
        return [f"{prefix}tenant = {mark}", f"{prefix}user_id = {mark}"], [owners.tenant, owners.user]
    if isinstance(owners, Tenant):
        return [f"{prefix}tenant = {mark}"], [owners.name]
    return [], []


# -- records -------------------------------------------------------------------------------------

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


def event_state(event: OpenEvent) -> dict[str, Any]:
    """What open_events.state holds of an open event (its key, touch and version have columns)."""
    return {
        "turn_ids": list(event.turn_ids),
        "last_time": None if event.last_time is None else to_epoch(event.last_time),
        "summary_id": event.summary_id,
        "fact_values": dict(event.fact_values),
        "agent_id": event.agent_id,
    }


def open_event(dialect: Dialect, session_id: str, state: Any, touched_at: Any, version: int) -> OpenEvent:
    data: dict[str, Any] = dialect.load_json(state)
    last = data.get("last_time")
    return OpenEvent(
        session_id=session_id,
        turn_ids=tuple(data.get("turn_ids", ())),
        last_time=None if last is None else from_epoch(last),
        touched_at=dialect.load_time(touched_at),
        summary_id=data.get("summary_id"),
        fact_values=dict(data.get("fact_values", {})),
        agent_id=data.get("agent_id"),
        version=int(version),
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


# -- the queue and the log -----------------------------------------------------------------------

QUEUE_COLUMNS = (
    "id, op, payload, attempts, created_at, next_attempt_at, last_error, tenant, user_id, "
    "claim_owner, claimed_until"
)
DEAD_COLUMNS = "id, op, payload, attempts, created_at, failed_at, last_error, tenant, user_id, NULL, NULL"
LOG_COLUMNS = "id, user_id, action, reason, text_hash, time, source, detail, tenant"


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


# -- snapshots -----------------------------------------------------------------------------------

SNAPSHOT_CHUNK = 500
"""Rows a snapshot reads, and writes, per statement."""

_CONTENTS = {
    "records": "records",
    "write_log": "write-log entries",
    "write_queue": "queued writes",
    "dead_letters": "dead letters",
}


def _rows_in_chunks(conn: Connection, statement: str) -> Iterator[tuple[Any, ...]]:
    """All rows of `statement` (which takes the last key seen and a limit, and orders by that key,
    the row's first column), read a chunk at a time."""
    after: Any = -1
    while True:
        rows = conn.execute(statement, (after, SNAPSHOT_CHUNK)).fetchall()
        yield from rows
        if len(rows) < SNAPSHOT_CHUNK:
            return
        after = rows[-1][0]


def batches(items: Iterable[T]) -> Iterator[list[T]]:
    """`items` in lists of SNAPSHOT_CHUNK (the last one shorter)."""
    batch: list[T] = []
    for item in items:
        batch.append(item)
        if len(batch) >= SNAPSHOT_CHUNK:
            yield batch
            batch = []
    if batch:
        yield batch


def store_contents(conn: Connection, dialect: Dialect, vector_of: Callable[[Any], Vector]) -> StoreContents:
    """The whole store as streams, read on `conn` (which the caller holds in one snapshot while the
    streams are read); `vector_of` reads an embedding column's value."""
    counts = {}
    for section, table in (
        ("record", "records"),
        ("log", "write_log"),
        ("queued", "write_queue"),
        ("dead_letter", "dead_letters"),
    ):
        row = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
        counts[section] = int(row[0]) if row else 0
    mark = dialect.mark

    def records() -> Iterator[tuple[MemoryRecord, Vector | None]]:
        statement = (
            f"SELECT seq, embedding, {RECORD_COLUMNS} FROM records "
            f"WHERE seq > {mark} ORDER BY seq LIMIT {mark}"
        )
        for row in _rows_in_chunks(conn, statement):
            vector = None if row[1] is None else vector_of(row[1])
            yield dialect.record_from_row(row[2:]), vector

    def log() -> Iterator[WriteLogEntry]:
        statement = f"SELECT {LOG_COLUMNS} FROM write_log WHERE id > {mark} ORDER BY id LIMIT {mark}"
        for row in _rows_in_chunks(conn, statement):
            yield log_line(dialect, row).entry

    def queued(columns: str, table: str) -> Iterator[QueueEntry]:
        statement = f"SELECT {columns} FROM {table} WHERE id > {mark} ORDER BY id LIMIT {mark}"
        for row in _rows_in_chunks(conn, statement):
            yield queue_entry(dialect, row)

    return StoreContents(
        counts=counts,
        records=records(),
        write_log=log(),
        queue=queued(QUEUE_COLUMNS, "write_queue"),
        dead_letters=queued(DEAD_COLUMNS, "dead_letters"),
    )


def refuse_unless_empty(conn: Connection, store: str, instead: str) -> None:
    """InvalidInput unless the store holds no records, log entries, queued writes or dead letters:
    a restore never mixes a backup with what is there. `instead` says where to restore."""
    for table, what in _CONTENTS.items():
        if conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is not None:
            raise InvalidInput(
                f"the store at {store} is not empty (it holds {what}): restore only into an empty store "
                f"({instead})"
            )


def restore_log_and_queue(conn: Connection, dialect: Dialect, contents: StoreContents) -> int:
    """Write a snapshot's write log, queue and dead letters (with their ids) into an empty store;
    the highest queue id restored (0: none), which new writes must stay above."""
    for lines in batches(contents.write_log):
        insert_log(conn, dialect, lines)
    top = 0
    for table, due_column, stream in (
        ("write_queue", "next_attempt_at", contents.queue),
        ("dead_letters", "failed_at", contents.dead_letters),
    ):
        for entries in batches(stream):
            execute_many(
                conn,
                f"INSERT INTO {table} (id, op, payload, attempts, created_at, {due_column}, last_error, "
                f"tenant, user_id) VALUES ({dialect.marks(9)})",
                [
                    (
                        e.id,
                        e.op,
                        dialect.store_json(dict(e.payload)),
                        e.attempts,
                        dialect.store_time(e.created_at),
                        dialect.store_time(e.next_attempt_at),
                        e.last_error,
                        e.tenant,
                        e.user_id,
                    )
                    for e in entries
                ],
            )
            top = max([top, *(entry.id for entry in entries)])
    return top


# -- working memory and locks --------------------------------------------------------------------


def turn_state(turn: Turn) -> dict[str, Any]:
    """What working_turns.turn holds of a turn."""
    return {
        "turn_id": turn.turn_id,
        "session_id": turn.session_id,
        "role": turn.role,
        "text": turn.text,
        "time": to_epoch(turn.time),
    }


def turn_from_state(data: dict[str, Any]) -> Turn:
    return Turn(data["turn_id"], data["session_id"], data["role"], data["text"], from_epoch(data["time"]))


class SqlSessions(ABC, Generic[DB]):
    """SessionState: a session's turns are rows; the newest row's time is the session's last touch.
    Expiring idle sessions is each engine's own."""

    dialect: ClassVar[Dialect]

    def __init__(self, db: DB, ttl: timedelta) -> None:
        self._db = db
        self._ttl = ttl

    @abstractmethod
    def _idle_since(self, now: datetime) -> Any:
        """The stored time before which a session last touched is idle at `now`."""

    @abstractmethod
    def _lock_session(self, conn: Connection, key: tuple[str, str, str]) -> None:
        """Make the appends to one session take turns, within the write transaction."""

    def _session_where(self) -> str:
        mark = self.dialect.mark
        return f"tenant = {mark} AND user_id = {mark} AND session_id = {mark}"

    def append(self, scope: Scope, turn: Turn, keep: int, now: datetime) -> None:
        key = (scope.tenant, scope.user, turn.session_id)
        session, mark = self._session_where(), self.dialect.mark
        with self._db.write() as conn:
            self._lock_session(conn, key)
            row = conn.execute(f"SELECT max(touched_at) FROM working_turns WHERE {session}", key).fetchone()
            last = row[0] if row else None
            if last is not None and last < self._idle_since(now):
                # An idle session starts afresh: its old turns are not part of the new window.
                conn.execute(f"DELETE FROM working_turns WHERE {session}", key)
            conn.execute(
                "INSERT INTO working_turns (tenant, user_id, session_id, turn, touched_at) "
                f"VALUES ({self.dialect.marks(5)})",
                (*key, self.dialect.store_json(turn_state(turn)), self.dialect.store_time(now)),
            )
            conn.execute(
                f"DELETE FROM working_turns WHERE {session} AND seq NOT IN "
                f"(SELECT seq FROM working_turns WHERE {session} ORDER BY seq DESC LIMIT {mark})",
                (*key, *key, keep),
            )

    def window(self, scope: Scope, session_id: str, now: datetime) -> list[Turn]:
        key = (scope.tenant, scope.user, session_id)
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT turn, touched_at FROM working_turns WHERE {self._session_where()} ORDER BY seq", key
            ).fetchall()
        if not rows or max(touched for _, touched in rows) < self._idle_since(now):
            return []
        return [turn_from_state(self.dialect.load_json(turn)) for turn, _ in rows]

    def clear(self, scope: Scope, session_id: str) -> None:
        key = (scope.tenant, scope.user, session_id)
        with self._db.write() as conn:
            conn.execute(f"DELETE FROM working_turns WHERE {self._session_where()}", key)

    def sessions(self, scope: Scope, now: datetime) -> list[str]:
        mark = self.dialect.mark
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT session_id FROM working_turns WHERE tenant = {mark} AND user_id = {mark} "
                f"GROUP BY session_id HAVING max(touched_at) >= {mark} ORDER BY min(seq)",
                (scope.tenant, scope.user, self._idle_since(now)),
            ).fetchall()
        return [row[0] for row in rows]


class SqlLocks(Generic[DB]):
    """Locks as rows (name, owner, until): a lease outlives the connection that took it."""

    dialect: ClassVar[Dialect]

    def __init__(self, db: DB) -> None:
        self._db = db

    def acquire(self, name: str, owner: str, until: datetime, now: datetime) -> bool:
        mark, time = self.dialect.mark, self.dialect.store_time
        with self._db.write() as conn:
            taken = conn.execute(
                f"INSERT INTO locks (name, owner, until) VALUES ({mark}, {mark}, {mark}) "
                "ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, until = excluded.until "
                f"WHERE locks.owner = excluded.owner OR locks.until <= {mark}",
                (name, owner, time(until), time(now)),
            ).rowcount
        return bool(taken)

    def release(self, name: str, owner: str) -> None:
        mark = self.dialect.mark
        with self._db.write() as conn:
            conn.execute(f"DELETE FROM locks WHERE name = {mark} AND owner = {mark}", (name, owner))
