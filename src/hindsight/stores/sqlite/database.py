"""One SQLite file shared by the seams built on it: its connection, transactions, and the rows.

One connection per process writes, behind a lock (the writes of one process take turns; several
processes share the file through WAL). Reads go through up to READERS connections of their own,
taken from a pool: in WAL mode a reader sees the last commit and never waits for a writer, so a
recall is not held up by this process's own writes (a batch of recall counts, a turn's write, a
checkpoint of the log: 60 ms at a million memories). More reads at once wait their turn on the
writing connection, as before. A read inside a thread's own write transaction sees that
transaction (it uses the writing connection). Every write is one BEGIN IMMEDIATE transaction; a
busy file is waited for (busy_timeout), and a write that still cannot get through is
StoreUnavailable, which the write path treats as transient (retried), never as a reason to drop a
write.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.request import pathname2url

from hindsight.errors import StoreUnavailable
from hindsight.models import MemoryRecord, Scope
from hindsight.stores.sql.dialect import Dialect
from hindsight.stores.sql.records import RECORD_FIELDS
from hindsight.stores.sqlite.schema import migrate, refuse_newer_schema, transaction
from hindsight.timeutil import from_epoch, to_epoch

BUSY_TIMEOUT_MS = 15_000
TABLES = ("meta", "records", "memory_fts", "memory_entities", "write_queue", "dead_letters", "write_log",
          "generations", "open_events", "working_turns", "locks", "keyword_log",
          "keyword_df", "keyword_tenants", "vector_log")  # fmt: skip


READERS = 2
"""Reading connections in use at once; a read past them waits its turn on the writing connection,
as every read once did. A recall reads from two threads at a time (its routes beside the embedding,
and the rest); with a connection for every one of 16 threads reading at once a process made ~25 %
fewer recalls a second than reading in turns (BENCHMARKS.md, Issue 17, twenty-fifth round)."""

CREATION_WAIT_S = 3.0
"""How long an empty store file may stay empty while another process creates it."""


def _being_created(path: Path) -> bool:
    """Whether an empty store file is one another process is creating right now: it stays empty
    until its first write (in WAL mode, until the write-ahead log is first copied into it), while
    the log beside it grows. Waits a little for either, so two processes started at once on a new
    home (two `serve` replicas) do not take the new store for a truncated one."""
    wal = path.with_name(path.name + "-wal")
    deadline = time.monotonic() + CREATION_WAIT_S
    while True:
        try:
            if path.stat().st_size > 0 or (wal.exists() and wal.stat().st_size > 0):
                return True
        except OSError:  # removed meanwhile: what happens next is a new store
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)


class Database:
    """The file, its writing connection and its lock, and the pool of reading connections."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.lock = threading.RLock()
        self.conn = self._connect()
        self._idle: list[sqlite3.Connection] = []
        self._reading = 0
        self._pool_lock = threading.Lock()
        self._closed = False
        self._writing = threading.local()

    def damaged(self, exc: sqlite3.DatabaseError) -> StoreUnavailable:
        """What to tell the caller when the file cannot be read: damage says what to do about it."""
        if isinstance(exc, sqlite3.OperationalError):  # busy, locked, full, read-only: of the moment
            return StoreUnavailable(f"the store at {self.path} cannot be used right now: {exc}")
        return StoreUnavailable(
            f"the store at {self.path} is damaged ({exc}): run `hindsight doctor` for what is wrong, "
            "and restore the last backup into a new home (`hindsight --home NEW restore FILE`)"
        )

    def _connect(self) -> sqlite3.Connection:
        if self.path.exists() and self.path.is_dir():
            raise StoreUnavailable(f"cannot open the store: {self.path} is a directory, not a database file")
        if self.path.exists() and self.path.stat().st_size == 0 and not _being_created(self.path):
            # A store is never an empty file: this one was truncated or never written. Starting an
            # empty store over it would hide that every memory it held is gone.
            raise StoreUnavailable(
                f"the store file {self.path} is empty (0 bytes): it was truncated or never written. Restore "
                "the last backup (`hindsight --home NEW restore FILE`), or delete the file to start afresh"
            )
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise StoreUnavailable(f"cannot open the store at {self.path}: {exc}") from exc
        try:
            refuse_newer_schema(conn)
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA journal_mode = WAL")
            # NORMAL in WAL mode: a committed write survives a killed process (not a power cut).
            conn.execute("PRAGMA synchronous = NORMAL")
            # Deleted content is overwritten, not left in free pages (forgotten memories, queue rows).
            conn.execute("PRAGMA secure_delete = ON")
            migrate(conn)
            _probe(conn)
        except StoreUnavailable:
            conn.close()
            raise
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise StoreUnavailable(f"cannot use {self.path} as a Hindsight store: {exc}") from exc
        return conn

    def close(self) -> None:
        with self._pool_lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for conn in idle:  # those in use are closed when given back
            conn.close()
        with self.lock:
            self.conn.close()

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        with self.lock:
            self._writing.depth = getattr(self._writing, "depth", 0) + 1
            try:
                with transaction(self.conn):
                    yield self.conn
            except sqlite3.IntegrityError:
                raise  # the caller's to say (a duplicate id), not damage
            except sqlite3.DatabaseError as exc:
                raise self.damaged(exc) from exc
            finally:
                self._writing.depth -= 1

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """A connection to read with: a pooled one; the writing one inside this thread's own write
        (to see it), or in its turn when READERS are reading already."""
        conn = None if getattr(self._writing, "depth", 0) else self._take_reader()
        if conn is None:
            with self.lock:
                try:
                    yield self.conn
                except sqlite3.DatabaseError as exc:
                    raise self.damaged(exc) from exc
            return
        try:
            yield conn
        except sqlite3.DatabaseError as exc:
            raise self.damaged(exc) from exc
        finally:
            self._give_back(conn)

    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: in WAL mode it sees one state, whatever other processes commit."""
        conn = self._take_reader()
        if conn is None:
            with self.lock:
                try:
                    self.conn.execute("BEGIN")
                    try:
                        yield self.conn
                    finally:
                        self.conn.execute("COMMIT")
                except sqlite3.DatabaseError as exc:
                    raise self.damaged(exc) from exc
            return
        try:
            conn.execute("BEGIN")
            try:
                yield conn
            finally:
                conn.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            raise self.damaged(exc) from exc
        finally:
            self._give_back(conn)

    def _take_reader(self) -> sqlite3.Connection | None:
        """A reading connection, or None when READERS are in use already."""
        with self._pool_lock:
            if self._closed:
                raise sqlite3.ProgrammingError("Cannot operate on a closed database.")
            if self._reading >= READERS:
                return None
            self._reading += 1
            if self._idle:
                return self._idle.pop()
        # mode=rw: never creates the file (a home restored or removed meanwhile is not replaced by
        # an empty store); query_only: a read that would write fails instead.
        try:
            conn = sqlite3.connect(
                f"file:{pathname2url(str(self.path.resolve()))}?mode=rw",
                uri=True,
                check_same_thread=False,
                isolation_level=None,
            )
        except sqlite3.DatabaseError as exc:
            self._returned()
            raise self.damaged(exc) from exc
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA query_only = ON")
        except sqlite3.DatabaseError as exc:
            conn.close()
            self._returned()
            raise self.damaged(exc) from exc
        return conn

    def _returned(self) -> None:
        with self._pool_lock:
            self._reading -= 1

    def _give_back(self, conn: sqlite3.Connection) -> None:
        if conn.in_transaction:  # a snapshot that failed before its COMMIT
            try:
                conn.rollback()
            except sqlite3.Error:  # not fit to be used again
                conn.close()
                self._returned()
                return
        with self._pool_lock:
            self._reading -= 1
            if not self._closed:
                self._idle.append(conn)
                return
        conn.close()

    def check(self, thorough: bool) -> list[str]:
        """Problems found in the file (empty: none). Thorough reads every page (`PRAGMA
        integrity_check`, the keyword index's own check); otherwise only what opening reads."""
        problems: list[str] = []
        with self.lock:
            try:
                _probe(self.conn)
                if thorough:
                    rows = [row[0] for row in self.conn.execute("PRAGMA integrity_check(20)")]
                    problems += [f"integrity: {row}" for row in rows if row != "ok"]
                    self.conn.execute("INSERT INTO memory_fts(memory_fts) VALUES ('integrity-check')")
            except sqlite3.DatabaseError as exc:
                problems.append(str(exc))
        return problems


def _probe(conn: sqlite3.Connection) -> None:
    """The cheap check at every open: each table's first page reads (a damaged file usually fails
    here, before any request is answered from it)."""
    for table in TABLES:
        conn.execute(f"SELECT * FROM {table} LIMIT 1").fetchall()


# -- generations -------------------------------------------------------------------------------------


def bump(conn: sqlite3.Connection, owners: Iterable[tuple[str, str]], vectors: bool) -> None:
    """Count a change to these users' memory (and to what their vector search sees), inside the
    transaction that makes it."""
    rows = sorted(set(owners))
    conn.executemany(
        "INSERT INTO generations (tenant, user_id, records, vectors) VALUES (?, ?, 1, ?) "
        "ON CONFLICT (tenant, user_id) DO UPDATE SET records = records + 1, "
        "vectors = vectors + excluded.vectors",
        [(tenant, user, int(vectors)) for tenant, user in rows],
    )


# -- records -----------------------------------------------------------------------------------------

RECORD_MARKS = ", ".join("?" * len(RECORD_FIELDS))


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _moment_or_none(value: Any) -> Any:
    return None if value is None else from_epoch(value)


@lru_cache(maxsize=4096)
def parsed_record(row: tuple[Any, ...]) -> MemoryRecord:
    """record_from_row, remembered by the whole row: recall reads the same records again and again
    (the row is still read from the store every time, so nothing stale is ever returned - a changed
    row is another key), and parsing a row (JSON, timestamps) costs more than reading it."""
    return record_from_row(row)


def record_from_row(row: Sequence[Any]) -> MemoryRecord:
    """A record from a row of RECORD_COLUMNS."""
    (
        rid,
        tenant,
        user_id,
        agent_id,
        session_id,
        role,
        tier,
        kind,
        text,
        source_ids,
        entities,
        importance,
        created_at,
        event_time,
        valid_from,
        valid_until,
        ttl_days,
        expires_at,
        hits,
        last_hit_at,
        origin,
        embedding_model,
        slot,
        intent,
        tier_since,
        context_id,
        version,
    ) = row
    return MemoryRecord(
        id=rid,
        user_id=user_id,
        tier=tier,
        kind=kind,
        text=text,
        created_at=from_epoch(created_at),
        event_time=from_epoch(event_time),
        valid_from=from_epoch(valid_from),
        valid_until=_moment_or_none(valid_until),
        source_ids=tuple(json.loads(source_ids)),
        entities=dict(json.loads(entities)),
        importance=importance,
        tenant=tenant,
        agent_id=agent_id,
        session_id=session_id,
        role=role,
        ttl_days=ttl_days,
        expires_at=_moment_or_none(expires_at),
        hits=hits,
        last_hit_at=_moment_or_none(last_hit_at),
        origin=origin,
        embedding_model=embedding_model,
        slot=slot,
        intent=intent,
        tier_since=_moment_or_none(tier_since),
        context_id=context_id,
        version=version,
    )


def owner_token(scope: Scope) -> str:
    """A user as one FTS5 token (ids may hold spaces, punctuation or CJK), from Scope.owner: the same
    token the rows of stores written before tenants had columns carry."""
    return "u" + hashlib.sha256(scope.owner.encode("utf-8")).hexdigest()[:24]


def marks(values: Collection[object]) -> str:
    return ", ".join("?" * len(values))


def _in(column: str, values: Sequence[Any]) -> tuple[str, list[Any]]:
    # No list parameters here: a mark per value, and no list at all matches nothing.
    return (f"{column} IN ({marks(values)})" if values else "0"), list(values)


DIALECT = Dialect(
    mark="?",
    one_of=_in,
    by_code_point="",  # the default collation, BINARY, compares UTF-8 bytes: code point order
    store_time=to_epoch,
    load_time=from_epoch,
    store_json=dumps,
    load_json=json.loads,
    record_from_row=record_from_row,
)
