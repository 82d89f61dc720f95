"""Snapshots: the whole store read as streams (export), the check that a store is empty, and the
write log, queue and dead letters written back (restore), a chunk at a time.

Shared because both engines hold the same tables of records, log, queue and dead letters; how an
engine holds the snapshot's transaction, and writes records, vectors and its indexes back, is its
own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from hindsight.errors import InvalidInput
from hindsight.models import MemoryRecord, QueueEntry, UserLocality, WriteLogEntry
from hindsight.stores.base import StoreContents, Vector
from hindsight.stores.sql.dialect import Connection, Dialect, execute_many
from hindsight.stores.sql.log import LOG_COLUMNS, insert_log, log_line
from hindsight.stores.sql.queue import DEAD_COLUMNS, QUEUE_COLUMNS, queue_entry
from hindsight.stores.sql.records import LOCALITY_COLUMNS, RECORD_COLUMNS, locality_from_row, put_localities

T = TypeVar("T")

SNAPSHOT_CHUNK = 500
"""Rows a snapshot reads, and writes, per statement."""

_CONTENTS = {
    "records": "records",
    "write_log": "write-log entries",
    "write_queue": "queued writes",
    "dead_letters": "dead letters",
    "localities": "users' localities",
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
        ("locality", "localities"),
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

    def localities() -> Iterator[UserLocality]:
        # few rows (one a user at most), ordered so a backup of the same store is the same file
        statement = f"SELECT {LOCALITY_COLUMNS} FROM localities ORDER BY tenant, user_id"
        for row in conn.execute(statement).fetchall():
            yield locality_from_row(dialect, row)

    return StoreContents(
        counts=counts,
        records=records(),
        write_log=log(),
        queue=queued(QUEUE_COLUMNS, "write_queue"),
        dead_letters=queued(DEAD_COLUMNS, "dead_letters"),
        localities=localities(),
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
    """Write a snapshot's write log, queue and dead letters (with their ids), and where its users
    live, into an empty store; the highest queue id restored (0: none), which new writes must stay
    above."""
    for localities in batches(contents.localities):
        put_localities(conn, dialect, localities)
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
