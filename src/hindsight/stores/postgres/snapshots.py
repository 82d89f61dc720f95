"""The PostgreSQL store's snapshots: the whole store out as streams (one REPEATABLE READ transaction
on a connection of its own, read a chunk at a time), and into an empty store in one transaction."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from hindsight.errors import InvalidInput
from hindsight.models import MemoryRecord, QueueEntry, WriteLogEntry
from hindsight.stores.base import StoreContents, Vector
from hindsight.stores.postgres.database import (
    DEAD_COLUMNS,
    LOG_COLUMNS,
    QUEUE_COLUMNS,
    RECORD_COLUMNS,
    Conn,
    Database,
    as_vector,
    bump,
    insert_log,
    jsonb,
    log_line,
    queue_entry,
    record_from_row,
)
from hindsight.stores.postgres.keywords import Delta, apply_delta
from hindsight.stores.postgres.records import insert_records

CHUNK = 500
T = TypeVar("T")

_CONTENTS = {
    "records": "records",
    "write_log": "write-log entries",
    "write_queue": "queued writes",
    "dead_letters": "dead letters",
}


def _rows(conn: Conn, statement: str) -> Iterator[tuple[Any, ...]]:
    after: Any = -1
    while True:
        rows = conn.execute(statement, (after, CHUNK)).fetchall()
        yield from rows
        if len(rows) < CHUNK:
            return
        after = rows[-1][0]


class PostgresSnapshots:
    def __init__(self, db: Database) -> None:
        self._db = db

    @contextmanager
    def export(self) -> Iterator[StoreContents]:
        with self._db.snapshot() as conn:
            counts = {}
            for section, table in (
                ("record", "records"),
                ("log", "write_log"),
                ("queued", "write_queue"),
                ("dead_letter", "dead_letters"),
            ):
                row = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
                counts[section] = int(row[0]) if row else 0

            def records() -> Iterator[tuple[MemoryRecord, Vector | None]]:
                statement = f"SELECT seq, embedding, {RECORD_COLUMNS} FROM records WHERE seq > %s ORDER BY seq LIMIT %s"
                for row in _rows(conn, statement):
                    vector = None if row[1] is None else as_vector(row[1])
                    yield record_from_row(row[2:]), vector

            def log() -> Iterator[WriteLogEntry]:
                statement = f"SELECT {LOG_COLUMNS} FROM write_log WHERE id > %s ORDER BY id LIMIT %s"
                for row in _rows(conn, statement):
                    yield log_line(row).entry

            def queued(columns: str, table: str) -> Iterator[QueueEntry]:
                statement = f"SELECT {columns} FROM {table} WHERE id > %s ORDER BY id LIMIT %s"
                for row in _rows(conn, statement):
                    yield queue_entry(row)

            yield StoreContents(
                counts=counts,
                records=records(),
                write_log=log(),
                queue=queued(QUEUE_COLUMNS, "write_queue"),
                dead_letters=queued(DEAD_COLUMNS, "dead_letters"),
            )

    def import_all(self, contents: StoreContents) -> None:
        with self._db.write() as conn:
            for table, what in _CONTENTS.items():
                if conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is not None:
                    raise InvalidInput(
                        f"the store at {self._db.where} is not empty (it holds {what}): restore only into "
                        "an empty store (e.g. a new schema or database)"
                    )
            owners: set[tuple[str, str]] = set()
            stats = Delta()
            dims: dict[int, set[tuple[str, str]]] = {}
            for batch in _batches(contents.records):
                stats.add(insert_records(conn, [record for record, _ in batch]))
                with_vectors = [(record, as_vector(vector)) for record, vector in batch if vector is not None]
                for record, vector in with_vectors:
                    dims.setdefault(int(vector.shape[0]), set()).add((record.tenant, record.user_id))
                with conn.cursor() as cur:
                    cur.executemany(
                        "UPDATE records SET embedding = %s, embedding_dim = %s, index_stale = true WHERE id = %s",
                        [(vector, int(vector.shape[0]), record.id) for record, vector in with_vectors],
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
            if top > 0:
                # New writes get ids above every restored one (a dead letter is requeued under its id).
                conn.execute(
                    "SELECT setval(pg_get_serial_sequence('write_queue', 'id'), "
                    "greatest(%s, (SELECT coalesce(max(id), 1) FROM write_queue)))",
                    (top,),
                )
            apply_delta(conn, stats)
            bump(conn, owners, vectors=True, docs=stats.users)
        if dims:
            from hindsight.stores.postgres.vectors import HnswSettings, PostgresVectors

            vectors = PostgresVectors(self._db, self._db.hnsw or HnswSettings())
            for dim, users in sorted(dims.items()):
                vectors.index_users(users, dim)


def _batches(items: Iterable[T]) -> Iterator[list[T]]:
    batch: list[T] = []
    for item in items:
        batch.append(item)
        if len(batch) >= CHUNK:
            yield batch
            batch = []
    if batch:
        yield batch


def _insert_queue(conn: Conn, table: str, due_column: str, entries: Iterable[QueueEntry]) -> None:
    with conn.cursor() as cur:
        cur.executemany(
            f"INSERT INTO {table} (id, op, payload, attempts, created_at, {due_column}, last_error, tenant, "
            "user_id) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
            [
                (
                    e.id,
                    e.op,
                    jsonb(dict(e.payload)),
                    e.attempts,
                    e.created_at,
                    e.next_attempt_at,
                    e.last_error,
                    e.tenant,
                    e.user_id,
                )
                for e in entries
            ],
        )
