"""The SQLite store's snapshots: the whole file out as streams (one read transaction on a connection
of its own, so a long backup blocks no other work of this process), and into an empty store in one
write transaction."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from hindsight.stores.base import StoreContents, Vector
from hindsight.stores.sql.snapshots import batches, refuse_unless_empty, restore_log_and_queue, store_contents
from hindsight.stores.sqlite.database import DIALECT, Database, bump
from hindsight.stores.sqlite.records import insert_records


def _vector(blob: bytes) -> Vector:
    return np.frombuffer(blob, dtype=np.float32)


class SQLiteSnapshots:
    def __init__(self, db: Database) -> None:
        self._db = db

    @contextmanager
    def export(self) -> Iterator[StoreContents]:
        conn = sqlite3.connect(self._db.path, isolation_level=None)
        try:
            conn.execute("BEGIN")  # one snapshot, whatever others commit meanwhile (WAL)
            yield store_contents(conn, DIALECT, _vector)
        finally:
            conn.close()

    def import_all(self, contents: StoreContents) -> None:
        with self._db.write() as conn:
            refuse_unless_empty(conn, str(self._db.path), "e.g. a new --home")
            owners: set[tuple[str, str]] = set()
            for batch in batches(contents.records):
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
            _reserve_queue_ids(conn, restore_log_and_queue(conn, DIALECT, contents))
            bump(conn, owners, vectors=True)


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
