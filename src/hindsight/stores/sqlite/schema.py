"""The SQLite store's schema: numbered migrations, append-only (a released one is never edited).

`PRAGMA user_version` holds the number of the last migration applied; opening a store applies the
newer ones, each in its own transaction. A file from a newer Hindsight is refused, not guessed at.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from hindsight.errors import StoreUnavailable
from hindsight.indexing import normalize_entity
from hindsight.legacy import split_owner

_LEGACY_TABLES = {"short": "memory_short", "long": "memory_long"}

_RECORD_COLUMNS_V1 = """
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
    for table in _LEGACY_TABLES.values():
        conn.execute(f"CREATE TABLE {table} ({_RECORD_COLUMNS_V1})")
        conn.execute(f"CREATE INDEX {table}_user ON {table} (user_id, valid_until)")
        conn.execute(f"CREATE INDEX {table}_pending ON {table} (seq) WHERE embedding IS NULL")
    conn.execute(
        "CREATE VIRTUAL TABLE memory_fts USING fts5("
        "body, owner, record_id UNINDEXED, "
        "tokenize = 'porter unicode61 remove_diacritics 2')"
    )


def _migration_2(conn: sqlite3.Connection) -> None:
    for table in _LEGACY_TABLES.values():
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
    for table in _LEGACY_TABLES.values():  # index what earlier versions stored
        for rid, user_id, entities in conn.execute(f"SELECT id, user_id, entities FROM {table}").fetchall():
            values = {normalize_entity(str(v)) for v in json.loads(entities).values()} - {""}
            conn.executemany(
                "INSERT INTO memory_entities (record_id, user_id, value) VALUES (?, ?, ?)",
                [(rid, user_id, value) for value in sorted(values)],
            )


def _migration_4(conn: sqlite3.Connection) -> None:
    for table in _LEGACY_TABLES.values():
        conn.execute(f"ALTER TABLE {table} ADD COLUMN tier_since REAL")


def _migration_5(conn: sqlite3.Connection) -> None:
    for table in _LEGACY_TABLES.values():
        conn.execute(f"ALTER TABLE {table} ADD COLUMN context_id TEXT")


def _migration_6(conn: sqlite3.Connection) -> None:
    # The console pages a user's still-valid memories newest first: with this index a page is a
    # short walk from its cursor, not a sort of everything the user has.
    for table in _LEGACY_TABLES.values():
        conn.execute(
            f"CREATE INDEX {table}_live_by_time ON {table} (user_id, created_at, id) "
            "WHERE valid_until IS NULL"
        )


# -- 7: one records table; tenants in a column; versions ------------------------------------------

_COPIED = (
    "id, agent_id, session_id, role, kind, text, source_ids, entities, importance, created_at, "
    "event_time, valid_from, valid_until, ttl_days, expires_at, hits, last_hit_at, origin, "
    "embedding_model, embedding, slot, intent, tier_since, context_id"
)


def _legacy_functions(conn: sqlite3.Connection) -> None:
    conn.create_function("legacy_tenant", 1, lambda user: split_owner(user)[0], deterministic=True)
    conn.create_function("legacy_user", 1, lambda user: split_owner(user)[1], deterministic=True)


def _migration_7(conn: sqlite3.Connection) -> None:
    # Both tiers in one table: a promotion is an UPDATE of one column, an id is unique by the
    # primary key, and no query probes two tables in turn. `seq` is the insertion order, given by
    # SQLite (never reused), not counted by a process (two processes counted the same numbers).
    conn.execute(
        "CREATE TABLE records ("
        "seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, "
        "tenant TEXT NOT NULL, user_id TEXT NOT NULL, agent_id TEXT, session_id TEXT, role TEXT, "
        "tier TEXT NOT NULL, kind TEXT NOT NULL, text TEXT NOT NULL, source_ids TEXT NOT NULL, "
        "entities TEXT NOT NULL, importance REAL NOT NULL, created_at REAL NOT NULL, "
        "event_time REAL NOT NULL, valid_from REAL NOT NULL, valid_until REAL, ttl_days REAL, "
        "expires_at REAL, hits INTEGER NOT NULL DEFAULT 0, last_hit_at REAL, origin TEXT NOT NULL, "
        "embedding_model TEXT, embedding BLOB, slot TEXT, intent TEXT, tier_since REAL, context_id TEXT, "
        "version INTEGER NOT NULL DEFAULT 1)"
    )
    _legacy_functions(conn)
    # A tenant's users were "tenant::user" ids (legacy.split_owner); the tenant column was unused.
    sources = " UNION ALL ".join(
        f"SELECT seq AS old_seq, '{tier}' AS tier, user_id AS owner, {_COPIED} FROM {table}"
        for tier, table in _LEGACY_TABLES.items()
    )
    conn.execute(
        f"INSERT INTO records (tenant, user_id, tier, {_COPIED}) "
        f"SELECT legacy_tenant(owner), legacy_user(owner), tier, {_COPIED} FROM ({sources}) "
        "ORDER BY old_seq, id"
    )
    for table in _LEGACY_TABLES.values():
        conn.execute(f"DROP TABLE {table}")
    conn.execute("CREATE INDEX records_owner ON records (tenant, user_id, valid_until)")
    conn.execute("CREATE INDEX records_pending ON records (seq) WHERE embedding IS NULL")
    conn.execute(
        "CREATE INDEX records_pending_owner ON records (tenant, user_id, seq) WHERE embedding IS NULL"
    )
    conn.execute("CREATE INDEX records_slot ON records (tenant, user_id, slot) WHERE slot IS NOT NULL")
    conn.execute("CREATE INDEX records_time ON records (tenant, user_id, event_time)")
    conn.execute(
        "CREATE INDEX records_live_by_time ON records (tenant, user_id, tier, created_at, id) "
        "WHERE valid_until IS NULL"
    )
    conn.execute("ALTER TABLE memory_entities ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default'")
    conn.execute("UPDATE memory_entities SET tenant = legacy_tenant(user_id), user_id = legacy_user(user_id)")
    conn.execute("DROP INDEX memory_entities_lookup")
    conn.execute("CREATE INDEX memory_entities_lookup ON memory_entities (tenant, user_id, value)")


# -- 8: scopes and claims on the queue; scopes on the log ----------------------------------------


def _scoped_payload(raw: str) -> tuple[str, str, str]:
    """(tenant, user, payload) of a queued write: the payload names its user as the legacy id did;
    it now carries the tenant and the bare user. A payload that is not a JSON object is kept as it
    is (applying it fails the same way as before: into the dead letters)."""
    try:
        payload = json.loads(raw)
    except ValueError:
        return (*split_owner(""), raw)
    if not isinstance(payload, dict):
        return (*split_owner(""), raw)
    tenant, user = split_owner(payload.get("user_id", ""))
    if "user_id" in payload:
        payload["user_id"] = user
        payload["tenant"] = tenant
    return tenant, user, json.dumps(payload, ensure_ascii=False, separators=(",", ":"))


def _migration_8(conn: sqlite3.Connection) -> None:
    for table in ("write_queue", "dead_letters"):
        conn.execute(f"ALTER TABLE {table} ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default'")
        conn.execute(f"ALTER TABLE {table} ADD COLUMN user_id TEXT NOT NULL DEFAULT ''")
        for entry_id, raw in conn.execute(f"SELECT id, payload FROM {table}").fetchall():
            conn.execute(
                f"UPDATE {table} SET tenant = ?, user_id = ?, payload = ? WHERE id = ?",
                (*_scoped_payload(raw), entry_id),
            )
        conn.execute(f"CREATE INDEX {table}_owner ON {table} (tenant, user_id, id)")
    # The process applying an entry, and until when (its lease).
    conn.execute("ALTER TABLE write_queue ADD COLUMN claim_owner TEXT")
    conn.execute("ALTER TABLE write_queue ADD COLUMN claimed_until REAL")
    conn.execute("ALTER TABLE write_log ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default'")
    _legacy_functions(conn)
    conn.execute("UPDATE write_log SET tenant = legacy_tenant(user_id), user_id = legacy_user(user_id)")
    conn.execute("DROP INDEX write_log_user")
    conn.execute("CREATE INDEX write_log_owner ON write_log (tenant, user_id, id)")


# -- 9: what several processes share besides records ----------------------------------------------


def _migration_9(conn: sqlite3.Connection) -> None:
    conn.execute(
        "CREATE TABLE generations (tenant TEXT NOT NULL, user_id TEXT NOT NULL, "
        "records INTEGER NOT NULL DEFAULT 0, vectors INTEGER NOT NULL DEFAULT 0, "
        "PRIMARY KEY (tenant, user_id)) WITHOUT ROWID"
    )
    conn.execute(
        "CREATE TABLE open_events (tenant TEXT NOT NULL, user_id TEXT NOT NULL, session_id TEXT NOT NULL, "
        "state TEXT NOT NULL, touched_at REAL NOT NULL, version INTEGER NOT NULL, "
        "PRIMARY KEY (tenant, user_id, session_id)) WITHOUT ROWID"
    )
    conn.execute("CREATE INDEX open_events_touched ON open_events (touched_at)")
    conn.execute(
        "CREATE TABLE working_turns (seq INTEGER PRIMARY KEY AUTOINCREMENT, tenant TEXT NOT NULL, "
        "user_id TEXT NOT NULL, session_id TEXT NOT NULL, turn TEXT NOT NULL, touched_at REAL NOT NULL)"
    )
    conn.execute("CREATE INDEX working_turns_session ON working_turns (tenant, user_id, session_id, seq)")
    conn.execute("CREATE INDEX working_turns_touched ON working_turns (touched_at)")
    conn.execute(
        "CREATE TABLE locks (name TEXT PRIMARY KEY, owner TEXT NOT NULL, until REAL NOT NULL) WITHOUT ROWID"
    )


def _migration_10(conn: sqlite3.Connection) -> None:
    # The keyword index's change feed: each record put in or taken out of the keyword index, in
    # commit order, so a process's in-memory index (stores/sparse.py) catches up by reading what
    # changed since it was read instead of reading the user's every memory again.
    conn.execute(
        "CREATE TABLE keyword_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, tenant TEXT NOT NULL, "
        "user_id TEXT NOT NULL, record_id TEXT NOT NULL, added INTEGER NOT NULL)"
    )
    conn.execute("CREATE INDEX keyword_log_user ON keyword_log (tenant, user_id, seq)")
    # BM25's statistics per tenant, as the PostgreSQL store keeps them: how many records the tenant
    # holds and their total length in terms, and each term's document frequency.
    conn.execute(
        "CREATE TABLE keyword_df (tenant TEXT NOT NULL, term TEXT NOT NULL, docs INTEGER NOT NULL, "
        "PRIMARY KEY (tenant, term)) WITHOUT ROWID"
    )
    conn.execute(
        "CREATE TABLE keyword_tenants (tenant TEXT PRIMARY KEY, docs INTEGER NOT NULL, "
        "tokens INTEGER NOT NULL) WITHOUT ROWID"
    )
    # The feed's own name: an index file kept beside the store names the feed it was read from,
    # so a file left from another store (a copy, a replaced file) is never taken for this one's.
    conn.execute("INSERT INTO meta (key, value) VALUES ('keyword_feed', ?)", (uuid.uuid4().hex,))
    from hindsight.stores.sqlite.keywords import recount  # the module imports this one

    recount(conn)


VECTOR_LOG_KEPT = 200_000
"""The vector feed's newest entries kept (a graph older than them is built again)."""


def _migration_11(conn: sqlite3.Connection) -> None:
    # The vector feed: each record whose vector was set, changed or taken away (or whose tier, kind
    # or validity changed), in commit order, so
    # a process's graph of a large user (stores/sqlite/graphs.py) catches up by reading what changed
    # since instead of every vector. Written by triggers, so that every path that touches a vector
    # (a write, a deletion, a re-embedding, a restore) logs it in its own transaction.
    conn.execute(
        "CREATE TABLE vector_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, tenant TEXT NOT NULL, "
        "user_id TEXT NOT NULL, record_seq INTEGER NOT NULL, added INTEGER NOT NULL)"
    )
    conn.execute("CREATE INDEX vector_log_user ON vector_log (tenant, user_id, seq)")
    log = "INSERT INTO vector_log (tenant, user_id, record_seq, added) VALUES"
    conn.execute(
        "CREATE TRIGGER vector_log_insert AFTER INSERT ON records WHEN NEW.embedding IS NOT NULL "
        f"BEGIN {log} (NEW.tenant, NEW.user_id, NEW.seq, 1); END"
    )
    conn.execute(
        "CREATE TRIGGER vector_log_update AFTER UPDATE OF embedding ON records "
        "WHEN OLD.embedding IS NOT NULL OR NEW.embedding IS NOT NULL "
        f"BEGIN {log} (NEW.tenant, NEW.user_id, NEW.seq, NEW.embedding IS NOT NULL); END"
    )
    conn.execute(
        "CREATE TRIGGER vector_log_delete AFTER DELETE ON records WHEN OLD.embedding IS NOT NULL "
        f"BEGIN {log} (OLD.tenant, OLD.user_id, OLD.seq, 0); END"
    )
    # What a search filters on changed while the vector stayed (added = 2): an exact matrix reads
    # that row again; a graph, which holds only vectors, passes over it.
    conn.execute(
        "CREATE TRIGGER vector_log_fields AFTER UPDATE OF tier, kind, valid_from, valid_until ON records "
        "WHEN OLD.embedding IS NOT NULL AND NEW.embedding IS NOT NULL AND (OLD.tier IS NOT NEW.tier "
        "OR OLD.kind IS NOT NEW.kind OR OLD.valid_from IS NOT NEW.valid_from "
        "OR OLD.valid_until IS NOT NEW.valid_until) "
        f"BEGIN {log} (NEW.tenant, NEW.user_id, NEW.seq, 2); END"
    )
    conn.execute(
        "CREATE TRIGGER vector_log_prune AFTER INSERT ON vector_log "
        f"WHEN NEW.seq % 1000 = 0 AND NEW.seq > {VECTOR_LOG_KEPT} BEGIN "
        f"DELETE FROM vector_log WHERE seq <= NEW.seq - {VECTOR_LOG_KEPT}; "
        "INSERT INTO meta (key, value) VALUES ('vector_log_pruned', "
        f"CAST(NEW.seq - {VECTOR_LOG_KEPT} AS TEXT)) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value; END"
    )
    # The feed's own name, as the keyword feed's: a graph file from another store is never taken
    # for this one's.
    conn.execute("INSERT INTO meta (key, value) VALUES ('vector_feed', ?)", (uuid.uuid4().hex,))


def _migration_12(conn: sqlite3.Connection) -> None:
    # The speakers of a user's memories (records.speakers, read by every recall after a change)
    # were found by reading every row of the user: 0.8 s at a million memories. With the roles
    # indexed, each distinct role is one step of the index.
    conn.execute("CREATE INDEX records_role ON records (tenant, user_id, role) WHERE role IS NOT NULL")


def _migration_13(conn: sqlite3.Connection) -> None:
    # Where each user lives (their time zone and country), stored once and read by every process.
    conn.execute(
        "CREATE TABLE localities (tenant TEXT NOT NULL, user_id TEXT NOT NULL, time_zone TEXT, "
        "region TEXT, updated_at REAL NOT NULL, PRIMARY KEY (tenant, user_id))"
    )


Migration = tuple[int, str, Callable[[sqlite3.Connection], None]]

MIGRATIONS: list[Migration] = [
    (1, "records in two tiers, meta, FTS5 keyword index", _migration_1),
    (2, "slot and intent columns; durable write queue, dead letters, write log", _migration_2),
    (3, "entity index: normalised entity values per record", _migration_3),
    (4, "tier_since: when a record entered its tier (lifecycle reviews)", _migration_4),
    (5, "context_id: the turn before a turn, read with it by the embedder", _migration_5),
    (6, "index of still-valid records by user and creation time (paging)", _migration_6),
    (7, "one records table with tier, tenant and version columns", _migration_7),
    (8, "tenant and user columns on the queue, dead letters and log; queue claims", _migration_8),
    (9, "generations, open events, working memory, locks", _migration_9),
    (10, "the keyword index's change feed and statistics per tenant", _migration_10),
    (11, "the vector feed: vectors set and removed, logged by triggers", _migration_11),
    (12, "records' roles indexed by owner (the speakers of a memory)", _migration_12),
    (13, "where each user lives: time zone and region", _migration_13),
]
LATEST = MIGRATIONS[-1][0]


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error (the connection is in autocommit mode,
    so every multi-statement write is explicit about its transaction)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")  # inside the try: a full disk can refuse the commit itself
    except BaseException:
        # SQLite has already rolled back after some errors (a full disk, an I/O error); a second
        # ROLLBACK would fail and hide the error that matters.
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def refuse_newer_schema(conn: sqlite3.Connection) -> int:
    current = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if current > LATEST:
        raise StoreUnavailable(
            f"the database schema is version {current}, newer than this Hindsight knows ({LATEST}): "
            "upgrade hindsight-memory"
        )
    return current


def migrate(conn: sqlite3.Connection) -> int:
    """Apply every migration newer than the file's user_version; return the resulting version.
    Two processes opening one old file at once: the second waits for the first's transaction, then
    finds the version moved and skips what is done."""
    if refuse_newer_schema(conn) == LATEST:
        return LATEST
    for version, _name, step in MIGRATIONS:
        with transaction(conn):
            # Read inside the write transaction: another process may have just migrated.
            if int(conn.execute("PRAGMA user_version").fetchone()[0]) >= version:
                continue
            step(conn)
            conn.execute(f"PRAGMA user_version = {version}")
    return LATEST
