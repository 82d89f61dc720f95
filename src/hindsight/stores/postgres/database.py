"""One PostgreSQL database shared by the seams built on it: the connection pool, transactions, the
rows. `postgresql://user:pass@host:port/db?schema=NAME&pool=N` (the libpq URL; `schema` puts the
store's tables in a schema of their own, `pool` is the most connections this process opens).

Connections come from a psycopg_pool pool (not checked before each use: that would double every
call's round trips; a connection the server dropped fails its next call once, StoreUnavailable,
and the pool replaces it); every write is one transaction; a server that is down or a connection
that broke is StoreUnavailable (the write path retries, never drops an acknowledged write).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import numpy as np
import psycopg
from pgvector.psycopg import register_vector
from psycopg import sql
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool, PoolTimeout

from hindsight.errors import InvalidInput, StoreUnavailable
from hindsight.models import MemoryRecord
from hindsight.stores.postgres.schema import migrate
from hindsight.stores.sql.dialect import Dialect
from hindsight.stores.sql.records import RECORD_FIELDS

Conn = psycopg.Connection[tuple[Any, ...]]

CONNECT_TIMEOUT_S = 5
POOL_WAIT_S = 15.0
STATEMENT_TIMEOUT_MS = 60_000
_SCHEMA_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")


def redact(url: str) -> str:
    """The URL without its password, for messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return urlunsplit(parts._replace(netloc=netloc))


def split_url(url: str) -> tuple[str, str | None, int]:
    """(libpq URL, schema, pool size) of a store URL: our own query parameters taken out."""
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query, keep_blank_values=True))
    schema = query.pop("schema", None)
    if schema is not None and not _SCHEMA_NAME.match(schema):
        raise InvalidInput(
            f"HINDSIGHT_STORE: schema {schema!r} is not a plain SQL name ([A-Za-z_][A-Za-z0-9_]*)"
        )
    try:
        pool = int(query.pop("pool", "10"))
    except ValueError:
        raise InvalidInput("HINDSIGHT_STORE: pool= must be a number of connections") from None
    scheme = "postgresql" if parts.scheme in ("postgresql", "postgres", "pgvector") else parts.scheme
    libpq = urlunsplit(parts._replace(scheme=scheme, query=urlencode(query)))
    return libpq, schema, max(2, pool)


class Database:
    """The pool, and the store's place in the database (a schema, or the default search path)."""

    def __init__(self, url: str, *, setting: str = "HINDSIGHT_STORE") -> None:
        self.url = url
        self.where = redact(url)
        libpq, self.schema, size = split_url(url)
        self._setting = setting
        self.hnsw: Any = None
        """The HNSW settings of this store's vector indexes (set by open_postgres)."""
        self._check_reachable(libpq)
        self.pool: ConnectionPool[Conn] = ConnectionPool(
            libpq,
            min_size=1,
            max_size=size,
            kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT_S},
            configure=self._configure,
            timeout=POOL_WAIT_S,
            reconnect_timeout=POOL_WAIT_S,
            open=False,
            name="hindsight",
        )
        try:
            self.pool.open(wait=True, timeout=POOL_WAIT_S)
        except PoolTimeout as exc:
            self.pool.close()
            raise StoreUnavailable(f"{setting}={self.where}: cannot connect to PostgreSQL ({exc})") from None

    def _check_reachable(self, libpq: str) -> None:
        """Connect once by hand: a wrong URL, a server that is down, a missing pgvector extension
        each get a message that names the setting, before any pool or migration runs."""
        try:
            conn = psycopg.connect(libpq, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S)
        except psycopg.Error as exc:
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise StoreUnavailable(
                f"{self._setting}={self.where}: cannot connect to PostgreSQL: {reason}"
            ) from None
        try:
            # SQL_ASCII stores bytes without checking them, and psycopg then hands text back as
            # bytes: every read would fail later, far from the cause. Refuse such a database now.
            found = conn.execute("SHOW server_encoding").fetchone()
            raw = found[0] if found is not None else "UTF8"
            encoding = raw.decode("ascii", "replace") if isinstance(raw, bytes) else str(raw)
            if encoding.upper() not in ("UTF8", "UTF-8"):
                raise StoreUnavailable(
                    f"{self._setting}={self.where}: the database's encoding is {encoding}, and "
                    "memories are Unicode text: create the database with ENCODING 'UTF8' "
                    "(CREATE DATABASE name ENCODING 'UTF8' TEMPLATE template0)"
                )
            if conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone() is None:
                try:
                    conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
                except psycopg.Error as exc:
                    reason = str(exc).strip().splitlines()[0]
                    raise StoreUnavailable(
                        f"{self._setting}={self.where}: the pgvector extension is missing from this "
                        f"database and could not be created ({reason}). Install pgvector on the server "
                        "and run CREATE EXTENSION vector as a superuser (or grant this role the right to)."
                    ) from None
            if self.schema is not None:
                conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(self.schema)))
                conn.execute(sql.SQL("SET search_path TO {}, public").format(sql.Identifier(self.schema)))
            migrate(conn, self.where)
        except psycopg.Error as exc:
            raise StoreUnavailable(f"{self._setting}={self.where}: cannot prepare the store: {exc}") from None
        finally:
            conn.close()

    def _configure(self, conn: Conn) -> None:
        if self.schema is not None:
            conn.execute(sql.SQL("SET search_path TO {}, public").format(sql.Identifier(self.schema)))
        conn.execute("SET TIME ZONE 'UTC'")
        conn.execute(f"SET statement_timeout = {STATEMENT_TIMEOUT_MS}")
        # Every statement planned for its own values: psycopg prepares a statement run five times,
        # and PostgreSQL then may keep one generic plan for every user, while a memory of 100,000
        # and one of 100 want different plans (measured: the entity lookup of the 100,000-memory
        # user 15 ms with the generic plan, 1.2 ms planned for it; BENCHMARKS.md).
        conn.execute("SET plan_cache_mode = force_custom_plan")
        register_vector(conn)

    def close(self) -> None:
        self.pool.close()

    @contextmanager
    def connection(self) -> Iterator[Conn]:
        try:
            with self.pool.connection() as conn:
                yield conn
        except PoolTimeout as exc:
            raise StoreUnavailable(f"the store at {self.where} is unavailable: {exc}") from None
        except psycopg.OperationalError as exc:
            raise StoreUnavailable(f"the store at {self.where} is unavailable: {first_line(exc)}") from None
        except (psycopg.errors.SerializationFailure, psycopg.errors.DeadlockDetected) as exc:
            raise StoreUnavailable(f"the store at {self.where} is busy: {first_line(exc)}") from None
        except psycopg.errors.DataException as exc:
            raise InvalidInput(first_line(exc)) from None

    @contextmanager
    def write(self) -> Iterator[Conn]:
        """One transaction (READ COMMITTED; rows a write depends on are locked by it)."""
        with self.connection() as conn, conn.transaction():
            yield conn

    read = connection
    """A read: each statement sees what was committed when it started."""

    @contextmanager
    def snapshot(self) -> Iterator[Conn]:
        """A read-only REPEATABLE READ transaction: every statement in it sees one state."""
        with self.connection() as conn:
            conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            try:
                yield conn
            finally:
                if not conn.closed:
                    conn.execute("COMMIT")


def first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


# -- generations ---------------------------------------------------------------------------------------


def bump(
    conn: Conn,
    owners: Iterable[tuple[str, str]],
    vectors: bool,
    docs: dict[tuple[str, str], tuple[int, int]] | None = None,
) -> None:
    """Count a change to these users' memory (and to what their vector search sees), inside the
    transaction that makes it; `docs` moves each user's keyword statistics (records, terms)."""
    docs = docs or {}
    rows = sorted(set(owners) | set(docs))  # one order for every writer: no deadlock between two
    if not rows:
        return
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO generations AS g (tenant, user_id, records, vectors, docs, doc_len) "
            "VALUES (%s, %s, 1, %s, %s, %s) ON CONFLICT (tenant, user_id) DO UPDATE SET "
            "records = g.records + 1, vectors = g.vectors + excluded.vectors, "
            "docs = g.docs + excluded.docs, doc_len = g.doc_len + excluded.doc_len",
            [(t, u, int(vectors), *docs.get((t, u), (0, 0))) for t, u in rows],
        )


# -- records -------------------------------------------------------------------------------------------

RECORD_MARKS = ", ".join(["%s"] * len(RECORD_FIELDS))


def prefixed(alias: str) -> str:
    return ", ".join(f"{alias}.{name}" for name in RECORD_FIELDS)


def jsonb(value: object) -> Jsonb:
    return Jsonb(value)


def record_from_row(row: Sequence[Any]) -> MemoryRecord:
    values = dict(zip(RECORD_FIELDS, row, strict=True))
    values["source_ids"] = tuple(values["source_ids"])
    values["entities"] = dict(values["entities"])
    values["importance"] = float(values["importance"])
    return MemoryRecord(**values)


def as_vector(values: Any) -> np.ndarray[Any, np.dtype[np.float32]]:
    """A float32 array of a vector (numpy, a list, or pgvector's Vector as loaded)."""
    if hasattr(values, "to_numpy"):
        values = values.to_numpy()
    return np.ascontiguousarray(values, dtype=np.float32)


def _any_of(column: str, values: Sequence[Any]) -> tuple[str, list[Any]]:
    return f"{column} = ANY(%s)", [list(values)]


def _unchanged(value: Any) -> Any:
    # The timestamp columns hold the naive UTC times Hindsight uses as they are, and psycopg reads
    # them back as such.
    return value


def _loaded(value: Any) -> Any:
    """A JSON column's value: psycopg decodes jsonb itself; JSON text is parsed."""
    return json.loads(value) if isinstance(value, str | bytes) else value


DIALECT = Dialect(
    mark="%s",
    one_of=_any_of,
    by_code_point=' COLLATE "C"',
    store_time=_unchanged,
    load_time=_unchanged,
    store_json=jsonb,
    load_json=_loaded,
    record_from_row=record_from_row,
)


def naive(moment: datetime | None) -> datetime | None:
    return None if moment is None else moment.replace(tzinfo=None)
