"""The SQLite store's vectors: float32 BLOBs on the record's row, searched exactly in process memory
(stores/exact.py), one matrix per user, valid while the user's vector generation stands; a user
with HINDSIGHT_VECTOR_EXACT_BELOW vectors or more through a graph instead (stores/sqlite/graphs.py)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

import numpy as np

from hindsight.errors import InvalidInput
from hindsight.models import MemoryRecord, Scope
from hindsight.state.base import Cache
from hindsight.stores.base import RecordFilter, Scored, Vector
from hindsight.stores.exact import StoredRow, UserMatrix
from hindsight.stores.hnsw import GraphParams
from hindsight.stores.sql.records import pending_records
from hindsight.stores.sqlite.database import DIALECT, Database, bump, marks
from hindsight.stores.sqlite.graphs import REBUILD_PAST, SQLiteGraphs, feed_since, head


class SQLiteVectors:
    """VectorIndex on the records table; matrices cached in `cache` under (tenant, user)."""

    def __init__(
        self, db: Database, cache: Cache, graphs: GraphParams | None = None, exact_below: int = 20_000
    ) -> None:
        self._db = db
        self._cache = cache
        self.graphs = SQLiteGraphs(db, cache, graphs or GraphParams(), exact_below)

    def set_vectors(
        self, ids: Sequence[str], vectors: Vector, model_id: str, *, versions: Sequence[int] | None = None
    ) -> None:
        if len(ids) != len(vectors):
            raise InvalidInput(f"{len(ids)} ids but {len(vectors)} vectors")
        if versions is not None and len(versions) != len(ids):
            raise InvalidInput(f"{len(ids)} ids but {len(versions)} versions")
        if not len(ids):
            return
        vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        # Without versions, any version matches (the record only has to exist).
        read_at: Sequence[int | None] = versions if versions is not None else [None] * len(ids)
        with self._db.write() as conn:
            owners: set[tuple[str, str]] = set()
            for rid, vector, version in zip(ids, vectors, read_at, strict=True):
                row = conn.execute(
                    "UPDATE records SET embedding = ?, embedding_model = ? WHERE id = ? "
                    "AND (? IS NULL OR version = ?) RETURNING tenant, user_id",
                    (vector.tobytes(), model_id, rid, version, version),
                ).fetchone()
                if row is not None:
                    owners.add((row[0], row[1]))
            bump(conn, owners, vectors=True)

    def _matrix(self, scope: Scope) -> UserMatrix:
        """The user's matrix at the store's current vector generation: cached, brought forward
        from the vector feed (only the rows logged since are read), or read now."""
        key = ("vectors", scope.tenant, scope.user)
        with self._db.snapshot() as conn:
            # The generation first, in the same read transaction as the rows: a matrix is never
            # tagged newer than what it holds.
            found = conn.execute(
                "SELECT vectors FROM generations WHERE tenant = ? AND user_id = ?", (scope.tenant, scope.user)
            ).fetchone()
            generation = int(found[0]) if found else 0
            cached = self._cache.get(key)
            if isinstance(cached, UserMatrix) and cached.generation == generation:
                return cached
            if isinstance(cached, UserMatrix) and cached.seqs is not None:
                most = int(max(1000, len(cached.ids) * REBUILD_PAST))
                since = feed_since(conn, scope, cached.position, most, vectors_only=False)
                if since is not None:
                    position, logged = since
                    now = _rows_of(conn, scope, list(logged))
                    matrix = cached.changed(generation, position, logged.keys(), now)
                    self._cache.put(key, matrix)
                    return matrix
            position = head(conn)
            rows = conn.execute(
                "SELECT seq, id, embedding, tier, kind, valid_from, valid_until FROM records "
                "WHERE tenant = ? AND user_id = ? AND embedding IS NOT NULL ORDER BY seq",
                (scope.tenant, scope.user),
            ).fetchall()
        matrix = UserMatrix.read(generation, [row[1:] for row in rows], [row[0] for row in rows], position)
        self._cache.put(key, matrix)
        return matrix

    def search_vector(self, where: RecordFilter, vector: Vector, k: int) -> Scored:
        found = self.graphs.search(where, vector, k)
        if found is not None:
            return found
        matrix = self._matrix(where.scope)
        if self.graphs.wanted(len(matrix.ids)) and self.graphs.want(where.scope, len(matrix.ids)):
            found = self.graphs.search(where, vector, k)
            if found is not None:
                self._cache.put(("vectors", where.scope.tenant, where.scope.user), None)
                return found
        return matrix.search(where, vector, k)

    def vectors_of(self, scope: Scope, ids: Sequence[str]) -> dict[str, Vector]:
        if self.graphs.holds(scope):
            return self.graphs.vectors_of(scope, ids)
        return self._matrix(scope).vectors_of(ids)

    def build_graph(self, scope: Scope) -> None:
        """Build the user's graph now, whatever their size (`bench/scale_sqlite.py load`)."""
        self.graphs.build(scope)

    def pending(self, limit: int, scope: Scope | None = None) -> list[MemoryRecord]:
        with self._db.read() as conn:
            return pending_records(conn, DIALECT, limit, scope)

    def stale(self, model_id: str) -> list[str]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT id FROM records WHERE embedding IS NULL OR embedding_model IS NOT ? ORDER BY seq",
                (model_id,),
            ).fetchall()
        return [row[0] for row in rows]


def _rows_of(conn: sqlite3.Connection, scope: Scope, seqs: list[int]) -> list[tuple[int, StoredRow]]:
    """These rows of the user that have a vector, as the matrix reads them."""
    found: list[tuple[int, StoredRow]] = []
    for first in range(0, len(seqs), 500):
        chunk = seqs[first : first + 500]
        found += [
            (row[0], row[1:])
            for row in conn.execute(
                "SELECT seq, id, embedding, tier, kind, valid_from, valid_until FROM records "
                f"WHERE seq IN ({marks(chunk)}) AND +tenant = ? AND +user_id = ? AND embedding IS NOT NULL",
                [*chunk, scope.tenant, scope.user],
            )
        ]
    return found
