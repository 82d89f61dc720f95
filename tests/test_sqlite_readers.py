"""The SQLite store's reads go through pooled connections of their own (stores/sqlite/database.py):
a read never waits for this process's own write, sees only what is committed, and a thread
reading inside its own write sees that write."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from hindsight.errors import StoreUnavailable
from hindsight.stores.sqlite import Database, database


def _meta(db: Database, key: str) -> str | None:
    with db.read() as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])


def test_a_read_does_not_wait_for_another_threads_write_and_sees_what_is_committed(tmp_path: Path) -> None:
    db = Database(tmp_path / "memory.db")
    try:
        with db.write() as conn:
            conn.execute("INSERT INTO meta (key, value) VALUES ('colour', 'blue')")
        inside, release = threading.Event(), threading.Event()

        def hold_a_write() -> None:
            with db.write() as conn:
                conn.execute("UPDATE meta SET value = 'green' WHERE key = 'colour'")
                inside.set()
                release.wait(10)

        writer = threading.Thread(target=hold_a_write)
        writer.start()
        try:
            assert inside.wait(10)
            seen: list[str | None] = []
            reader = threading.Thread(target=lambda: seen.append(_meta(db, "colour")))
            reader.start()
            reader.join(5)
            # Read while the write is still open: the last commit, not the write in progress.
            assert not reader.is_alive() and seen == ["blue"]
        finally:
            release.set()
            writer.join(10)
        assert _meta(db, "colour") == "green"  # the next read sees the commit
    finally:
        db.close()


def test_a_read_inside_a_threads_own_write_sees_that_write(tmp_path: Path) -> None:
    db = Database(tmp_path / "memory.db")
    try:
        with db.write() as conn:
            conn.execute("INSERT INTO meta (key, value) VALUES ('colour', 'red')")
            assert _meta(db, "colour") == "red"
            with db.snapshot() as other:  # a snapshot is a reader's: only what is committed
                assert other.execute("SELECT count(*) FROM meta WHERE key = 'colour'").fetchone()[0] == 0
        assert _meta(db, "colour") == "red"
    finally:
        db.close()


def test_a_reading_connection_cannot_write_and_none_is_left_after_close(tmp_path: Path) -> None:
    db = Database(tmp_path / "memory.db")
    with db.read() as conn, pytest.raises(sqlite3.OperationalError, match="readonly"):
        conn.execute("INSERT INTO meta (key, value) VALUES ('x', 'y')")
    with db.read() as again:
        assert again is conn  # given back to the pool and taken again
    db.close()
    with pytest.raises(sqlite3.ProgrammingError):
        conn.execute("SELECT 1")
    with pytest.raises(sqlite3.ProgrammingError), db.read():
        pass


def test_a_reader_never_creates_a_store_file_that_went_away(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    db = Database(path)
    try:
        db.conn.close()  # the writer's connection gone too: nothing holds the file
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        with pytest.raises(StoreUnavailable, match="cannot be used right now"), db.read():
            pass
        assert not path.exists()
    finally:
        db.close()


def test_a_snapshot_left_by_an_error_does_not_pin_its_state_on_the_next_read(tmp_path: Path) -> None:
    db = Database(tmp_path / "memory.db")
    try:
        with db.write() as conn:
            conn.execute("INSERT INTO meta (key, value) VALUES ('colour', 'blue')")
        with pytest.raises(RuntimeError), db.snapshot() as seen:
            assert seen.execute("SELECT value FROM meta WHERE key = 'colour'").fetchone()[0] == "blue"
            raise RuntimeError("the caller's own failure")
        with db.write() as conn:
            conn.execute("UPDATE meta SET value = 'green' WHERE key = 'colour'")
        with db.read() as again:
            assert again is seen and not again.in_transaction  # the same connection, its snapshot ended
        assert _meta(db, "colour") == "green"
    finally:
        db.close()


def test_reads_past_the_readers_in_use_take_their_turn_on_the_writing_connection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(database, "READERS", 1)
    db = Database(tmp_path / "memory.db")
    try:
        with db.write() as conn:
            conn.execute("INSERT INTO meta (key, value) VALUES ('colour', 'blue')")
        with db.read() as first, db.read() as second, db.snapshot() as third:
            assert first is not db.conn and second is db.conn and third is db.conn
            assert second.execute("SELECT value FROM meta WHERE key = 'colour'").fetchone()[0] == "blue"
        with db.read() as again:
            assert again is first  # the reader given back, taken again
    finally:
        db.close()
