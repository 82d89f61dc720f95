"""The range a time expression names: half-open [start, end) in naive UTC, a day midnight to
midnight."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class TimeRange:
    start: datetime
    end: datetime
    expression: str
    vague: bool = False
    """"最近", "recently", "前几天", "a few days ago": a rough window, not a range the user drew —
    recall weighs it (the temporal route) but does not filter by it."""

    def __contains__(self, moment: datetime) -> bool:
        return self.start <= moment < self.end
