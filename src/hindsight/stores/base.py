"""The storage Protocol every backend implements, and the factory that opens one from Settings."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

import numpy as np
import numpy.typing as npt

from hindsight.models import TIERS, Kind, LogLine, MemoryRecord, QueueEntry, Tier, WriteLogEntry
from hindsight.paging import Cursor, RecordKey

if TYPE_CHECKING:
    from hindsight.settings import Settings


@dataclass(frozen=True, slots=True)
class RecordFilter:
    """Which records a search may return: one user's, in these tiers, valid at `valid_at`."""

    user_id: str
    valid_at: datetime
    tiers: tuple[Tier, ...] = TIERS
    kinds: tuple[Kind, ...] | None = None


@dataclass(frozen=True, slots=True)
class StoreContents:
    """Everything a store holds that a backup keeps: every record of every user and tier (closed
    versions too, oldest first), the vectors by record id (each written by its record's
    `embedding_model`), the write log (oldest first), the waiting queue and the dead letters."""

    records: Sequence[MemoryRecord] = ()
    vectors: Mapping[str, npt.NDArray[np.float32]] = field(default_factory=dict)
    write_log: Sequence[WriteLogEntry] = ()
    queue: Sequence[QueueEntry] = ()
    dead_letters: Sequence[QueueEntry] = ()


@dataclass(frozen=True, slots=True)
class UserSpace:
    """The user ids that start with `prefix` and hold no `separator` after it: one tenant's users
    (tenancy.py). With prefix "" it is the ids that hold no separator at all."""

    prefix: str
    separator: str

    def holds(self, user_id: str) -> bool:
        return user_id.startswith(self.prefix) and self.separator not in user_id[len(self.prefix) :]


Scored = list[tuple[str, float]]
"""(record id, route score), best first. Higher is better for every route."""


class MemoryStore(Protocol):
    """Short- and long-term records with their vectors and a keyword index."""

    def add(self, records: Sequence[MemoryRecord]) -> None:
        """Insert new records (atomically). Their vectors come later, through set_vectors."""
        ...

    def set_vectors(self, ids: Sequence[str], vectors: npt.NDArray[np.float32], model_id: str) -> None: ...

    def missing_vectors(self, limit: int) -> list[MemoryRecord]:
        """Records stored without a vector yet (written, not embedded): oldest first."""
        ...

    def stale_vector_ids(self, model_id: str) -> list[str]:
        """Ids of the records without a vector or with one written by another model than
        `model_id`, oldest first: what a re-embedding to `model_id` still has to do."""
        ...

    def get(self, record_id: str) -> MemoryRecord | None: ...

    def get_many(self, ids: Sequence[str]) -> dict[str, MemoryRecord]: ...

    def update(self, record: MemoryRecord) -> None:
        """Replace a record's fields (same id); a changed tier moves it between tiers, a changed
        text drops the vector so that it is embedded anew."""
        ...

    def apply_write(
        self,
        add: Sequence[MemoryRecord] = (),
        update: Sequence[MemoryRecord] = (),
        log: Sequence[WriteLogEntry] = (),
        done: int | None = None,
        delete: Sequence[str] = (),
    ) -> None:
        """Atomically: insert `add`, replace `update`, delete `delete` (record ids), append `log`, and
        remove queue entry `done`."""
        ...

    def open_slot(self, user_id: str, slot: str) -> list[MemoryRecord]:
        """The user's still-valid records that state a value for `slot`."""
        ...

    def citing(self, user_id: str, source_id: str) -> list[MemoryRecord]:
        """The user's still-valid records whose source_ids include `source_id`."""
        ...

    def delete(self, record_id: str) -> bool: ...

    def add_hits(self, hits: Mapping[str, tuple[int, datetime]]) -> None:
        """Count recalls: add `times` to each record's hits and move last_hit_at forward to `last`
        (ids that no longer exist are ignored)."""
        ...

    def list_records(
        self, user_id: str | None = None, tier: Tier | None = None, include_closed: bool = True
    ) -> list[MemoryRecord]: ...

    def page_records(
        self,
        user_id: str,
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
        self, user_id: str, tier: Tier, *, kind: Kind | None = None, newer_than: RecordKey | None = None
    ) -> int:
        """How many records `page_records` pages (only those newer than `newer_than`, if given)."""
        ...

    def search_vector(self, where: RecordFilter, vector: npt.NDArray[np.float32], k: int) -> Scored:
        """Cosine similarity, exact, best first."""
        ...

    def speakers(self, user_id: str) -> set[str]:
        """The roles of this user's embedded records ("user", "assistant", "Caroline"): who spoke."""
        ...

    def vectors_of(self, user_id: str, ids: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
        """The stored vectors of these records of one user (ids without a vector are left out)."""
        ...

    def search_keyword(self, where: RecordFilter, terms: Sequence[str], k: int) -> Scored:
        """BM25 over CJK-segmented text (any term may match), best first, scores positive."""
        ...

    def search_entities(self, where: RecordFilter, values: Sequence[str], k: int) -> Scored:
        """Records holding any of these entity values (normalised), most matches first; the score is
        how many of the values a record holds."""
        ...

    def search_time(self, where: RecordFilter, start: datetime, end: datetime, k: int) -> Scored:
        """Records whose event_time falls in [start, end), most recent first."""
        ...

    def tally(self, users: str | UserSpace | None) -> list[tuple[Tier, Kind, bool, int]]:
        """How many records one user, a space of users or (None) everyone holds, as (tier, kind,
        still valid, count) rows; counted, not read. "Still valid" is valid_until unset."""
        ...

    def users(self) -> list[str]: ...

    def get_meta(self, key: str) -> str | None: ...

    def set_meta(self, key: str, value: str) -> None: ...

    def delete_meta(self, key: str) -> None:
        """Remove a meta key (a no-op if it is not there)."""
        ...

    def close(self) -> None: ...


class WriteQueue(Protocol):
    """Acknowledged writes waiting to be applied, with retries and a dead-letter table."""

    def enqueue(self, op: str, payload: dict[str, object], now: datetime) -> int: ...

    def due(self, now: datetime | None, limit: int = 100) -> list[QueueEntry]: ...

    def fail(self, entry_id: int, error: str, retry_at: datetime | None, now: datetime) -> None: ...

    def dead_letters(self) -> list[QueueEntry]: ...

    def requeue(self, entry_id: int, now: datetime) -> bool: ...


class WriteLog(Protocol):
    """What the write path skipped, refused or worked around, with the reason."""

    def log_writes(self, entries: Sequence[WriteLogEntry]) -> None: ...

    def write_log(self, user_id: str | None = None, limit: int = 1000) -> list[WriteLogEntry]: ...

    def page_log(
        self,
        users: str | UserSpace | None,
        limit: int,
        *,
        actions: Collection[str] | None = None,
        cursor: Cursor[int] | None = None,
    ) -> list[LogLine]:
        """Up to `limit` log entries of one user, of a space of users or (None) of everyone, with
        one of `actions` if given, newest first by number: the newest of all, those just older
        than number `cursor.key` or, with `cursor.newer`, those just newer (still newest first)."""
        ...

    def count_log(
        self,
        users: str | UserSpace | None,
        *,
        actions: Collection[str] | None = None,
        newer_than: int | None = None,
    ) -> int:
        """How many entries `page_log` pages (only those numbered above `newer_than`, if given)."""
        ...

    def count_logged(self, user_id: str, detail: str) -> int:
        """How many log entries of this user carry this detail (e.g. an earlier "slot=value")."""
        ...


class Snapshots(Protocol):
    """The whole store out and in, for backup and restore."""

    def export_all(self) -> StoreContents:
        """Everything, read as one consistent snapshot (no write lands between two sections)."""
        ...

    def import_all(self, contents: StoreContents) -> None:
        """Into an empty store, in one transaction: the records in their order with their vectors,
        the log in its order, the queue and dead letters with their ids. Raises InvalidInput (and
        writes nothing) if the store already holds records, log entries, queued writes or dead
        letters, or if a vector belongs to no record."""
        ...


class Store(MemoryStore, WriteQueue, WriteLog, Snapshots, Protocol):
    """Everything Memory needs from a backend: records, the write queue and the write log."""


def open_store(settings: Settings) -> Store:
    from hindsight.stores.sqlite import SQLiteStore

    return SQLiteStore(settings.database)
