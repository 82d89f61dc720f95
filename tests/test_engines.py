"""The engines as an operator meets them: a wrong URL or a missing pgvector at start-up, PostgreSQL
restarted in the middle of a burst of writes, Redis stopped and started while a session goes on,
and a backup moved between engines (SQLite -> PostgreSQL -> SQLite).

These cases restart the test servers with .ci/services.sh (pg-restart, redis-stop, redis-start):
run them against servers of their own (HINDSIGHT_TEST_SERVICES_DIR and ports), never a shared one.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.errors import StoreUnavailable, WriteDeferred
from hindsight.stores.base import StoreContents

from .conformance.backends import _postgres_schema, _redis_state, engine_url

ROOT = Path(__file__).resolve().parent.parent


def services(command: str) -> None:
    """Run .ci/services.sh COMMAND on the servers the tests use."""
    for name in ("HINDSIGHT_TEST_SERVICES_DIR", "HINDSIGHT_TEST_PGPORT", "HINDSIGHT_TEST_REDIS_PORT"):
        engine_url(name)  # set by .ci/services.sh start
    subprocess.run(["bash", str(ROOT / ".ci" / "services.sh"), command], check=True, timeout=120)


@pytest.fixture
def pg_url(tmp_path: Path) -> Iterator[str]:
    with _postgres_schema(tmp_path) as url:
        yield url


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("HINDSIGHT_")}
    return subprocess.run(
        [sys.executable, "-m", "hindsight.cli", *args],
        env={**clean, "HINDSIGHT_EMBEDDER": "hash", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


# -- start-up errors -----------------------------------------------------------------------------


def test_a_wrong_store_url_is_a_clear_error_naming_the_setting(tmp_path: Path) -> None:
    engine_url("HINDSIGHT_TEST_POSTGRES_URL")
    done = _cli(
        {"HINDSIGHT_HOME": str(tmp_path), "HINDSIGHT_STORE": "postgresql://nobody:secret@127.0.0.1:1/none"},
        "stats",
    )
    assert done.returncode == 4, done.stderr
    assert "HINDSIGHT_STORE=postgresql://nobody:***@127.0.0.1:1/none" in done.stderr
    assert "cannot connect to PostgreSQL" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout and "secret" not in done.stderr


def test_a_wrong_state_url_is_a_clear_error_naming_the_setting(tmp_path: Path) -> None:
    done = _cli({"HINDSIGHT_HOME": str(tmp_path), "HINDSIGHT_STATE": "redis://127.0.0.1:1/0"}, "stats")
    assert done.returncode == 4, done.stderr
    assert "HINDSIGHT_STATE=redis://127.0.0.1:1/0" in done.stderr and "cannot reach Redis" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_a_database_without_pgvector_is_a_clear_error_naming_the_setting(tmp_path: Path) -> None:
    base = engine_url("HINDSIGHT_TEST_POSTGRES_URL")
    # A role that may connect but not create the extension: pgvector is "missing" for it.
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS hindsight_novector")
        conn.execute("DROP ROLE IF EXISTS hindsight_plain")
        conn.execute("CREATE ROLE hindsight_plain LOGIN")
        conn.execute("CREATE DATABASE hindsight_novector")
        conn.execute("REVOKE CREATE ON DATABASE hindsight_novector FROM PUBLIC")
    url = base.rsplit("/", 1)[0].replace("postgres@", "hindsight_plain@") + "/hindsight_novector"
    try:
        done = _cli({"HINDSIGHT_HOME": str(tmp_path), "HINDSIGHT_STORE": url}, "stats")
        assert done.returncode == 4, done.stderr
        assert f"HINDSIGHT_STORE={url}" in done.stderr
        assert "pgvector extension is missing" in done.stderr and "CREATE EXTENSION vector" in done.stderr
        assert "Traceback" not in done.stderr + done.stdout
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute("DROP DATABASE IF EXISTS hindsight_novector")
            conn.execute("DROP ROLE IF EXISTS hindsight_plain")


def test_qdrant_vectors_need_a_store_that_feeds_them(tmp_path: Path) -> None:
    done = _cli({"HINDSIGHT_HOME": str(tmp_path), "HINDSIGHT_VECTORS": f"qdrant://{tmp_path / 'q'}"}, "stats")
    assert done.returncode == 2, done.stderr
    assert "HINDSIGHT_VECTORS=qdrant://" in done.stderr and "postgresql://" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


# -- PostgreSQL restarted mid-burst --------------------------------------------------------------------


def test_every_acknowledged_write_survives_a_postgres_crash_mid_burst(pg_url: str, tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, store=pg_url, embedder="hash")
    acknowledged: list[str] = []
    refused = 0
    stop = threading.Event()

    def burst(memory: Memory) -> None:
        nonlocal refused
        n = 0
        while not stop.is_set() and n < 2000:
            n += 1
            try:
                saved = memory.remember("ann", f"Parcel {n} goes to locker {n % 17}", kind="fact")
                acknowledged.append(saved.record.id)
            except WriteDeferred as deferred:  # acknowledged (queued), applied later
                acknowledged.append(str(deferred))
            except StoreUnavailable:
                refused += 1  # not acknowledged: the caller was told
                time.sleep(0.05)

    with Memory(settings=settings, embedder=HashEmbedder(), background=False) as memory:
        writer = threading.Thread(target=burst, args=(memory,))
        writer.start()
        # Writes acknowledged before the restart: the first takes seconds on a loaded machine (one-time
        # set-up), so the restart waits for it rather than for a fixed time.
        deadline = time.monotonic() + 60
        while not acknowledged and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)
        before = len(acknowledged)
        services("pg-restart")
        time.sleep(2.0)
        stop.set()
        writer.join(60)
        assert before > 0 and len(acknowledged) > before, "writes went on after the restart"
        memory.process_queue()
        stored = {record.id for record in memory.records("ann")}
    ids = [rid for rid in acknowledged if not rid.startswith("write ")]
    assert set(ids) <= stored, f"{len(set(ids) - stored)} acknowledged writes lost"
    with Memory(settings=settings, embedder=HashEmbedder(), background=False) as again:
        assert len(again.records("ann")) >= len(ids)
        assert again.backend.queue.waiting() == [], "nothing acknowledged is left unapplied"


# -- Redis stopped and started ---------------------------------------------------------------------


def test_redis_stopped_mid_session_loses_no_turn_of_the_open_event(pg_url: str, tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, store=pg_url, state=_redis_state(tmp_path), embedder="hash")
    said = [f"I keep thinking about the quiet garden, part {n}" for n in range(5)]
    try:
        with Memory(settings=settings, embedder=HashEmbedder(), background=False) as memory:
            memory.observe("bo", "s1", "user", said[0], turn_id="t0")
            memory.observe("bo", "s1", "user", said[1], turn_id="t1")
            assert [t.turn_id for t in memory.working("bo", "s1")] == ["t0", "t1"]
            assert memory.backend.degraded() == {}
            services("redis-stop")
            started = time.perf_counter()
            memory.observe("bo", "s1", "user", said[2], turn_id="t2")
            memory.observe("bo", "s1", "user", said[3], turn_id="t3")
            assert time.perf_counter() - started < 5.0, "nothing hangs while Redis is down"
            degraded = memory.backend.degraded()
            assert "state" in degraded and "unreachable" in degraded["state"], degraded
            assert memory.working("bo", "s1") == [], "working memory is degraded, not an error"
            hits = memory.recall("bo", "quiet garden")  # recall works without the cache
            assert hits.hits
            services("redis-start")
            deadline = time.monotonic() + 40
            while memory.backend.degraded() and time.monotonic() < deadline:
                time.sleep(0.5)
            assert memory.backend.degraded() == {}, "Redis is used again once it answers"
            memory.observe("bo", "s1", "user", said[4], turn_id="t4")
            written = memory.end_session("bo", "s1")
            assert [t.turn_id for t in memory.working("bo", "s1")] in ([], ["t4"])
        with Memory(settings=settings, embedder=HashEmbedder(), background=False) as again:
            turns = {record.text for record in again.records("bo")}
        assert set(said) <= turns, "every turn is stored, those said while Redis was down too"
        summary_sources = {s for record in written.records for s in record.source_ids}
        assert {"t2", "t3"} <= summary_sources or set(said) <= turns
    finally:
        if not _redis_up():
            services("redis-start")


def _redis_up() -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(engine_url("HINDSIGHT_TEST_REDIS_URL"), socket_timeout=0.5).ping())
    except redis.RedisError:
        return False


# -- moving between engines --------------------------------------------------------------------------


def _contents(memory: Memory) -> dict[str, Any]:
    with memory.backend.snapshots.export() as contents:
        assert isinstance(contents, StoreContents)
        records = [(r, None if v is None else v.tolist()) for r, v in contents.records]
        return {
            "counts": dict(contents.counts),
            "records": records,
            "log": list(contents.write_log),
            "queue": [(e.id, e.op, e.payload, e.attempts, e.tenant, e.user_id) for e in contents.queue],
            "dead": [(e.id, e.op, e.payload, e.attempts, e.tenant, e.user_id) for e in contents.dead_letters],
        }


def test_a_backup_moves_sqlite_to_postgres_to_sqlite_with_everything(pg_url: str, tmp_path: Path) -> None:
    from datetime import timedelta

    from hindsight.models import Scope
    from hindsight.stores.base import Claim
    from hindsight.timeutil import utcnow

    first = Settings(home=tmp_path / "a", embedder="hash")
    with Memory(settings=first, embedder=HashEmbedder(), background=False) as memory:
        memory.remember("ann", "Ships with DHL from now on", tier="long", kind="preference", slot="carrier")
        memory.remember("ann", "Ships with UPS from now on", tier="long", kind="preference", slot="carrier")
        memory.observe("ann", "s1", "user", "我上周买的耳机订单号是SF123456，一直没到货。", turn_id="t1")
        memory.observe(
            "ann", "s1", "user", "My api key is sk-abcdefghijklmnopqrstuvwxyz123456"
        )  # refused, logged
        memory.end_session("ann", "s1")
        memory.for_tenant("acme").remember("bob", "Bob's desk is by the window")
        queue = memory.backend.queue
        now = utcnow()
        waiting = queue.enqueue("remember", {"text": "later"}, Scope("default", "ann"), now)
        dead = queue.enqueue(
            "remember", {"text": "broken"}, Scope("acme", "bob"), now, owner="w", lease_until=now
        )
        assert queue.fail(Claim(dead, "w"), "bad input", None, now)
        assert waiting
        original = _contents(memory)
        memory.backup(tmp_path / "one.jsonl")
    assert original["counts"]["record"] >= 4 and original["log"] and original["queue"] and original["dead"]

    on_pg = Settings(home=tmp_path / "b", store=pg_url, embedder="hash")
    with Memory(settings=on_pg, embedder=HashEmbedder(), background=False) as memory:
        memory.restore(tmp_path / "one.jsonl")
        assert _contents(memory) == original
        memory.backup(tmp_path / "two.jsonl")

    back = Settings(home=tmp_path / "c", embedder="hash")
    with Memory(settings=back, embedder=HashEmbedder(), background=False) as memory:
        memory.restore(tmp_path / "two.jsonl")
        assert _contents(memory) == original
        assert memory.recall("ann", "SF123456", now=utcnow() + timedelta(seconds=1)).hits


def test_ready_says_what_is_degraded_while_redis_is_down(pg_url: str, tmp_path: Path) -> None:
    import asyncio

    from fastapi.testclient import TestClient

    from hindsight import AsyncMemory
    from hindsight.server.http import create_app

    settings = Settings(home=tmp_path, store=pg_url, state=_redis_state(tmp_path), embedder="hash")
    core = AsyncMemory(settings=settings, embedder=HashEmbedder())
    try:
        with TestClient(create_app(core=core), base_url="http://localhost") as client:
            assert client.get("/ready").json()["status"] == "ready"
            services("redis-stop")
            try:
                answer = client.get("/ready")
                assert answer.status_code == 200, "still serving: writes and recall go on"
                body = answer.json()
                assert body["status"] == "degraded" and "unreachable" in body["degraded"]["state"], body
                said = client.post(
                    "/v1/observe",
                    json={
                        "user_id": "cy",
                        "session_id": "s",
                        "role": "user",
                        "text": "My parcel SF778899 is late",
                    },
                )
                assert said.status_code == 200, said.text
            finally:
                services("redis-start")
    finally:
        asyncio.run(core.close())


def test_a_user_past_the_exact_threshold_is_searched_through_an_hnsw_index_of_their_own(
    pg_url: str, tmp_path: Path
) -> None:
    from datetime import datetime, timedelta

    import numpy as np

    from hindsight.models import MemoryRecord, Scope
    from hindsight.settings import Settings
    from hindsight.state.local import LruCache
    from hindsight.stores.base import Change, RecordFilter
    from hindsight.stores.postgres.vectors import index_name
    from hindsight.stores.registry import open_backend

    t0 = datetime(2024, 5, 8)
    big, small = Scope("default", "big"), Scope("default", "small")
    rng = np.random.default_rng(3)

    def records(scope: Scope, n: int) -> list[MemoryRecord]:
        return [
            MemoryRecord(
                id=f"{scope.user}-{i}",
                user_id=scope.user,
                tier="long" if i % 3 == 0 else "short",
                kind="fact",
                text=f"note {i}",
                created_at=t0,
                event_time=t0,
                valid_from=t0,
                valid_until=t0 + timedelta(days=1) if i % 7 == 0 else None,
            )
            for i in range(n)
        ]

    settings = Settings(home=tmp_path, store=pg_url, embedder="hash", vector_exact_below=40)
    backend = open_backend(settings, LruCache(4))
    try:
        for scope, n in ((big, 60), (small, 10)):
            added = records(scope, n)
            backend.records.apply(Change(add=added))
            vectors = rng.standard_normal((n, 8)).astype(np.float32)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            backend.vectors.set_vectors([r.id for r in added], vectors, "m")
        base = engine_url("HINDSIGHT_TEST_POSTGRES_URL")
        schema = pg_url.rsplit("schema=", 1)[1]
        with psycopg.connect(base, autocommit=True) as conn:
            names = {
                row[0]
                for row in conn.execute("SELECT indexname FROM pg_indexes WHERE schemaname = %s", (schema,))
            }
        assert index_name(big, 8) in names and index_name(small, 8) not in names
        exact = open_backend(settings, LruCache(4))
        exact.vectors._indexed_user = lambda *args: False  # type: ignore[attr-defined]  # the exact scan
        try:
            for tiers in (("short", "long"), ("short",), ("long",)):
                where = RecordFilter(scope=big, valid_at=t0 + timedelta(days=2), tiers=tiers)  # type: ignore[arg-type]
                for _ in range(5):
                    query = rng.standard_normal(8).astype(np.float32)
                    query /= np.linalg.norm(query)
                    found = backend.vectors.search_vector(where, query, 5)
                    assert [rid for rid, _ in found] == [
                        rid for rid, _ in exact.vectors.search_vector(where, query, 5)
                    ]
                    assert all(not rid.endswith(("-0", "-7", "-14")) for rid, _ in found), (
                        "closed ones are out"
                    )
        finally:
            exact.close()
    finally:
        backend.close()
