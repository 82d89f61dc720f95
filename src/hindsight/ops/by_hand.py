"""Changes an operator (or an agent) makes to one record by hand: forget it, move it between tiers,
revise what it says.
Each is one Change made from a fresh read, and made again if the record changed in between (a hit
count, the lifecycle), so a hand change never undoes another process's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from hindsight.errors import StaleWrite, WriteRejected
from hindsight.ids import new_record_id
from hindsight.models import MemoryRecord, Remembered, Tier, WriteAction
from hindsight.stores.base import Change
from hindsight.stores.registry import Backend
from hindsight.timeutil import utcnow
from hindsight.write import guard, guard_labels
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


def revise(
    backend: Backend, read: Callable[[], MemoryRecord], text: str, entities: dict[str, str] | None
) -> Remembered:
    """A corrected version of the record `read` returns: a new record that says `text` (and holds
    `entities`, if given) from now on, and the old one closed now - kept in history for `as_of`,
    as any replaced value is. The new text passes the write guard like any write (WriteRejected
    says why not, and the refusal is logged)."""
    verdict = guard.check(text)
    if verdict.stored and entities:  # the new version's entities reach agents with its text
        verdict = guard_labels.refused_or(verdict, guard_labels.write_labels(entities))
    for _attempt in range(RETRIES):
        record = read()
        now = utcnow()
        if not verdict.stored:
            action: WriteAction = "refused" if verdict.action == "refuse" else "skipped"
            entry = log_entry(record.scope, action, verdict.reason, text, now, "revise", detail=record.id)
            backend.records.apply(Change(log=(entry,)))
            raise WriteRejected(action, verdict.reason)
        revised = replace(
            record,
            id=new_record_id(),
            text=text,
            entities=dict(entities) if entities is not None else dict(record.entities),
            created_at=now,
            valid_from=now,
            valid_until=None,
            hits=0,
            last_hit_at=None,
            origin="manual",
            embedding_model=None,
            tier_since=None,
            version=1,
        )
        closed = replace(record, valid_until=now)
        entry = log_entry(record.scope, "revised", "by hand", record.text, now, "manual", detail=revised.id)
        try:
            backend.records.apply(Change(add=(revised,), update=(closed,), log=(entry,)))
        except StaleWrite:
            continue
        return Remembered(revised, (replace(closed, version=closed.version + 1),))
    raise StaleWrite("the memory kept changing while it was revised; try again")
