"""`Memory`: the synchronous facade over AsyncMemory - the same methods, run on a private event loop.

The loop lives in its own thread, so Memory also works where an event loop is already running (a
notebook, an async web handler that calls sync code). tests/test_parity.py keeps the two alike.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Collection, Coroutine, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from hindsight import lifecycle
from hindsight.backup import BackupSummary
from hindsight.embedding import Embedder
from hindsight.errors import InvalidInput
from hindsight.limits import DEFAULT_PAGE, DEFAULT_TOKEN_BUDGET, DEFAULT_TOP_K
from hindsight.memory import AsyncMemory, _Operations
from hindsight.models import (
    Kind,
    LogLine,
    MemoryRecord,
    Observed,
    QueueEntry,
    Recall,
    Remembered,
    Scope,
    Stats,
    Tier,
    Turn,
    UserLocality,
    WriteLogEntry,
    Written,
)
from hindsight.ops.doctor import Finding
from hindsight.paging import Cursor, Page, RecordKey
from hindsight.settings import Settings
from hindsight.stores.registry import Backend
from hindsight.write.extract import Extractor

T = TypeVar("T")


class Memory:
    """The synchronous facade: the same methods as AsyncMemory, on a private event loop.
    `for_tenant(name)` gives the same facade over one tenant's view."""

    def __init__(
        self,
        home: str | Path | None = None,
        settings: Settings | None = None,
        *,
        embedder: Embedder | None = None,
        backend: Backend | None = None,
        extractor: Extractor | None = None,
        background: bool | None = None,
    ) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="hindsight-loop", daemon=True)
        self._thread.start()
        try:
            self._core = AsyncMemory(
                home, settings, embedder=embedder, backend=backend, extractor=extractor, background=background
            )
        except BaseException:
            self._stop_loop()
            raise
        self._view: _Operations = self._core
        self._closed = False

    @property
    def core(self) -> AsyncMemory:
        return self._core

    @property
    def settings(self) -> Settings:
        return self._core.settings

    @property
    def backend(self) -> Backend:
        return self._core.backend

    @property
    def embedder(self) -> Embedder:
        return self._core.embedder

    def for_tenant(self, tenant: str) -> Memory:
        """This facade over one tenant's view (it shares the memory; closing it closes nothing)."""
        view = object.__new__(Memory)
        view.__dict__.update(self.__dict__)
        view._view = self._core.for_tenant(tenant)
        view._closed = self._closed
        return view

    def _run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        if self._closed:
            coroutine.close()
            raise InvalidInput("this Memory is closed")
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result()

    def observe(
        self,
        user_id: str,
        session_id: str,
        role: str,
        text: str,
        time: datetime | str | None = None,
        *,
        turn_id: str | None = None,
        persist: bool = True,
        agent_id: str | None = None,
        speaker: str | None = None,
        time_zone: str | None = None,
        region: str | None = None,
    ) -> Observed:
        return self._run(
            self._view.observe(
                user_id,
                session_id,
                role,
                text,
                time,
                turn_id=turn_id,
                persist=persist,
                agent_id=agent_id,
                speaker=speaker,
                time_zone=time_zone,
                region=region,
            )
        )

    def end_session(
        self,
        user_id: str,
        session_id: str,
        time: datetime | str | None = None,
        *,
        time_zone: str | None = None,
        region: str | None = None,
    ) -> Written:
        return self._run(
            self._view.end_session(user_id, session_id, time, time_zone=time_zone, region=region)
        )

    def remember(
        self,
        user_id: str,
        text: str,
        tier: Tier | str = "short",
        kind: Kind | str = "fact",
        entities: dict[str, str] | None = None,
        importance: float | None = None,
        time: datetime | str | None = None,
        source_ids: Sequence[str] | None = None,
        slot: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        time_zone: str | None = None,
        region: str | None = None,
    ) -> Remembered:
        return self._run(
            self._view.remember(
                user_id,
                text,
                tier,
                kind,
                entities,
                importance,
                time,
                source_ids,
                slot,
                agent_id,
                session_id,
                time_zone,
                region,
            )
        )

    def recall(
        self,
        user_id: str,
        query: str,
        session_id: str | None = None,
        top_k: int = DEFAULT_TOP_K,
        tier: Tier | str | None = None,
        now: datetime | str | None = None,
        as_of: datetime | str | None = None,
        profile: str = "default",
        token_budget: int | None = DEFAULT_TOKEN_BUDGET,
        count_hits: bool = True,
        min_score: float | None = None,
        time_zone: str | None = None,
        region: str | None = None,
    ) -> Recall:
        return self._run(
            self._view.recall(
                user_id,
                query,
                session_id,
                top_k,
                tier,
                now,
                as_of,
                profile,
                token_budget,
                count_hits,
                min_score,
                time_zone,
                region,
            )
        )

    def working(self, user_id: str, session_id: str) -> list[Turn]:
        return self._run(self._view.working(user_id, session_id))

    def get(self, record_id: str) -> MemoryRecord:
        return self._run(self._view.get(record_id))

    def records(
        self, user_id: str, tier: Tier | str | None = None, include_closed: bool = True
    ) -> list[MemoryRecord]:
        return self._run(self._view.records(user_id, tier, include_closed))

    def memories(
        self, user_id: str, tier: Tier | str | None = None, kind: Kind | str | None = None, limit: int = 100
    ) -> list[MemoryRecord]:
        return self._run(self._view.memories(user_id, tier, kind, limit))

    def record_page(
        self,
        user_id: str,
        tier: Tier | str,
        kind: Kind | str | None = None,
        cursor: Cursor[RecordKey] | None = None,
        size: int = DEFAULT_PAGE,
    ) -> Page[RecordKey, MemoryRecord]:
        return self._run(self._view.record_page(user_id, tier, kind, cursor, size))

    def count_records(self, user_id: str, tier: Tier | str, kind: Kind | str | None = None) -> int:
        return self._run(self._view.count_records(user_id, tier, kind))

    def tally(self, user_id: str | None = None) -> list[tuple[Tier, Kind, bool, int]]:
        return self._run(self._view.tally(user_id))

    def users(self) -> list[str]:
        return self._run(self._view.users())

    def set_locality(
        self, user_id: str, time_zone: str | None = None, region: str | None = None
    ) -> UserLocality:
        return self._run(self._view.set_locality(user_id, time_zone, region))

    def locality(self, user_id: str) -> UserLocality | None:
        return self._run(self._view.locality(user_id))

    def clear_locality(self, user_id: str) -> bool:
        return self._run(self._view.clear_locality(user_id))

    def write_log(self, user_id: str | None = None) -> list[WriteLogEntry]:
        return self._run(self._view.write_log(user_id))

    def log_page(
        self,
        user_id: str | None = None,
        actions: Collection[str] | None = None,
        cursor: Cursor[int] | None = None,
        size: int = DEFAULT_PAGE,
    ) -> Page[int, LogLine]:
        return self._run(self._view.log_page(user_id, actions, cursor, size))

    def count_log(self, user_id: str | None = None, actions: Collection[str] | None = None) -> int:
        return self._run(self._view.count_log(user_id, actions))

    def dead_letters(self) -> list[QueueEntry]:
        return self._run(self._view.dead_letters())

    def dead_letter_page(
        self, cursor: Cursor[int] | None = None, size: int = DEFAULT_PAGE
    ) -> Page[int, QueueEntry]:
        return self._run(self._view.dead_letter_page(cursor, size))

    def retry(self, entry_id: int) -> int:
        return self._run(self._view.retry(entry_id))

    def stats(self) -> Stats:
        return self._run(self._view.stats())

    def dump(self, user_id: str | None = None) -> str:
        return self._run(self._view.dump(user_id))

    def forget(self, record_id: str) -> MemoryRecord:
        return self._run(self._view.forget(record_id))

    def promote(self, record_id: str) -> MemoryRecord:
        return self._run(self._view.promote(record_id))

    def demote(self, record_id: str) -> MemoryRecord:
        return self._run(self._view.demote(record_id))

    def revise(self, record_id: str, text: str, entities: dict[str, str] | None = None) -> Remembered:
        return self._run(self._view.revise(record_id, text, entities))

    def maintain(
        self,
        now: datetime | str | None = None,
        user_id: str | None = None,
        progress: Callable[[str], None] | None = None,
    ) -> lifecycle.MaintenanceReport:
        return self._run(self._view.maintain(now, user_id, progress))

    # -- the operator's: the whole store ---------------------------------------------------------------

    def scopes(self) -> list[Scope]:
        return self._run(self._core.scopes())

    def process_queue(self) -> int:
        return self._run(self._core.process_queue())

    def requeue(self, entry_id: int | None = None) -> int:
        return self._run(self._core.requeue(entry_id))

    def queue(self) -> tuple[list[QueueEntry], list[QueueEntry]]:
        return self._run(self._core.queue())

    def flush(self) -> int:
        return self._run(self._core.flush())

    def work(self) -> int:
        return self._run(self._core.work())

    def doctor(self, thorough: bool = True) -> list[Finding]:
        return self._run(self._core.doctor(thorough))

    def backup(self, path: str | Path, *, vectors: bool = True) -> BackupSummary:
        return self._run(self._core.backup(path, vectors=vectors))

    def restore(self, path: str | Path) -> BackupSummary:
        return self._run(self._core.restore(path))

    def close(self) -> None:
        if self._closed:
            return
        if self._view is not self._core:
            return  # a tenant's facade shares the memory: its owner closes it
        try:
            self._run(self._core.close())
        finally:
            self._closed = True
            self._stop_loop()

    def _stop_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
