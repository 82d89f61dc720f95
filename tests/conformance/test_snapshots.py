"""Snapshots: the whole store out as one consistent, streamed snapshot, and into an empty store."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import numpy as np
import pytest

from hindsight.errors import InvalidInput
from hindsight.models import MemoryRecord, QueueEntry, Tenant, UserLocality, WriteLogEntry
from hindsight.stores.base import SECTIONS, Change, Claim, StoreContents
from hindsight.stores.registry import Backend
from hindsight.text import query_terms

from .backends import Site
from .kit import (
    ACME_ALICE,
    ALICE,
    BOB,
    E0,
    E1,
    E2,
    T0,
    add,
    add_with_vectors,
    current,
    entry,
    ids,
    log,
    rec,
    record_ids,
    update,
    where,
)

Materialised = tuple[
    dict[str, int],
    list[tuple[MemoryRecord, list[float] | None]],
    list[WriteLogEntry],
    list[QueueEntry],
    list[QueueEntry],
    list[UserLocality],
]


def _read(contents: StoreContents) -> Materialised:
    return (
        dict(contents.counts),
        [(record, None if vector is None else vector.tolist()) for record, vector in contents.records],
        list(contents.write_log),
        list(contents.queue),
        list(contents.dead_letters),
        list(contents.localities),
    )


def _export(backend: Backend) -> Materialised:
    with backend.snapshots.export() as contents:
        return _read(contents)


def _contents(read: Materialised) -> StoreContents:
    counts, records, write_log, queue, dead, localities = read
    return StoreContents(
        counts=counts,
        records=[(record, None if v is None else np.array(v, dtype=np.float32)) for record, v in records],
        write_log=write_log,
        queue=queue,
        dead_letters=dead,
        localities=localities,
    )


def _full_store(backend: Backend) -> None:
    """Records of two tenants in both tiers (one closed, one changed, one without a vector), a log, a
    queue, a dead letter and two users' localities."""
    add_with_vectors(
        backend,
        [
            (rec("a", "用户喜欢美式", tier="long", entities={"drink": "美式"}), E0),
            (rec("b", "old budget", valid_until=T0 + timedelta(hours=1), slot="budget|"), E1),
            (rec("c", "bob's note", scope=BOB), E2),
            (rec("d", "acme's alice", scope=ACME_ALICE, kind="turn", role="Caroline"), E0),
        ],
    )
    add(backend, rec("pending", "not embedded yet"))
    update(backend, replace(current(backend, "a"), importance=0.9))
    log(backend, entry(ALICE), entry(ACME_ALICE, "skipped"))
    dead = backend.queue.enqueue("remember", {"user_id": "alice", "text": "failed"}, ACME_ALICE, T0)
    backend.queue.claim("host:1:a", T0, T0 + timedelta(minutes=1), 1)
    backend.queue.fail(Claim(dead, "host:1:a"), "boom", None, T0)
    backend.queue.enqueue("observe", {"user_id": "bob", "text": "waiting"}, BOB, T0 + timedelta(minutes=1))
    backend.records.set_locality(UserLocality("acme", "alice", "Europe/London", None, T0))
    backend.records.set_locality(UserLocality(ALICE.tenant, "alice", None, "CN", T0))


def test_export_reads_everything_in_order(backend: Backend) -> None:
    _full_store(backend)
    counts, records, write_log, queue, dead, localities = _export(backend)
    assert counts == {"record": 5, "log": 2, "queued": 1, "dead_letter": 1, "locality": 2}
    assert list(counts) == list(SECTIONS)
    assert [record for record, _ in records] == list(backend.records.scan())
    assert record_ids([record for record, _ in records]) == ["a", "b", "c", "d", "pending"]
    vectors = {record.id: vector for record, vector in records}
    assert vectors["pending"] is None and vectors["b"] == pytest.approx(E1.tolist())
    assert records[0][0].version == 2 and records[3][0].tenant == "acme"
    assert write_log == [entry(ALICE), entry(ACME_ALICE, "skipped")]
    assert queue == backend.queue.waiting() and [e.user_id for e in queue] == ["bob"]
    assert dead == backend.queue.dead_letters() and [(e.tenant, e.attempts) for e in dead] == [("acme", 1)]
    assert [(x.tenant, x.time_zone, x.region) for x in localities] == [
        ("acme", "Europe/London", None),
        (ALICE.tenant, None, "CN"),
    ]


def test_export_is_one_snapshot_whatever_is_written_meanwhile(site: Site, backend: Backend) -> None:
    _full_store(backend)
    other = site.open()
    with backend.snapshots.export() as contents:
        add(other, rec("late"))
        log(other, entry(BOB))
        other.queue.enqueue("observe", {"user_id": "bob"}, BOB, T0)
        counts, records, write_log, queue, *_ = _read(contents)
    assert counts["record"] == len(records) == 5 and "late" not in record_ids([r for r, _ in records])
    assert counts["log"] == len(write_log) == 2 and counts["queued"] == len(queue) == 1
    assert record_ids(list(backend.records.scan()))[-1] == "late", "the write itself landed"


def test_import_into_an_empty_store_round_trips(backend: Backend, other_site: Site) -> None:
    _full_store(backend)
    exported = _export(backend)
    restored = other_site.open()
    restored.snapshots.import_all(_contents(exported))
    assert _export(restored) == exported
    assert list(restored.records.scan()) == list(backend.records.scan())
    assert record_ids(restored.vectors.pending(10)) == ["pending"]
    assert "b" not in ids(restored.vectors.search_vector(where(), E1, 5)), "the closed record stays closed"
    assert ids(restored.vectors.search_vector(where(at=T0), E1, 1)) == ["b"]
    assert ids(restored.vectors.search_vector(where(ACME_ALICE), E0, 5)) == ["d"]
    assert ids(restored.keywords.search_keyword(where(), query_terms("美式"), 5)) == ["a"]
    assert restored.search.search_entities(where(), ["美式"], 5) == [("a", 1.0)]
    assert restored.search.speakers(ACME_ALICE) == {"Caroline"}
    assert restored.records.scopes() == [ACME_ALICE, ALICE, BOB]
    assert restored.log.count_log(Tenant("acme")) == 1
    assert [e.tenant for e in restored.queue.dead_letters(Tenant("acme"))] == ["acme"]
    assert restored.records.generation(ALICE).vectors > 0, "an import moves the generations"
    assert restored.records.locality_of(ACME_ALICE) == backend.records.locality_of(ACME_ALICE)
    # The restored records are the store's own: versions go on from where they were.
    update(restored, replace(current(restored, "a"), tier="short"))
    assert current(restored, "a").version == 3


def test_import_keeps_queue_ids_and_new_writes_never_take_them(backend: Backend, other_site: Site) -> None:
    first = backend.queue.enqueue("remember", {"user_id": "alice", "text": "one"}, ALICE, T0)
    dead = backend.queue.enqueue("remember", {"user_id": "alice", "text": "two"}, ALICE, T0)
    backend.queue.claim("host:1:a", T0, T0 + timedelta(days=1), 10)
    backend.queue.fail(Claim(dead, "host:1:a"), "boom", None, T0)
    restored = other_site.open()
    restored.snapshots.import_all(_contents(_export(backend)))
    assert [e.id for e in restored.queue.waiting()] == [first]
    assert [e.id for e in restored.queue.dead_letters()] == [dead]
    # No process of the restored store holds a claim: its queued writes are anyone's to apply.
    assert [e.id for e in restored.queue.claim("host:2:b", T0, T0 + timedelta(minutes=1), 10)] == [first]
    fresh = restored.queue.enqueue("observe", {"user_id": "alice", "text": "three"}, ALICE, T0)
    assert fresh > dead
    assert restored.queue.requeue(dead, T0), "the dead letter goes back into the queue under its own id"
    assert sorted(e.id for e in restored.queue.waiting()) == sorted([first, dead, fresh])


@pytest.mark.parametrize("holding", SECTIONS)
def test_import_refuses_a_store_that_is_not_empty_and_writes_nothing(
    backend: Backend, other_site: Site, holding: str
) -> None:
    _full_store(backend)
    target = other_site.open()
    if holding == "record":
        add(target, rec("mine"))
    elif holding == "log":
        log(target, entry(BOB, "skipped"))
    elif holding == "locality":
        target.records.set_locality(UserLocality(BOB.tenant, BOB.user, "Asia/Tokyo", None, T0))
    else:
        entry_id = target.queue.enqueue("observe", {"user_id": "zed", "text": "x"}, BOB, T0)
        if holding == "dead_letter":
            target.queue.claim("host:1:a", T0, T0 + timedelta(minutes=1), 1)
            target.queue.fail(Claim(entry_id, "host:1:a"), "boom", None, T0)
    before = _export(target)
    with pytest.raises(InvalidInput, match="not empty"):
        target.snapshots.import_all(_contents(_export(backend)))
    assert _export(target) == before, "a refused import writes nothing"


def test_an_import_that_fails_half_way_writes_nothing(backend: Backend, other_site: Site) -> None:
    _full_store(backend)
    counts, records, write_log, queue, dead, localities = _export(backend)
    broken = (counts, [*records, records[0]], write_log, queue, dead, localities)  # a record twice
    target = other_site.open()
    with pytest.raises(InvalidInput):
        target.snapshots.import_all(_contents(broken))
    empty = {"record": 0, "log": 0, "queued": 0, "dead_letter": 0, "locality": 0}
    assert _export(target) == (empty, [], [], [], [], [])


def test_an_emptied_store_takes_an_import(backend: Backend) -> None:
    add(backend, rec("a"))
    exported = _export(backend)
    backend.records.apply(Change(delete=(current(backend, "a"),)))
    backend.snapshots.import_all(_contents(exported))
    assert record_ids(list(backend.records.scan())) == ["a"]
