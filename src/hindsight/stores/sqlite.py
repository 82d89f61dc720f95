"""The embedded default store: one SQLite file in WAL mode.

Short-term and long-term records live in two tables of the same shape; an FTS5 table indexes their
CJK-segmented text; vectors are float32 BLOBs on the record's row, searched exactly with numpy from
a per-user in-memory matrix that is filled on first use and kept current on every write.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from hindsight.errors import InvalidInput, StoreUnavailable
from hindsight.indexing import index_text, normalize_entity
from hindsight.models import TIERS, Kind, LogLine, MemoryRecord, QueueEntry, Tier, WriteLogEntry
from hindsight.paging import Cursor, RecordKey
from hindsight.stores.base import RecordFilter, Scored, StoreContents, UserSpace
from hindsight.text import segment_for_index
from hindsight.timeutil import from_epoch, to_epoch

TABLES: dict[Tier, str] = {"short": "memory_short", "long": "memory_long"}

_RECORD_COLUMNS = """
    id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    tenant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    agent_id TEXT,
    session_id TEXT,
    role TEXT,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    source_ids TEXT NOT NULL,
    entities TEXT NOT NULL,
    importance REAL NOT NULL,
    created_at REAL NOT NULL,
    event_time REAL NOT NULL,
    valid_from REAL NOT NULL,
    valid_until REAL,
    ttl_days REAL,
    expires_at REAL,
    hits INTEGER NOT NULL DEFAULT 0,
    last_hit_at REAL,
    origin TEXT NOT NULL,
    embedding_model TEXT,
    embedding BLOB
"""


def _migration_1(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    for table in TABLES.values():
        conn.execute(f"CREATE TABLE {table} ({_RECORD_COLUMNS})")
        conn.execute(f"CREATE INDEX {table}_user ON {table} (user_id, valid_until)")
        conn.execute(f"CREATE INDEX {table}_pending ON {table} (seq) WHERE embedding IS NULL")
    conn.execute(
        "CREATE VIRTUAL TABLE memory_fts USING fts5("
        "body, owner, record_id UNINDEXED, "
        "tokenize = 'porter unicode61 remove_diacritics 2')"
    )


def _migration_2(conn: sqlite3.Connection) -> None:
    for table in TABLES.values():
        conn.execute(f"ALTER TABLE {table} ADD COLUMN slot TEXT")
        conn.execute(f"ALTER TABLE {table} ADD COLUMN intent TEXT")
        conn.execute(f"CREATE INDEX {table}_slot ON {table} (user_id, slot) WHERE slot IS NOT NULL")
    conn.execute(
        "CREATE TABLE write_queue (id INTEGER PRIMARY KEY AUTOINCREMENT, op TEXT NOT NULL, "
        "payload TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, created_at REAL NOT NULL, "
        "next_attempt_at REAL NOT NULL, last_error TEXT)"
    )
    conn.execute("CREATE INDEX write_queue_due ON write_queue (next_attempt_at)")
    conn.execute(
        "CREATE TABLE dead_letters (id INTEGER PRIMARY KEY, op TEXT NOT NULL, payload TEXT NOT NULL, "
        "attempts INTEGER NOT NULL, created_at REAL NOT NULL, failed_at REAL NOT NULL, last_error TEXT)"
    )
    conn.execute(
        "CREATE TABLE write_log (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, "
        "action TEXT NOT NULL, reason TEXT NOT NULL, text_hash TEXT NOT NULL, time REAL NOT NULL, "
        "source TEXT NOT NULL, detail TEXT)"
    )
    conn.execute("CREATE INDEX write_log_user ON write_log (user_id, id)")


def _migration_3(conn: sqlite3.Connection) -> None:
    conn.execute(
        "CREATE TABLE memory_entities (record_id TEXT NOT NULL, user_id TEXT NOT NULL, value TEXT NOT NULL)"
    )
    conn.execute("CREATE INDEX memory_entities_lookup ON memory_entities (user_id, value)")
    conn.execute("CREATE INDEX memory_entities_record ON memory_entities (record_id)")
    for table in TABLES.values():  # index what earlier versions stored
        for rid, user_id, entities in conn.execute(f"SELECT id, user_id, entities FROM {table}").fetchall():
            values = {normalize_entity(str(v)) for v in json.loads(entities).values()} - {""}
            conn.executemany(
                "INSERT INTO memory_entities (record_id, user_id, value) VALUES (?, ?, ?)",
                [(rid, user_id, value) for value in sorted(values)],
            )


def _migration_4(conn: sqlite3.Connection) -> None:
    for table in TABLES.values():
        conn.execute(f"ALTER TABLE {table} ADD COLUMN tier_since REAL")


def _migration_5(conn: sqlite3.Connection) -> None:
    for table in TABLES.values():
        conn.execute(f"ALTER TABLE {table} ADD COLUMN context_id TEXT")


def _migration_6(conn: sqlite3.Connection) -> None:
    # The console pages a user's still-valid memories newest first: with this index a page is a
    # short walk from its cursor, not a sort of everything the user has.
    for table in TABLES.values():
        conn.execute(
            f"CREATE INDEX {table}_live_by_time ON {table} (user_id, created_at, id) "
            "WHERE valid_until IS NULL"
        )


Migration = tuple[int, str, Callable[[sqlite3.Connection], None]]

# Numbered, append-only: a released migration is never edited, a new one is added.
MIGRATIONS: list[Migration] = [
    (1, "records in two tiers, meta, FTS5 keyword index", _migration_1),
    (2, "slot and intent columns; durable write queue, dead letters, write log", _migration_2),
    (3, "entity index: normalised entity values per record", _migration_3),
    (4, "tier_since: when a record entered its tier (lifecycle reviews)", _migration_4),
    (5, "context_id: the turn before a turn, read with it by the embedder", _migration_5),
    (6, "index of still-valid records by user and creation time (paging)", _migration_6),
]


@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error (the connection is in autocommit mode,
    so every multi-statement write is explicit about its transaction)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _refuse_newer_schema(conn: sqlite3.Connection) -> int:
    current = int(conn.execute("PRAGMA user_version").fetchone()[0])
    known = MIGRATIONS[-1][0]
    if current > known:
        raise StoreUnavailable(
            f"the database schema is version {current}, newer than this Hindsight knows ({known}): "
            "upgrade hindsight-memory"
        )
    return current


def migrate(conn: sqlite3.Connection) -> int:
    """Apply every migration newer than the file's user_version; return the resulting version."""
    current = _refuse_newer_schema(conn)
    known = MIGRATIONS[-1][0]
    for version, _name, step in MIGRATIONS:
        if version <= current:
            continue
        with _transaction(conn):
            step(conn)
            conn.execute(f"PRAGMA user_version = {version}")
    return known


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _epoch_or_none(value: Any) -> float | None:
    return None if value is None else to_epoch(value)


def _row_values(record: MemoryRecord, seq: int) -> tuple[Any, ...]:
    return (
        record.id,
        seq,
        record.tenant,
        record.user_id,
        record.agent_id,
        record.session_id,
        record.role,
        record.kind,
        record.text,
        _dumps(list(record.source_ids)),
        _dumps(record.entities),
        float(record.importance),
        to_epoch(record.created_at),
        to_epoch(record.event_time),
        to_epoch(record.valid_from),
        _epoch_or_none(record.valid_until),
        record.ttl_days,
        _epoch_or_none(record.expires_at),
        int(record.hits),
        _epoch_or_none(record.last_hit_at),
        record.origin,
        record.embedding_model,
        record.slot,
        record.intent,
        _epoch_or_none(record.tier_since),
        record.context_id,
    )


_INSERT_COLUMNS = (
    "id, seq, tenant, user_id, agent_id, session_id, role, kind, text, source_ids, entities, importance, "
    "created_at, event_time, valid_from, valid_until, ttl_days, expires_at, hits, last_hit_at, origin, "
    "embedding_model, slot, intent, tier_since, context_id"
)
_INSERT_MARKS = ", ".join("?" * len(_INSERT_COLUMNS.split(",")))
_SELECT_COLUMNS = _INSERT_COLUMNS.replace("seq, ", "")


def _record_from_row(row: sqlite3.Row | tuple[Any, ...], tier: Tier) -> MemoryRecord:
    (
        rid,
        tenant,
        user_id,
        agent_id,
        session_id,
        role,
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
    ) = tuple(row)
    return MemoryRecord(
        id=rid,
        user_id=user_id,
        tier=tier,
        kind=kind,
        text=text,
        created_at=from_epoch(created_at),
        event_time=from_epoch(event_time),
        valid_from=from_epoch(valid_from),
        valid_until=None if valid_until is None else from_epoch(valid_until),
        source_ids=tuple(json.loads(source_ids)),
        entities=dict(json.loads(entities)),
        importance=importance,
        tenant=tenant,
        agent_id=agent_id,
        session_id=session_id,
        role=role,
        ttl_days=ttl_days,
        expires_at=None if expires_at is None else from_epoch(expires_at),
        hits=hits,
        last_hit_at=None if last_hit_at is None else from_epoch(last_hit_at),
        origin=origin,
        embedding_model=embedding_model,
        slot=slot,
        intent=intent,
        tier_since=None if tier_since is None else from_epoch(tier_since),
        context_id=context_id,
    )


def _index(conn: sqlite3.Connection, record: MemoryRecord) -> None:
    """The keyword index (CJK-segmented text) and the entity index (normalised values)."""
    conn.execute(
        "INSERT INTO memory_fts (body, owner, record_id) VALUES (?, ?, ?)",
        (segment_for_index(index_text(record)), owner_token(record.user_id), record.id),
    )
    values = {normalize_entity(value) for value in record.entities.values()} - {""}
    conn.executemany(
        "INSERT INTO memory_entities (record_id, user_id, value) VALUES (?, ?, ?)",
        [(record.id, record.user_id, value) for value in sorted(values)],
    )


def _unindex(conn: sqlite3.Connection, record_id: str) -> None:
    conn.execute("DELETE FROM memory_fts WHERE record_id = ?", (record_id,))
    conn.execute("DELETE FROM memory_entities WHERE record_id = ?", (record_id,))


def _queue_entry(row: tuple[Any, ...]) -> QueueEntry:
    return QueueEntry(
        id=int(row[0]),
        op=row[1],
        payload=dict(json.loads(row[2])),
        attempts=int(row[3]),
        created_at=from_epoch(row[4]),
        next_attempt_at=from_epoch(row[5]),
        last_error=row[6],
    )


def _log_entry(row: Sequence[Any]) -> WriteLogEntry:
    """An entry from (user_id, action, reason, text_hash, time, source, detail)."""
    return WriteLogEntry(
        user_id=row[0],
        action=row[1],
        reason=row[2],
        text_hash=row[3],
        time=from_epoch(row[4]),
        source=row[5],
        detail=row[6],
    )


def _live_records_where(
    user_id: str, kind: Kind | None, beyond: RecordKey | None, newer: bool
) -> tuple[str, list[Any]]:
    """The WHERE clause of a user's still-valid records of one tier, (kind,) and, past `beyond`,
    only those newer (or older) than it. `valid_until IS NULL` is spelled out so that the
    *_live_by_time partial index serves it."""
    clauses = ["user_id = ?", "valid_until IS NULL"]
    params: list[Any] = [user_id]
    if kind is not None:
        clauses.append("kind = ?")
        params.append(kind)
    if beyond is not None:
        clauses.append(f"(created_at, id) {'>' if newer else '<'} (?, ?)")
        params += [to_epoch(beyond.created_at), beyond.id]
    return " AND ".join(clauses), params


def _users_where(users: str | UserSpace | None) -> tuple[list[str], list[Any]]:
    """WHERE clauses (ANDed) choosing one user, a space of users or (no clause) everyone."""
    if isinstance(users, str):
        return ["user_id = ?"], [users]
    if users is not None:  # UserSpace.holds, in SQL (substr and instr count characters, as len does)
        clause = "substr(user_id, 1, ?) = ? AND instr(substr(user_id, ? + 1), ?) = 0"
        return [clause], [len(users.prefix), users.prefix, len(users.prefix), users.separator]
    return [], []


def _log_where(
    users: str | UserSpace | None, actions: Collection[str] | None, beyond: int | None, newer: bool
) -> tuple[str, list[Any]]:
    """The WHERE clause of the write log of one user, of a space of users or of everyone, with one
    of `actions`, and past entry number `beyond` only those newer (or older) than it."""
    clauses, params = _users_where(users)
    if actions is not None:
        chosen = sorted(set(actions))
        clauses.append(f"action IN ({', '.join('?' * len(chosen))})" if chosen else "0")
        params += chosen
    if beyond is not None:
        clauses.append(f"id {'>' if newer else '<'} ?")
        params.append(beyond)
    return (" AND ".join(clauses) or "1"), params


_RECORD_CACHE_SIZE = 50_000


def owner_token(user_id: str) -> str:
    """A user id as one FTS5 token (ids may hold spaces, punctuation or CJK)."""
    return "u" + hashlib.sha256(user_id.encode("utf-8")).hexdigest()[:24]


@dataclass
class _UserVectors:
    """One user's vectors and the fields a vector search filters on, as parallel arrays."""

    ids: list[str] = field(default_factory=list)
    rows: list[npt.NDArray[np.float32]] = field(default_factory=list)
    tier: list[int] = field(default_factory=list)
    valid_from: list[float] = field(default_factory=list)
    valid_until: list[float] = field(default_factory=list)
    kind: list[str] = field(default_factory=list)
    roles: set[str] = field(default_factory=set)
    positions: dict[str, int] = field(default_factory=dict)
    _frozen: tuple[Any, ...] | None = None

    def append(self, rid: str, vector: npt.NDArray[np.float32], record: MemoryRecord) -> None:
        self.positions[rid] = len(self.ids)
        self.ids.append(rid)
        self.rows.append(vector)
        self.tier.append(TIERS.index(record.tier))
        self.valid_from.append(to_epoch(record.valid_from))
        self.valid_until.append(np.inf if record.valid_until is None else to_epoch(record.valid_until))
        self.kind.append(record.kind)
        if record.role:
            self.roles.add(record.role)
        self._frozen = None

    def arrays(self) -> tuple[Any, ...]:
        # Stacking is O(n); it is redone only after a write, not on every search.
        if self._frozen is None:
            dim = self.rows[0].shape[0] if self.rows else 0
            self._frozen = (
                np.stack(self.rows) if self.rows else np.zeros((0, dim), np.float32),
                np.array(self.tier, dtype=np.int8),
                np.array(self.valid_from, dtype=np.float64),
                np.array(self.valid_until, dtype=np.float64),
                np.array(self.kind, dtype=object),
            )
        return self._frozen


class SQLiteStore:
    """MemoryStore on one SQLite file. Thread-safe: one connection behind a lock."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._lock = threading.RLock()
        self._vectors: dict[str, _UserVectors] = {}
        # Records read recently, by id: recall fetches the same few dozen again and again. Filled
        # on reads only and dropped on every change, so a rolled-back write leaves nothing behind.
        self._records: dict[str, MemoryRecord] = {}
        self._seq = 0
        self._conn = self._connect()

    # -- lifecycle -------------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        if self.path.exists() and self.path.is_dir():
            raise StoreUnavailable(f"cannot open the store: {self.path} is a directory, not a database file")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise StoreUnavailable(f"cannot open the store at {self.path}: {exc}") from exc
        try:
            _refuse_newer_schema(conn)
            conn.execute("PRAGMA journal_mode = WAL")
            # NORMAL in WAL mode: a committed write survives a killed process (not a power cut).
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA busy_timeout = 5000")
            # Deleted content is overwritten, not left in free pages (forgotten memories, queue rows).
            conn.execute("PRAGMA secure_delete = ON")
            conn.execute("PRAGMA foreign_keys = ON")
            migrate(conn)
            row = conn.execute(
                "SELECT max(seq) FROM (SELECT max(seq) AS seq FROM memory_short "
                "UNION ALL SELECT max(seq) FROM memory_long)"
            ).fetchone()
            self._seq = int(row[0] or 0)
        except StoreUnavailable:
            conn.close()
            raise
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise StoreUnavailable(f"cannot use {self.path} as a Hindsight store: {exc}") from exc
        return conn

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                with _transaction(self._conn):
                    yield self._conn
            except sqlite3.OperationalError as exc:
                raise StoreUnavailable(f"cannot write to the store at {self.path}: {exc}") from exc

    # -- records ---------------------------------------------------------------------------------

    def add(self, records: Sequence[MemoryRecord]) -> None:
        if not records:
            return
        with self._write() as conn:
            self._insert(conn, records)

    def _insert(self, conn: sqlite3.Connection, records: Sequence[MemoryRecord]) -> None:
        ids = [record.id for record in records]
        if len(set(ids)) != len(ids) or any(self._locate(conn, rid) for rid in ids):
            raise InvalidInput("a record with this id already exists: ids are never reused")
        for record in records:
            self._seq += 1
            conn.execute(
                f"INSERT INTO {TABLES[record.tier]} ({_INSERT_COLUMNS}) VALUES ({_INSERT_MARKS})",
                _row_values(record, self._seq),
            )
            _index(conn, record)

    def set_vectors(self, ids: Sequence[str], vectors: npt.NDArray[np.float32], model_id: str) -> None:
        if len(ids) != len(vectors):
            raise InvalidInput(f"{len(ids)} ids but {len(vectors)} vectors")
        vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        for rid in ids:
            self._records.pop(rid, None)  # its embedding_model changes
        with self._write() as conn:
            for rid, vector in zip(ids, vectors, strict=True):
                for table in TABLES.values():
                    cursor = conn.execute(
                        f"UPDATE {table} SET embedding = ?, embedding_model = ? WHERE id = ?",
                        (vector.tobytes(), model_id, rid),
                    )
                    if cursor.rowcount:
                        break
        records = self.get_many(ids)
        with self._lock:
            for rid, vector in zip(ids, vectors, strict=True):
                record = records.get(rid)
                cached = self._vectors.get(record.user_id) if record else None
                if record is None or cached is None:
                    continue
                if rid in cached.positions:  # re-embedded: rebuild from the table on next search
                    self._vectors.pop(record.user_id, None)
                else:
                    cached.append(rid, vector.copy(), record)

    def missing_vectors(self, limit: int) -> list[MemoryRecord]:
        found: list[tuple[int, MemoryRecord]] = []
        with self._lock:
            for tier, table in TABLES.items():
                rows = self._conn.execute(
                    f"SELECT seq, {_SELECT_COLUMNS} FROM {table} "
                    "WHERE embedding IS NULL ORDER BY seq LIMIT ?",
                    (limit,),
                ).fetchall()
                found += [(row[0], _record_from_row(row[1:], tier)) for row in rows]
        found.sort(key=lambda pair: pair[0])
        return [record for _, record in found[:limit]]

    def stale_vector_ids(self, model_id: str) -> list[str]:
        found: list[tuple[int, str]] = []
        with self._lock:
            for table in TABLES.values():
                found += self._conn.execute(
                    f"SELECT seq, id FROM {table} WHERE embedding IS NULL OR embedding_model IS NOT ?",
                    (model_id,),
                ).fetchall()
        found.sort()
        return [rid for _, rid in found]

    def get(self, record_id: str) -> MemoryRecord | None:
        return self.get_many([record_id]).get(record_id)

    def get_many(self, ids: Sequence[str]) -> dict[str, MemoryRecord]:
        found: dict[str, MemoryRecord] = {}
        with self._lock:
            unique = [rid for rid in dict.fromkeys(ids) if rid not in self._records]
            found.update((rid, self._records[rid]) for rid in ids if rid in self._records)
            for start in range(0, len(unique), 500):
                chunk = unique[start : start + 500]
                marks = ", ".join("?" * len(chunk))
                for tier, table in TABLES.items():
                    for row in self._conn.execute(
                        f"SELECT {_SELECT_COLUMNS} FROM {table} WHERE id IN ({marks})", chunk
                    ):
                        found[row[0]] = _record_from_row(row, tier)
            if len(self._records) > _RECORD_CACHE_SIZE:
                self._records.clear()
            self._records.update((rid, found[rid]) for rid in unique if rid in found)
        return found

    def update(self, record: MemoryRecord) -> None:
        with self._write() as conn:
            self._replace(conn, record)

    def _replace(self, conn: sqlite3.Connection, record: MemoryRecord) -> None:
        located = self._locate(conn, record.id)
        if located is None:
            raise InvalidInput(f"no record {record.id!r} to update")
        old_tier, seq, blob = located
        self._records.pop(record.id, None)
        old_user, old_text = conn.execute(
            f"SELECT user_id, text FROM {TABLES[old_tier]} WHERE id = ?", (record.id,)
        ).fetchone()
        if old_text != record.text:  # the old vector no longer describes the record: embed anew
            blob = None
            record = replace(record, embedding_model=None)
        conn.execute(f"DELETE FROM {TABLES[old_tier]} WHERE id = ?", (record.id,))
        _unindex(conn, record.id)
        _index(conn, record)
        conn.execute(
            f"INSERT INTO {TABLES[record.tier]} ({_INSERT_COLUMNS}, embedding) VALUES ({_INSERT_MARKS}, ?)",
            (*_row_values(record, seq), blob),
        )
        self._vectors.pop(record.user_id, None)
        self._vectors.pop(old_user, None)

    def apply_write(
        self,
        add: Sequence[MemoryRecord] = (),
        update: Sequence[MemoryRecord] = (),
        log: Sequence[WriteLogEntry] = (),
        done: int | None = None,
        delete: Sequence[str] = (),
    ) -> None:
        """One transaction: new records, changed records, deleted records, log lines, and the queue
        entry they came from removed — so a crash leaves either all of it or none of it."""
        with self._write() as conn:
            self._insert(conn, add)
            for record in update:
                self._replace(conn, record)
            for record_id in delete:
                self._remove(conn, record_id)
            self._log(conn, log)
            if done is not None:
                conn.execute("DELETE FROM write_queue WHERE id = ?", (done,))

    def open_slot(self, user_id: str, slot: str) -> list[MemoryRecord]:
        found: list[MemoryRecord] = []
        with self._lock:
            for tier, table in TABLES.items():
                rows = self._conn.execute(
                    f"SELECT {_SELECT_COLUMNS} FROM {table} "
                    "WHERE user_id = ? AND slot = ? AND valid_until IS NULL ORDER BY seq",
                    (user_id, slot),
                )
                found += [_record_from_row(row, tier) for row in rows]
        return found

    def citing(self, user_id: str, source_id: str) -> list[MemoryRecord]:
        needle = "%" + _dumps(source_id).replace("%", "\\%").replace("_", "\\_") + "%"
        found: list[MemoryRecord] = []
        with self._lock:
            for tier, table in TABLES.items():
                rows = self._conn.execute(
                    f"SELECT {_SELECT_COLUMNS} FROM {table} WHERE user_id = ? AND valid_until IS NULL "
                    "AND source_ids LIKE ? ESCAPE '\\' ORDER BY seq",
                    (user_id, needle),
                )
                found += [
                    record
                    for record in (_record_from_row(row, tier) for row in rows)
                    if source_id in record.source_ids
                ]
        return found

    # -- the write log ---------------------------------------------------------------------------

    def _log(self, conn: sqlite3.Connection, entries: Sequence[WriteLogEntry]) -> None:
        conn.executemany(
            "INSERT INTO write_log (user_id, action, reason, text_hash, time, source, detail) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (e.user_id, e.action, e.reason, e.text_hash, to_epoch(e.time), e.source, e.detail)
                for e in entries
            ],
        )

    def log_writes(self, entries: Sequence[WriteLogEntry]) -> None:
        with self._write() as conn:
            self._log(conn, entries)

    def count_logged(self, user_id: str, detail: str) -> int:
        with self._lock:
            row = self._conn.execute(
                "SELECT count(*) FROM write_log WHERE user_id = ? AND detail = ?", (user_id, detail)
            ).fetchone()
        return int(row[0])

    def write_log(self, user_id: str | None = None, limit: int = 1000) -> list[WriteLogEntry]:
        where, params = ("WHERE user_id = ?", [user_id]) if user_id is not None else ("", [])
        with self._lock:
            rows = self._conn.execute(
                "SELECT user_id, action, reason, text_hash, time, source, detail FROM write_log "
                f"{where} ORDER BY id DESC LIMIT ?",
                [*params, limit],
            ).fetchall()
        return [_log_entry(row) for row in reversed(rows)]

    def page_log(
        self,
        users: str | UserSpace | None,
        limit: int,
        *,
        actions: Collection[str] | None = None,
        cursor: Cursor[int] | None = None,
    ) -> list[LogLine]:
        newer = cursor is not None and cursor.newer
        where, params = _log_where(users, actions, cursor.key if cursor else None, newer)
        # The newer rows are read upwards from the cursor, so that LIMIT keeps the nearest ones.
        order = "ASC" if newer else "DESC"
        with self._lock:
            rows = self._conn.execute(
                "SELECT id, user_id, action, reason, text_hash, time, source, detail FROM write_log "
                f"WHERE {where} ORDER BY id {order} LIMIT ?",
                [*params, limit],
            ).fetchall()
        lines = [LogLine(int(row[0]), _log_entry(row[1:])) for row in rows]
        return lines[::-1] if newer else lines

    def count_log(
        self,
        users: str | UserSpace | None,
        *,
        actions: Collection[str] | None = None,
        newer_than: int | None = None,
    ) -> int:
        where, params = _log_where(users, actions, newer_than, newer=True)
        with self._lock:
            row = self._conn.execute(f"SELECT count(*) FROM write_log WHERE {where}", params).fetchone()
        return int(row[0])

    # -- the durable write queue -----------------------------------------------------------------

    def enqueue(self, op: str, payload: dict[str, object], now: datetime) -> int:
        with self._write() as conn:
            cursor = conn.execute(
                "INSERT INTO write_queue (op, payload, created_at, next_attempt_at) VALUES (?, ?, ?, ?)",
                (op, _dumps(payload), to_epoch(now), to_epoch(now)),
            )
            return int(cursor.lastrowid or 0)

    def due(self, now: datetime | None, limit: int = 100) -> list[QueueEntry]:
        """Queue entries whose next attempt is due at `now` (None: all of them, oldest first)."""
        sql = "SELECT id, op, payload, attempts, created_at, next_attempt_at, last_error FROM write_queue"
        params: list[Any] = []
        if now is not None:
            sql += " WHERE next_attempt_at <= ?"
            params.append(to_epoch(now))
        with self._lock:
            rows = self._conn.execute(sql + " ORDER BY id LIMIT ?", [*params, limit]).fetchall()
        return [_queue_entry(row) for row in rows]

    def fail(self, entry_id: int, error: str, retry_at: datetime | None, now: datetime) -> None:
        """Count a failed attempt: retry at `retry_at`, or (None) move it to the dead letters."""
        with self._write() as conn:
            if retry_at is not None:
                conn.execute(
                    "UPDATE write_queue SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? "
                    "WHERE id = ?",
                    (to_epoch(retry_at), error[:2000], entry_id),
                )
                return
            conn.execute(
                "INSERT INTO dead_letters (id, op, payload, attempts, created_at, failed_at, last_error) "
                "SELECT id, op, payload, attempts + 1, created_at, ?, ? FROM write_queue WHERE id = ?",
                (to_epoch(now), error[:2000], entry_id),
            )
            conn.execute("DELETE FROM write_queue WHERE id = ?", (entry_id,))

    def dead_letters(self) -> list[QueueEntry]:
        with self._lock:
            rows = self._conn.execute(
                "SELECT id, op, payload, attempts, created_at, failed_at, last_error "
                "FROM dead_letters ORDER BY id"
            ).fetchall()
        return [_queue_entry(row) for row in rows]

    def requeue(self, entry_id: int, now: datetime) -> bool:
        """Give a dead letter another chance: back into the queue, attempts reset."""
        with self._write() as conn:
            moved = conn.execute(
                "INSERT INTO write_queue (id, op, payload, attempts, created_at, next_attempt_at) "
                "SELECT id, op, payload, 0, created_at, ? FROM dead_letters WHERE id = ?",
                (to_epoch(now), entry_id),
            ).rowcount
            conn.execute("DELETE FROM dead_letters WHERE id = ?", (entry_id,))
        return bool(moved)

    def _locate(self, conn: sqlite3.Connection, record_id: str) -> tuple[Tier, int, bytes | None] | None:
        for tier, table in TABLES.items():
            row = conn.execute(f"SELECT seq, embedding FROM {table} WHERE id = ?", (record_id,)).fetchone()
            if row is not None:
                return tier, int(row[0]), row[1]
        return None

    def delete(self, record_id: str) -> bool:
        with self._write() as conn:
            return self._remove(conn, record_id)

    def _remove(self, conn: sqlite3.Connection, record_id: str) -> bool:
        located = self._locate(conn, record_id)
        if located is None:
            return False
        tier = located[0]
        (user_id,) = conn.execute(f"SELECT user_id FROM {TABLES[tier]} WHERE id = ?", (record_id,)).fetchone()
        self._records.pop(record_id, None)
        conn.execute(f"DELETE FROM {TABLES[tier]} WHERE id = ?", (record_id,))
        _unindex(conn, record_id)
        self._vectors.pop(user_id, None)
        return True

    def add_hits(self, hits: Mapping[str, tuple[int, datetime]]) -> None:
        """Count recalls: `hits[id] = (times, last)`. Vector caches stay (hits do not change what a
        search filters on); the record cache forgets these ids."""
        if not hits:
            return
        with self._write() as conn:
            for table in TABLES.values():
                conn.executemany(
                    f"UPDATE {table} SET hits = hits + ?, "
                    "last_hit_at = max(coalesce(last_hit_at, 0), ?) WHERE id = ?",
                    [(times, to_epoch(last), rid) for rid, (times, last) in hits.items()],
                )
            for rid in hits:
                self._records.pop(rid, None)

    def list_records(
        self, user_id: str | None = None, tier: Tier | None = None, include_closed: bool = True
    ) -> list[MemoryRecord]:
        clauses, params = [], []
        if user_id is not None:
            clauses.append("user_id = ?")
            params.append(user_id)
        if not include_closed:
            clauses.append("valid_until IS NULL")
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        out: list[tuple[int, MemoryRecord]] = []
        with self._lock:
            for name, table in TABLES.items():
                if tier is not None and name != tier:
                    continue
                for row in self._conn.execute(f"SELECT seq, {_SELECT_COLUMNS} FROM {table} {where}", params):
                    out.append((row[0], _record_from_row(row[1:], name)))
        out.sort(key=lambda pair: pair[0])
        return [record for _, record in out]

    def page_records(
        self,
        user_id: str,
        tier: Tier,
        limit: int,
        *,
        kind: Kind | None = None,
        cursor: Cursor[RecordKey] | None = None,
    ) -> list[MemoryRecord]:
        newer = cursor is not None and cursor.newer
        where, params = _live_records_where(user_id, kind, cursor.key if cursor else None, newer)
        # The newer rows are read upwards from the cursor, so that LIMIT keeps the nearest ones.
        order = "ASC" if newer else "DESC"
        with self._lock:
            rows = self._conn.execute(
                f"SELECT {_SELECT_COLUMNS} FROM {TABLES[tier]} WHERE {where} "
                f"ORDER BY created_at {order}, id {order} LIMIT ?",
                [*params, limit],
            ).fetchall()
        records = [_record_from_row(row, tier) for row in rows]
        return records[::-1] if newer else records

    def count_records(
        self, user_id: str, tier: Tier, *, kind: Kind | None = None, newer_than: RecordKey | None = None
    ) -> int:
        where, params = _live_records_where(user_id, kind, newer_than, newer=True)
        with self._lock:
            row = self._conn.execute(f"SELECT count(*) FROM {TABLES[tier]} WHERE {where}", params).fetchone()
        return int(row[0])

    def tally(self, users: str | UserSpace | None) -> list[tuple[Tier, Kind, bool, int]]:
        clauses, params = _users_where(users)
        where = " AND ".join(clauses) or "1"
        rows: list[tuple[Tier, Kind, bool, int]] = []
        with self._lock:
            for tier, table in TABLES.items():
                found = self._conn.execute(
                    f"SELECT kind, valid_until IS NULL, count(*) FROM {table} WHERE {where} GROUP BY 1, 2",
                    params,
                ).fetchall()
                rows += [(tier, kind, bool(live), int(count)) for kind, live, count in found]
        return rows

    def users(self) -> list[str]:
        with self._lock:
            rows = self._conn.execute(
                "SELECT user_id FROM memory_short UNION SELECT user_id FROM memory_long ORDER BY user_id"
            ).fetchall()
        return [row[0] for row in rows]

    # -- search ----------------------------------------------------------------------------------

    def _user_vectors(self, user_id: str) -> _UserVectors:
        cached = self._vectors.get(user_id)
        if cached is not None:
            return cached
        cached = _UserVectors()
        rows: list[tuple[int, MemoryRecord, bytes]] = []
        for tier, table in TABLES.items():
            for row in self._conn.execute(
                f"SELECT seq, embedding, {_SELECT_COLUMNS} FROM {table} "
                "WHERE user_id = ? AND embedding IS NOT NULL",
                (user_id,),
            ):
                rows.append((row[0], _record_from_row(row[2:], tier), row[1]))
        rows.sort(key=lambda triple: triple[0])
        for _, record, blob in rows:
            cached.append(record.id, np.frombuffer(blob, dtype=np.float32), record)
        self._vectors[user_id] = cached
        return cached

    def search_vector(self, where: RecordFilter, vector: npt.NDArray[np.float32], k: int) -> Scored:
        with self._lock:
            cached = self._user_vectors(where.user_id)
            if not cached.ids:
                return []
            matrix, tiers, valid_from, valid_until, kinds = cached.arrays()
            ids = cached.ids
        if matrix.shape[1] != vector.shape[0]:
            raise InvalidInput(
                f"query vector has {vector.shape[0]} dimensions, the stored vectors {matrix.shape[1]}"
            )
        moment = to_epoch(where.valid_at)
        mask = (valid_from <= moment) & (valid_until > moment)
        if len(where.tiers) < len(TIERS):
            mask &= np.isin(tiers, [TIERS.index(t) for t in where.tiers])
        if where.kinds is not None:
            mask &= np.isin(kinds, list(where.kinds))
        scores = matrix @ vector
        scores = np.where(mask, scores, -np.inf)
        k = min(k, int(mask.sum()))
        if k <= 0:
            return []
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.argsort(-scores[top], kind="stable")]
        return [(ids[i], float(scores[i])) for i in top]

    def speakers(self, user_id: str) -> set[str]:
        with self._lock:
            return set(self._user_vectors(user_id).roles)

    def vectors_of(self, user_id: str, ids: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
        with self._lock:
            cached = self._user_vectors(user_id)
            return {rid: cached.rows[cached.positions[rid]] for rid in ids if rid in cached.positions}

    def search_keyword(self, where: RecordFilter, terms: Sequence[str], k: int) -> Scored:
        if not terms:
            return []
        any_term = " OR ".join('"' + term.replace('"', '""') + '"' for term in terms)
        # The owner column narrows the match to one user inside FTS5 itself (a doclist intersection),
        # and its bm25 weight of 0 keeps it out of the score.
        match = f'owner : "{owner_token(where.user_id)}" AND ({any_term})'
        moment = to_epoch(where.valid_at)
        kinds = ""
        if where.kinds is not None:
            kinds = f" AND m.kind IN ({', '.join('?' * len(where.kinds))})"
        parts = [
            f"SELECT h.record_id, h.rank FROM hits h JOIN {TABLES[tier]} m ON m.id = h.record_id "
            f"WHERE m.valid_from <= ? AND (m.valid_until IS NULL OR m.valid_until > ?){kinds}"
            for tier in where.tiers
        ]
        params = [match] + [*(moment, moment, *(where.kinds or ()))] * len(parts)
        sql = (
            "WITH hits AS MATERIALIZED (SELECT record_id, bm25(memory_fts, 1.0, 0.0) AS rank "
            "FROM memory_fts WHERE memory_fts MATCH ?) "
            + " UNION ALL ".join(parts)
            + " ORDER BY rank LIMIT ?"
        )
        with self._lock:
            try:
                rows = self._conn.execute(sql, [*params, k]).fetchall()
            except sqlite3.OperationalError as exc:
                raise InvalidInput(f"keyword query could not be parsed: {exc}") from exc
        # FTS5's bm25() is negative (more negative = better); the routes agree on higher = better.
        return [(rid, -float(rank)) for rid, rank in rows]

    def search_entities(self, where: RecordFilter, values: Sequence[str], k: int) -> Scored:
        wanted = sorted({normalize_entity(value) for value in values} - {""})
        if not wanted:
            return []
        moment = to_epoch(where.valid_at)
        marks = ", ".join("?" * len(wanted))
        kinds = f" AND m.kind IN ({', '.join('?' * len(where.kinds))})" if where.kinds is not None else ""
        parts = [
            f"SELECT e.record_id, count(DISTINCT e.value) AS matched, m.event_time FROM memory_entities e "
            f"JOIN {TABLES[tier]} m ON m.id = e.record_id WHERE e.user_id = ? AND e.value IN ({marks}) "
            f"AND m.valid_from <= ? AND (m.valid_until IS NULL OR m.valid_until > ?){kinds} "
            "GROUP BY e.record_id"
            for tier in where.tiers
        ]
        params: list[Any] = []
        for _ in parts:
            params += [where.user_id, *wanted, moment, moment, *(where.kinds or ())]
        sql = " UNION ALL ".join(parts) + " ORDER BY matched DESC, event_time DESC LIMIT ?"
        with self._lock:
            rows = self._conn.execute(sql, [*params, k]).fetchall()
        # How many of the asked values the record holds (fusion normalises the scale).
        return [(rid, float(matched)) for rid, matched, _ in rows]

    def search_time(self, where: RecordFilter, start: datetime, end: datetime, k: int) -> Scored:
        lo, hi, moment = to_epoch(start), to_epoch(end), to_epoch(where.valid_at)
        kinds = f" AND kind IN ({', '.join('?' * len(where.kinds))})" if where.kinds is not None else ""
        parts = [
            f"SELECT id, event_time FROM {TABLES[tier]} "
            "WHERE user_id = ? AND event_time >= ? AND event_time < ? "
            f"AND valid_from <= ? AND (valid_until IS NULL OR valid_until > ?){kinds}"
            for tier in where.tiers
        ]
        params: list[Any] = []
        for _ in parts:
            params += [where.user_id, lo, hi, moment, moment, *(where.kinds or ())]
        sql = " UNION ALL ".join(parts) + " ORDER BY event_time DESC LIMIT ?"
        with self._lock:
            rows = self._conn.execute(sql, [*params, k]).fetchall()
        span = max(hi - lo, 1.0)
        # Most recent first: the score is how late in the range the record happened.
        return [(rid, 0.5 + 0.5 * (event_time - lo) / span) for rid, event_time in rows]

    # -- meta ------------------------------------------------------------------------------------

    def get_meta(self, key: str) -> str | None:
        with self._lock:
            row = self._conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        with self._write() as conn:
            conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    def delete_meta(self, key: str) -> None:
        with self._write() as conn:
            conn.execute("DELETE FROM meta WHERE key = ?", (key,))

    # -- snapshots (backup and restore) ----------------------------------------------------------

    def export_all(self) -> StoreContents:
        with self._lock:
            # One read transaction: in WAL mode it sees one state, whatever other processes commit.
            self._conn.execute("BEGIN")
            try:
                rows: list[tuple[int, MemoryRecord, bytes | None]] = []
                for tier, table in TABLES.items():
                    for row in self._conn.execute(f"SELECT seq, embedding, {_SELECT_COLUMNS} FROM {table}"):
                        rows.append((row[0], _record_from_row(row[2:], tier), row[1]))
                rows.sort(key=lambda triple: triple[0])
                return StoreContents(
                    records=[record for _, record, _ in rows],
                    vectors={
                        record.id: np.frombuffer(blob, dtype=np.float32)
                        for _, record, blob in rows
                        if blob is not None
                    },
                    write_log=self.write_log(None, limit=-1),  # a negative LIMIT is no limit
                    queue=self.due(None, limit=-1),
                    dead_letters=self.dead_letters(),
                )
            finally:
                self._conn.execute("COMMIT")

    def import_all(self, contents: StoreContents) -> None:
        known = {record.id for record in contents.records}
        orphans = sorted(set(contents.vectors) - known)
        if orphans:
            raise InvalidInput(f"vectors for records that are not restored: {', '.join(orphans[:5])}")
        with self._write() as conn:
            self._refuse_unless_empty(conn)
            self._insert(conn, contents.records)
            self._store_vectors(conn, contents.vectors)
            self._log(conn, contents.write_log)
            self._insert_queue(conn, "write_queue", "next_attempt_at", contents.queue)
            self._insert_queue(conn, "dead_letters", "failed_at", contents.dead_letters)
            top = max((entry.id for entry in [*contents.queue, *contents.dead_letters]), default=0)
            self._reserve_queue_ids(conn, top)
        self._records.clear()
        self._vectors.clear()

    def _refuse_unless_empty(self, conn: sqlite3.Connection) -> None:
        # Restoring on top of existing memories would merge two histories without saying so.
        contents = {
            TABLES["short"]: "short-term records",
            TABLES["long"]: "long-term records",
            "write_log": "write-log entries",
            "write_queue": "queued writes",
            "dead_letters": "dead letters",
        }
        for table, what in contents.items():
            if conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is not None:
                raise InvalidInput(
                    f"the store at {self.path} is not empty (it holds {what}): restore only into an "
                    "empty store (e.g. a new --home)"
                )

    @staticmethod
    def _store_vectors(conn: sqlite3.Connection, vectors: Mapping[str, npt.NDArray[np.float32]]) -> None:
        for rid, vector in vectors.items():
            blob = np.ascontiguousarray(vector, dtype=np.float32).tobytes()
            for table in TABLES.values():
                if conn.execute(f"UPDATE {table} SET embedding = ? WHERE id = ?", (blob, rid)).rowcount:
                    break

    @staticmethod
    def _insert_queue(
        conn: sqlite3.Connection, table: str, due_column: str, entries: Sequence[QueueEntry]
    ) -> None:
        conn.executemany(
            f"INSERT INTO {table} (id, op, payload, attempts, created_at, {due_column}, last_error) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    e.id,
                    e.op,
                    _dumps(e.payload),
                    e.attempts,
                    to_epoch(e.created_at),
                    to_epoch(e.next_attempt_at),
                    e.last_error,
                )
                for e in entries
            ],
        )

    @staticmethod
    def _reserve_queue_ids(conn: sqlite3.Connection, top: int) -> None:
        """New writes get queue ids above every restored one: a dead letter goes back into the
        queue under its own id (requeue), which must not be taken by then."""
        if top <= 0:
            return
        raised = conn.execute(
            "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'write_queue'", (top,)
        ).rowcount
        if not raised:
            conn.execute("INSERT INTO sqlite_sequence (name, seq) VALUES ('write_queue', ?)", (top,))

    def schema(self) -> dict[str, list[str]]:
        """Table name -> column names: what the migrations produced (for tests and `hindsight doctor`)."""
        with self._lock:
            tables = [
                row[0]
                for row in self._conn.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'memory_fts_%' "
                    "AND name NOT LIKE 'sqlite_%' "
                    "ORDER BY name"
                )
            ]
            return {
                table: [col[1] for col in self._conn.execute(f"PRAGMA table_info({table})")]
                for table in tables
            }
