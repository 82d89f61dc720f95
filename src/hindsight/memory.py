"""The product: `AsyncMemory` (the async core) and `TenantMemory` (it, seen by one tenant); `Memory`
(facade.py) is the thin sync facade over them.

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
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from time import perf_counter

from hindsight import lifecycle, validate, views
from hindsight.backup import BackupSummary
from hindsight.core import Core, resolve_settings
from hindsight.embedding import Embedder
from hindsight.errors import InvalidInput, NotFound
from hindsight.indexing import index_text
from hindsight.limits import DEFAULT_PAGE, DEFAULT_TOKEN_BUDGET, DEFAULT_TOP_K, MAX_LIST
from hindsight.locality import checked_user_locality, said_by_write
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
    UserLocality,
    WriteLogEntry,
    Written,
)
from hindsight.ops import by_hand
from hindsight.ops.doctor import Finding, examine
from hindsight.ops.maintain import maintain_now
from hindsight.ops.store import back_up, restore_into
from hindsight.paging import Cursor, Numbered, Page, RecordKey, StoredLog, StoredRecords, read_page
from hindsight.settings import Settings
from hindsight.stores.registry import Backend
from hindsight.timeutil import normalize, utcnow
from hindsight.write.extract import Extractor

SHORTEST_ID = 6
"""A shortened record id names a record only from this many characters on."""
LOG_READ_LIMIT = 1000
"""write_log reads at most the newest this many entries."""


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
        speaker: str | None = None,
        time_zone: str | None = None,
        region: str | None = None,
    ) -> Observed:
        """Record one turn of a conversation: it enters the session's working memory and, unless the
        guard skips it as chit-chat, is stored raw (kind "turn"). Returns what happened: the guard's
        decision and the records written now (usually none: memory is written on events).

        `role` is the side that spoke: "user", "assistant" or "tool". In a conversation between
        people, `speaker` names the participant ("Caroline"): the turn is then kept and read as theirs.

        `turn_id` names the turn (records built from it list it in `source_ids`); `persist=False`
        keeps the turn in working memory only (context an agent wants considered, not archived);
        `agent_id` names the agent that saw it (kept on the stored turn). A refused turn (a secret,
        an injection) is kept nowhere, not even in working memory; the refusal is logged.

        A date the turn names ("明天") is read on the clock `time_zone` / `region` say, else the one
        `time`'s offset says, else the user's stored locality, else the settings'; the event the turn
        closes is extracted on the same clock."""
        scope = self._scope(user_id, agent=agent_id, session=session_id)
        place = said_by_write(time_zone, region, time)
        return await asyncio.to_thread(
            self._core.writes.observe, scope, session_id, role, text, time, turn_id, persist, speaker, place
        )

    async def end_session(
        self,
        user_id: str,
        session_id: str,
        time: datetime | str | None = None,
        *,
        time_zone: str | None = None,
        region: str | None = None,
    ) -> Written:
        """Close a session: its open event is written (summary and facts), its working memory is
        released and its turns are embedded. Returns the records written.

        The event is extracted on the clock `time_zone` / `region` say, else `time`'s offset, else
        the user's stored locality, else the settings' (as `observe` reads its turn)."""
        scope = self._scope(user_id)
        normalize(time)
        place = said_by_write(time_zone, region, time)

        def end() -> Written:
            written = self._core.writes.end_session(scope, session_id, place=place)
            self._core.backend.sessions.clear(scope, session_id)
            self._core.embed_after_write(scope)
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
        time_zone: str | None = None,
        region: str | None = None,
    ) -> Remembered:
        """Store one memory directly (a fact, a preference...), embedded before this returns, and
        say what it replaced.

        It passes the write guard (WriteRejected says why not) and conflict resolution like any
        other write; an explicit statement ("from now on...", "以后都...") goes to long-term.
        `slot` names what the memory states a value of ("language"): a later memory with the same
        slot and another value closes this one (kept for `as_of`), as a stated change would. The
        value is `entities[slot]` when given, else the text. `agent_id` and `session_id` say who
        stored it, and in which conversation. A date the text names is read on the clock `time_zone` /
        `region` say, else `time`'s offset, else the user's stored locality, else the settings'."""
        scope = self._scope(user_id, agent=agent_id, session=session_id)
        place = said_by_write(time_zone, region, time)

        def store() -> Remembered:
            remembered = self._core.writes.remember(
                scope, text, tier, kind, entities, importance, time, source_ids, slot, place
            )
            if self._core.embed_after_write(scope, limit=2 * self.settings.embed_batch):
                stored = self._core.backend.records.get_many([remembered.record.id])
                remembered = replace(remembered, record=stored.get(remembered.record.id, remembered.record))
            return self._say_if_truncated(remembered)

        return await asyncio.to_thread(store)

    def _say_if_truncated(self, remembered: Remembered) -> Remembered:
        """The answer says when the model read only the start of a long text (the bounded embedder
        in `Core` cuts every text it embeds at the same length)."""
        if len(index_text(remembered.record)) <= self.settings.embed_max_chars:
            return remembered
        return replace(remembered, embedded_chars=self.settings.embed_max_chars)

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
        min_score: float | None = None,
        time_zone: str | None = None,
        region: str | None = None,
    ) -> Recall:
        """Find the memories that answer `query`: routes (semantic, keyword, entity, time) fused by
        `profile`, only records valid at `as_of` (default: now), cut to top_k and the token budget.
        The hits are counted for the lifecycle (what is used lives on) unless `count_hits=False` -
        an operator looking, not an agent using. Hits scoring below `min_score` (default: the
        `recall_min_score` setting) are left out: fewer hits rather than noise. A time the query names
        ("yesterday", "12/3") is read on the user's clock and in their country: `time_zone` and `region`
        (default: the offset `now` is given with, then the settings; locality.py)."""
        scope = self._scope(user_id)
        started = perf_counter()
        answer = await asyncio.to_thread(
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
            min_score,
            time_zone,
            region,
        )
        self._core.recent_recalls.record(self.tenant, perf_counter() - started, "cache" in answer.timings)
        return answer

    async def working(self, user_id: str, session_id: str) -> list[Turn]:
        """The session's working memory: its last turns (HINDSIGHT_WORKING_TURNS), oldest first; empty
        once the session is idle past its TTL or ended."""
        scope = self._scope(user_id, session=session_id)
        session = validate.identifier(session_id, "session_id")
        return await asyncio.to_thread(self._core.backend.sessions.window, scope, session, utcnow())

    # -- where the user lives ------------------------------------------------------------------------

    async def set_locality(
        self, user_id: str, time_zone: str | None = None, region: str | None = None
    ) -> UserLocality:
        """Store where the user lives: their time zone (an IANA name such as "Asia/Shanghai", or an
        offset such as "+08:00") and region (an ISO country code, "CN"), one of them or both. It
        replaces what was stored for them. From then on every process reads a time the user's
        queries and turns name on this clock and in this country, unless a call says otherwise
        (recall's `time_zone` / `region`, or a `now` with an offset). A region not given is the
        zone's country when it has one. Returns what was stored (the names as Hindsight writes them)."""
        scope = self._scope(user_id)
        stored = checked_user_locality(UserLocality(scope.tenant, scope.user, time_zone, region, utcnow()))
        await asyncio.to_thread(self._core.backend.records.set_locality, stored)
        return stored

    async def locality(self, user_id: str) -> UserLocality | None:
        """Where the user lives, as stored for them (None: nothing stored; the settings' apply)."""
        scope = self._scope(user_id)
        return await asyncio.to_thread(self._core.backend.records.locality_of, scope)

    async def clear_locality(self, user_id: str) -> bool:
        """Remove what is stored of where the user lives (the settings' apply again); whether
        anything was stored."""
        scope = self._scope(user_id)
        return await asyncio.to_thread(self._core.backend.records.remove_locality, scope)

    async def get(self, record_id: str) -> MemoryRecord:
        return await asyncio.to_thread(self._get, record_id)

    def _get(self, record_id: str) -> MemoryRecord:
        """The record with this id - or, for a shortened id (as `dump` and `recall` print them, at
        least SHORTEST_ID characters), the one record in view whose id starts so."""
        rid = validate.identifier(record_id, "record id")
        record = self._core.backend.records.get_many([rid]).get(rid)
        if record is not None and self._sees(record):
            return record
        if len(rid) >= SHORTEST_ID:
            found = self._core.backend.search.ids_starting(rid, self._space, 2)
            if len(found) > 1:
                raise InvalidInput(
                    f"{record_id!r} is the start of more than one memory's id: give more of it"
                )
            if found:
                return self._get(found[0])
        raise NotFound(f"no memory with id {record_id!r}")

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
        return await asyncio.to_thread(views.stats, self._core.backend, self._space)

    async def dump(self, user_id: str | None = None) -> str:
        """Human-readable: what is remembered, per user and tier (one user, or every user in view)."""
        chosen = self._scope(user_id) if user_id is not None else None
        return await asyncio.to_thread(views.dump, self._core.backend, self._space, chosen)

    # -- changing one record -------------------------------------------------------------------------

    async def forget(self, record_id: str) -> MemoryRecord:
        """Delete a record for good; returns what was deleted."""
        return await asyncio.to_thread(by_hand.forget, self._core.backend, self._reader(record_id))

    async def promote(self, record_id: str) -> MemoryRecord:
        """Move a short-term record to long-term (a no-op for a long-term one)."""
        return await asyncio.to_thread(by_hand.move, self._core.backend, self._reader(record_id), "long")

    async def demote(self, record_id: str) -> MemoryRecord:
        """Move a long-term record to short-term (a no-op for a short-term one)."""
        return await asyncio.to_thread(by_hand.move, self._core.backend, self._reader(record_id), "short")

    async def revise(self, record_id: str, text: str, entities: dict[str, str] | None = None) -> Remembered:
        """Correct a memory: a new version that says `text` (and holds `entities`, if given) from
        now on; the old one is closed now and stays in history (`as_of`). The new text passes the
        write guard (WriteRejected says why not). Returns the new version and the closed one."""
        body = validate.text(text, max_chars=self.settings.max_text_chars)
        chosen = validate.entities(entities) if entities is not None else None

        def revise() -> Remembered:
            revised = by_hand.revise(self._core.backend, self._reader(record_id), body, chosen)
            self._core.embed_after_write(revised.record.scope, limit=self.settings.embed_batch)
            return self._say_if_truncated(revised)

        return await asyncio.to_thread(revise)

    def _reader(self, record_id: str) -> Callable[[], MemoryRecord]:
        """Reads the record afresh each time (a change made by hand is retried from a new read)."""
        return lambda: self._get(record_id)

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

        tenant = self._space.name if isinstance(self._space, Tenant) else None
        return await asyncio.to_thread(
            maintain_now,
            self._core,
            moment,
            chosen,
            tenant,
            None if progress is None else lambda s: progress(s.user),
        )


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

    async def doctor(self, thorough: bool = True) -> list[Finding]:
        """Is the store sound (every page read, unless not `thorough`), and does anything wait that
        should not (ops/doctor.py)? Findings, problems among them."""
        return await asyncio.to_thread(examine, self._core, thorough)

    async def backup(self, path: str | Path, *, vectors: bool = True) -> BackupSummary:
        """Write everything the store holds to one JSONL file (hindsight.backup describes it): every
        record of every tenant, user and tier with its closed versions, the write log, the queue and
        the dead letters, read as one snapshot and streamed. Records still waiting for a vector are
        embedded first; the file appears under `path` only once complete. `vectors=False` leaves
        the vectors out (restore then embeds every record anew)."""

        return await asyncio.to_thread(back_up, self._core, Path(path), vectors)

    async def restore(self, path: str | Path) -> BackupSummary:
        """Rebuild this (empty) store from a backup file. The whole file is checked first: a
        truncated, damaged or foreign file raises BackupError and the store is left untouched; a
        store that already holds anything raises InvalidInput. Everything is written in one
        transaction; records whose vectors are not in the file (or come from another model) are
        embedded before this returns. Restored queued writes are applied as any queued write is."""

        return await asyncio.to_thread(restore_into, self._core, Path(path))

    async def close(self) -> None:
        await asyncio.to_thread(self._core.close)

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
