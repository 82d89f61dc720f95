"""SQLite schema migrations and the errors for files that cannot be a Hindsight store."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from datetime import datetime
from pathlib import Path

import pytest

from hindsight.errors import HindsightError, StoreUnavailable
from hindsight.models import MemoryRecord
from hindsight.paging import Cursor, RecordKey
from hindsight.stores.sqlite import MIGRATIONS, SQLiteStore, migrate

LATEST = MIGRATIONS[-1][0]
RECORD_COLUMNS = [
    "id",
    "seq",
    "tenant",
    "user_id",
    "agent_id",
    "session_id",
    "role",
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
]


def user_version(path: Path) -> int:
    with closing(sqlite3.connect(path)) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "memory.db"


@pytest.fixture
def store(db_path: Path) -> Iterator[SQLiteStore]:
    opened = SQLiteStore(db_path)
    try:
        yield opened
    finally:
        opened.close()


def test_migrations_are_numbered_from_one_without_gaps() -> None:
    versions = [version for version, _name, _step in MIGRATIONS]
    assert versions == list(range(1, len(MIGRATIONS) + 1))
    assert all(name.strip() for _v, name, _s in MIGRATIONS)


def test_fresh_file_migrates_to_latest_version(store: SQLiteStore, db_path: Path) -> None:
    assert db_path.is_file()
    assert user_version(db_path) == LATEST


def test_missing_parent_directories_are_created(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "memory.db"
    opened = SQLiteStore(path)
    try:
        assert path.is_file()
        assert user_version(path) == LATEST
    finally:
        opened.close()


def test_schema_has_expected_tables(store: SQLiteStore) -> None:
    schema = store.schema()
    assert set(schema) == {
        "meta",
        "memory_short",
        "memory_long",
        "memory_fts",
        "write_queue",
        "dead_letters",
        "write_log",
        "memory_entities",
    }
    assert schema["memory_entities"] == ["record_id", "user_id", "value"]
    assert schema["write_log"] == [
        "id",
        "user_id",
        "action",
        "reason",
        "text_hash",
        "time",
        "source",
        "detail",
    ]


def test_a_version_1_file_is_migrated_in_place(tmp_path: Path) -> None:
    """A store written before migration 2 keeps its rows and gains the new columns and tables."""
    path = tmp_path / "v1.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.isolation_level = None
        MIGRATIONS[0][2](conn)
        conn.execute("PRAGMA user_version = 1")
        conn.execute(
            "INSERT INTO memory_short (id, seq, tenant, user_id, kind, text, source_ids, entities, "
            "importance, created_at, event_time, valid_from, origin) "
            "VALUES ('r1', 1, 'default', 'u', 'fact', 'old row', '[]', '{}', 0.5, 0, 0, 0, 'manual')"
        )
    opened = SQLiteStore(path)
    try:
        assert user_version(path) == LATEST
        record = opened.get("r1")
        assert record is not None and record.text == "old row" and record.slot is None
        assert "slot" in opened.schema()["memory_short"]
        assert "memory_entities" in opened.schema()
    finally:
        opened.close()


def test_tier_tables_have_identical_columns_including_embedding(store: SQLiteStore) -> None:
    schema = store.schema()
    assert schema["memory_short"] == schema["memory_long"]
    assert schema["memory_short"] == RECORD_COLUMNS
    assert "embedding" in schema["memory_long"]


def test_meta_and_fts_columns(store: SQLiteStore) -> None:
    schema = store.schema()
    assert schema["meta"] == ["key", "value"]
    # The FTS table's extra columns are the backend's business; the indexed text and the record id
    # it points back to are what every version needs.
    assert schema["memory_fts"][0] == "body"
    assert "record_id" in schema["memory_fts"]


def test_fts_uses_porter_unicode61(store: SQLiteStore, db_path: Path) -> None:
    with closing(sqlite3.connect(db_path)) as conn:
        (sql,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'memory_fts'").fetchone()
    assert "fts5" in sql.lower()
    assert "porter unicode61" in sql


def test_opened_in_wal_mode(store: SQLiteStore, db_path: Path) -> None:
    with closing(sqlite3.connect(db_path)) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_opening_twice_is_idempotent(db_path: Path) -> None:
    first = SQLiteStore(db_path)
    t0 = datetime(2024, 1, 1)
    first.add(
        [
            MemoryRecord(
                id="r1",
                user_id="u",
                tier="short",
                kind="fact",
                text="kept",
                created_at=t0,
                event_time=t0,
                valid_from=t0,
            )
        ]
    )
    schema = first.schema()
    first.close()

    second = SQLiteStore(db_path)
    try:
        assert user_version(db_path) == LATEST
        assert second.schema() == schema
        assert [r.id for r in second.list_records()] == ["r1"]
    finally:
        second.close()


def test_two_connections_at_once(store: SQLiteStore, db_path: Path) -> None:
    other = SQLiteStore(db_path)
    try:
        store.set_meta("k", "v")
        assert other.get_meta("k") == "v"
    finally:
        other.close()


def test_migrate_on_a_current_database_is_a_no_op(store: SQLiteStore, db_path: Path) -> None:
    with closing(sqlite3.connect(db_path, isolation_level=None)) as conn:
        assert migrate(conn) == LATEST  # would fail with "table meta already exists" if re-run
        assert int(conn.execute("PRAGMA user_version").fetchone()[0]) == LATEST


def test_newer_user_version_raises_store_unavailable(db_path: Path) -> None:
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    with pytest.raises(StoreUnavailable, match=r"newer than this Hindsight knows") as info:
        SQLiteStore(db_path)
    assert str(LATEST + 1) in str(info.value)
    assert "upgrade" in str(info.value)
    assert user_version(db_path) == LATEST + 1, "a newer file is left as it was"


def test_garbage_file_raises_store_unavailable(db_path: Path) -> None:
    db_path.write_bytes(b"this is definitely not an SQLite database\x00\xff" * 64)
    with pytest.raises(StoreUnavailable) as info:
        SQLiteStore(db_path)
    message = str(info.value)
    assert str(db_path) in message
    assert "not a database" in message
    assert isinstance(info.value, HindsightError)
    assert isinstance(info.value.__cause__, sqlite3.DatabaseError)


def test_directory_path_raises_store_unavailable(tmp_path: Path) -> None:
    directory = tmp_path / "memory.db"
    directory.mkdir()
    with pytest.raises(StoreUnavailable, match="is a directory") as info:
        SQLiteStore(directory)
    assert str(directory) in str(info.value)


def test_path_under_a_file_raises_store_unavailable(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    with pytest.raises(StoreUnavailable, match="cannot open the store"):
        SQLiteStore(blocker / "memory.db")


def test_a_page_of_memories_walks_an_index_instead_of_sorting_the_users_records(store: SQLiteStore) -> None:
    """Migration 6's index serves the console's pages: each query starts at its cursor in the index
    and stops after one page, whatever the user holds."""
    statements: list[str] = []
    store._conn.set_trace_callback(statements.append)  # the SQL as run, values filled in
    try:
        key = RecordKey(datetime(2024, 1, 1), "r1")
        store.page_records("u", "short", 10)
        store.page_records("u", "long", 10, kind="fact", cursor=Cursor(key))
        store.page_records("u", "short", 10, cursor=Cursor(key, newer=True))
        store.count_records("u", "long", newer_than=key)
    finally:
        store._conn.set_trace_callback(None)
    assert len(statements) == 4
    for statement in statements:
        plan = " ".join(row[3] for row in store._conn.execute(f"EXPLAIN QUERY PLAN {statement}"))
        assert "_live_by_time" in plan and "TEMP B-TREE" not in plan, (statement, plan)
