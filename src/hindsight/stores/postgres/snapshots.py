"""The PostgreSQL store's snapshots: the whole store out as streams (one REPEATABLE READ transaction
on a connection of its own, read a chunk at a time), and into an empty store in one transaction."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from hindsight.stores.base import StoreContents
from hindsight.stores.postgres.database import DIALECT, Database, as_vector, bump
from hindsight.stores.postgres.keywords import Delta, apply_delta
from hindsight.stores.postgres.records import insert_records
from hindsight.stores.sql.snapshots import batches, refuse_unless_empty, restore_log_and_queue, store_contents


class PostgresSnapshots:
    def __init__(self, db: Database) -> None:
        self._db = db

    @contextmanager
    def export(self) -> Iterator[StoreContents]:
        with self._db.snapshot() as conn:
            yield store_contents(conn, DIALECT, as_vector)

    def import_all(self, contents: StoreContents) -> None:
        with self._db.write() as conn:
            refuse_unless_empty(conn, self._db.where, "e.g. a new schema or database")
            owners: set[tuple[str, str]] = set()
            stats = Delta()
            dims: dict[int, set[tuple[str, str]]] = {}
            for batch in batches(contents.records):
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
            top = restore_log_and_queue(conn, DIALECT, contents)
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
