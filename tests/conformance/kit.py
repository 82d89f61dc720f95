"""What the conformance cases build stores from: records, filters, log lines and turns, with small
hand-made unit vectors (DIM 4) whose cosine order is known exactly."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

import numpy as np
import numpy.typing as npt

from hindsight.models import TIERS, Kind, MemoryRecord, Scope, Tier, Turn, WriteAction, WriteLogEntry
from hindsight.stores.base import Change, RecordFilter, Scored
from hindsight.stores.registry import Backend

T0 = datetime(2024, 5, 8, 13, 56, 0)
NOW = T0 + timedelta(days=1)
DIM = 4
MODEL = "test-model-v1"

ALICE = Scope("default", "alice")
BOB = Scope("default", "bob")
ACME_ALICE = Scope("acme", "alice")
"""Another tenant's user with the same name as ALICE: a separate person everywhere."""
ACME_BOB = Scope("acme", "bob")

Vector = npt.NDArray[np.float32]


def unit(*components: float) -> Vector:
    vector = np.zeros(DIM, dtype=np.float32)
    vector[: len(components)] = components
    return (vector / np.linalg.norm(vector)).astype(np.float32)


E0 = unit(1.0)
E1 = unit(0.0, 1.0)
E2 = unit(0.0, 0.0, 1.0)
E3 = unit(0.0, 0.0, 0.0, 1.0)


def rec(
    rid: str,
    text: str | None = None,
    *,
    scope: Scope = ALICE,
    tier: Tier = "short",
    kind: Kind = "fact",
    valid_from: datetime = T0,
    valid_until: datetime | None = None,
    **fields: object,
) -> MemoryRecord:
    return MemoryRecord(
        id=rid,
        user_id=scope.user,
        tenant=scope.tenant,
        tier=tier,
        kind=kind,
        text=text if text is not None else f"record {rid}",
        created_at=T0,
        event_time=T0,
        valid_from=valid_from,
        valid_until=valid_until,
        **fields,  # type: ignore[arg-type]
    )


def where(
    scope: Scope = ALICE,
    at: datetime = NOW,
    tiers: tuple[Tier, ...] = TIERS,
    kinds: tuple[Kind, ...] | None = None,
) -> RecordFilter:
    return RecordFilter(scope=scope, valid_at=at, tiers=tiers, kinds=kinds)


def ids(scored: Scored) -> list[str]:
    return [rid for rid, _ in scored]


def record_ids(records: Sequence[MemoryRecord]) -> list[str]:
    return [record.id for record in records]


def add(backend: Backend, *records: MemoryRecord) -> None:
    backend.records.apply(Change(add=records))


def add_with_vectors(backend: Backend, pairs: Sequence[tuple[MemoryRecord, Vector]]) -> None:
    add(backend, *(record for record, _ in pairs))
    backend.vectors.set_vectors([r.id for r, _ in pairs], np.stack([v for _, v in pairs]), MODEL)


def current(backend: Backend, rid: str) -> MemoryRecord:
    """The record as stored now (it must exist)."""
    found = backend.records.get_many([rid])
    assert rid in found, f"record {rid} is not stored"
    return found[rid]


def update(backend: Backend, record: MemoryRecord) -> None:
    backend.records.apply(Change(update=(record,)))


def delete(backend: Backend, record: MemoryRecord) -> None:
    backend.records.apply(Change(delete=(record,)))


def entry(
    scope: Scope = ALICE,
    action: WriteAction = "refused",
    *,
    reason: str = "secret",
    detail: str | None = None,
    time: datetime = T0,
    source: str = "remember",
) -> WriteLogEntry:
    return WriteLogEntry(
        user_id=scope.user,
        action=action,
        reason=reason,
        text_hash="h",
        time=time,
        source=source,
        detail=detail,
        tenant=scope.tenant,
    )


def log(backend: Backend, *entries: WriteLogEntry) -> None:
    backend.records.apply(Change(log=entries))


def turn(n: int, session: str = "s1", role: str = "user", text: str | None = None) -> Turn:
    return Turn(
        turn_id=f"{session}-t{n}",
        session_id=session,
        role=role,
        text=text if text is not None else f"turn {n} of {session}",
        time=T0 + timedelta(minutes=n),
    )
