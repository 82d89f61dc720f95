"""A damaged store is said to be damaged - at start-up when the cheap checks see it, else at the
first read that meets it (503 over HTTP, exit code 4 on the command line), with the way to
restore - and `hindsight doctor` finds it. An empty file is never taken for an empty store."""

from __future__ import annotations

import random
import shutil
import sqlite3
import threading
from contextlib import closing
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from hindsight import Memory, Settings, StoreUnavailable
from hindsight.cli import cli
from hindsight.embedding.hashing import HashEmbedder
from hindsight.memory import AsyncMemory
from hindsight.server.http import create_app
from hindsight.stores.sqlite import database


def open_memory(home: Path) -> Memory:
    return Memory(settings=Settings(home=home, embedder="hash"), embedder=HashEmbedder(), background=False)


def filled(home: Path) -> Path:
    with open_memory(home) as mem:
        for i in range(120):
            mem.remember("u", f"note {i}: the locker of floor {i} holds spare keys and a torch")
    return home / "memory.db"


def pages_of(path: Path, table: str) -> tuple[int, list[int]]:
    with closing(sqlite3.connect(path)) as conn:
        size = int(conn.execute("PRAGMA page_size").fetchone()[0])
        pages = [
            row[0]
            for row in conn.execute("SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno", (table,))
        ]
    return size, pages


def damage(path: Path, table: str, seed: int) -> None:
    """Random bytes over the middle of some pages of one table's B-tree, as a bad disk leaves them."""
    size, pages = pages_of(path, table)
    chance = random.Random(seed)
    with path.open("r+b") as raw:
        for page in chance.sample(pages, min(3, len(pages))):
            raw.seek((page - 1) * size + 100)
            raw.write(chance.randbytes(size - 200))


def cli_run(home: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--home", str(home), "--embedder", "hash", *args])
    return result.exit_code, result.output


def test_an_empty_file_is_refused_not_taken_for_an_empty_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(database, "CREATION_WAIT_S", 0.2)
    (tmp_path / "memory.db").write_bytes(b"")
    with pytest.raises(StoreUnavailable, match=r"is empty \(0 bytes\).*restore"):
        open_memory(tmp_path)
    code, output = cli_run(tmp_path, "recall", "u", "anything")
    assert code == 4 and "is empty (0 bytes)" in output and "Traceback" not in output
    assert (tmp_path / "memory.db").stat().st_size == 0  # left as it was


def test_an_empty_file_another_process_is_creating_is_waited_for(tmp_path: Path) -> None:
    # Two replicas started at once on a new home: one has created the file and not yet written
    # it (in WAL mode it stays empty until the log is first copied in) when the other opens it.
    made = tmp_path / "made"
    with Memory(settings=Settings(home=made, embedder="hash"), background=False) as memory:
        memory.remember("u", "the spare key is with the neighbour")
    home = tmp_path / "new"
    home.mkdir()
    (home / "memory.db").write_bytes(b"")
    writer = threading.Timer(0.3, lambda: shutil.copy(made / "memory.db", home / "memory.db"))
    writer.start()
    try:
        with Memory(settings=Settings(home=home, embedder="hash"), background=False) as memory:
            assert [hit.record.text for hit in memory.recall("u", "spare key").hits][:1] == [
                "the spare key is with the neighbour"
            ]
    finally:
        writer.join()


@pytest.mark.parametrize(
    ("table", "seed"), [("records", 1), ("records", 2), ("memory_fts_data", 3), ("records_owner", 4)]
)
def test_damage_is_said_at_start_up_or_at_the_first_read_never_a_traceback(
    tmp_path: Path, table: str, seed: int
) -> None:
    path = filled(tmp_path)
    damage(path, table, seed)
    try:
        memory = AsyncMemory(
            settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder(), background=False
        )
    except StoreUnavailable as exc:
        assert "damaged" in str(exc) or "cannot use" in str(exc)
        return
    app = create_app(core=memory)
    with TestClient(app, base_url="http://localhost", raise_server_exceptions=False) as client:
        answers = [
            client.post("/v1/recall", json={"user_id": "u", "query": "locker floor keys torch"}),
            client.get("/v1/users/u/history"),
            client.get("/v1/log"),
            client.post("/v1/remember", json={"user_id": "u", "text": "a new note after the damage"}),
        ]
    for answer in answers:
        # 202: the write is acknowledged (it is in the queue) and retried; damage is not its fault.
        assert answer.status_code in (200, 201, 202, 503), answer.text
        assert "Traceback" not in answer.text
        if answer.status_code in (202, 503):
            assert "damaged" in answer.json()["detail"] and "restore" in answer.json()["detail"]
    code, output = cli_run(tmp_path, "doctor")
    assert code == 4 and "damage:" in output and "restore the last backup" in output


def test_doctor_on_a_sound_store_says_so_and_lists_what_waits(tmp_path: Path) -> None:
    filled(tmp_path)
    with open_memory(tmp_path) as mem:
        mem.observe("u", "s", "user", "my parcel AB123456 is at the neighbour's", turn_id="t1")
    code, output = cli_run(tmp_path, "doctor")
    assert code == 0, output
    assert "no damage found (every page read)" in output
    assert "conversation event(s) open" in output or "wait for a vector" in output
