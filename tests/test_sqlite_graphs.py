"""The SQLite store's vector route past a size (stores/sqlite/graphs.py): the graph's answers are the
exact search's when its search is wide enough, it is kept current from the vector feed, kept in a
file a new process reads instead of building it again, refused when it is another store's, built
aside for a large user while the searches stay exact, and a filter that leaves few of its nearest
still finds them."""

from __future__ import annotations

import itertools
import shutil
import sqlite3
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hindsight import Settings
from hindsight.state.local import LruCache
from hindsight.stores.base import Change
from hindsight.stores.exact import UserMatrix
from hindsight.stores.registry import Backend, open_backend
from hindsight.stores.sqlite import graphs
from hindsight.stores.sqlite.vectors import SQLiteVectors

from .conformance.kit import ALICE, MODEL, NOW, T0, rec, where

DIM = 16


def _open(home: Path, **settings: Any) -> Backend:
    return open_backend(Settings(home=home, embedder="hash", **settings), LruCache(8))


def _vectors(backend: Backend) -> SQLiteVectors:
    found = backend.vectors
    assert isinstance(found, SQLiteVectors)
    return found


def _unit(rng: np.random.Generator, n: int) -> np.ndarray:
    vectors = rng.standard_normal((n, DIM)).astype(np.float32)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def _fill(backend: Backend, rng: np.random.Generator, n: int, start: int = 0) -> None:
    records = [
        rec(
            f"r{start + i:04d}",
            tier="long" if (start + i) % 7 == 0 else "short",
            kind="turn" if (start + i) % 5 == 0 else "fact",
            valid_until=T0 + timedelta(hours=1) if (start + i) % 11 == 0 else None,
        )
        for i in range(n)
    ]
    backend.records.apply(Change(add=tuple(records)))
    backend.vectors.set_vectors([r.id for r in records], _unit(rng, n), MODEL)


def _graph_cached(backend: Backend) -> bool:
    return isinstance(_vectors(backend)._cache.get(("graph", ALICE.tenant, ALICE.user)), graphs._UserGraph)


FILTERS = [where(), where(tiers=("long",)), where(kinds=("turn",)), where(at=T0), where(tiers=("short",))]


def _same_answers(exact: Backend, graph: Backend, rng: np.random.Generator) -> None:
    """The graph finds (nearly) what the exact search finds, scored exactly, in the exact order."""
    missed = asked = 0
    for query in _unit(rng, 12):
        for at in FILTERS:
            for k in (1, 5, 40):
                want = dict(exact.vectors.search_vector(at, query, 1000))
                got = graph.vectors.search_vector(at, query, k)
                assert len(got) == min(k, len(want)), (at, k)
                assert all(abs(score - want[rid]) < 1e-6 for rid, score in got), "exact scores"
                assert [s for _, s in got] == sorted((s for _, s in got), reverse=True)
                best = [rid for rid, _ in exact.vectors.search_vector(at, query, k)]
                missed += len(set(best) - {rid for rid, _ in got})
                asked += len(best)
    assert missed <= asked * 0.01, f"the graph missed {missed} of the exact search's {asked}"


def test_a_wide_graph_answers_as_the_exact_search_through_changes(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    exact = _open(tmp_path)
    graph = _open(tmp_path, vector_exact_below=0, hnsw_ef_search=1000)
    try:
        _fill(exact, rng, 400)
        _same_answers(exact, graph, rng)
        assert _graph_cached(graph) and not _graph_cached(exact)
        # changes by the other instance: added, promoted, closed, deleted, vectors set again
        _fill(exact, rng, 50, start=400)
        stored = exact.records.get_many(["r0001", "r0002", "r0003", "r0004"])
        exact.records.apply(
            Change(
                update=(
                    replace(stored["r0001"], tier="long"),
                    replace(stored["r0002"], valid_until=T0 + timedelta(minutes=5)),
                    replace(stored["r0003"], text="told again"),  # its vector goes
                ),
                delete=(stored["r0004"],),
            )
        )
        exact.vectors.set_vectors(["r0010", "r0020"], _unit(rng, 2), MODEL)
        _same_answers(exact, graph, rng)
        found = {rid for rid, _ in graph.vectors.search_vector(where(), _unit(rng, 1)[0], 1000)}
        assert "r0449" in found and not {"r0002", "r0003", "r0004"} & found
        assert graph.vectors.vectors_of(ALICE, ["r0010", "r0003"]).keys() == {"r0010"}
    finally:
        exact.close()
        graph.close()


def test_a_filter_that_leaves_few_of_the_nearest_still_finds_them(tmp_path: Path) -> None:
    rng = np.random.default_rng(2)
    backend = _open(tmp_path, vector_exact_below=0)
    try:
        records = [rec(f"r{i:04d}", tier="long" if i in (17, 611) else "short") for i in range(900)]
        backend.records.apply(Change(add=tuple(records)))
        backend.vectors.set_vectors([r.id for r in records], _unit(rng, 900), MODEL)
        found = backend.vectors.search_vector(where(tiers=("long",)), _unit(rng, 1)[0], 5)
        assert sorted(rid for rid, _ in found) == ["r0017", "r0611"]
        assert _graph_cached(backend)
    finally:
        backend.close()


def test_a_new_process_reads_the_file_and_the_feed_since(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(3)
    first = _open(tmp_path, vector_exact_below=0)
    try:
        _fill(first, rng, 300)
        query = _unit(rng, 1)[0]
        first.vectors.search_vector(where(), query, 10)
        assert list((tmp_path / "memory.db.vectors").glob("*.hnsw"))
        _fill(first, rng, 20, start=300)  # after the file was written
        want_after = first.vectors.search_vector(where(), query, 10)
    finally:
        first.close()

    def no_build(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the graph was built again")

    monkeypatch.setattr(graphs.SQLiteGraphs, "build", no_build)
    second = _open(tmp_path, vector_exact_below=0)
    try:
        got = second.vectors.search_vector(where(), query, 10)
        assert [rid for rid, _ in got] == [rid for rid, _ in want_after] and _graph_cached(second)
        # a view of a file another process replaced and removed keeps what it mapped
        for old in (tmp_path / "memory.db.vectors").glob("*.hnsw"):
            old.unlink()
        third = _open(tmp_path, vector_exact_below=0)
        try:
            _fill(third, rng, 5, start=320)
        finally:
            third.close()
        assert len(second.vectors.search_vector(where(), query, 1000)) == len(
            [n for n in range(325) if n % 11]
        )
    finally:
        second.close()


def _count_builds(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    built: list[object] = []
    real = graphs.SQLiteGraphs.build

    def counted(self: graphs.SQLiteGraphs, scope: Any, threads: int = 0) -> None:
        built.append(scope)
        real(self, scope, threads)

    monkeypatch.setattr(graphs.SQLiteGraphs, "build", counted)
    return built


def test_another_stores_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(4)
    for home in ("a", "b"):
        backend = _open(tmp_path / home, vector_exact_below=0)
        try:
            _fill(backend, np.random.default_rng(4 if home == "a" else 5), 100)
            backend.vectors.search_vector(where(), _unit(rng, 1)[0], 3)
        finally:
            backend.close()
    shutil.rmtree(tmp_path / "b" / "memory.db.vectors")
    shutil.copytree(tmp_path / "a" / "memory.db.vectors", tmp_path / "b" / "memory.db.vectors")
    built = _count_builds(monkeypatch)
    exact = _open(tmp_path / "b")
    graph = _open(tmp_path / "b", vector_exact_below=0)
    try:
        query = _unit(rng, 1)[0]
        assert graph.vectors.search_vector(where(), query, 5) == exact.vectors.search_vector(
            where(), query, 5
        )
        assert built == [ALICE], "store a's graph was not taken for store b's"
    finally:
        exact.close()
        graph.close()


def test_a_feed_too_long_or_pruned_builds_the_graph_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(6)
    backend = _open(tmp_path, vector_exact_below=0)
    other = _open(tmp_path, vector_exact_below=0)
    built = _count_builds(monkeypatch)
    try:
        _fill(backend, rng, 50)
        backend.vectors.search_vector(where(), _unit(rng, 1)[0], 3)
        assert len(built) == 1
        _fill(other, rng, 1200, start=50)  # more than max(1000, half of 50) changes
        found = backend.vectors.search_vector(where(), _unit(rng, 1)[0], 2000)
        assert len(built) == 2 and len(found) == len([n for n in range(1250) if n % 11])
        with sqlite3.connect(tmp_path / "memory.db") as conn:
            conn.execute("INSERT INTO meta (key, value) VALUES ('vector_log_pruned', '999999999')")
        _fill(other, rng, 1, start=1250)
        assert len(backend.vectors.search_vector(where(), _unit(rng, 1)[0], 2000)) == len(found) + 1
        assert len(built) == 3
    finally:
        backend.close()
        other.close()


def test_a_large_user_is_built_aside_while_searches_stay_exact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(graphs, "INLINE_BUILD", 10)
    rng = np.random.default_rng(7)
    backend = _open(tmp_path, vector_exact_below=100, hnsw_ef_search=1000)
    exact = _open(tmp_path)
    try:
        _fill(backend, rng, 99)
        query = _unit(rng, 1)[0]
        backend.vectors.search_vector(where(), query, 5)
        assert not _graph_cached(backend), "under the threshold: exact"
        _fill(backend, rng, 1, start=99)
        assert backend.vectors.search_vector(where(), query, 5) == exact.vectors.search_vector(
            where(), query, 5
        )
        deadline = time.monotonic() + 30
        while not _vectors(backend).graphs.holds(ALICE) and time.monotonic() < deadline:
            time.sleep(0.02)
        got = backend.vectors.search_vector(where(), query, 5)
        assert _graph_cached(backend)
        assert got == exact.vectors.search_vector(where(), query, 5)
    finally:
        backend.close()
        exact.close()


def test_the_feed_logs_every_change_to_a_vector(tmp_path: Path) -> None:
    backend = _open(tmp_path)
    try:
        backend.records.apply(Change(add=(rec("a"), rec("b"))))
        backend.vectors.set_vectors(["a", "b"], _unit(np.random.default_rng(8), 2), MODEL)
        stored = backend.records.get_many(["a", "b"])
        backend.records.apply(Change(update=(replace(stored["b"], valid_until=NOW),)))
        stored = backend.records.get_many(["a", "b"])
        backend.records.apply(Change(update=(replace(stored["a"], text="other"),), delete=(stored["b"],)))
        backend.records.apply(Change(update=(replace(backend.records.get_many(["a"])["a"], tier="long"),)))
    finally:
        backend.close()
    with sqlite3.connect(tmp_path / "memory.db") as conn:
        seqs = dict(conn.execute("SELECT id, seq FROM records"))
        logged = conn.execute("SELECT user_id, record_seq, added FROM vector_log ORDER BY seq").fetchall()
    assert logged == [
        ("alice", seqs["a"], 1),
        ("alice", 2, 1),
        ("alice", 2, 2),  # b closed: what a search filters on
        ("alice", seqs["a"], 0),
        ("alice", 2, 0),
    ]
    assert NOW > T0


def test_an_exact_matrix_is_brought_forward_by_the_feed_as_a_fresh_read_would_read_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(9)
    warm, writer = _open(tmp_path), _open(tmp_path)
    try:
        _fill(writer, rng, 300)
        for at in FILTERS:
            warm.vectors.search_vector(at, _unit(rng, 1)[0], 5)
        reads: list[int] = []
        real = UserMatrix.read.__func__  # type: ignore[attr-defined]

        def counted(cls: type[UserMatrix], generation: int, rows: Any, *args: Any) -> UserMatrix:
            reads.append(len(rows))
            return real(cls, generation, rows, *args)  # type: ignore[no-any-return]

        monkeypatch.setattr(UserMatrix, "read", classmethod(counted))
        _fill(writer, rng, 20, start=300)
        stored = writer.records.get_many(["r0001", "r0002", "r0003", "r0004", "r0005", "r0006"])
        writer.records.apply(
            Change(
                update=(
                    replace(stored["r0001"], tier="long"),
                    replace(stored["r0002"], valid_until=T0 + timedelta(minutes=5)),
                    replace(stored["r0003"], text="told again"),
                    replace(stored["r0005"], kind="turn"),
                    replace(stored["r0006"], importance=0.9),  # nothing a search sees
                ),
                delete=(stored["r0004"],),
            )
        )
        writer.vectors.set_vectors(["r0010", "r0301"], _unit(rng, 2), MODEL)
        fresh = _open(tmp_path)
        try:
            for query in _unit(rng, 6):
                for at in FILTERS:
                    got = warm.vectors.search_vector(at, query, 40)
                    assert got == fresh.vectors.search_vector(at, query, 40), at
            assert reads[0] < 40, "the warm matrix read only the rows logged since"
            kept = _vectors(warm)._cache.get(("vectors", ALICE.tenant, ALICE.user))
            again = _vectors(fresh)._cache.get(("vectors", ALICE.tenant, ALICE.user))
            assert isinstance(kept, UserMatrix) and isinstance(again, UserMatrix)
            assert kept.ids == again.ids and np.array_equal(kept.matrix, again.matrix)
            assert kept.seqs is not None and np.array_equal(kept.seqs, np.sort(kept.seqs))
        finally:
            fresh.close()
    finally:
        warm.close()
        writer.close()


_SMALL_USER_SCRIPT = """
import sys
from datetime import datetime
from pathlib import Path
from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
home = Path(sys.argv[1])
settings = Settings(home=home, embedder="hash")
with Memory(settings=settings, embedder=HashEmbedder(), background=False) as memory:
    memory.remember("u", "the parcel goes to the back door", time=datetime(2026, 3, 1, 9, 0))
    memory.flush()
    assert memory.recall("u", "where does the parcel go").hits
print("usearch" in sys.modules, "onnxruntime" in sys.modules)
"""


def test_a_small_users_process_never_loads_the_graph_engine(tmp_path: Path) -> None:
    """usearch is imported when a graph is first needed: a process whose users are all below the
    threshold never loads it (and so never meets the crash below)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _SMALL_USER_SCRIPT, str(tmp_path)], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["False", "False"]


def test_the_minilm_engine_loads_after_a_graph_was_used() -> None:
    """onnxruntime 1.32 crashes the process (exit 139) when loaded after usearch's compiled module;
    the graph's engine loads it first where it is installed (the `minilm` extra, not in CI's
    environment: there this test cannot run and says so)."""
    import importlib.util
    import subprocess
    import sys

    if importlib.util.find_spec("onnxruntime") is None:
        pytest.skip("onnxruntime (the minilm extra) is not installed here")
    script = (
        "from hindsight.stores.hnsw import Graph, GraphParams\n"
        "Graph.new(8, GraphParams())\n"
        "import onnxruntime\n"
        "print('both loaded')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, (done.returncode, done.stderr[-500:])
    assert done.stdout.strip() == "both loaded"


# -- a mapped graph with changes kept beside it -----------------------------------------------------


def _assert_nearest(got: list[int], vectors: dict[int, np.ndarray], query: np.ndarray, count: int) -> None:
    """`got` are the `count` nearest of `vectors`, nearest first, up to the graph's float16 precision."""
    scores = {key: float(vector @ query) for key, vector in vectors.items()}
    cut = sorted(scores.values(), reverse=True)[count - 1]
    assert len(got) == count and len(set(got)) == count and set(got) <= set(scores)
    assert all(scores[key] >= cut - 2e-3 for key in got), "only the nearest"
    assert all(scores[a] >= scores[b] - 2e-3 for a, b in itertools.pairwise(got)), "nearest first"


def test_a_mapped_graph_keeps_changes_beside_it_and_answers_as_if_they_were_in_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hindsight.stores.hnsw import Graph, GraphParams

    rng = np.random.default_rng(21)
    held = dict(enumerate(_unit(rng, 400)))
    graph = Graph.new(DIM, GraphParams(ef_search=400))
    graph.add(np.array(list(held), dtype=np.int64), np.stack(list(held.values())))
    graph.save(tmp_path / "g.hnsw")
    mapped = Graph.load(tmp_path / "g.hnsw")
    assert mapped is not None and mapped.viewed
    original = dict(held)
    added = {400 + n: vector for n, vector in enumerate(_unit(rng, 30))}
    replaced = {n: vector for n, vector in zip(range(0, 40, 4), _unit(rng, 10), strict=True)}
    removed = [1, 2, 3, 405, 999]  # of the file, added since, and never held
    for change in (added, replaced):
        mapped.add(np.array(list(change), dtype=np.int64), np.stack(list(change.values())))
        held.update(change)
    mapped.remove(np.array(removed, dtype=np.int64))
    for key in removed:
        held.pop(key, None)
    assert mapped.viewed, "a few changes are kept beside the file's view"
    assert len(mapped) == len(held)
    for query in [*_unit(rng, 20), *(original[key] for key in [1, 2, 3, *replaced])]:
        # also where a removed or replaced vector was: it is not found there any more
        _assert_nearest(mapped.search(query, 10, 400).tolist(), held, query, 10)
    # past the most kept beside it, copied into memory with them applied: the same answers
    monkeypatch.setattr("hindsight.stores.hnsw.VIEW_CHANGES_MOST", len(held) // 100 + 60)
    more = {500 + n: vector for n, vector in enumerate(_unit(rng, 40))}
    mapped.add(np.array(list(more), dtype=np.int64), np.stack(list(more.values())))
    held.update(more)
    assert not mapped.viewed and len(mapped) == len(held)
    for query in _unit(rng, 20):
        _assert_nearest(mapped.search(query, 10, 400).tolist(), held, query, 10)


def test_a_process_behind_the_file_maps_it_and_one_that_copies_it_writes_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(22)
    first = _open(tmp_path, vector_exact_below=0)
    try:
        _fill(first, rng, 300)
        first.vectors.search_vector(where(), _unit(rng, 1)[0], 10)  # built and written
        _fill(first, rng, 20, start=300)  # the file is behind the feed now
    finally:
        first.close()
    (tmp_path / "exact").mkdir()
    shutil.copy(tmp_path / "memory.db", tmp_path / "exact" / "memory.db")
    exact = _open(tmp_path / "exact")  # the same memories, searched exactly
    second = _open(tmp_path, vector_exact_below=0)
    try:
        _same_answers(exact, second, rng)
        user = _vectors(second)._cache.get(("graph", ALICE.tenant, ALICE.user))
        assert isinstance(user, graphs._UserGraph) and user.graph.viewed, "mapped, not copied"
        (kept,) = (tmp_path / "memory.db.vectors").glob("*.hnsw")
    finally:
        second.close()
        exact.close()
    monkeypatch.setattr("hindsight.stores.hnsw.VIEW_CHANGES_MOST", 5)
    third = _open(tmp_path, vector_exact_below=0)
    try:
        third.vectors.search_vector(where(), _unit(rng, 1)[0], 10)  # 20 changes: copied
        user = _vectors(third)._cache.get(("graph", ALICE.tenant, ALICE.user))
        assert isinstance(user, graphs._UserGraph) and not user.graph.viewed
        (written,) = (tmp_path / "memory.db.vectors").glob("*.hnsw")
        assert written != kept and user.unsaved == 0, "the copy was written for the next process"
    finally:
        third.close()
    fourth = _open(tmp_path, vector_exact_below=0)
    try:
        fourth.vectors.search_vector(where(), _unit(rng, 1)[0], 10)
        user = _vectors(fourth)._cache.get(("graph", ALICE.tenant, ALICE.user))
        assert isinstance(user, graphs._UserGraph) and user.graph.viewed and user.unsaved == 0
    finally:
        fourth.close()
