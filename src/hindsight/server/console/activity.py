"""What the stats page's charts count, gathered from one tenant's memory through its public calls
(no store seam of its own): memories written per day by tier and kind, and what the guard refused or
skipped per day.

The store has no count by day, so the days are read, and only the days in the window: a user's
still-valid memories of each tier newest first (`record_page`, whose order is the creation time)
until the first one written before the window, and the guard's log entries newest first
(`log_page` with only those actions) until a whole page is older than the window. The totals of
all time come from the store's counts (`stats`). So that a page never reads without end, each
chart reads at most `MAX_ROWS_READ` rows and says so when it stopped there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from datetime import time as clock_time

from hindsight.memory import TenantMemory
from hindsight.models import KINDS, Kind, Tier
from hindsight.paging import Cursor, RecordKey

WINDOWS = (7, 30, 90)
"""The windows a chart can show, in days."""
DEFAULT_DAYS = 30
MAX_ROWS_READ = 20_000
"""Rows one chart reads at most (memories, or log entries)."""
FIRST_PAGE, PAGE = 50, 500
"""A user's first page is small (most users wrote little lately); later pages are larger."""
GUARD_ACTIONS = ("refused", "skipped")


def window(days: int, today: date) -> list[date]:
    """The `days` days up to and including `today`, oldest first."""
    return [today - timedelta(days=days - 1 - i) for i in range(days)]


@dataclass(slots=True)
class PerDay:
    """Counts per day of a window, under a name (a tier and kind; an action)."""

    days: list[date]
    counts: dict[tuple[str, ...], list[int]] = field(default_factory=dict)
    read: int = 0
    """Rows read to count them."""
    complete: bool = True
    """False when reading stopped at MAX_ROWS_READ: the oldest days may be short."""

    def add(self, name: tuple[str, ...], day: date) -> None:
        offset = (day - self.days[0]).days
        if 0 <= offset < len(self.days):
            self.counts.setdefault(name, [0] * len(self.days))[offset] += 1

    def of(self, *name: str) -> list[int]:
        return self.counts.get(name, [0] * len(self.days))

    @property
    def total(self) -> int:
        return sum(sum(values) for values in self.counts.values())


async def written_per_day(
    memory: TenantMemory, users: Sequence[str], tiers: Sequence[Tier], days: list[date]
) -> PerDay:
    """The still-valid memories of `users` written on each day of `days` (UTC), by their tier now
    and kind: counts[(tier, kind)]."""
    found = PerDay(days)
    since = datetime.combine(days[0], clock_time.min)
    for user in users:
        for tier in tiers:
            cursor: Cursor[RecordKey] | None = None
            size = FIRST_PAGE
            while True:
                page = await memory.record_page(user, tier, None, cursor, size)
                first = RecordKey(page.rows[0].created_at, page.rows[0].id) if page.rows else None
                if cursor is not None and first is not None and first >= cursor.key:
                    break  # rows went away meanwhile and paging began again: counted already
                older = False
                for record in page.rows:
                    if record.created_at < since:
                        older = True
                        break
                    found.read += 1
                    found.add((tier, record.kind), record.created_at.date())
                if older or page.older is None:
                    break
                if found.read >= MAX_ROWS_READ:
                    found.complete = False
                    return found
                cursor, size = Cursor(page.older), PAGE
    return found


async def guarded_per_day(memory: TenantMemory, user: str | None, days: list[date]) -> PerDay:
    """What the guard refused or skipped on each day of `days` (UTC, by the time of the text it
    judged), of one user or (None) of every user of the tenant: counts[(action,)]."""
    found = PerDay(days)
    since = datetime.combine(days[0], clock_time.min)
    cursor: Cursor[int] | None = None
    while True:
        page = await memory.log_page(user, GUARD_ACTIONS, cursor, PAGE)
        if cursor is not None and page.rows and page.rows[0].id >= cursor.key:
            break
        recent = False
        for line in page.rows:
            found.read += 1
            found.add((line.entry.action,), line.entry.time.date())
            recent = recent or line.entry.time >= since
        if not recent or page.older is None:
            break
        if found.read >= MAX_ROWS_READ:
            found.complete = False
            break
        cursor = Cursor(page.older)
    return found


def kinds_of(found: PerDay) -> list[Kind]:
    """The kinds that occur in `found`, in the order of models.KINDS."""
    present = {name[1] for name in found.counts if len(name) == 2}
    return [kind for kind in KINDS if kind in present]
