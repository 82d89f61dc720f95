"""Scale on the embedded default (one SQLite file): one user's memory at 1k, 10k, 100k (and 1M)
memories, loaded straight into the store's tables, then full recalls through `Memory`, timed per
route. The overhead beyond embedding is a recall's time minus its embedding step.

    python bench/scale_sqlite.py load --home /tmp/scale-sqlite --sizes 1000,10000,100000
    python bench/scale_sqlite.py recall --home /tmp/scale-sqlite --queries 200
    python bench/scale_sqlite.py graphs --home /tmp/scale-sqlite     # (load does it too)
    python bench/scale_sqlite.py quality --home /tmp/scale-sqlite --users n100000

`load` writes one user per size ("n1000", "n10000", ...) into one store, as the PostgreSQL scale
bench does: synthetic unit vectors clustered per user (the embedder's dimension and model id, so
recall uses them), 8-word texts over a 5,000-word Zipf vocabulary and one order-number entity each.
Timing only: their recall quality means nothing (the shared bench files measure quality).
`recall` reports, per user, the overhead p50/p99, each step's p50/p99, the first (cold) recall
and the process's peak RSS. `graphs` builds the vector graph of each user at or past
HINDSIGHT_VECTOR_EXACT_BELOW (`load` does it after loading, as the first search past the threshold
would in the background), so that `recall` measures a store whose graphs are kept in their files.
`quality` compares the graph's top 10 with the exact search's for the recall's queries.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import resource
import sqlite3
import statistics
import time
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np

from hindsight import Memory, Settings
from hindsight.indexing import normalize_entity
from hindsight.models import TIERS, Scope
from hindsight.settle import freeze_start_up_objects
from hindsight.state.local import LruCache
from hindsight.stores.base import RecordFilter
from hindsight.stores.registry import open_backend
from hindsight.stores.sqlite.database import owner_token
from hindsight.timeutil import to_epoch

T0 = datetime(2026, 1, 1)
NOW = T0 + timedelta(days=900)
WORDS = [f"w{n}" for n in range(5000)]
BATCH = 20_000


def _words(rng: np.random.Generator, n: int, per: int) -> list[list[str]]:
    ranks = np.minimum(rng.zipf(1.3, size=(n, per)) - 1, len(WORDS) - 1)
    return [[WORDS[r] for r in row] for row in ranks]


FREEZE_GC = False
"""--freeze-gc: recall as `serve`'s processes run, their start-up objects frozen (settle.py)."""
EXACT_BELOW: int | None = None
"""--exact-below: HINDSIGHT_VECTOR_EXACT_BELOW for this run (None: the default)."""


def _settings(home: Path, embedder: str) -> Settings:
    # Every query embedded afresh (a repeated synthetic query would skip the model).
    more = {} if EXACT_BELOW is None else {"vector_exact_below": EXACT_BELOW}
    return Settings(home=home, embedder=embedder, recall_cache_ttl_s=0, query_vectors_kept=0, **more)


def _users(home: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(home / "memory.db") as conn:
        found = conn.execute("SELECT user_id, count(*) FROM records GROUP BY user_id ORDER BY 2").fetchall()
    return [(str(user), int(size)) for user, size in found]


def graphs(home: Path, embedder: str) -> None:
    """Build and keep the graph of each user at or past the threshold (what a search past it starts
    in the background), timed."""
    settings = _settings(home, embedder)
    backend = open_backend(settings, LruCache(4))
    try:
        for user, size in _users(home):
            if size < settings.vector_exact_below:
                continue
            started = time.perf_counter()
            backend.vectors.build_graph(Scope("default", user))  # type: ignore[attr-defined]
            took = round(time.perf_counter() - started, 1)
            print(json.dumps({"user": user, "memories": size, "graph_build_s": took}), flush=True)
    finally:
        backend.close()
    print(json.dumps({"vector_files_mb": _folder_mb(home / "memory.db.vectors")}), flush=True)


def _folder_mb(folder: Path) -> float:
    return (
        round(sum(f.stat().st_size for f in folder.glob("*") if f.is_file()) / 1e6, 1)
        if folder.is_dir()
        else 0.0
    )


def _query(rng: np.random.Generator, q: int, size: int) -> str:
    words = " ".join(w for row in _words(rng, 1, 4) for w in row)
    if q % 3 == 0:
        return f"what about {words} and order SF{int(rng.integers(size)):08d}?"
    return f"tell me about {words}"


def _queries(rng: np.random.Generator, size: int, count: int) -> list[str]:
    return [_query(rng, q, size) for q in range(count)]


def quality(home: Path, queries: int, embedder: str, users: list[str] | None) -> None:
    """recall@10 of the graph against the exact search, for the recall's own queries (embedded) and
    for stored vectors moved a little (a query near a memory)."""
    settings = _settings(home, embedder)
    with Memory(settings=settings, background=False) as memory:
        model = memory.embedder
    backend = open_backend(settings, LruCache(4))
    try:
        vectors = backend.vectors
        for user, size in _users(home):
            if users and user not in users:
                continue
            scope = Scope("default", user)
            where = RecordFilter(scope=scope, valid_at=NOW, tiers=TIERS)
            rng = np.random.default_rng(11)
            asked = [model.embed_query(text) for text in _queries(rng, size, queries)]
            exact = vectors._matrix(scope)  # type: ignore[attr-defined]
            near = exact.matrix[rng.integers(len(exact.ids), size=queries)]
            near = near + 0.05 * rng.standard_normal(near.shape).astype(np.float32)
            asked += list(near / np.linalg.norm(near, axis=1, keepdims=True))
            if vectors.graphs.search(where, asked[0], 10) is None:  # type: ignore[attr-defined]
                vectors.build_graph(scope)  # type: ignore[attr-defined]
            found: dict[str, list[float]] = {"embedded queries": [], "near a memory": []}
            for n, vector in enumerate(asked):
                want = {rid for rid, _ in exact.search(where, vector, 10)}
                got = {rid for rid, _ in vectors.graphs.search(where, vector, 10)}  # type: ignore[attr-defined]
                found["embedded queries" if n < queries else "near a memory"].append(len(want & got) / 10)
            print(
                json.dumps(
                    {
                        "user": user,
                        "memories": size,
                        "ef_search": settings.hnsw_ef_search,
                        **{f"recall@10 {name}": round(float(np.mean(v)), 3) for name, v in found.items()},
                    }
                ),
                flush=True,
            )
    finally:
        backend.close()


def _owners(sizes: list[str]) -> list[tuple[str, int]]:
    """(user, memories) for each size: "100000" is one user ("n100000"), "1000x1000" a thousand
    users of a thousand memories each ("m1000-0000", ...)."""
    owners: list[tuple[str, int]] = []
    for given in sizes:
        many, _, size = given.rpartition("x")
        if many:
            owners += [(f"m{int(size)}-{u:04d}", int(size)) for u in range(int(many))]
        else:
            owners.append((f"n{int(size)}", int(size)))
    return owners


def load(home: Path, sizes: list[str], embedder: str) -> None:
    # Opening creates and migrates the store.
    with Memory(settings=_settings(home, embedder), background=False) as memory:
        model = memory.embedder
        dim, model_id = model.dim, model.model_id
    rng = np.random.default_rng(7)
    conn = sqlite3.connect(home / "memory.db")
    conn.execute("PRAGMA journal_mode=WAL")
    started_all = time.perf_counter()
    owners = _owners(sizes)
    for user, size in owners:
        owner = owner_token(Scope("default", user))
        center = rng.standard_normal(dim).astype(np.float32)
        started = time.perf_counter()
        for first in range(0, size, BATCH):
            count = min(BATCH, size - first)
            vectors = center + 1.5 * rng.standard_normal((count, dim)).astype(np.float32)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            texts = [" ".join(words) for words in _words(rng, count, 8)]
            rows, fts, entities = [], [], []
            for i in range(count):
                n = first + i
                rid = f"{user}-{n:08d}"
                order = f"SF{n:08d}"
                # The order number is in the text, as the store indexes it (FTS5 and the in-memory
                # index read the same words).
                text = f"{texts[i]} {order}"
                when = to_epoch(T0 + timedelta(minutes=n))
                rows.append(
                    (
                        rid,
                        user,
                        "long" if n % 10 == 0 else "short",
                        text,
                        json.dumps({"order": order}),
                        when,
                        when,
                        when,
                        vectors[i].tobytes(),
                        model_id,
                    )
                )
                fts.append((text, owner, rid))
                entities.append((rid, user, normalize_entity(order)))
            with conn:
                conn.executemany(
                    "INSERT INTO records (id, tenant, user_id, tier, kind, text, source_ids, entities, "
                    "importance, created_at, event_time, valid_from, origin, embedding, embedding_model) "
                    "VALUES (?, 'default', ?, ?, 'fact', ?, '[]', ?, 0.5, ?, ?, ?, 'manual', ?, ?)",
                    rows,
                )
                conn.executemany("INSERT INTO memory_fts (body, owner, record_id) VALUES (?, ?, ?)", fts)
                conn.executemany(
                    "INSERT INTO memory_entities (record_id, tenant, user_id, value) "
                    "VALUES (?, 'default', ?, ?)",
                    entities,
                )
        if user.startswith("n"):
            took = round(time.perf_counter() - started, 1)
            print(json.dumps({"user": user, "memories": size, "load_s": took}))
    many = [user for user, _ in owners if user.startswith("m")]
    if many:
        took = round(time.perf_counter() - started_all, 1)
        print(json.dumps({"users": len(many), "memories_each": owners[-1][1], "load_s": took}), flush=True)
    _recount(conn)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    print(json.dumps({"store_bytes": (home / "memory.db").stat().st_size}), flush=True)
    with contextlib.suppress(AttributeError):  # the code before graphs has none to build
        graphs(home, embedder)


def _recount(conn: sqlite3.Connection) -> None:
    """The keyword statistics the writes would have counted, counted from the loaded records (a
    store of the code before them has none to count: it migrates and counts when it opens)."""
    try:
        from hindsight.stores.sqlite.keywords import recount
    except ImportError:
        return
    started = time.perf_counter()
    with conn:
        recount(conn)
    print(json.dumps({"keyword_statistics_s": round(time.perf_counter() - started, 1)}))


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[int(q * (len(ordered) - 1))], 1)


def _timed(memory: Memory, asked: list[tuple[str, str]]) -> dict[str, object]:
    """Each (user, question) recalled in turn: the overhead beyond embedding, the whole call, and
    each step, as p50 / p99."""
    overhead: list[float] = []
    total: list[float] = []
    steps: dict[str, list[float]] = {}
    for user, text in asked:
        started = time.perf_counter()
        answer = memory.recall(user, text, now=NOW, top_k=10)
        ms = (time.perf_counter() - started) * 1000
        total.append(ms)
        overhead.append(ms - answer.timings.get("embed", 0.0))
        for step, took in answer.timings.items():
            steps.setdefault(step, []).append(took)
    return {
        "queries": len(asked),
        "overhead_p50_ms": round(statistics.median(overhead), 1),
        "overhead_p99_ms": _percentile(overhead, 0.99),
        "total_p50_ms": round(statistics.median(total), 1),
        "total_p99_ms": _percentile(total, 0.99),
        "steps_p50_p99_ms": {
            step: [round(statistics.median(v), 1), _percentile(v, 0.99)] for step, v in steps.items()
        },
    }


def _memory_now() -> dict[str, int]:
    return {
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "rss_mb": _rss_mb(),
    }


def recall(home: Path, queries: int, embedder: str, users: list[str] | None) -> None:
    """Each single user ("n..."): a cold first recall, then `queries` recalls. The many users of one
    size ("m<size>-..."), as a group: `queries` recalls each to a user drawn at random (most seen for
    the first time: their indexes built or read then), then the same again (now seen)."""
    found = _users(home)
    rng = np.random.default_rng(11)
    with Memory(settings=_settings(home, embedder), background=False) as memory:
        memory.recall("warm-up", "warm up the model", now=NOW)
        if FREEZE_GC:  # as `serve` runs: start-up objects out of full collections (settle.py)
            freeze_start_up_objects()
        groups: dict[int, list[str]] = {}
        for user, size in found:
            if user.startswith("m"):
                groups.setdefault(size, []).append(user)
            elif not users or user in users:
                started = time.perf_counter()
                memory.recall(user, "cold start w1 w2", now=NOW)
                cold_ms = round((time.perf_counter() - started) * 1000, 1)
                timed = _timed(memory, [(user, _query(rng, q, size)) for q in range(queries)])
                summary = {"user": user, "memories": size, **timed, "cold_first_recall_ms": cold_ms}
                print(json.dumps({**summary, **_memory_now()}), flush=True)
        for size, members in groups.items():
            if users and f"{len(members)}x{size}" not in users:
                continue
            picked = rng.choice(len(members), size=queries)
            asked = [(members[int(u)], _query(rng, q, size)) for q, u in enumerate(picked)]
            for seen in (False, True):
                timed = _timed(memory, asked)
                group = {"users": len(members), "memories_each": size, "users_seen_before": seen}
                print(json.dumps({**group, **timed, **_memory_now()}), flush=True)


def _rss_mb() -> int:
    """The process's resident memory now (Linux)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0
    return round(pages * resource.getpagesize() / 2**20)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("step", choices=["load", "recall", "graphs", "quality"])
    parser.add_argument("--home", type=Path, required=True, help="the store's folder (created by load)")
    parser.add_argument(
        "--sizes",
        default="1000,10000,100000",
        help="memories per user, comma-separated; USERSxSIZE for many users of one size (1000x1000)",
    )
    parser.add_argument("--embedder", default="e5", help="e5 (the default) or hash")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument(
        "--users", default="", help="only these users (comma-separated), e.g. n100000 or 1000x1000"
    )
    parser.add_argument(
        "--keyword-join-all",
        action="store_true",
        help="the keyword route as before: every match joined to its record, then sorted",
    )
    parser.add_argument(
        "--exact-below", type=int, default=None, help="HINDSIGHT_VECTOR_EXACT_BELOW for this run"
    )
    parser.add_argument(
        "--freeze-gc", action="store_true", help="recall as serve's processes run (start-up objects frozen)"
    )
    args = parser.parse_args()
    global EXACT_BELOW, FREEZE_GC
    EXACT_BELOW, FREEZE_GC = args.exact_below, args.freeze_gc
    if args.keyword_join_all:
        from hindsight.stores.sqlite import keywords

        keywords.MOST_CANDIDATES = 0
    if args.step == "load":
        args.home.mkdir(parents=True, exist_ok=True)
        load(args.home, args.sizes.split(","), args.embedder)
    elif args.step == "graphs":
        graphs(args.home, args.embedder)
    elif args.step == "quality":
        quality(args.home, args.queries, args.embedder, [u for u in args.users.split(",") if u])
    else:
        recall(args.home, args.queries, args.embedder, [u for u in args.users.split(",") if u])


if __name__ == "__main__":
    main()
