"""What the time tests compare: the days a query's time expression names, as ISO dates."""

from __future__ import annotations

from datetime import datetime

from hindsight.recall.timeparse import parse_range


def days_named(query: str, now: datetime, region: str | None = None) -> tuple[str, str] | None:
    """The first and the day after the last day `query` names at `now` (end excluded) for a user in
    `region` (None: no region); None if none."""
    found = parse_range(query, now, region)
    if found is None:
        return None
    return found.start.date().isoformat(), found.end.date().isoformat()


def days_at(query: str, now: str, region: str | None = None) -> tuple[str, str] | None:
    """days_named with `now` as an ISO string."""
    return days_named(query, datetime.fromisoformat(now), region)
