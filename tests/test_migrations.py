"""SQLite schema migrations and the errors for files that cannot be a Hindsight store."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from datetime import datetime
from pathlib import Path

import pytest

from hindsight.errors import HindsightError, StoreUnavailable
from hindsight.models import MemoryRecord, Scope
from hindsight.paging import Cursor, RecordKey
from hindsight.stores.base import Change
from hindsight.stores.sqlite import LATEST, MIGRATIONS, Database, migrate
from hindsight.stores.sqlite.records import SQLiteRecords

RECORD_COLUMNS = [
    "seq",
    "id",
    "tenant",
    "user_id",
    "agent_id",
    "session_id",
    "role",
    "tier",
    "kind",
    "text",
    "source_ids",
    "entities",
    "importance",
    "created_at",
    "event_time",
    "valid_from",
    "valid_until",
    "ttl_days",
    "expires_at",
    "hits",
    "last_hit_at",
    "origin",
    "embedding_model",
    "embedding",
    "slot",
    "intent",
    "tier_since",
    "context_id",
    "version",
]
U = Scope("default", "u")


def schema(db: Database) -> dict[str, list[str]]:
    """Table name -> column names: what the migrations produced."""
    with db.read() as conn:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'memory_fts_%' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        return {table: [col[1] for col in conn.execute(f"PRAGMA table_info({table})")] for table in tables}


def user_version(path: Path) -> int:
    with closing(sqlite3.connect(path)) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "memory.db"


@pytest.fixture
def store(db_path: Path) -> Iterator[Database]:
    opened = Database(db_path)
    try:
        yield opened
    finally:
        opened.close()


def test_migrations_are_numbered_from_one_without_gaps() -> None:
    versions = [version for version, _name, _step in MIGRATIONS]
    assert versions == list(range(1, len(MIGRATIONS) + 1))
    assert all(name.strip() for _v, name, _s in MIGRATIONS)


def test_fresh_file_migrates_to_latest_version(store: Database, db_path: Path) -> None:
    assert db_path.is_file()
    assert user_version(db_path) == LATEST


def test_missing_parent_directories_are_created(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "memory.db"
    opened = Database(path)
    try:
        assert path.is_file()
        assert user_version(path) == LATEST
    finally:
        opened.close()


def test_schema_has_expected_tables(store: Database) -> None:
    found = schema(store)
    assert set(found) == {
        "meta",
        "records",
        "memory_fts",
        "write_queue",
        "dead_letters",
        "write_log",
        "memory_entities",
        "generations",
        "open_events",
        "working_turns",
        "locks",
        "keyword_log",
        "keyword_df",
        "keyword_tenants",
        "vector_log",
        "localities",
    }
    assert found["localities"] == ["tenant", "user_id", "time_zone", "region", "updated_at"]
    assert found["keyword_log"] == ["seq", "tenant", "user_id", "record_id", "added"]
    assert found["vector_log"] == ["seq", "tenant", "user_id", "record_seq", "added"]
    assert found["keyword_df"] == ["tenant", "term", "docs"]
    assert found["records"] == RECORD_COLUMNS
    assert found["memory_entities"] == ["record_id", "user_id", "value", "tenant"]
    assert found["write_log"] == [
        "id",
        "user_id",
        "action",
        "reason",
        "text_hash",
        "time",
        "source",
        "detail",
        "tenant",
    ]
    assert found["write_queue"][-4:] == ["tenant", "user_id", "claim_owner", "claimed_until"]
    assert found["generations"] == ["tenant", "user_id", "records", "vectors"]


def test_a_version_1_file_is_migrated_in_place(tmp_path: Path) -> None:
    """A store written before migration 2 keeps its rows and gains everything since, a tenant's user
    split into its columns."""
    path = tmp_path / "v1.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.isolation_level = None
        MIGRATIONS[0][2](conn)
        conn.execute("PRAGMA user_version = 1")
        for rid, table, user in (("r1", "memory_short", "u"), ("r2", "memory_long", "acme::al")):
            conn.execute(
                f"INSERT INTO {table} (id, seq, tenant, user_id, kind, text, source_ids, entities, "
                "importance, created_at, event_time, valid_from, origin) "
                f"VALUES ('{rid}', 1, 'default', '{user}', 'fact', 'old row', '[]', '{{}}', 0.5, 0, 0, 0, "
                "'manual')"
            )
    opened = Database(path)
    try:
        assert user_version(path) == LATEST
        records = SQLiteRecords(opened).get_many(["r1", "r2"])
        assert (
            records["r1"].text == "old row" and records["r1"].slot is None and records["r1"].tier == "short"
        )
        assert (records["r2"].tenant, records["r2"].user_id, records["r2"].tier) == ("acme", "al", "long")
        assert "slot" in schema(opened)["records"]
    finally:
        opened.close()


def test_meta_and_fts_columns(store: Database) -> None:
    found = schema(store)
    assert found["meta"] == ["key", "value"]
    # The FTS table's extra columns are the backend's business; the indexed text and the record id
    # it points back to are what every version needs.
    assert found["memory_fts"][0] == "body"
    assert "record_id" in found["memory_fts"]


def test_fts_uses_porter_unicode61(store: Database, db_path: Path) -> None:
    with closing(sqlite3.connect(db_path)) as conn:
        (sql,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'memory_fts'").fetchone()
    assert "fts5" in sql.lower()
    assert "porter unicode61" in sql


def test_opened_in_wal_mode(store: Database, db_path: Path) -> None:
    with closing(sqlite3.connect(db_path)) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_opening_twice_is_idempotent(db_path: Path) -> None:
    first = Database(db_path)
    t0 = datetime(2024, 1, 1)
    record = MemoryRecord(
        id="r1",
        user_id="u",
        tier="short",
        kind="fact",
        text="kept",
        created_at=t0,
        event_time=t0,
        valid_from=t0,
    )
    SQLiteRecords(first).apply(Change(add=(record,)))
    before = schema(first)
    first.close()

    second = Database(db_path)
    try:
        assert user_version(db_path) == LATEST
        assert schema(second) == before
        assert [r.id for r in SQLiteRecords(second).scan()] == ["r1"]
    finally:
        second.close()


def test_two_connections_at_once(store: Database, db_path: Path) -> None:
    other = Database(db_path)
    try:
        SQLiteRecords(store).set_meta("k", "v")
        assert SQLiteRecords(other).get_meta("k") == "v"
    finally:
        other.close()


def test_migrate_on_a_current_database_is_a_no_op(store: Database, db_path: Path) -> None:
    with closing(sqlite3.connect(db_path, isolation_level=None)) as conn:
        assert migrate(conn) == LATEST  # would fail with "table meta already exists" if re-run
        assert int(conn.execute("PRAGMA user_version").fetchone()[0]) == LATEST


def test_newer_user_version_raises_store_unavailable(db_path: Path) -> None:
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    with pytest.raises(StoreUnavailable, match=r"newer than this Hindsight knows") as info:
        Database(db_path)
    assert str(LATEST + 1) in str(info.value)
    assert "upgrade" in str(info.value)
    assert user_version(db_path) == LATEST + 1, "a newer file is left as it was"


def test_garbage_file_raises_store_unavailable(db_path: Path) -> None:
    db_path.write_bytes(b"this is definitely not an SQLite database\x00\xff" * 64)
    with pytest.raises(StoreUnavailable) as info:
        Database(db_path)
    message = str(info.value)
    assert str(db_path) in message
    assert "not a database" in message
    assert isinstance(info.value, HindsightError)
    assert isinstance(info.value.__cause__, sqlite3.DatabaseError)


def test_directory_path_raises_store_unavailable(tmp_path: Path) -> None:
    directory = tmp_path / "memory.db"
    directory.mkdir()
    with pytest.raises(StoreUnavailable, match="is a directory") as info:
        Database(directory)
    assert str(directory) in str(info.value)


def test_path_under_a_file_raises_store_unavailable(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    with pytest.raises(StoreUnavailable, match="cannot open the store"):
        Database(blocker / "memory.db")


def test_a_page_of_memories_walks_an_index_instead_of_sorting_the_users_records(store: Database) -> None:
    """The paging index serves the console's pages: each query starts at its cursor in the index
    and stops after one page, whatever the user holds."""
    records = SQLiteRecords(store)
    statements: list[str] = []
    # Reads take a pooled connection: one thread's reads one after another take the same one.
    with store.read() as reader:
        pass
    reader.set_trace_callback(statements.append)  # the SQL as run, values filled in
    try:
        key = RecordKey(datetime(2024, 1, 1), "r1")
        records.page_records(U, "short", 10)
        records.page_records(U, "long", 10, kind="fact", cursor=Cursor(key))
        records.page_records(U, "short", 10, cursor=Cursor(key, newer=True))
        records.count_records(U, "long", newer_than=key)
    finally:
        reader.set_trace_callback(None)
    assert len(statements) == 4
    for statement in statements:
        plan = " ".join(row[3] for row in store.conn.execute(f"EXPLAIN QUERY PLAN {statement}"))
        assert "records_live_by_time" in plan and "TEMP B-TREE" not in plan, (statement, plan)
