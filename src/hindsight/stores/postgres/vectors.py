"""The PostgreSQL store's vectors: pgvector on the record's row, searched by inner product (the
vectors are unit length, so it is their cosine, as on every backend).

Every search is one user's, so the index follows the user, not the table:

- a user with fewer than `vector_exact_below` vectors (20,000) is searched exactly - their rows by
  the (tenant, user) index, every distance computed: exact, and a few milliseconds for thousands;
- a user who reaches it gets an HNSW index of their own (a partial index on their rows, built by
  the `set_vectors` that takes them over the line, `hnsw_m` / `hnsw_ef_construction`), searched
  with `hnsw_ef_search` candidates and pgvector's iterative scan for the tier, kind and validity
  filters. One graph over every user's vectors would make a user's search walk everyone else's
  neighbours and throw them away (measured: 17,544 rows filtered out for 20 kept, 0.6 s, for a user
  holding 9 % of a 1.1 million store; BENCHMARKS.md).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from psycopg import sql

from hindsight.errors import InvalidInput
from hindsight.models import MemoryRecord, Scope
from hindsight.stores.base import RecordFilter, Scored, Vector
from hindsight.stores.postgres.database import DIALECT, Conn, Database, as_vector, bump
from hindsight.stores.postgres.keywords import validity
from hindsight.stores.sql.records import pending_records


@dataclass(frozen=True)
class HnswSettings:
    m: int = 16
    ef_construction: int = 64
    ef_search: int = 100
    exact_below: int = 20_000
    """Users with fewer vectors than this are searched exactly; from this many on, through an HNSW
    index of their own (0: every user gets one with their first vector)."""


def index_name(scope: Scope, dim: int) -> str:
    digest = hashlib.sha256(f"{scope.tenant}\x1f{scope.user}".encode()).hexdigest()[:20]
    return f"records_hnsw_{dim}_{digest}"


def _owner_predicate(scope: Scope, dim: int) -> sql.Composed:
    return sql.SQL("embedding_dim = {} AND tenant = {} AND user_id = {}").format(
        sql.Literal(dim), sql.Literal(scope.tenant), sql.Literal(scope.user)
    )


def build_index(conn: Conn, scope: Scope, dim: int, hnsw: HnswSettings) -> None:
    """The HNSW index of one user's vectors of one dimension (a no-op if it exists)."""
    conn.execute(
        sql.SQL(
            "CREATE INDEX IF NOT EXISTS {} ON records USING hnsw ((embedding::vector({})) vector_ip_ops) "
            "WITH (m = {}, ef_construction = {}) WHERE {}"
        ).format(
            sql.Identifier(index_name(scope, dim)),
            sql.Literal(dim),
            sql.Literal(int(hnsw.m)),
            sql.Literal(int(hnsw.ef_construction)),
            _owner_predicate(scope, dim),
        )
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
        self._indexed: set[str] = set()
        self._lock = threading.Lock()

    def _indexed_user(self, conn: Conn, scope: Scope, dim: int) -> bool:
        name = index_name(scope, dim)
        if name in self._indexed:
            return True
        found = conn.execute("SELECT to_regclass(%s) IS NOT NULL", (name,)).fetchone()
        if found and found[0]:
            with self._lock:
                self._indexed.add(name)
            return True
        return False

    def index_users(self, owners: set[tuple[str, str]], dim: int) -> None:
        """Build the HNSW index of each of these users who has reached `exact_below` vectors and
        has none yet (once: under an advisory lock, another process finds it built)."""
        below = self._hnsw.exact_below
        for tenant, user in sorted(owners):
            scope = Scope(tenant, user)
            with self._db.connection() as conn:
                if self._indexed_user(conn, scope, dim) or self._count(conn, scope, below) < below:
                    continue
                with conn.transaction():
                    conn.execute(
                        "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (index_name(scope, dim),)
                    )
                    build_index(conn, scope, dim, self._hnsw)
            with self._lock:
                self._indexed.add(index_name(scope, dim))

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
        with self._db.write() as conn:
            owners = write_vectors(conn, ids, matrix, model_id, versions)
            bump(conn, owners, vectors=True)
        self.index_users(owners, int(matrix.shape[1]))

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
            if self._indexed_user(conn, where.scope, dim):
                rows = self._approximate(conn, where.scope, query, dim, clauses, params, k)
            else:
                rows = conn.execute(
                    f"SELECT m.id, -(m.embedding <#> %s) AS score FROM records m "
                    f"WHERE m.embedding_dim = %s AND {clauses} ORDER BY score DESC, m.seq LIMIT %s",
                    [query, dim, *params, k],
                ).fetchall()
            if not rows:
                self._check_dimension(conn, where.scope, dim)
        return [(rid, float(score)) for rid, score in rows]

    def _approximate(
        self, conn: Conn, scope: Scope, query: Vector, dim: int, clauses: str, params: list[object], k: int
    ) -> list[tuple[str, float]]:
        ef = max(int(self._hnsw.ef_search), k)
        with conn.transaction():
            conn.execute(sql.SQL("SET LOCAL hnsw.ef_search = {}").format(sql.Literal(ef)))
            conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
            # The user's own index: its predicate spelled out as literals, so the planner can use it.
            statement = sql.SQL(
                "SELECT m.id, -(m.embedding::vector({dim}) <#> %s::vector({dim})) AS score FROM records m "
                "WHERE {owner} AND "
                + clauses
                + " ORDER BY m.embedding::vector({dim}) <#> %s::vector({dim}) LIMIT %s"
            ).format(dim=sql.Literal(dim), owner=_owner_predicate(scope, dim))
            rows = conn.execute(statement, [query, *params, query, ef]).fetchall()
        # Relaxed order: the ef best candidates, nearly sorted; sorted here, the best k kept.
        rows.sort(key=lambda row: -row[1])
        return [(row[0], row[1]) for row in rows[:k]]

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
        with self._db.read() as conn:
            return pending_records(conn, DIALECT, limit, scope)

    def stale(self, model_id: str) -> list[str]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT id FROM records WHERE embedding IS NULL OR embedding_model IS DISTINCT FROM %s ORDER BY seq",
                (model_id,),
            ).fetchall()
        return [row[0] for row in rows]


__all__ = ["HnswSettings", "PostgresVectors", "build_index", "index_name", "write_vectors"]
