"""The PostgreSQL store's vectors: pgvector on the record's row, searched by inner product (the
vectors are unit length, so it is their cosine, as on every backend).

A user with few vectors is searched exactly (their rows by the (tenant, user) index, every distance
computed: exact, and under a few milliseconds for thousands). A user with more than
`vector_exact_below` vectors goes through an HNSW index (one per vector dimension, built when the
first vector of that dimension is stored), with `hnsw_ef_search` candidates and pgvector's iterative
scan, so the user, tier, kind and validity filters still find k results inside a large store. The
graph's `hnsw_m` and `hnsw_ef_construction` are settings (they take effect when the index is built;
`hindsight reindex --rebuild-index`-style rebuilds drop the index first)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

import psycopg

from hindsight.errors import InvalidInput
from hindsight.models import MemoryRecord, Scope
from hindsight.stores.base import RecordFilter, Scored, Vector
from hindsight.stores.postgres.database import (
    RECORD_COLUMNS,
    Conn,
    Database,
    as_vector,
    bump,
    record_from_row,
)
from hindsight.stores.postgres.keywords import validity


@dataclass(frozen=True)
class HnswSettings:
    m: int = 16
    ef_construction: int = 64
    ef_search: int = 100
    exact_below: int = 20_000
    """Users with fewer vectors than this are searched exactly (0: always through the index)."""


def index_name(dim: int) -> str:
    return f"records_hnsw_{dim}"


def build_index(conn: Conn, dim: int, hnsw: HnswSettings) -> None:
    """The HNSW index of vectors of one dimension (a no-op if it exists)."""
    conn.execute(
        f"CREATE INDEX IF NOT EXISTS {index_name(dim)} ON records USING hnsw "
        f"((embedding::vector({dim})) vector_ip_ops) WITH (m = {int(hnsw.m)}, "
        f"ef_construction = {int(hnsw.ef_construction)}) WHERE embedding_dim = {dim}"
    )


def write_vectors(
    conn: Conn,
    ids: Sequence[str],
    vectors: Vector,
    model_id: str,
    versions: Sequence[int] | None,
) -> set[tuple[str, str]]:
    """Store vectors on their rows (only at the versions read, if given); the owners written."""
    read_at: Sequence[int | None] = versions if versions is not None else [None] * len(ids)
    owners: set[tuple[str, str]] = set()
    dim = int(vectors.shape[1]) if vectors.ndim == 2 else 0
    for rid, vector, version in sorted(zip(ids, vectors, read_at, strict=True), key=lambda x: x[0]):
        row = conn.execute(
            "UPDATE records SET embedding = %s, embedding_dim = %s, embedding_model = %s, index_stale = true, "
            "index_token = index_token + 1 "
            "WHERE id = %s AND (%s::int IS NULL OR version = %s) RETURNING tenant, user_id",
            (vector, dim, model_id, rid, version, version),
        ).fetchone()
        if row is not None:
            owners.add((row[0], row[1]))
    return owners


class PostgresVectors:
    """VectorIndex on the records table (pgvector)."""

    def __init__(self, db: Database, hnsw: HnswSettings) -> None:
        self._db = db
        self._hnsw = hnsw
        self._indexed: set[int] = set()
        self._lock = threading.Lock()

    def ensure_index(self, dim: int) -> None:
        with self._lock:
            if dim in self._indexed:
                return
            with self._db.connection() as conn:
                found = conn.execute("SELECT to_regclass(%s) IS NOT NULL", (index_name(dim),)).fetchone()
                if not (found and found[0]):
                    with conn.transaction():
                        # One builder at a time; others find it built.
                        conn.execute(
                            "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (index_name(dim),)
                        )
                        build_index(conn, dim, self._hnsw)
            self._indexed.add(dim)

    def set_vectors(
        self, ids: Sequence[str], vectors: Vector, model_id: str, *, versions: Sequence[int] | None = None
    ) -> None:
        if len(ids) != len(vectors):
            raise InvalidInput(f"{len(ids)} ids but {len(vectors)} vectors")
        if versions is not None and len(versions) != len(ids):
            raise InvalidInput(f"{len(ids)} ids but {len(versions)} versions")
        if not len(ids):
            return
        matrix = as_vector(vectors)
        self.ensure_index(int(matrix.shape[1]))
        with self._db.write() as conn:
            owners = write_vectors(conn, ids, matrix, model_id, versions)
            bump(conn, owners, vectors=True)

    def _count(self, conn: Conn, scope: Scope, most: int) -> int:
        """How many vectors the user has, counted up to `most` (a bounded index walk)."""
        row = conn.execute(
            "SELECT count(*) FROM (SELECT 1 FROM records WHERE tenant = %s AND user_id = %s "
            "AND embedding_dim IS NOT NULL LIMIT %s) s",
            (scope.tenant, scope.user, most),
        ).fetchone()
        return int(row[0]) if row else 0

    def search_vector(self, where: RecordFilter, vector: Vector, k: int) -> Scored:
        if k <= 0:
            return []
        query = as_vector(vector).reshape(-1)
        dim = int(query.shape[0])
        clauses, params = validity(where, "m")
        with self._db.connection() as conn:
            below = self._hnsw.exact_below
            exact = below > 0 and self._count(conn, where.scope, below) < below
            if exact:
                rows = conn.execute(
                    f"SELECT m.id, -(m.embedding <#> %s) AS score FROM records m "
                    f"WHERE m.embedding_dim = %s AND {clauses} ORDER BY score DESC, m.seq LIMIT %s",
                    [query, dim, *params, k],
                ).fetchall()
            else:
                rows = self._approximate(conn, query, dim, clauses, params, k)
            if not rows:
                self._check_dimension(conn, where.scope, dim)
        return [(rid, float(score)) for rid, score in rows]

    def _approximate(
        self, conn: Conn, query: Vector, dim: int, clauses: str, params: list[object], k: int
    ) -> list[tuple[str, float]]:
        with conn.transaction():
            conn.execute(f"SET LOCAL hnsw.ef_search = {max(int(self._hnsw.ef_search), k)}")
            conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
            # The index's expression: the planner walks the graph, filtering as it goes.
            rows = conn.execute(
                f"SELECT m.id, -(m.embedding::vector({dim}) <#> %s::vector({dim})) AS score FROM records m "
                f"WHERE m.embedding_dim = {dim} AND {clauses} "
                f"ORDER BY m.embedding::vector({dim}) <#> %s::vector({dim}) LIMIT %s",
                [query, *params, query, k],
            ).fetchall()
        rows.sort(key=lambda row: -row[1])  # relaxed order: nearly sorted, sorted here
        return [(row[0], row[1]) for row in rows]

    def _check_dimension(self, conn: Conn, scope: Scope, dim: int) -> None:
        row = conn.execute(
            "SELECT embedding_dim FROM records WHERE tenant = %s AND user_id = %s AND embedding_dim IS NOT NULL "
            "AND embedding_dim <> %s LIMIT 1",
            (scope.tenant, scope.user, dim),
        ).fetchone()
        if row is not None:
            raise InvalidInput(f"query vector has {dim} dimensions, the stored vectors {row[0]}")

    def vectors_of(self, scope: Scope, ids: Sequence[str]) -> dict[str, Vector]:
        if not ids:
            return {}
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT id, embedding FROM records WHERE tenant = %s AND user_id = %s AND id = ANY(%s) "
                "AND embedding IS NOT NULL",
                (scope.tenant, scope.user, list(ids)),
            ).fetchall()
        return {rid: as_vector(vector) for rid, vector in rows}

    def pending(self, limit: int, scope: Scope | None = None) -> list[MemoryRecord]:
        owner, params = (
            ("", []) if scope is None else (" AND tenant = %s AND user_id = %s", [scope.tenant, scope.user])
        )
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records WHERE embedding IS NULL{owner} ORDER BY seq LIMIT %s",
                [*params, limit],
            ).fetchall()
        return [record_from_row(row) for row in rows]

    def stale(self, model_id: str) -> list[str]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT id FROM records WHERE embedding IS NULL OR embedding_model IS DISTINCT FROM %s ORDER BY seq",
                (model_id,),
            ).fetchall()
        return [row[0] for row in rows]


__all__ = ["HnswSettings", "PostgresVectors", "build_index", "psycopg", "write_vectors"]
