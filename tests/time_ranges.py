"""What the time tests compare: the days a query's time expression names, as ISO dates."""

from __future__ import annotations

from datetime import datetime

from hindsight.recall.timeparse import parse_range


def days_named(query: str, now: datetime) -> tuple[str, str] | None:
    """The first and the day after the last day `query` names at `now` (end excluded); None if none."""
    found = parse_range(query, now)
    if found is None:
        return None
    return found.start.date().isoformat(), found.end.date().isoformat()
