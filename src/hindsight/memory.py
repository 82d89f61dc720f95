"""The product: `AsyncMemory` (the async core), `TenantMemory` (it, seen by one tenant) and `Memory`
(its thin sync facade).

Every surface - CLI, HTTP, MCP, console, worker - is an adapter over these methods. The work is
synchronous (embedding is CPU, SQLite is blocking I/O) and runs off the event loop
(`asyncio.to_thread`), so an async server stays responsive while one call computes. The parts
(core.py) do the work; a method here checks who is asking and for what, then delegates.

Whose memory: a user of a tenant (models.Scope). `AsyncMemory` is the operator's view - its
user-level methods use the default tenant, while a record id reaches any tenant's record and
listings without a user span every tenant. `TenantMemory` (`memory.for_tenant(name)`) is one
tenant's view: every method stays inside that tenant, and another tenant's record is "not found",
never "forbidden" (its existence is not revealed either). Servers hand each request such a view.
"""

from __future__ import annotations

import asyncio
import threading
from collections import Counter
from collections.abc import Callable, Collection, Coroutine, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from hindsight import lifecycle, validate
from hindsight.backup import BackupSummary, contents_for, read_backup, write_backup
from hindsight.core import Core, resolve_settings
from hindsight.embedding import Embedder
from hindsight.errors import InvalidInput, NotFound, StaleWrite
from hindsight.limits import DEFAULT_PAGE, DEFAULT_TOKEN_BUDGET, DEFAULT_TOP_K, MAX_LIST
from hindsight.models import (
    DEFAULT_TENANT,
    Kind,
    LogLine,
    MemoryRecord,
    Observed,
    Owners,
    QueueEntry,
    Recall,
    Remembered,
    Scope,
    Stats,
    Tenant,
    Tier,
    Turn,
    WriteAction,
    WriteLogEntry,
    Written,
)
from hindsight.paging import Cursor, Numbered, Page, RecordKey, StoredLog, StoredRecords, read_page
from hindsight.reindex import EMBEDDING_DIM_META, EMBEDDING_MODEL_META, record_embedding_model
from hindsight.render import render_dump
from hindsight.settings import Settings
from hindsight.stores.base import Change
from hindsight.stores.registry import Backend
from hindsight.timeutil import normalize, utcnow
from hindsight.write.extract import Extractor
from hindsight.write.pipeline import log_entry

T = TypeVar("T")

LOG_READ_LIMIT = 1000
"""write_log reads at most the newest this many entries."""
RETRIES = 8


def _label(scope: Scope) -> str:
    return scope.user if scope.tenant == DEFAULT_TENANT else f"{scope.user} (tenant {scope.tenant})"


class _Operations:
    """What a caller may do with one tenant's memory (or, from AsyncMemory, the operator's view)."""

    _core: Core
    tenant: str
    """The tenant of the user-level methods."""
    _space: Owners
    """Whose memory the listings without a user read: one tenant, or (None) everyone."""

    def _scope(self, user_id: object, *, agent: object | None = None, session: object | None = None) -> Scope:
        return validate.scope(user_id, self.tenant, agent=agent, session=session)

    def _sees(self, record: MemoryRecord) -> bool:
        return self._space is None or (isinstance(self._space, Tenant) and record.tenant == self._space.name)

    @property
    def settings(self) -> Settings:
        return self._core.settings

    # -- writing -----------------------------------------------------------------------------------

    async def observe(
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
    ) -> Observed:
        """Record one turn of a conversation: it enters the session's working memory and, unless the
        guard skips it as chit-chat, is stored raw (kind "turn"). Returns what happened: the guard's
        decision and the records written now (usually none: memory is written on events).

        `turn_id` names the turn (records built from it list it in `source_ids`); `persist=False`
        keeps the turn in working memory only (context an agent wants considered, not archived);
        `agent_id` names the agent that saw it (kept on the stored turn). A refused turn (a secret,
        an injection) is kept nowhere, not even in working memory; the refusal is logged."""
        scope = self._scope(user_id, agent=agent_id, session=session_id)
        return await asyncio.to_thread(
            self._core.writes.observe, scope, session_id, role, text, time, turn_id, persist
        )

    async def end_session(self, user_id: str, session_id: str, time: datetime | str | None = None) -> Written:
        """Close a session: its open event is written (summary and facts), its working memory is
        released and its turns are embedded. Returns the records written."""
        scope = self._scope(user_id)
        normalize(time)

        def end() -> Written:
            written = self._core.writes.end_session(scope, session_id)
            self._core.backend.sessions.clear(scope, session_id)
            self._core.backlog.embed(scope)
            return written

        return await asyncio.to_thread(end)

    async def remember(
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
    ) -> Remembered:
        """Store one memory directly (a fact, a preference...), embedded before this returns, and
        say what it replaced.

        It passes the write guard (WriteRejected says why not) and conflict resolution like any
        other write; an explicit statement ("from now on...", "以后都...") goes to long-term.
        `slot` names what the memory states a value of ("language"): a later memory with the same
        slot and another value closes this one (kept for `as_of`), as a stated change would. The
        value is `entities[slot]` when given, else the text. `agent_id` and `session_id` say who
        stored it, and in which conversation."""
        scope = self._scope(user_id, agent=agent_id, session=session_id)

        def store() -> Remembered:
            remembered = self._core.writes.remember(
                scope, text, tier, kind, entities, importance, time, source_ids, slot
            )
            self._core.backlog.embed(scope, limit=2 * self.settings.embed_batch)
            stored = self._core.backend.records.get_many([remembered.record.id]).get(remembered.record.id)
            return replace(remembered, record=stored) if stored is not None else remembered

        return await asyncio.to_thread(store)

    # -- reading -----------------------------------------------------------------------------------

    async def recall(
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
    ) -> Recall:
        """Find the memories that answer `query`: routes (semantic, keyword, entity, time) fused by
        `profile`, only records valid at `as_of` (default: now), cut to top_k and the token budget.
        The hits are counted for the lifecycle (what is used lives on) unless `count_hits=False` -
        an operator looking, not an agent using."""
        scope = self._scope(user_id)
        return await asyncio.to_thread(
            self._core.engine.recall,
            scope,
            query,
            session_id,
            top_k,
            tier,
            now,
            as_of,
            profile,
            token_budget,
            count_hits,
        )

    async def working(self, user_id: str, session_id: str) -> list[Turn]:
        """The session's working memory: its last turns (HINDSIGHT_WORKING_TURNS), oldest first; empty
        once the session is idle past its TTL or ended."""
        scope = self._scope(user_id, session=session_id)
        session = validate.identifier(session_id, "session_id")
        return await asyncio.to_thread(self._core.backend.sessions.window, scope, session, utcnow())

    async def get(self, record_id: str) -> MemoryRecord:
        return await asyncio.to_thread(self._get, record_id)

    def _get(self, record_id: str) -> MemoryRecord:
        rid = validate.identifier(record_id, "record id")
        record = self._core.backend.records.get_many([rid]).get(rid)
        if record is None or not self._sees(record):
            raise NotFound(f"no memory with id {record_id!r}")
        return record

    async def records(
        self, user_id: str, tier: Tier | str | None = None, include_closed: bool = True
    ) -> list[MemoryRecord]:
        """A user's stored records (closed versions too, unless include_closed=False), oldest first."""
        scope = self._scope(user_id)
        chosen = validate.tier(tier) if tier is not None else None
        return await asyncio.to_thread(
            lambda: list(self._core.backend.records.scan(scope, tier=chosen, include_closed=include_closed))
        )

    async def memories(
        self, user_id: str, tier: Tier | str | None = None, kind: Kind | str | None = None, limit: int = 100
    ) -> list[MemoryRecord]:
        """A user's still-valid memories, newest first, at most `limit` (read a page per tier, not
        all of them)."""
        scope = self._scope(user_id)
        tiers: tuple[Tier, ...] = (validate.tier(tier),) if tier is not None else ("long", "short")
        chosen_kind = validate.kind(kind) if kind is not None else None
        limit = validate.positive_int(limit, "limit", maximum=MAX_LIST)

        def newest() -> list[MemoryRecord]:
            found = [
                record
                for one in tiers
                for record in self._core.backend.records.page_records(scope, one, limit, kind=chosen_kind)
            ]
            found.sort(key=lambda r: (r.created_at, r.id), reverse=True)
            return found[:limit]

        return await asyncio.to_thread(newest)

    async def record_page(
        self,
        user_id: str,
        tier: Tier | str,
        kind: Kind | str | None = None,
        cursor: Cursor[RecordKey] | None = None,
        size: int = DEFAULT_PAGE,
    ) -> Page[RecordKey, MemoryRecord]:
        """One page of a user's still-valid memories of one tier (and kind), newest first: the
        newest `size`, or the `size` that `cursor` points to (paging.py)."""
        rows = StoredRecords(
            self._core.backend.records,
            self._scope(user_id),
            validate.tier(tier),
            validate.kind(kind) if kind is not None else None,
        )
        size = validate.positive_int(size, "size", maximum=MAX_LIST)
        return await asyncio.to_thread(read_page, rows, cursor, size)

    async def count_records(self, user_id: str, tier: Tier | str, kind: Kind | str | None = None) -> int:
        """How many still-valid memories a user has in one tier (and kind): counted, not read."""
        scope = self._scope(user_id)
        chosen_kind = validate.kind(kind) if kind is not None else None
        return await asyncio.to_thread(
            self._core.backend.records.count_records, scope, validate.tier(tier), kind=chosen_kind
        )

    def _owners(self, user_id: str | None) -> Owners:
        return self._scope(user_id) if user_id is not None else self._space

    async def tally(self, user_id: str | None = None) -> list[tuple[Tier, Kind, bool, int]]:
        """Records of one user or (None) of every user in view, counted by tier, kind and whether
        still valid: (tier, kind, still valid, count) rows."""
        owners = self._owners(user_id)
        return await asyncio.to_thread(self._core.backend.records.tally, owners)

    async def users(self) -> list[str]:
        """The tenant's users with stored memories."""
        scopes = await asyncio.to_thread(self._core.backend.records.scopes, self.tenant)
        return [scope.user for scope in scopes]

    async def write_log(self, user_id: str | None = None) -> list[WriteLogEntry]:
        """What the write path skipped or refused and what the lifecycle did (and why), oldest first:
        the newest 1,000 entries of one user or (None) of every user in view."""
        lines = await asyncio.to_thread(
            self._core.backend.log.page_log, self._owners(user_id), LOG_READ_LIMIT
        )
        return [line.entry for line in reversed(lines)]

    async def log_page(
        self,
        user_id: str | None = None,
        actions: Collection[str] | None = None,
        cursor: Cursor[int] | None = None,
        size: int = DEFAULT_PAGE,
    ) -> Page[int, LogLine]:
        """One page of the write log of one user or (None) of every user in view, only `actions` if
        given, newest first (paging.py)."""
        size = validate.positive_int(size, "size", maximum=MAX_LIST)
        rows = StoredLog(self._core.backend.log, self._owners(user_id), actions)
        return await asyncio.to_thread(read_page, rows, cursor, size)

    async def count_log(self, user_id: str | None = None, actions: Collection[str] | None = None) -> int:
        """How many log entries one user or (None) every user in view has, only `actions` if given:
        exact, however long the log."""
        owners = self._owners(user_id)
        return await asyncio.to_thread(self._core.backend.log.count_log, owners, actions=actions)

    async def dead_letters(self) -> list[QueueEntry]:
        """Writes that failed for good, of the users in view, oldest first."""
        return await asyncio.to_thread(self._core.backend.queue.dead_letters, self._space)

    async def dead_letter_page(
        self, cursor: Cursor[int] | None = None, size: int = DEFAULT_PAGE
    ) -> Page[int, QueueEntry]:
        """One page of the dead letters in view, newest first (paging.py). Paged in memory: the list
        is short by nature (writes that failed every retry, until someone retries them)."""
        size = validate.positive_int(size, "size", maximum=MAX_LIST)
        return read_page(Numbered(await self.dead_letters(), lambda entry: entry.id), cursor, size)

    async def retry(self, entry_id: int) -> int:
        """Send one dead letter in view back to the queue and apply it; returns how many were
        requeued (1). An entry out of view is "not found"."""
        if not any(entry.id == entry_id for entry in await self.dead_letters()):
            raise NotFound(f"no dead letter with id {entry_id}")

        def again() -> int:
            moved = self._core.writes.requeue([entry_id])
            self._core.writes.drain(due=False)
            self._core.backlog.embed()
            return moved

        return await asyncio.to_thread(again)

    async def stats(self) -> Stats:
        """Counts of the memory in view: users, records per tier and kind, closed versions, guard
        refusals and skips, dead letters and waiting writes - counted by the store, not read."""

        def count() -> Stats:
            backend, space = self._core.backend, self._space
            tenant = space.name if isinstance(space, Tenant) else None
            counts: Counter[str] = Counter()
            closed = 0
            for tier, kind, live, number in backend.records.tally(space):
                if not live:
                    closed += number
                    continue
                counts[tier] += number
                counts[kind] += number
            return Stats(
                users=len(backend.records.scopes(tenant)),
                records=dict(counts),
                closed=closed,
                refused=backend.log.count_log(space, actions=["refused"]),
                skipped=backend.log.count_log(space, actions=["skipped"]),
                dead_letters=len(backend.queue.dead_letters(space)),
                waiting=len(backend.queue.waiting(space, limit=MAX_LIST)),
            )

        return await asyncio.to_thread(count)

    async def dump(self, user_id: str | None = None) -> str:
        """Human-readable: what is remembered, per user and tier (one user, or every user in view)."""

        def render() -> str:
            backend = self._core.backend
            if user_id is not None:
                scopes = [self._scope(user_id)]
            else:
                tenant = self._space.name if isinstance(self._space, Tenant) else None
                logged = {
                    Scope(line.entry.tenant, line.entry.user_id)
                    for line in backend.log.page_log(self._space, LOG_READ_LIMIT)
                }
                scopes = sorted({*backend.records.scopes(tenant), *logged}, key=lambda s: (s.tenant, s.user))
            wanted = {(s.tenant, s.user) for s in scopes}
            dead = [e for e in backend.queue.dead_letters(self._space) if (e.tenant, e.user_id) in wanted]
            now = utcnow()
            return render_dump(
                {_label(s): list(backend.records.scan(s)) for s in scopes},
                {
                    _label(s): [
                        (session, backend.sessions.window(s, session, now))
                        for session in backend.sessions.sessions(s, now)
                    ]
                    for s in scopes
                },
                {
                    _label(s): [line.entry for line in reversed(backend.log.page_log(s, LOG_READ_LIMIT))]
                    for s in scopes
                },
                dead,
            )

        return await asyncio.to_thread(render)

    # -- changing one record -------------------------------------------------------------------------

    async def forget(self, record_id: str) -> MemoryRecord:
        """Delete a record for good; returns what was deleted."""

        def forget() -> MemoryRecord:
            for _attempt in range(RETRIES):
                record = self._get(record_id)
                try:
                    self._core.backend.records.apply(Change(delete=(record,)))
                except StaleWrite:
                    continue  # changed meanwhile (a hit count, a promotion): read it again
                return record
            raise StaleWrite(f"memory {record_id!r} kept changing; try again")

        return await asyncio.to_thread(forget)

    async def promote(self, record_id: str) -> MemoryRecord:
        """Move a short-term record to long-term (a no-op for a long-term one)."""
        return await asyncio.to_thread(self._move, record_id, "long")

    async def demote(self, record_id: str) -> MemoryRecord:
        """Move a long-term record to short-term (a no-op for a short-term one)."""
        return await asyncio.to_thread(self._move, record_id, "short")

    def _move(self, record_id: str, tier: Tier) -> MemoryRecord:
        for _attempt in range(RETRIES):
            record = self._get(record_id)
            if record.tier == tier:
                return record
            now = utcnow()
            # The record's lifetime counts from now: an operator who promotes a memory means it to stay.
            moved = replace(record, tier=tier, tier_since=max(now, record.created_at))
            action: WriteAction = "promoted" if tier == "long" else "demoted"
            entry = log_entry(record.scope, action, "manual", record.text, now, "manual", detail=record.id)
            try:
                self._core.backend.records.apply(Change(update=(moved,), log=(entry,)))
            except StaleWrite:
                continue
            return replace(moved, version=moved.version + 1)
        raise StaleWrite(f"memory {record_id!r} kept changing; try again")

    # -- lifecycle ---------------------------------------------------------------------------------

    async def maintain(
        self,
        now: datetime | str | None = None,
        user_id: str | None = None,
        progress: Callable[[str], None] | None = None,
    ) -> lifecycle.MaintenanceReport:
        """Age the memory to `now` (default: the clock): merge near-duplicates, consolidate patterns,
        promote what recurs, demote what is unused at review, expire what outlived its lifetime -
        of one user or (None) every user in view. Each user is maintained in one transaction, under a
        lock (a user another process is maintaining right now is skipped and listed in the report).
        `progress` is called once per user."""
        moment = normalize(now)
        chosen = self._scope(user_id) if user_id is not None else None

        def run() -> lifecycle.MaintenanceReport:
            core = self._core
            tenant = self._space.name if isinstance(self._space, Tenant) else None
            scopes = [chosen] if chosen is not None else core.backend.records.scopes(tenant)
            core.writes.drain(due=False)
            for scope in scopes:
                core.backlog.embed(scope)  # new vectors first: merging compares them
            core.hits.join()
            core.hits.flush()
            report = core.maintainer.run(
                moment, scopes, None if progress is None else lambda scope: progress(scope.user)
            )
            for scope in scopes:
                core.backlog.embed(scope)  # new pattern memories become searchable now
            return report

        return await asyncio.to_thread(run)


class TenantMemory(_Operations):
    """AsyncMemory restricted to one tenant: every method of a user's memory, and listings over the
    tenant's users only."""

    def __init__(self, core: AsyncMemory, tenant: str = DEFAULT_TENANT) -> None:
        self.tenant = validate.name(tenant, "tenant")
        self._core = core._core
        self._space = Tenant(self.tenant)
        self.memory = core


class AsyncMemory(_Operations):
    """Hindsight's memory for one process: the operator's view (see the module docstring)."""

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
        """`background` runs the loop of background work in this process (default: unless
        HINDSIGHT_WORKER=external says a `hindsight worker` does it)."""
        self._core = Core(
            resolve_settings(home, settings),
            embedder=embedder,
            backend=backend,
            extractor=extractor,
            background=background,
        )
        self.tenant = DEFAULT_TENANT
        self._space = None

    @property
    def embedder(self) -> Embedder:
        return self._core.embedder

    @property
    def backend(self) -> Backend:
        return self._core.backend

    @property
    def policy(self) -> lifecycle.Policy:
        return self._core.policy

    @property
    def core(self) -> Core:
        return self._core

    def for_tenant(self, tenant: str) -> TenantMemory:
        """This memory as one tenant sees it."""
        return TenantMemory(self, tenant)

    async def scopes(self) -> list[Scope]:
        """Every user of every tenant with stored memories."""
        return await asyncio.to_thread(self._core.backend.records.scopes, None)

    # -- the write queue ---------------------------------------------------------------------------

    async def process_queue(self) -> int:
        """Apply every acknowledged write still waiting in the queue that no running process holds
        (after a crash, or to retry now what waits for its backoff)."""

        def drain() -> int:
            self._core.runner.release_gone()
            applied = self._core.writes.drain(due=False)
            self._core.backlog.embed()
            return applied

        return await asyncio.to_thread(drain)

    async def requeue(self, entry_id: int | None = None) -> int:
        """Move one dead letter (or all of them) back into the queue and apply it. Returns how many
        were requeued."""

        def again() -> int:
            queue = self._core.backend.queue
            ids = [entry.id for entry in queue.dead_letters()] if entry_id is None else [entry_id]
            moved = self._core.writes.requeue(ids)
            if entry_id is not None and not moved:
                raise NotFound(f"no dead letter with id {entry_id}")
            self._core.writes.drain(due=False)
            self._core.backlog.embed()
            return moved

        return await asyncio.to_thread(again)

    async def queue(self) -> tuple[list[QueueEntry], list[QueueEntry]]:
        """(waiting entries, dead letters), oldest first."""
        queue = self._core.backend.queue
        return await asyncio.to_thread(lambda: (queue.waiting(None, MAX_LIST), queue.dead_letters(None)))

    async def flush(self) -> int:
        """Embed every record still waiting for its vector (writes embed in batches)."""
        return await asyncio.to_thread(self._core.backlog.embed)

    async def work(self) -> int:
        """One round of the background work now (what the loop does every second); returns how much
        it did. For a process that runs no loop of its own and wants the work done at a moment of
        its choosing (a test, a script)."""
        tick = await asyncio.to_thread(self._core.runner.tick)
        return tick.applied + tick.closed_events + tick.embedded + tick.maintained

    # -- backup and restore ------------------------------------------------------------------------

    async def backup(self, path: str | Path, *, vectors: bool = True) -> BackupSummary:
        """Write everything the store holds to one JSONL file (hindsight.backup describes it): every
        record of every tenant, user and tier with its closed versions, the write log, the queue and
        the dead letters, read as one snapshot and streamed. Records still waiting for a vector are
        embedded first; the file appears under `path` only once complete. `vectors=False` leaves
        the vectors out (restore then embeds every record anew)."""

        def back_up() -> BackupSummary:
            records = self._core.backend.records
            self._core.backlog.embed()
            model, dim = records.get_meta(EMBEDDING_MODEL_META), records.get_meta(EMBEDDING_DIM_META)
            with self._core.backend.snapshots.export() as contents:
                return write_backup(
                    Path(path),
                    contents,
                    model=model,
                    dim=int(dim)
                    if dim is not None and dim.isdigit()
                    else (self.embedder.dim if model else None),
                    created_at=utcnow(),
                    include_vectors=vectors,
                )

        return await asyncio.to_thread(back_up)

    async def restore(self, path: str | Path) -> BackupSummary:
        """Rebuild this (empty) store from a backup file. The whole file is checked first: a
        truncated, damaged or foreign file raises BackupError and the store is left untouched; a
        store that already holds anything raises InvalidInput. Everything is written in one
        transaction; records whose vectors are not in the file (or come from another model) are
        embedded before this returns. Restored queued writes are applied as any queued write is."""

        def restore() -> BackupSummary:
            source = Path(path)
            backup = read_backup(source)
            contents = contents_for(backup, self._core.embedder.model_id)
            self._core.backend.snapshots.import_all(contents)
            self._core.answers.clear()
            usable = backup.embedding_model == self._core.embedder.model_id
            if usable and backup.vectors and backup.embedding_dim is not None:
                record_embedding_model(
                    self._core.backend.records, self._core.embedder.model_id, backup.embedding_dim
                )
            embedded = self._core.backlog.embed()
            return BackupSummary(
                path=source.expanduser(),
                counts=backup.counts,
                vectors=backup.vectors if usable else 0,
                embedded=embedded,
            )

        return await asyncio.to_thread(restore)

    async def close(self) -> None:
        await asyncio.to_thread(self._core.close)

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


class Memory:
    """The synchronous facade: the same methods as AsyncMemory, run on a private event loop.

    The loop lives in its own thread, so Memory also works where an event loop is already running
    (a notebook, an async web handler that calls sync code). `for_tenant(name)` gives the same
    facade over one tenant's view.
    """

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
    ) -> Observed:
        return self._run(
            self._view.observe(
                user_id, session_id, role, text, time, turn_id=turn_id, persist=persist, agent_id=agent_id
            )
        )

    def end_session(self, user_id: str, session_id: str, time: datetime | str | None = None) -> Written:
        return self._run(self._view.end_session(user_id, session_id, time))

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
    ) -> Remembered:
        return self._run(
            self._view.remember(
                user_id, text, tier, kind, entities, importance, time, source_ids, slot, agent_id, session_id
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
    ) -> Recall:
        return self._run(
            self._view.recall(
                user_id, query, session_id, top_k, tier, now, as_of, profile, token_budget, count_hits
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
