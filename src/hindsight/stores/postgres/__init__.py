"""PostgreSQL with pgvector: records in typed columns, vectors (HNSW), BM25 keyword search over
CJK-segmented terms, the queue as an outbox (FOR UPDATE SKIP LOCKED), the log, open events, working
memory and locks - so every process on the database shares one memory.
`postgresql://user:pass@host:5432/db` (`?schema=NAME` for a schema of its own, `&pool=N`)."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from hindsight.state.base import Cache
from hindsight.stores.postgres.database import Database, redact
from hindsight.stores.postgres.feed import PostgresFeed
from hindsight.stores.postgres.keywords import PostgresKeywords
from hindsight.stores.postgres.queue import PostgresLog, PostgresQueue
from hindsight.stores.postgres.records import PostgresRecords
from hindsight.stores.postgres.schema import LATEST, MIGRATIONS
from hindsight.stores.postgres.snapshots import PostgresSnapshots
from hindsight.stores.postgres.state import PostgresLocks, PostgresSessions
from hindsight.stores.postgres.vectors import HnswSettings, PostgresVectors
from hindsight.stores.registry import Parts

if TYPE_CHECKING:
    from hindsight.settings import Settings

__all__ = ["LATEST", "MIGRATIONS", "Database", "HnswSettings", "open_postgres", "postgres_parts"]


def hnsw_of(settings: Settings) -> HnswSettings:
    return HnswSettings(
        m=settings.hnsw_m,
        ef_construction=settings.hnsw_ef_construction,
        ef_search=settings.hnsw_ef_search,
        exact_below=settings.vector_exact_below,
    )


def postgres_parts(db: Database, session_ttl: timedelta) -> Parts:
    records = PostgresRecords(db)
    return Parts(
        records=records,
        search=records,
        events=records,
        vectors=PostgresVectors(db, db.hnsw or HnswSettings()),
        keywords=PostgresKeywords(db),
        queue=PostgresQueue(db),
        log=PostgresLog(db),
        snapshots=PostgresSnapshots(db),
        sessions=PostgresSessions(db, session_ttl),
        locks=PostgresLocks(db),
        feed=PostgresFeed(db),
        closers=[db.close],
        description=redact(db.url),
    )


def open_postgres(url: str, settings: Settings, cache: Cache) -> Parts:
    db = Database(url)
    db.hnsw = hnsw_of(settings)
    return postgres_parts(db, timedelta(seconds=settings.working_ttl_s))
