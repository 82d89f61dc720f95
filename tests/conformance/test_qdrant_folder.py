"""Qdrant's local mode (the only Qdrant CI can run: qdrant-client in the process, no server) shared
by two processes: each opens the folder for one operation at a time, and neither may read it while
the other writes it. qdrant-client reads a folder before taking its lock; a fresh folder read while
the other process was creating it once failed a CI run ("Expecting value: line 1 column 1")."""

from __future__ import annotations

from pathlib import Path

from tests.conformance.workers import (
    Processes,
    share_a_held_folder,
    take_turns_on_fresh_folders,
)

FOLDERS = 20


def test_two_processes_opening_fresh_folders_at_once_both_write_to_each(
    processes: Processes, tmp_path: Path
) -> None:
    from hindsight.stores.qdrant import Connection

    written = processes.side_by_side(
        take_turns_on_fresh_folders, (str(tmp_path), FOLDERS, 1), (str(tmp_path), FOLDERS, 2)
    )
    assert written == [FOLDERS, FOLDERS]
    for n in range(FOLDERS):
        with Connection(f"qdrant://{tmp_path}/{n}").client() as client:
            assert [c.name for c in client.get_collections().collections] == ["turns"]
            points, _ = client.scroll("turns", limit=10)
            assert sorted(int(p.id) for p in points) == [1, 2], f"folder {n}"


def test_a_folder_another_process_holds_is_not_read_until_it_lets_go(
    processes: Processes, tmp_path: Path
) -> None:
    (held_from, held_to), (reads, saw_collection) = processes.side_by_side(
        share_a_held_folder, (str(tmp_path), True), (str(tmp_path), False)
    )
    assert held_to - held_from >= 1.0
    assert reads, "the second process never opened the folder"
    assert all(read > held_to for read in reads), "read while the other process held the folder"
    assert saw_collection
