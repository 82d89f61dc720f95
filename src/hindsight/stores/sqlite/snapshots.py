"""The SQLite store's snapshots: the whole file out as streams (one read transaction on a connection
of its own, so a long backup blocks no other work of this process), and into an empty store in one
write transaction."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import numpy as np

from hindsight.errors import InvalidInput
from hindsight.models import MemoryRecord, QueueEntry, WriteLogEntry
from hindsight.stores.base import StoreContents, Vector
from hindsight.stores.sqlite.database import (
    DEAD_COLUMNS,
    LOG_COLUMNS,
    QUEUE_COLUMNS,
    RECORD_COLUMNS,
    Database,
    bump,
    dumps,
    insert_log,
    log_line,
    queue_entry,
    record_from_row,
)
from hindsight.stores.sqlite.records import insert_records
from hindsight.timeutil import to_epoch

CHUNK = 500
T = TypeVar("T")

_CONTENTS = {
    "records": "records",
    "write_log": "write-log entries",
    "write_queue": "queued writes",
    "dead_letters": "dead letters",
}


def _rows(conn: sqlite3.Connection, sql: str, key_index: int = 0) -> Iterator[tuple[Any, ...]]:
    """All rows of `sql` (which takes the last key seen and a limit, and orders by that key), read a
    chunk at a time."""
    after: Any = -1
    while True:
        rows = conn.execute(sql, (after, CHUNK)).fetchall()
        yield from rows
        if len(rows) < CHUNK:
            return
        after = rows[-1][key_index]


class SQLiteSnapshots:
    def __init__(self, db: Database) -> None:
        self._db = db

    @contextmanager
    def export(self) -> Iterator[StoreContents]:
        conn = sqlite3.connect(self._db.path, isolation_level=None)
        try:
            conn.execute("BEGIN")  # one snapshot, whatever others commit meanwhile (WAL)
            counts = {
                section: int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
                for section, table in (
                    ("record", "records"),
                    ("log", "write_log"),
                    ("queued", "write_queue"),
                    ("dead_letter", "dead_letters"),
                )
            }

            def records() -> Iterator[tuple[MemoryRecord, Vector | None]]:
                sql = (
                    f"SELECT seq, embedding, {RECORD_COLUMNS} FROM records WHERE seq > ? ORDER BY seq LIMIT ?"
                )
                for row in _rows(conn, sql):
                    vector = None if row[1] is None else np.frombuffer(row[1], dtype=np.float32)
                    yield record_from_row(row[2:]), vector

            def log() -> Iterator[WriteLogEntry]:
                sql = f"SELECT {LOG_COLUMNS} FROM write_log WHERE id > ? ORDER BY id LIMIT ?"
                for row in _rows(conn, sql):
                    yield log_line(row).entry

            def queued(columns: str, table: str) -> Iterator[QueueEntry]:
                sql = f"SELECT {columns} FROM {table} WHERE id > ? ORDER BY id LIMIT ?"
                for row in _rows(conn, sql):
                    yield queue_entry(row)

            yield StoreContents(
                counts=counts,
                records=records(),
                write_log=log(),
                queue=queued(QUEUE_COLUMNS, "write_queue"),
                dead_letters=queued(DEAD_COLUMNS, "dead_letters"),
            )
        finally:
            conn.close()

    def import_all(self, contents: StoreContents) -> None:
        with self._db.write() as conn:
            for table, what in _CONTENTS.items():
                if conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is not None:
                    raise InvalidInput(
                        f"the store at {self._db.path} is not empty (it holds {what}): restore only into "
                        "an empty store (e.g. a new --home)"
                    )
            owners: set[tuple[str, str]] = set()
            for batch in _batches(contents.records):
                insert_records(conn, [record for record, _ in batch])
                conn.executemany(
                    "UPDATE records SET embedding = ? WHERE id = ?",
                    [
                        (np.ascontiguousarray(vector, dtype=np.float32).tobytes(), record.id)
                        for record, vector in batch
                        if vector is not None
                    ],
                )
                owners |= {(record.tenant, record.user_id) for record, _ in batch}
            for lines in _batches(contents.write_log):
                insert_log(conn, lines)
            top = 0
            for table, due_column, stream in (
                ("write_queue", "next_attempt_at", contents.queue),
                ("dead_letters", "failed_at", contents.dead_letters),
            ):
                for entries in _batches(stream):
                    _insert_queue(conn, table, due_column, entries)
                    top = max([top, *(entry.id for entry in entries)])
            _reserve_queue_ids(conn, top)
            bump(conn, owners, vectors=True)


def _batches(items: Iterable[T]) -> Iterator[list[T]]:
    batch: list[T] = []
    for item in items:
        batch.append(item)
        if len(batch) >= CHUNK:
            yield batch
            batch = []
    if batch:
        yield batch


def _insert_queue(
    conn: sqlite3.Connection, table: str, due_column: str, entries: Iterable[QueueEntry]
) -> None:
    conn.executemany(
        f"INSERT INTO {table} (id, op, payload, attempts, created_at, {due_column}, last_error, tenant, "
        "user_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                e.id,
                e.op,
                dumps(e.payload),
                e.attempts,
                to_epoch(e.created_at),
                to_epoch(e.next_attempt_at),
                e.last_error,
                e.tenant,
                e.user_id,
            )
            for e in entries
        ],
    )


def _reserve_queue_ids(conn: sqlite3.Connection, top: int) -> None:
    """New writes get queue ids above every restored one: a dead letter goes back into the queue
    under its own id (requeue), which must not be taken by then."""
    if top <= 0:
        return
    raised = conn.execute(
        "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'write_queue'", (top,)
    ).rowcount
    if not raised:
        conn.execute("INSERT INTO sqlite_sequence (name, seq) VALUES ('write_queue', ?)", (top,))
