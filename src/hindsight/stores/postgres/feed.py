"""The PostgreSQL store's feed of an external vector index (HINDSIGHT_VECTORS): records marked in
their own transactions (index_stale, index_token), removals kept in index_deletes while an index is
fed; one syncer at a time (an advisory lock held while the index is written)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hindsight.models import Scope
from hindsight.stores.base import IndexEntry
from hindsight.stores.postgres.database import DIALECT, Database, as_vector, bump
from hindsight.stores.sql.records import set_meta

SYNC_LOCK = "hindsight:vector-index-sync"


class PostgresFeed:
    def __init__(self, db: Database) -> None:
        self._db = db

    def enable(self) -> None:
        with self._db.write() as conn:
            fed = conn.execute("SELECT 1 FROM meta WHERE key = 'vector_index'").fetchone()
            if fed is None:
                set_meta(conn, DIALECT, "vector_index", "1")
                conn.execute(
                    "UPDATE records SET index_stale = true, index_token = index_token + 1 "
                    "WHERE embedding IS NOT NULL"
                )

    def sync(self, write: Callable[[Sequence[IndexEntry]], None], limit: int) -> int:
        with self._db.read() as conn:  # the usual case, before any lock: nothing is behind
            behind = conn.execute(
                "SELECT EXISTS (SELECT 1 FROM records WHERE index_stale) OR EXISTS (SELECT 1 FROM index_deletes)"
            ).fetchone()
        if not behind or not behind[0]:
            return 0
        with self._db.write() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (SYNC_LOCK,))
            rows = conn.execute(
                "SELECT id, tenant, user_id, index_token, tier, kind, valid_from, valid_until, entity_values, "
                "embedding FROM records WHERE index_stale ORDER BY seq LIMIT %s",
                (limit,),
            ).fetchall()
            gone = conn.execute(
                "SELECT seq, record_id, tenant, user_id FROM index_deletes ORDER BY seq LIMIT %s", (limit,)
            ).fetchall()
            entries = [
                IndexEntry(
                    id=row[0],
                    scope=Scope(row[1], row[2]),
                    token=int(row[3]),
                    tier=row[4],
                    kind=row[5],
                    valid_from=row[6],
                    valid_until=row[7],
                    entity_values=tuple(row[8]),
                    vector=None if row[9] is None else as_vector(row[9]),
                )
                for row in rows
            ] + [
                IndexEntry(id=row[1], scope=Scope(row[2], row[3]), token=int(row[0]), removed=True)
                for row in gone
            ]
            if not entries:
                return 0
            write(entries)
            with conn.cursor() as cur:
                cur.executemany(
                    "UPDATE records SET index_stale = false WHERE id = %s AND index_token = %s",
                    [(e.id, e.token) for e in entries if not e.removed],
                )
                cur.executemany(
                    "DELETE FROM index_deletes WHERE seq = %s", [(e.token,) for e in entries if e.removed]
                )
            bump(conn, {(e.scope.tenant, e.scope.user) for e in entries}, vectors=True)
            return len(entries)
