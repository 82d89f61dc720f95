"""Tenants: one store, many customers, none able to see another's memory.

`TenantMemory` is AsyncMemory seen by one tenant. Its users live in the store under
"<tenant>::<user>" (the default tenant's without a prefix, so the library and CLI see the same
users as a server's default tenant). Every user id a caller gives is checked and prefixed here,
every record id is checked to belong to the tenant before anything is read or changed, and
every record handed back carries the caller's own user id. A record of another tenant is "not
found", never "forbidden": its existence is not revealed either.

Every surface (HTTP, MCP, console) goes through this view; none holds memory logic of its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from hindsight import validate
from hindsight.errors import InvalidInput, NotFound
from hindsight.lifecycle import Change, MaintenanceReport
from hindsight.memory import AsyncMemory
from hindsight.models import Hit, Kind, LogLine, MemoryRecord, QueueEntry, Recall, Tier, WriteLogEntry
from hindsight.paging import Cursor, Numbered, Page, RecordKey, read_page
from hindsight.stores.base import UserSpace
from hindsight.timeutil import normalize

DEFAULT_TENANT = "default"
SEPARATOR = "::"


@dataclass(frozen=True, slots=True)
class Stats:
    users: int
    records: dict[str, int]
    """Still-valid records per tier ("short", "long") and per kind ("turn", "summary", ...)."""
    closed: int
    refused: int
    skipped: int
    dead_letters: int
    waiting: int


class TenantMemory:
    """AsyncMemory restricted to one tenant's users."""

    def __init__(self, core: AsyncMemory, tenant: str = DEFAULT_TENANT) -> None:
        tenant = validate.identifier(tenant, "tenant")
        if SEPARATOR in tenant:
            raise InvalidInput(f"a tenant name cannot contain {SEPARATOR!r}")
        self.core = core
        self.tenant = tenant
        self._prefix = "" if tenant == DEFAULT_TENANT else f"{tenant}{SEPARATOR}"
        self.space = UserSpace(self._prefix, SEPARATOR)
        """This tenant's users, as the store's user ids."""

    # -- ids ---------------------------------------------------------------------------------------

    def inner(self, user_id: object) -> str:
        """The store's id for one of this tenant's users."""
        user = validate.identifier(user_id, "user_id")
        if SEPARATOR in user:
            raise InvalidInput(f"user_id cannot contain {SEPARATOR!r}")
        return self._prefix + user

    def owns(self, inner_user: str) -> bool:
        return self.space.holds(inner_user)

    def outer(self, inner_user: str) -> str:
        return inner_user[len(self._prefix) :]

    def _shown(self, record: MemoryRecord) -> MemoryRecord:
        return replace(record, user_id=self.outer(record.user_id))

    def _shown_all(self, records: Sequence[MemoryRecord]) -> list[MemoryRecord]:
        return [self._shown(record) for record in records]

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
    ) -> list[MemoryRecord]:
        records = await self.core.observe(
            self.inner(user_id),
            session_id,
            role,
            text,
            time,
            turn_id=turn_id,
            persist=persist,
            agent_id=agent_id,
        )
        return self._shown_all(records)

    async def end_session(
        self, user_id: str, session_id: str, time: datetime | str | None = None
    ) -> list[MemoryRecord]:
        return self._shown_all(await self.core.end_session(self.inner(user_id), session_id, time))

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
    ) -> MemoryRecord:
        record = await self.core.remember(
            self.inner(user_id),
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
        )
        return self._shown(record)

    # -- reading -----------------------------------------------------------------------------------

    async def recall(
        self,
        user_id: str,
        query: str,
        session_id: str | None = None,
        top_k: int = 5,
        tier: Tier | str | None = None,
        now: datetime | str | None = None,
        as_of: datetime | str | None = None,
        profile: str = "default",
        token_budget: int | None = 1500,
        count_hits: bool = True,
    ) -> Recall:
        answer = await self.core.recall(
            self.inner(user_id), query, session_id, top_k, tier, now, as_of, profile, token_budget, count_hits
        )
        hits = [Hit(self._shown(hit.record), hit.score, hit.scores) for hit in answer.hits]
        return replace(answer, hits=hits)

    async def get(self, record_id: str) -> MemoryRecord:
        return self._shown(await self._owned(record_id))

    async def _owned(self, record_id: str) -> MemoryRecord:
        record = await self.core.get(record_id)  # NotFound for an unknown id
        if not self.owns(record.user_id):
            raise NotFound(f"no memory with id {record_id!r}")
        return record

    async def memories(
        self, user_id: str, tier: Tier | str | None = None, kind: str | None = None, limit: int = 100
    ) -> list[MemoryRecord]:
        """A user's still-valid memories, newest first."""
        inner = self.inner(user_id)
        chosen_tier = validate.tier(tier) if tier is not None else None
        limit = validate.positive_int(limit, "limit", maximum=10_000)
        records = await self.core.records(inner, chosen_tier)
        live = [r for r in records if r.valid_until is None and (kind is None or r.kind == kind)]
        live.sort(key=lambda r: r.created_at, reverse=True)
        return self._shown_all(live[:limit])

    async def memory_page(
        self,
        user_id: str,
        tier: Tier | str,
        kind: Kind | str | None = None,
        cursor: Cursor[RecordKey] | None = None,
        size: int = 100,
    ) -> Page[RecordKey, MemoryRecord]:
        """One page of a user's still-valid memories of one tier, newest first (paging.py)."""
        page = await self.core.record_page(self.inner(user_id), tier, kind, cursor, size)
        return replace(page, rows=self._shown_all(page.rows))

    async def users(self) -> list[str]:
        return [self.outer(user) for user in await self.core.users() if self.owns(user)]

    async def write_log(self, user_id: str | None = None) -> list[WriteLogEntry]:
        if user_id is not None:
            entries = await self.core.write_log(self.inner(user_id))
        else:
            # Read by the store for this tenant's users only: a busy other tenant cannot crowd its
            # entries out of the newest 1,000 (checked again, as log_page does).
            entries = [e for e in await self.core.write_log(self.space) if self.owns(e.user_id)]
        return [replace(e, user_id=self.outer(e.user_id)) for e in entries]

    async def log_page(
        self,
        user_id: str | None = None,
        actions: Collection[str] | None = None,
        cursor: Cursor[int] | None = None,
        size: int = 100,
    ) -> Page[int, LogLine]:
        """One page of the write log of one user or (None) of all this tenant's users, only
        `actions` if given, newest first (paging.py)."""
        users = self.inner(user_id) if user_id is not None else self.space
        page = await self.core.log_page(users, actions, cursor, size)
        # The store chose only this tenant's entries already; checking again costs nothing, and a
        # mistake there can then hide an entry but never show another tenant's.
        lines = [line for line in page.rows if self.owns(line.entry.user_id)]
        shown = [
            replace(line, entry=replace(line.entry, user_id=self.outer(line.entry.user_id))) for line in lines
        ]
        return replace(page, rows=shown)

    async def dead_letters(self) -> list[QueueEntry]:
        _, dead = await self.core.queue()
        return [e for e in dead if self.owns(str(e.payload.get("user_id", "")))]

    async def dead_letter_page(
        self, cursor: Cursor[int] | None = None, size: int = 100
    ) -> Page[int, QueueEntry]:
        """One page of this tenant's dead letters, newest first (paging.py). They are paged in
        memory: a dead letter's user is inside its payload, where a store cannot look it up, and
        the list is short by nature (writes that failed every retry, until someone retries them)."""
        size = validate.positive_int(size, "size", maximum=10_000)
        return read_page(Numbered(await self.dead_letters(), lambda entry: entry.id), cursor, size)

    async def retry(self, entry_id: int) -> int:
        """Send one of this tenant's dead letters back to the queue and apply it; returns how many
        were requeued (1). Another tenant's entry is "not found"."""
        if not any(entry.id == entry_id for entry in await self.dead_letters()):
            raise NotFound(f"no dead letter with id {entry_id}")
        return await self.core.requeue(entry_id)

    async def dump(self, user_id: str | None = None) -> str:
        users = [self.inner(user_id)] if user_id is not None else [self.inner(u) for u in await self.users()]
        return await self.core.dump_users(users, self.outer)

    async def stats(self) -> Stats:
        users = await self.users()
        counts: Counter[str] = Counter()
        closed = 0
        # Counted by the store for this tenant's users, not read record by record.
        for tier, kind, live, count in await self.core.tally(self.space):
            if not live:
                closed += count
                continue
            counts[tier] += count
            counts[kind] += count
        waiting, dead = await self.core.queue()
        return Stats(
            users=len(users),
            records=dict(counts),
            closed=closed,
            # Counted by the store: exact however long the log (write_log reads the newest 1,000).
            refused=await self.core.count_log(self.space, ["refused"]),
            skipped=await self.core.count_log(self.space, ["skipped"]),
            dead_letters=sum(1 for e in dead if self.owns(str(e.payload.get("user_id", "")))),
            waiting=sum(1 for e in waiting if self.owns(str(e.payload.get("user_id", "")))),
        )

    # -- changing one record -------------------------------------------------------------------------

    async def forget(self, record_id: str) -> MemoryRecord:
        await self._owned(record_id)
        return self._shown(await self.core.forget(record_id))

    async def promote(self, record_id: str) -> MemoryRecord:
        await self._owned(record_id)
        return self._shown(await self.core.promote(record_id))

    async def demote(self, record_id: str) -> MemoryRecord:
        await self._owned(record_id)
        return self._shown(await self.core.demote(record_id))

    # -- lifecycle ---------------------------------------------------------------------------------

    async def maintain(
        self, now: datetime | str | None = None, user_id: str | None = None
    ) -> MaintenanceReport:
        """The lifecycle over this tenant's users only."""
        users = [self.inner(user_id)] if user_id is not None else [self.inner(u) for u in await self.users()]
        changes: list[Change] = []
        examined = 0
        for user in users:
            report = await self.core.maintain(now, user)
            examined += report.examined
            changes += [replace(c, user_id=self.outer(c.user_id)) for c in report.changes]
        return MaintenanceReport(normalize(now), len(users), examined, tuple(changes))
