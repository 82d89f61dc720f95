"""Changes an operator (or an agent) makes to one record by hand: forget it, move it between tiers.
Each is one Change made from a fresh read, and made again if the record changed in between (a hit
count, the lifecycle), so a hand change never undoes another process's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from hindsight.errors import StaleWrite
from hindsight.models import MemoryRecord, Tier, WriteAction
from hindsight.stores.base import Change
from hindsight.stores.registry import Backend
from hindsight.timeutil import utcnow
from hindsight.write.pipeline import log_entry

RETRIES = 8


def forget(backend: Backend, read: Callable[[], MemoryRecord]) -> MemoryRecord:
    """Delete the record `read` returns, for good; returns it."""
    for _attempt in range(RETRIES):
        record = read()
        try:
            backend.records.apply(Change(delete=(record,)))
        except StaleWrite:
            continue  # changed meanwhile: read it again
        return record
    raise StaleWrite("the memory kept changing while it was forgotten; try again")


def move(backend: Backend, read: Callable[[], MemoryRecord], tier: Tier) -> MemoryRecord:
    """Move the record `read` returns to `tier` (a no-op if it is there); returns it as stored."""
    for _attempt in range(RETRIES):
        record = read()
        if record.tier == tier:
            return record
        now = utcnow()
        # The record's lifetime counts from now: an operator who promotes a memory means it to stay.
        moved = replace(record, tier=tier, tier_since=max(now, record.created_at))
        action: WriteAction = "promoted" if tier == "long" else "demoted"
        entry = log_entry(record.scope, action, "manual", record.text, now, "manual", detail=record.id)
        try:
            backend.records.apply(Change(update=(moved,), log=(entry,)))
        except StaleWrite:
            continue
        return replace(moved, version=moved.version + 1)
    raise StaleWrite("the memory kept changing while it was moved; try again")
