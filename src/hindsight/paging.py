"""Keyset paging: one page of a newest-first list, and where that page stands in the whole list.

A list is read newest first by a key that is unique and never changes while its row exists (a
record's creation time, then its id; a log entry's number). A page is asked for next to the key of
a row the reader has seen - the rows just older than it ("Next") or just newer ("Previous") - not
by an offset: a row written or removed while someone pages neither pushes a page onto rows they
have already seen nor hides one from them, and no page has to read the rows before it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from hindsight.models import Kind, LogLine, MemoryRecord, Owners, Scope, Tier

if TYPE_CHECKING:
    from hindsight.stores.base import RecordStore, WriteLog

K = TypeVar("K")
"""The key rows are ordered by."""
T = TypeVar("T")
"""A row."""


@dataclass(frozen=True, slots=True, order=True)
class RecordKey:
    """Where a memory stands in a newest-first list: its creation time, then (for ties) its id."""

    created_at: datetime
    id: str


@dataclass(frozen=True, slots=True)
class Cursor(Generic[K]):
    """Where a page starts: just after the row with `key` in newest-first order (the older rows,
    "Next"), or with `newer` just before it (the newer rows, "Previous")."""

    key: K
    newer: bool = False


@dataclass(frozen=True, slots=True)
class Page(Generic[K, T]):
    """Some rows of a newest-first list and their place in it."""

    rows: list[T]
    """Newest first."""
    start: int
    """How many rows of the list come before (are newer than) the first row here."""
    total: int
    """How many rows the whole list has."""
    newer: K | None
    """The key to ask for the page before this one with (`Cursor(newer, newer=True)`); None on the
    first page."""
    older: K | None
    """The key to ask for the page after this one with (`Cursor(older)`); None on the last page."""

    @property
    def first(self) -> int:
        """The position (from 1) of the first row here in the whole list; 0 when there is none."""
        return self.start + 1 if self.rows else 0

    @property
    def last(self) -> int:
        """The position of the last row here in the whole list."""
        return self.start + len(self.rows)


class Keyset(Protocol[K, T]):
    """A newest-first list that can be read next to a key: what `read_page` pages."""

    def fetch(self, cursor: Cursor[K] | None, limit: int) -> list[T]:
        """Up to `limit` rows, newest first: the newest of all (no cursor), those just older than
        `cursor.key`, or those just newer than it (`cursor.newer`)."""
        ...

    def count(self, newer_than: K | None = None) -> int:
        """How many rows the list has (newer than the row with key `newer_than`, if given)."""
        ...

    def key(self, row: T) -> K: ...


def read_page(rows: Keyset[K, T], cursor: Cursor[K] | None, size: int) -> Page[K, T]:
    """The page of `size` rows that `cursor` points to (None: the newest rows).

    A cursor that no longer points into the list - the rows past it were removed, or it was made
    up - gives the first page rather than an empty one, and so does a "Previous" that would reach
    the top with fewer than `size` rows: the first page is always the newest `size` rows."""
    shown = rows.fetch(cursor, size) if cursor is not None else []
    if cursor is None or not shown or (cursor.newer and len(shown) < size):
        shown = rows.fetch(None, size)
    total = rows.count()
    if not shown:
        return Page([], 0, total, None, None)
    start = rows.count(rows.key(shown[0]))
    newer = rows.key(shown[0]) if start > 0 else None
    older = rows.key(shown[-1]) if start + len(shown) < total else None
    return Page(shown, start, total, newer, older)


# -- the lists that are paged --------------------------------------------------------------------


class StoredRecords:
    """A user's still-valid memories of one tier (and kind), newest first, read from the store."""

    def __init__(self, store: RecordStore, scope: Scope, tier: Tier, kind: Kind | None = None) -> None:
        self.store = store
        self.scope = scope
        self.tier: Tier = tier
        self.kind: Kind | None = kind

    def fetch(self, cursor: Cursor[RecordKey] | None, limit: int) -> list[MemoryRecord]:
        return self.store.page_records(self.scope, self.tier, limit, kind=self.kind, cursor=cursor)

    def count(self, newer_than: RecordKey | None = None) -> int:
        return self.store.count_records(self.scope, self.tier, kind=self.kind, newer_than=newer_than)

    def key(self, row: MemoryRecord) -> RecordKey:
        return RecordKey(row.created_at, row.id)


class StoredLog:
    """The write log of one user, of one tenant's users or of everyone, newest first, perhaps only
    some actions, read from the store."""

    def __init__(self, store: WriteLog, owners: Owners, actions: Collection[str] | None = None) -> None:
        self.store = store
        self.owners = owners
        self.actions = actions

    def fetch(self, cursor: Cursor[int] | None, limit: int) -> list[LogLine]:
        return self.store.page_log(self.owners, limit, actions=self.actions, cursor=cursor)

    def count(self, newer_than: int | None = None) -> int:
        return self.store.count_log(self.owners, actions=self.actions, newer_than=newer_than)

    def key(self, row: LogLine) -> int:
        return row.id


class Numbered(Generic[T]):
    """Rows already read into memory, newest first by a unique number (a dead letter's id): for a
    list that is short by nature, paged the same way as the stored ones."""

    def __init__(self, rows: Iterable[T], number: Callable[[T], int]) -> None:
        self._number = number
        self._rows = sorted(rows, key=number, reverse=True)

    def fetch(self, cursor: Cursor[int] | None, limit: int) -> list[T]:
        if cursor is None:
            return self._rows[:limit]
        if cursor.newer:
            newer = [row for row in self._rows if self._number(row) > cursor.key]
            return newer[-limit:]
        return [row for row in self._rows if self._number(row) < cursor.key][:limit]

    def count(self, newer_than: int | None = None) -> int:
        if newer_than is None:
            return len(self._rows)
        return sum(1 for row in self._rows if self._number(row) > newer_than)

    def key(self, row: T) -> int:
        return self._number(row)
