"""The registry of backends the conformance suite runs against: the only backend-specific code in it.

A `Kind` says how to make an empty store of one backend (a URL, and the state URL if working memory
and locks live elsewhere) and how to remove it again. A `Site` is one such store: every `open` is
another instance on it - its own connection, its own cache - as another process would open it, so
the two-instance and concurrency cases need nothing else. Adding a backend (PostgreSQL, Qdrant,
Redis) is adding a Kind here: every case then runs against it unchanged.
"""

from __future__ import annotations

import atexit
import itertools
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hindsight.settings import Settings
from hindsight.state.local import LruCache
from hindsight.stores.registry import Backend, open_backend
from hindsight.stores.sqlite import Database

WORKING_TTL_S = 60.0
"""The idle TTL of working memory in every case (state cases move `now` around it)."""


@dataclass(frozen=True)
class Kind:
    name: str
    fresh: Callable[[Path], AbstractContextManager[str]]
    """An empty store under this directory (or named after it): yields its URL, removes it after."""
    state: str | Callable[[Path], str] | None = None
    """HINDSIGHT_STATE: where working memory and locks live (None: in the store); a callable is
    asked when a case opens the store (an engine's URL comes from the environment)."""
    vectors: Callable[[Path], str] | None = None
    """HINDSIGHT_VECTORS for a store in this directory (None: the store's own vector index)."""
    shared_state: bool = True
    """Whether every instance on the store sees one working memory and one holder per lock (an
    in-process state does not: each instance keeps its own)."""
    settings: tuple[tuple[str, Any], ...] = ()
    """Settings of this kind's own (the SQLite store with every user searched through a graph)."""


@cache
def _sqlite_template() -> Path:
    """An empty store with every migration applied, made once per process: a case's store is a copy
    of it (migrating a new file for each of some hundred cases would take most of the suite's time)."""
    directory = Path(tempfile.mkdtemp(prefix="hindsight-conformance-"))
    atexit.register(shutil.rmtree, directory, True)
    Database(directory / "memory.db").close()
    return directory / "memory.db"


@contextmanager
def _sqlite_file(directory: Path) -> Iterator[str]:
    target = directory / "memory.db"  # the directory is the case's own tmp_path: removed by pytest
    shutil.copyfile(_sqlite_template(), target)
    yield f"sqlite://{target}"


SQLITE = Kind("sqlite", _sqlite_file)
SQLITE_GRAPH = Kind("sqlite+graph", _sqlite_file, settings=(("vector_exact_below", 0),))
"""The SQLite store with every user's vectors searched through an HNSW graph, however few."""

SERVICES = "start them with `bash .ci/services.sh start` (as root) and export the lines it prints"


def engine_url(variable: str) -> str:
    """The URL of a test engine from the environment; without it the case fails (never skips)."""
    url = os.environ.get(variable)
    if not url:
        raise RuntimeError(f"{variable} is not set: the engine tests need a running server - {SERVICES}")
    return url


_cases = itertools.count()
_emptied: list[str] = []
"""Schemas of this process whose cases are over, emptied for the next case (migrating a new schema
for each case would take most of the suite's time)."""


@contextmanager
def _postgres_schema(directory: Path) -> Iterator[str]:
    """An empty store: a schema of its own in the test database (migrated when first opened), emptied
    afterwards and handed to a later case; every one is dropped when the process ends."""
    import psycopg

    base = engine_url("HINDSIGHT_TEST_POSTGRES_URL")
    if _emptied:
        schema = _emptied.pop()
    else:
        schema = f"case_{os.getpid()}_{next(_cases)}"
        atexit.register(_drop_schema, base, schema)
    yield f"{base}{'&' if '?' in base else '?'}schema={schema}"
    with psycopg.connect(base, autocommit=True) as conn:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = %s AND tablename <> 'schema_version'",
                (schema,),
            )
        ]
        if tables:
            listed = ", ".join(f"{schema}.{table}" for table in tables)
            conn.execute(f"TRUNCATE {listed} RESTART IDENTITY CASCADE")  # type: ignore[arg-type]
    _emptied.append(schema)


def _drop_schema(base: str, schema: str) -> None:
    import psycopg

    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")  # type: ignore[arg-type]


@contextmanager
def _postgres_qdrant(directory: Path) -> Iterator[str]:
    """PostgreSQL records with Qdrant vectors: a real server if HINDSIGHT_TEST_QDRANT_URL is set,
    else qdrant-client's local mode in a folder of the case's own."""
    with _postgres_schema(directory) as url:
        yield url


def _qdrant_url(directory: Path) -> str:
    server = os.environ.get("HINDSIGHT_TEST_QDRANT_URL")
    if server:
        prefix = f"case_{os.getpid()}_{directory.parent.name}"
        return f"{server}{'&' if '?' in server else '?'}prefix={prefix}"
    return f"qdrant://{directory / 'qdrant'}"


POSTGRES = Kind("postgresql", _postgres_schema)
POSTGRES_QDRANT = Kind("postgresql+qdrant", _postgres_qdrant, vectors=_qdrant_url)

POSTGRES_REDIS = Kind("postgresql+redis", _postgres_schema, state=lambda d: _redis_state(d))

STORES: dict[str, Kind] = {
    "sqlite": SQLITE,
    "sqlite+graph": SQLITE_GRAPH,
    "postgresql": POSTGRES,
    "postgresql+qdrant": POSTGRES_QDRANT,
    "postgresql+redis": POSTGRES_REDIS,
}
"""Every backend that provides all the store seams."""


def _redis_state(directory: Path) -> str:
    """The test Redis, with keys of the case's own (a prefix named after its directory)."""
    base = engine_url("HINDSIGHT_TEST_REDIS_URL")
    prefix = f"case-{os.getpid()}-{abs(hash(str(directory)))}"
    return f"{base}{'&' if '?' in base else '?'}prefix={prefix}"


STATES: dict[str, Kind] = {
    "sqlite": SQLITE,
    "memory": Kind("memory", _sqlite_file, state="memory://", shared_state=False),
    "postgresql": POSTGRES,
    "redis": Kind("redis", _sqlite_file, state=_redis_state),
    "postgresql+redis": POSTGRES_REDIS,
}
"""Every implementation of SessionState and Locks: the store's own, and the in-process one."""


class Site:
    """One store of one kind. `open()` is another instance on it, closed by `close_all()`."""

    def __init__(self, kind: Kind, directory: Path, url: str) -> None:
        self.kind = kind
        self.directory = directory
        self.url = url
        self._opened: list[Backend] = []

    def settings_kwargs(self, **overrides: Any) -> dict[str, Any]:
        """What Settings needs to reach this store (picklable: a spawned process builds its own)."""
        state = self.kind.state(self.directory) if callable(self.kind.state) else self.kind.state
        vectors = self.kind.vectors(self.directory) if self.kind.vectors is not None else None
        return {
            "home": self.directory,
            "store": self.url,
            "state": state,
            "vectors": vectors,
            "embedder": "hash",
            "working_ttl_s": WORKING_TTL_S,
            **dict(self.kind.settings),
            **overrides,
        }

    def settings(self, **overrides: Any) -> Settings:
        return Settings(**self.settings_kwargs(**overrides))

    def open(self) -> Backend:
        """Another instance on this store, with a cache of its own (as another process has)."""
        backend = open_backend(self.settings(), LruCache(64))
        self._opened.append(backend)
        return backend

    def reopen(self, backend: Backend) -> Backend:
        """Close an instance and open the store again."""
        self._opened.remove(backend)
        backend.close()
        return self.open()

    def close_all(self) -> None:
        while self._opened:
            self._opened.pop().close()


@contextmanager
def site_of(kind: Kind, directory: Path) -> Iterator[Site]:
    directory.mkdir(parents=True, exist_ok=True)
    with kind.fresh(directory) as url:
        site = Site(kind, directory, url)
        try:
            yield site
        finally:
            site.close_all()
