"""Workers for the concurrency cases: each runs in a thread or in a process of its own (started with
the `spawn` context, so it imports this module afresh and opens the store from its settings, as a
real second process does). Nothing here depends on the backend: a worker opens whatever the
settings name."""

from __future__ import annotations

import multiprocessing
import os
import uuid
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timedelta
from multiprocessing.pool import Pool
from typing import Any, Protocol

from hindsight.errors import ClaimLost, WriteDeferred
from hindsight.models import MemoryRecord, QueueEntry, Scope
from hindsight.settings import Settings
from hindsight.state.local import LruCache
from hindsight.stores.base import Change, Claim
from hindsight.stores.registry import Backend, open_backend

T0 = datetime(2024, 5, 8, 13, 56, 0)
LEASE = timedelta(hours=1)
SIDE_BY_SIDE_S = 300
"""How long the two processes' calls may take together: generous, for a loaded machine (a bound that
breaks there tells nothing about the stores)."""
OBSERVED_TEXT = "I keep thinking about the quiet garden, part {n} of {prefix}"
"""A turn the guard stores and no trigger acts on: it stays in the open event."""


class Waiter(Protocol):
    def wait(self, timeout: float | None = None) -> int: ...


def record_for(entry: QueueEntry, owner: str) -> MemoryRecord:
    """What applying a queued entry writes: a record with a fresh id, naming its entry and who applied
    it - so an entry applied twice would show as two records."""
    return MemoryRecord(
        id=uuid.uuid4().hex,
        user_id=entry.user_id,
        tenant=entry.tenant,
        tier="short",
        kind="fact",
        text=str(entry.payload.get("text", "")),
        created_at=T0,
        event_time=T0,
        valid_from=T0,
        source_ids=(f"entry-{entry.id}",),
        agent_id=owner,
    )


def drain(
    backend: Backend,
    owner: str,
    *,
    now: datetime = T0,
    batch: int = 5,
    start: Waiter | None = None,
) -> list[int]:
    """Claim due entries a batch at a time and apply each in one Change that removes it (the outbox),
    until none is left; returns the ids this worker applied. `start` is waited on once the first batch
    is claimed, so that two workers hold claims at the same time."""
    applied: list[int] = []
    first = True
    while True:
        claimed = backend.queue.claim(owner, now, now + LEASE, batch)
        if first and start is not None:
            start.wait(60)
        first = False
        if not claimed:
            return applied
        for entry in claimed:
            try:
                backend.records.apply(Change(add=(record_for(entry, owner),), done=Claim(entry.id, owner)))
            except ClaimLost:
                continue  # another worker applies it
            applied.append(entry.id)


# -- in a process of a spawned pool: both of a case's tasks run at once, one in each process ------------

_START: Waiter | None = None


def start_process(start: Waiter) -> None:
    """A pool process's initializer: the barrier its tasks start on (a cyclic one, shared by the
    pool's two processes); and what the tasks need, imported while the pool starts."""
    global _START
    _START = start
    import hindsight.memory  # noqa: F401


def _in_process(task: Callable[..., Any], args: Sequence[Any]) -> tuple[int, Any]:
    return os.getpid(), task(*args)


def _started() -> Waiter:
    assert _START is not None, "not in a process started by start_process"
    return _START


def drain_in_process(settings: Mapping[str, Any], owner: str) -> list[int]:
    backend = open_backend(Settings(**settings), LruCache(8))
    try:
        return drain(backend, owner, start=_started())
    finally:
        backend.close()


def observe_turns(
    memory: Any, user: str, session: str, prefix: str, count: int, start: Waiter | None = None
) -> list[str]:
    """Observe `count` turns of one session; returns the ids of those deferred to the queue (the
    store kept refusing their plan while another writer changed the same open event)."""
    if start is not None:
        start.wait(60)
    deferred: list[str] = []
    for n in range(count):
        turn_id = f"{prefix}-{n}"
        try:
            memory.observe(user, session, "user", OBSERVED_TEXT.format(n=n, prefix=prefix), turn_id=turn_id)
        except WriteDeferred:
            deferred.append(turn_id)
    return deferred


def observe_in_process(
    settings: Mapping[str, Any], user: str, session: str, prefix: str, count: int
) -> list[str]:
    from hindsight import Memory
    from hindsight.embedding.hashing import HashEmbedder

    with Memory(settings=Settings(**settings), embedder=HashEmbedder(), background=False) as memory:
        return observe_turns(memory, user, session, prefix, count, _started())


def remember_payload(scope: Scope, n: int) -> dict[str, object]:
    """A queued `remember`, as WriteService acknowledges one."""
    return {
        "record_id": uuid.uuid4().hex,
        "tenant": scope.tenant,
        "user_id": scope.user,
        "text": f"Shelf note {n}: the folder sits in the study",
        "tier": "short",
        "kind": "fact",
        "entities": {},
        "importance": None,
        "time": T0.isoformat(),
        "source_ids": [],
        "guard": {"action": "store", "reason": ""},
    }


class Processes:
    """Two processes started with the `spawn` context (as two servers or workers would be: nothing
    inherited but what is passed), kept for the session: starting and importing Hindsight twice for
    every case would cost more than the cases."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._start = context.Barrier(2)
        self._pool: Pool = context.Pool(2, initializer=start_process, initargs=(self._start,))

    def side_by_side(self, task: Callable[..., Any], *calls: Sequence[Any]) -> list[Any]:
        """Run `task` with each argument list, each in its own process, at once; their results."""
        assert len(calls) == 2, "one call per process: both wait for each other to start"
        if self._start.broken:  # by a case that failed before: it must not fail every case after it
            self._start.reset()
        running = [self._pool.apply_async(_in_process, (task, tuple(args))) for args in calls]
        for result in running:  # both ended, even when one failed: nothing of this case runs on into the next
            result.wait(SIDE_BY_SIDE_S)
        done = [result.get(timeout=0) for result in running]
        pids = {pid for pid, _ in done}
        assert len(pids) == 2 and os.getpid() not in pids, "two processes of their own"
        return [value for _, value in done]

    def close(self) -> None:
        self._pool.close()
        self._pool.join()


# -- many writers: threads of their own Memory each, in each of the two processes -------------------

WRITERS_MEET_S = 240  # below SIDE_BY_SIDE_S: a writer that never comes breaks the barrier first

# Said as a plain statement: "Writer p0w1 note 1: locker ..." read once in 64 as content quoted for
# the agent to the guard's learned layer (a wrapper like "Tool output: ..."), and was refused.
MANY_TEXT = "Writer {writer} keeps the blue folder in locker {writer}-{n}"


def write_as_many(
    settings: Mapping[str, Any], writers: Sequence[str], count: int
) -> list[tuple[str, str, str]]:
    """Each writer (a thread with a Memory of its own) remembers `count` notes and observes `count`
    turns of its own session for one shared user, all writers starting together. Returns what each
    call answered: (what, the note's text or the turn's id, "stored:RECORD_ID" | "deferred" | the
    error's class and message)."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from hindsight import Memory
    from hindsight.embedding.hashing import HashEmbedder

    together = threading.Barrier(len(writers))

    def write(writer: str) -> list[tuple[str, str, str]]:
        answers: list[tuple[str, str, str]] = []
        try:
            memory = Memory(settings=Settings(**settings), embedder=HashEmbedder(), background=False)
        except BaseException:
            together.abort()  # the others stop waiting, and this error is the one the test shows
            raise
        with memory:
            # Sixteen Memory objects opening at once on two busy cores took more than a minute on a
            # loaded machine (the barrier broke twice in local runs): the wait is bounded by the
            # side-by-side call's own timeout, not tighter.
            together.wait(WRITERS_MEET_S)
            for n in range(count):
                text = MANY_TEXT.format(writer=writer, n=n)
                try:
                    answers.append(("remember", text, f"stored:{memory.remember('shared', text).record.id}"))
                except WriteDeferred:
                    answers.append(("remember", text, "deferred"))
                except Exception as exc:  # counted, not raised: the test says which answers were wrong
                    answers.append(("remember", text, f"{type(exc).__name__}: {exc}"))
                turn_id = f"{writer}-{n}"
                said = OBSERVED_TEXT.format(n=n, prefix=writer)
                try:
                    memory.observe("shared", f"session-{writer}", "user", said, turn_id=turn_id)
                    answers.append(("observe", turn_id, "stored"))
                except WriteDeferred:
                    answers.append(("observe", turn_id, "deferred"))
                except Exception as exc:
                    answers.append(("observe", turn_id, f"{type(exc).__name__}: {exc}"))
        return answers

    if _START is not None:
        _START.wait(60)  # the other process's writers start with these
    with ThreadPoolExecutor(len(writers)) as pool:
        return [answer for done in pool.map(write, writers) for answer in done]


# -- vectors changed by another process -------------------------------------------------------------


def change_vectors(settings: Mapping[str, Any], prefix: str, dim: int) -> list[str]:
    """In a process of its own: add 30 records with vectors for ALICE (ids `prefix`-n), then close
    the first, delete the second and take the third's vector away by changing its text. Returns
    the ids that must still be found."""
    from dataclasses import replace

    import numpy as np

    # seeded by the prefix's bytes, not hash(): a str's hash changes with each run's hash seed, and one run in
    # five hundred seeded a process like the test (3), so that its vectors equalled the test's and tied
    rng = np.random.default_rng([1000, *prefix.encode()])
    if _START is not None:
        _START.wait(60)  # both processes at once (else one could take both calls)
    backend = open_backend(Settings(**settings), LruCache(8))
    try:
        records = [
            MemoryRecord(
                id=f"{prefix}-{n}", user_id="alice", tenant="default", tier="short", kind="fact",
                text=f"note {prefix} {n}", created_at=T0, event_time=T0, valid_from=T0,
            )
            for n in range(30)
        ]  # fmt: skip
        backend.records.apply(Change(add=tuple(records)))
        vectors = rng.standard_normal((30, dim)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        backend.vectors.set_vectors([r.id for r in records], vectors, "test-model-v1")
        stored = backend.records.get_many([r.id for r in records[:3]])
        closed = stored[records[0].id]
        backend.records.apply(Change(update=(replace(closed, valid_until=T0 + timedelta(minutes=1)),)))
        backend.records.apply(Change(delete=(stored[records[1].id],)))
        backend.records.apply(Change(update=(replace(stored[records[2].id], text="told again"),)))
        return [r.id for r in records[3:]]
    finally:
        backend.close()


# -- where a user lives: set in one process, read in the other -------------------------------------


def set_locality_then_recall(settings: Mapping[str, Any], user: str, zone: str) -> str:
    """Store where `user` lives (once both processes have started), then recall "yesterday" for them
    and return what the explanation says of the clock the query was read on."""
    from hindsight import Memory
    from hindsight.embedding.hashing import HashEmbedder

    with Memory(settings=Settings(**settings), embedder=HashEmbedder(), background=False) as memory:
        _started().wait(60)
        memory.set_locality(user, zone)
        _started().wait(60)  # both localities are stored: each process reads the other's user too
        other = "dana" if user == "carl" else "carl"
        answer = memory.recall(other, "what did I say yesterday?", now="2026-12-06T01:00:00")
        return answer.notes["time"]


# -- qdrant-client's local mode: two processes taking turns on the same folders -------------------


def take_turns_on_fresh_folders(root: str, folders: int, point: int) -> int:
    """For each of `folders` new folders under `root`, both processes at once: open the folder as
    the Qdrant index does, make the collection if it is not there yet, and add this process's point.
    Returns how many folders it wrote to."""
    from qdrant_client import models

    from hindsight.stores.qdrant import Connection

    for n in range(folders):
        _started().wait(60)
        with Connection(f"qdrant://{root}/{n}").client() as client:
            if not client.collection_exists("turns"):
                client.create_collection(
                    "turns", vectors_config=models.VectorParams(size=2, distance=models.Distance.DOT)
                )
            client.upsert("turns", [models.PointStruct(id=point, vector=[1.0, 0.0], payload={})])
    return folders


def hold_folder_while_the_other_opens(root: str, seconds: float) -> tuple[float, float]:
    """Open the folder first, let the other process start opening it, make a collection and keep the
    folder `seconds` longer; returns when this process held it (from, to - the client still open)."""
    import time

    from qdrant_client import models

    from hindsight.stores.qdrant import Connection

    with Connection(f"qdrant://{root}").client() as client:
        held_from = time.time()
        _started().wait(60)
        client.create_collection(
            "turns", vectors_config=models.VectorParams(size=2, distance=models.Distance.DOT)
        )
        time.sleep(seconds)
        return held_from, time.time()


def open_folder_held_by_the_other(root: str) -> tuple[list[float], bool]:
    """Open the folder the other process holds; returns when qdrant-client read it (each attempt) and
    whether it then saw the other's collection."""
    import time

    from qdrant_client.local.qdrant_local import QdrantLocal

    from hindsight.stores.qdrant import Connection

    reads: list[float] = []
    load = QdrantLocal._load

    def timed_load(self: QdrantLocal) -> None:
        reads.append(time.time())
        load(self)

    QdrantLocal._load = timed_load  # type: ignore[method-assign]
    try:
        _started().wait(60)
        with Connection(f"qdrant://{root}").client() as client:
            return reads, client.collection_exists("turns")
    finally:
        QdrantLocal._load = load  # type: ignore[method-assign]


def share_a_held_folder(root: str, holds: bool) -> Any:
    """One task for both sides (side_by_side runs one task): the holder or the one that opens."""
    return hold_folder_while_the_other_opens(root, 1.0) if holds else open_folder_held_by_the_other(root)


def meet_the_other(fails: bool) -> str:
    """Wait for the other process at the start barrier - or fail before it, as a case that cannot open
    its store does (the other's wait then breaks the barrier)."""
    if fails:
        raise RuntimeError("failed before the barrier")
    _started().wait(2)
    return "met"
