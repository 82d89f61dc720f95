"""The storage seams: what a backend implements, each a small Protocol named for what it does.

    RecordStore    records, the one unit of work (Change) that writes them, meta
    RecordSearch   lookups by field: slots, sources, entities, time, speakers
    EventStore     the open events of the write path (written through Change)
    VectorIndex    vectors: store, search, the embedding backlog
    KeywordIndex   BM25 over CJK-segmented text
    WriteQueue     acknowledged writes, claimed under a lease (an outbox: a write's Change
                   removes its entry in the same transaction that stores its records)
    WriteLog       what the write path and the lifecycle decided, and why
    Snapshots      the whole store out and in (backup, restore), streamed

A backend module builds some or all of them from a URL (stores/registry.py). None names an engine:
every query is in terms of scopes, tiers, kinds, times and ids, and every call that changes
something either is a Change or says in its docstring how it stays correct when several processes
share the store.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

import numpy as np
import numpy.typing as npt

from hindsight.models import (
    TIERS,
    Kind,
    LogLine,
    MemoryRecord,
    Owners,
    QueueEntry,
    Scope,
    Tier,
    UserLocality,
    WriteLogEntry,
)
from hindsight.paging import Cursor, RecordKey

Vector = npt.NDArray[np.float32]

Scored = list[tuple[str, float]]
"""(record id, route score), best first. Higher is better for every route."""


@dataclass(frozen=True, slots=True)
class RecordFilter:
    """Which records a search may return: one user's, in these tiers (and kinds), valid at `valid_at`."""

    scope: Scope
    valid_at: datetime
    tiers: tuple[Tier, ...] = TIERS
    kinds: tuple[Kind, ...] | None = None


@dataclass(frozen=True, slots=True)
class OpenEvent:
    """One session's event (a task) that is not closed yet: the turns it holds so far, the summary
    written for it, the slot values it already stored. Kept in the store between turns, so any
    process applies the next turn, and a restart loses nothing of it."""

    session_id: str
    turn_ids: tuple[str, ...] = ()
    """The event's stored turns, as observed (the turn ids, not record ids), oldest first."""
    last_time: datetime | None = None
    """When its latest turn was said (an idle gap before the next turn closes the event)."""
    touched_at: datetime | None = None
    """Wall-clock time of its latest change: an event untouched this long is closed by the runner."""
    summary_id: str | None = None
    fact_values: Mapping[str, str] = field(default_factory=dict)
    """slot -> value stored from this event, so a repeated value is not stored twice."""
    agent_id: str | None = None
    version: int = 0
    """0 for an event not stored yet; the store's version of it otherwise."""


@dataclass(frozen=True, slots=True)
class EventChange:
    """Store `event` as the session's open event (None: the event is closed, remove it), if the
    stored one is still at version `event.version` (or absent, for version 0)."""

    scope: Scope
    session_id: str
    event: OpenEvent | None
    expected: int


@dataclass(frozen=True, slots=True)
class Claim:
    """A queue entry held by one process (its owner id) until the lease runs out."""

    entry_id: int
    owner: str


@dataclass(frozen=True, slots=True)
class SlotRead:
    """The still-valid records of one user's slot (RecordSearch.open_slot) that a Change was planned
    from. A value stored meanwhile has no version this plan read, so the slot itself is checked: if
    its still-valid records are others by then, the store refuses the Change (StaleWrite) - two
    values written at once would otherwise both stay open, neither closing the other."""

    scope: Scope
    slot: str
    ids: frozenset[str]


@dataclass(frozen=True, slots=True)
class Change:
    """One unit of work, applied atomically by RecordStore.apply: all of it or none of it.

    `update` and `delete` carry each record as it was read: if the stored record's version is
    another, the store raises StaleWrite and writes nothing. `done` is the queue entry this change
    applies: it is removed in the same transaction, and if its claim is no longer this owner's the
    store raises ClaimLost and writes nothing - so a queued write is applied once, however many
    processes try. `slots` are the slots the plan read: refused too (StaleWrite) if one changed."""

    add: Sequence[MemoryRecord] = ()
    update: Sequence[MemoryRecord] = ()
    delete: Sequence[MemoryRecord] = ()
    log: Sequence[WriteLogEntry] = ()
    events: Sequence[EventChange] = ()
    done: Claim | None = None
    meta: Mapping[str, str | None] = field(default_factory=dict)
    """Meta keys to set (None: remove)."""
    slots: Sequence[SlotRead] = ()

    @property
    def empty(self) -> bool:
        return not (
            self.add or self.update or self.delete or self.log or self.events or self.done or self.meta
        )


@dataclass(frozen=True, slots=True)
class Generation:
    """How often one user's memory has changed: `records` with every change to their records or
    open events, `vectors` only with a change a vector search sees (a vector stored, a record with
    a vector changed or removed). Counted in the write's own transaction, so a process that reads
    the generation before it reads anything else knows whether what it cached is still true."""

    records: int = 0
    vectors: int = 0


class RecordStore(Protocol):
    """Memory records of every tenant, user and tier, and the unit of work that changes them."""

    def apply(self, change: Change) -> None:
        """Apply `change` atomically (see Change); StaleWrite or ClaimLost and nothing written if a
        version or the claim does not hold. Records added with an id that exists raise InvalidInput."""
        ...

    def get_many(self, ids: Sequence[str]) -> dict[str, MemoryRecord]:
        """The records with these ids (unknown ids are left out), whoever owns them."""
        ...

    def scan(
        self, owners: Owners = None, *, tier: Tier | None = None, include_closed: bool = True
    ) -> Iterator[MemoryRecord]:
        """Records of one user, a tenant or everyone, oldest first (insertion order), read a chunk
        at a time: a scan of a large store never holds it all."""
        ...

    def page_records(
        self,
        scope: Scope,
        tier: Tier,
        limit: int,
        *,
        kind: Kind | None = None,
        cursor: Cursor[RecordKey] | None = None,
    ) -> list[MemoryRecord]:
        """Up to `limit` of one user's still-valid records (valid_until None) of one tier (and
        kind), newest first by (created_at, id): the newest of all, those just older than
        `cursor.key` or, with `cursor.newer`, those just newer than it (still newest first)."""
        ...

    def count_records(
        self, scope: Scope, tier: Tier, *, kind: Kind | None = None, newer_than: RecordKey | None = None
    ) -> int:
        """How many records `page_records` pages (only those newer than `newer_than`, if given)."""
        ...

    def tally(self, owners: Owners) -> list[tuple[Tier, Kind, bool, int]]:
        """How many records one user, a tenant or everyone holds, as (tier, kind, still valid,
        count) rows; counted, not read. "Still valid" is valid_until unset."""
        ...

    def scopes(self, tenant: str | None = None) -> list[Scope]:
        """The users (of one tenant, or of all) who have records, sorted by tenant then user."""
        ...

    def generation(self, scope: Scope) -> Generation: ...

    def add_hits(self, hits: Mapping[str, tuple[int, datetime]]) -> None:
        """Count recalls: add `times` to each record's hits and move last_hit_at forward to `last`
        (ids that no longer exist are ignored). An increment, so concurrent counts add up; it moves
        the records' versions (a lifecycle update read before it is refused and planned again) but
        not the generation (hits change no search)."""
        ...

    def get_meta(self, key: str) -> str | None: ...

    def set_meta(self, key: str, value: str | None) -> None:
        """Set a meta key (None removes it)."""
        ...

    def locality_of(self, scope: Scope) -> UserLocality | None:
        """Where the user lives, as stored for them (None: nothing stored)."""
        ...

    def set_locality(self, locality: UserLocality) -> None:
        """Store where a user lives, replacing what was stored for them."""
        ...

    def remove_locality(self, scope: Scope) -> bool:
        """Remove what is stored of where the user lives; whether anything was."""
        ...

    def check(self, thorough: bool) -> list[str]:
        """Damage found in the store (empty: none): the cheap checks an open makes, and with
        `thorough` every page and index (`hindsight doctor`)."""
        ...


class RecordSearch(Protocol):
    """Records found by a field: what the write path and the exact recall routes look up."""

    def open_slot(self, scope: Scope, slot: str) -> list[MemoryRecord]:
        """The user's still-valid records that state a value for `slot`, oldest first."""
        ...

    def citing(self, scope: Scope, source_id: str) -> list[MemoryRecord]:
        """The user's still-valid records whose source_ids include `source_id`."""
        ...

    def search_entities(self, where: RecordFilter, values: Sequence[str], k: int) -> Scored:
        """Records holding any of these entity values (normalised), most matches first; the score is
        how many of the values a record holds."""
        ...

    def search_time(self, where: RecordFilter, start: datetime, end: datetime, k: int) -> Scored:
        """Records whose event_time falls in [start, end), most recent first."""
        ...

    def speakers(self, scope: Scope) -> set[str]:
        """The roles of this user's embedded records ("user", "assistant", "Caroline"): who spoke."""
        ...

    def ids_starting(self, prefix: str, owners: Owners, limit: int) -> list[str]:
        """Up to `limit` ids of records (of one user, a tenant, or anyone's) that start with `prefix`,
        sorted: what a shortened id (as `dump` prints them) stands for."""
        ...


class EventStore(Protocol):
    """The open events of the write path. They change only through Change.events."""

    def open_events(self, scope: Scope) -> list[OpenEvent]:
        """The user's open events, one per session that has one."""
        ...

    def idle_events(self, touched_before: datetime, limit: int) -> list[tuple[Scope, OpenEvent]]:
        """Open events of any user not touched since `touched_before` (wall clock), oldest first."""
        ...


class VectorIndex(Protocol):
    """Record vectors: stored by record id, searched by cosine within one user's valid records."""

    def set_vectors(
        self, ids: Sequence[str], vectors: Vector, model_id: str, *, versions: Sequence[int] | None = None
    ) -> None:
        """Store the vectors of these records (written by `model_id`); ids of records removed
        meanwhile are ignored. With `versions` (each record's version as read when its vector was
        computed), a record changed since - its text rewritten by another process - is left as it
        is (still waiting for a vector of what it says now), so no vector outlives its text."""
        ...

    def search_vector(self, where: RecordFilter, vector: Vector, k: int) -> Scored:
        """Cosine similarity, best first, over the user's records that `where` admits."""
        ...

    def vectors_of(self, scope: Scope, ids: Sequence[str]) -> dict[str, Vector]:
        """The stored vectors of these records of one user (ids without a vector are left out)."""
        ...

    def pending(self, limit: int, scope: Scope | None = None) -> list[MemoryRecord]:
        """Records stored without a vector yet (of one user, or of anyone), oldest first: the
        embedding backlog."""
        ...

    def stale(self, model_id: str) -> list[str]:
        """Ids of the records without a vector or with one written by another model than
        `model_id`, oldest first: what a re-embedding to `model_id` still has to do."""
        ...


class KeywordIndex(Protocol):
    """BM25 over the records' CJK-segmented text. The index follows the records: a backend keeps
    it current inside RecordStore.apply."""

    def search_keyword(self, where: RecordFilter, terms: Sequence[str], k: int) -> Scored:
        """Any term may match; best first, scores positive. Terms are text, never query syntax."""
        ...


class WriteQueue(Protocol):
    """Acknowledged writes waiting to be applied, with claims, retries and dead letters.

    A write is acknowledged once `enqueue` returns. A process applies an entry only while it holds
    its claim (taken at enqueue by the process that will apply it at once, or by `claim` for
    anything due); the Change that applies it removes it (Change.done). A claim lasts its lease: if
    the process dies, the entry is claimable again when the lease runs out (or at once, once
    `release` is told the owner is gone)."""

    def enqueue(
        self,
        op: str,
        payload: Mapping[str, object],
        scope: Scope,
        now: datetime,
        *,
        owner: str | None = None,
        lease_until: datetime | None = None,
    ) -> int:
        """Append an entry (claimed by `owner` until `lease_until`, if given); returns its id."""
        ...

    def claim(
        self, owner: str, now: datetime, lease_until: datetime, limit: int, *, due: bool = True
    ) -> list[QueueEntry]:
        """Atomically claim up to `limit` entries no live claim holds, oldest first - only those
        whose next attempt is due at `now`, unless `due` is False. No two callers get one entry."""
        ...

    def fail(self, claim: Claim, error: str, retry_at: datetime | None, now: datetime) -> bool:
        """Count a failed attempt of a claimed entry and release it: retry at `retry_at`, or (None)
        move it to the dead letters. False (and nothing changed) if the claim is not held."""
        ...

    def release(self, owners: Collection[str]) -> int:
        """Drop every claim of these owners (processes known to be gone); returns how many."""
        ...

    def holders(self) -> list[str]:
        """The owners that hold claims now."""
        ...

    def waiting(self, owners: Owners = None, limit: int = 1000) -> list[QueueEntry]:
        """Entries not applied yet, of one user, a tenant or everyone, oldest first."""
        ...

    def dead_letters(self, owners: Owners = None) -> list[QueueEntry]:
        """Entries that failed for good, oldest first."""
        ...

    def requeue(self, entry_id: int, now: datetime) -> bool:
        """Give a dead letter another chance: back into the queue (same id), attempts reset."""
        ...


class WriteLog(Protocol):
    """What the write path skipped, refused or worked around, and what the lifecycle did, with the
    reason. Entries are written through Change.log; numbers only grow."""

    def page_log(
        self,
        owners: Owners,
        limit: int,
        *,
        actions: Collection[str] | None = None,
        cursor: Cursor[int] | None = None,
    ) -> list[LogLine]:
        """Up to `limit` entries of one user, a tenant or everyone, with one of `actions` if given,
        newest first by number: the newest of all, those just older than number `cursor.key` or,
        with `cursor.newer`, those just newer (still newest first)."""
        ...

    def count_log(
        self, owners: Owners, *, actions: Collection[str] | None = None, newer_than: int | None = None
    ) -> int:
        """How many entries `page_log` pages (only those numbered above `newer_than`, if given)."""
        ...

    def count_logged(self, scope: Scope, detail: str) -> int:
        """How many log entries of this user carry this detail (e.g. an earlier "slot=value")."""
        ...


@dataclass(frozen=True, slots=True)
class StoreContents:
    """A whole store as streams, in the order a backup writes them: every record of every user and
    tier (closed versions too, oldest first) with its vector (or None), the write log (oldest
    first), the waiting queue, the dead letters, and where each user lives (UserLocality). `counts`
    says how many of each there are."""

    counts: Mapping[str, int]
    records: Iterable[tuple[MemoryRecord, Vector | None]] = ()
    write_log: Iterable[WriteLogEntry] = ()
    queue: Iterable[QueueEntry] = ()
    dead_letters: Iterable[QueueEntry] = ()
    localities: Iterable[UserLocality] = ()


SECTIONS = ("record", "log", "queued", "dead_letter", "locality")
"""The sections of StoreContents.counts, in order."""


class Snapshots(Protocol):
    """The whole store out and in, for backup and restore."""

    def export(self) -> AbstractContextManager[StoreContents]:
        """Everything, as one consistent snapshot (no write lands between two sections), streamed
        while the context is open."""
        ...

    def import_all(self, contents: StoreContents) -> None:
        """Into an empty store, in one transaction: the records in their order with their vectors,
        the log in its order, the queue and dead letters with their ids (new entries get ids above
        them). Raises InvalidInput (and writes nothing) if the store already holds records, log
        entries, queued writes or dead letters."""
        ...


@dataclass(frozen=True, slots=True)
class IndexEntry:
    """A record's entry in an external vector index as the record store has it now: its vector (None:
    the record has none any more, or is gone - `removed`) and the fields a vector search filters on.
    `token` tells the store which state of the record was passed on."""

    id: str
    scope: Scope
    token: int
    removed: bool = False
    tier: Tier = "short"
    kind: Kind = "fact"
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    entity_values: tuple[str, ...] = ()
    vector: Vector | None = None


class IndexFeed(Protocol):
    """What an external vector index is fed from - an outbox in the record store. Every change a
    vector search sees (a vector stored, a record with a vector changed or removed) marks the record
    in the change's own transaction; the index takes what is marked, writes it, and only then tells
    the store it caught up. A crash in between leaves the marks: the next sync writes them again."""

    def enable(self) -> None:
        """From now on pass removals on too; mark every record with a vector (a first fill)."""
        ...

    def sync(self, write: Callable[[Sequence[IndexEntry]], None], limit: int) -> int:
        """Hand up to `limit` marked entries to `write` (one syncer at a time across processes); if it
        returns, clear the marks of those still in the state handed out and move their users' vector
        generation. Returns how many were handed out (0: the index is caught up)."""
        ...
