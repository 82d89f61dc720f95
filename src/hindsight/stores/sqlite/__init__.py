"""The embedded default: one SQLite file in WAL mode holds everything - records with their vectors,
the FTS5 keyword and entity indexes, the queue, the log, open events, working memory and locks -
so every process that opens the file shares one memory. `sqlite:///path/to/memory.db`."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from hindsight.errors import InvalidInput
from hindsight.state.base import Cache
from hindsight.stores.hnsw import GraphParams
from hindsight.stores.registry import Parts
from hindsight.stores.sqlite.database import Database
from hindsight.stores.sqlite.keywords import SQLiteKeywords
from hindsight.stores.sqlite.queue import SQLiteLog, SQLiteQueue
from hindsight.stores.sqlite.records import SQLiteRecords
from hindsight.stores.sqlite.schema import LATEST, MIGRATIONS, migrate
from hindsight.stores.sqlite.snapshots import SQLiteSnapshots
from hindsight.stores.sqlite.state import SQLiteLocks, SQLiteSessions
from hindsight.stores.sqlite.vectors import SQLiteVectors

if TYPE_CHECKING:
    from hindsight.settings import Settings

__all__ = ["LATEST", "MIGRATIONS", "Database", "migrate", "open_sqlite", "path_of", "sqlite_parts"]


def path_of(url: str) -> Path:
    """The file of a sqlite:// URL: everything after the two slashes (sqlite:///abs/memory.db,
    sqlite://~/memory.db, sqlite://./memory.db)."""
    rest = url.partition("://")[2]
    if not rest:
        raise InvalidInput(f"{url!r} names no file: sqlite:///path/to/memory.db")
    return Path(rest).expanduser()


def sqlite_parts(
    db: Database,
    cache: Cache,
    session_ttl: timedelta,
    graphs: GraphParams | None = None,
    exact_below: int = 20_000,
) -> Parts:
    records = SQLiteRecords(db)
    return Parts(
        records=records,
        search=records,
        events=records,
        vectors=SQLiteVectors(db, cache, graphs, exact_below),
        keywords=SQLiteKeywords(db, cache),
        queue=SQLiteQueue(db),
        log=SQLiteLog(db),
        snapshots=SQLiteSnapshots(db),
        sessions=SQLiteSessions(db, session_ttl),
        locks=SQLiteLocks(db),
        closers=[db.close],
        description=f"sqlite://{db.path}",
    )


def open_sqlite(url: str, settings: Settings, cache: Cache) -> Parts:
    graphs = GraphParams(settings.hnsw_m, settings.hnsw_ef_construction, settings.hnsw_ef_search)
    return sqlite_parts(
        Database(path_of(url)),
        cache,
        timedelta(seconds=settings.working_ttl_s),
        graphs,
        settings.vector_exact_below,
    )
