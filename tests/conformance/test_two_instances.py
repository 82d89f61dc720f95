"""Two instances on one store, as two processes have: whatever one changes, the other sees at its next
call - however warm its caches are (each instance keeps its own, revalidated by generation).

In every case B reads first (so whatever it caches is cached), A changes the memory, and B reads
again."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import numpy as np
import pytest

from hindsight.errors import StaleWrite
from hindsight.stores.base import Change, EventChange, OpenEvent, RecordFilter
from hindsight.stores.registry import Backend

from .backends import STATES, Site, site_of
from .kit import (
    ACME_ALICE,
    ALICE,
    E0,
    E1,
    E2,
    MODEL,
    NOW,
    T0,
    add,
    add_with_vectors,
    current,
    delete,
    entry,
    ids,
    log,
    rec,
    turn,
    update,
    where,
)


@pytest.fixture
def pair(site: Site) -> tuple[Backend, Backend]:
    """Two instances on one store: A writes, B reads."""
    return site.open(), site.open()


def _warm(b: Backend, *filters: RecordFilter) -> None:
    """Everything B may cache, cached."""
    for at in filters or (where(),):
        b.vectors.search_vector(at, E0, 10)
        b.vectors.vectors_of(at.scope, ["a", "b", "c"])
        b.keywords.search_keyword(at, ["espresso", "tea"], 10)
        b.search.speakers(at.scope)
        b.records.generation(at.scope)


def test_records_added_by_one_are_found_by_the_other(pair: tuple[Backend, Backend]) -> None:
    a, b = pair
    _warm(b)
    add_with_vectors(a, [(rec("a", "espresso", kind="turn", role="Caroline"), E0)])
    assert set(b.records.get_many(["a"])) == {"a"}
    assert [r.id for r in b.records.scan(ALICE)] == ["a"]
    assert ids(b.vectors.search_vector(where(), E0, 5)) == ["a"]
    assert ids(b.keywords.search_keyword(where(), ["espresso"], 5)) == ["a"]
    assert b.search.speakers(ALICE) == {"Caroline"}
    assert b.records.scopes() == [ALICE]
    _warm(b)
    add_with_vectors(a, [(rec("b", "espresso again"), E1)])
    assert ids(b.vectors.search_vector(where(), E1, 5)) == ["b", "a"]


def test_a_record_forgotten_by_one_is_gone_for_the_other(pair: tuple[Backend, Backend]) -> None:
    a, b = pair
    add_with_vectors(
        a,
        [
            (rec("a", "espresso", kind="turn", role="Caroline", entities={"drink": "espresso"}), E0),
            (rec("b"), E1),
        ],
    )
    _warm(b)
    assert ids(b.vectors.search_vector(where(), E0, 1)) == ["a"]
    delete(a, current(a, "a"))
    assert b.records.get_many(["a"]) == {}
    assert "a" not in ids(b.vectors.search_vector(where(), E0, 5))
    assert b.vectors.vectors_of(ALICE, ["a"]) == {}
    assert b.keywords.search_keyword(where(), ["espresso"], 5) == []
    assert b.search.search_entities(where(), ["espresso"], 5) == []
    assert b.search.speakers(ALICE) == set()
    with pytest.raises(StaleWrite):  # B's own plan from before is refused
        delete(b, rec("a"))


def test_a_promotion_by_one_moves_the_others_tier_filters(pair: tuple[Backend, Backend]) -> None:
    a, b = pair
    add_with_vectors(a, [(rec("a"), E0), (rec("b"), E1)])
    long_only = where(tiers=("long",))
    _warm(b, where(), long_only, where(tiers=("short",)))
    assert b.vectors.search_vector(long_only, E0, 5) == []
    update(a, replace(current(a, "a"), tier="long", tier_since=NOW))
    assert ids(b.vectors.search_vector(long_only, E0, 5)) == ["a"]
    assert ids(b.vectors.search_vector(where(tiers=("short",)), E0, 5)) == ["b"]
    assert ids(b.keywords.search_keyword(long_only, ["record"], 5)) == ["a"]
    assert b.records.count_records(ALICE, "long") == 1
    assert current(b, "a").tier == "long" and current(b, "a").version == 2


def test_a_record_closed_by_one_is_out_of_the_others_searches(pair: tuple[Backend, Backend]) -> None:
    a, b = pair
    add_with_vectors(a, [(rec("a", "espresso"), E0)])
    _warm(b)
    update(a, replace(current(a, "a"), valid_until=T0 + timedelta(hours=1)))
    assert b.vectors.search_vector(where(), E0, 5) == []
    assert b.keywords.search_keyword(where(), ["espresso"], 5) == []
    assert ids(b.vectors.search_vector(where(at=T0), E0, 5)) == ["a"]


def test_text_changed_by_one_is_what_the_other_searches(pair: tuple[Backend, Backend]) -> None:
    a, b = pair
    add_with_vectors(a, [(rec("a", "green tea"), E0)])
    _warm(b)
    update(a, replace(current(a, "a"), text="espresso shots"))
    assert ids(b.keywords.search_keyword(where(), ["espresso"], 5)) == ["a"]
    assert b.keywords.search_keyword(where(), ["tea"], 5) == []
    assert b.vectors.search_vector(where(), E0, 5) == [], "the old text's vector is gone"
    assert [r.id for r in b.vectors.pending(5)] == ["a"]


def test_vectors_set_by_one_are_searched_by_the_other(pair: tuple[Backend, Backend]) -> None:
    a, b = pair
    add(a, rec("a", kind="turn", role="Caroline"), rec("b"))
    _warm(b)
    assert b.vectors.search_vector(where(), E0, 5) == [] and b.search.speakers(ALICE) == set()
    a.vectors.set_vectors(["a", "b"], np.stack([E0, E1]), MODEL)
    assert ids(b.vectors.search_vector(where(), E0, 5)) == ["a", "b"]
    assert b.search.speakers(ALICE) == {"Caroline"}
    _warm(b)
    a.vectors.set_vectors(["b"], np.stack([E2]), "test-model-v2")  # a re-embedding
    hits = b.vectors.search_vector(where(), E2, 5)
    assert ids(hits) == ["b", "a"] and hits[0][1] == pytest.approx(1.0, abs=1e-6)
    assert b.vectors.vectors_of(ALICE, ["b"])["b"] == pytest.approx(E2)
    assert b.vectors.stale(MODEL) == ["b"]


def test_hits_counted_by_one_move_the_version_the_other_writes_against(pair: tuple[Backend, Backend]) -> None:
    a, b = pair
    add(a, rec("a"))
    read_by_b = current(b, "a")
    a.records.add_hits({"a": (2, NOW)})
    assert current(b, "a").hits == 2
    with pytest.raises(StaleWrite):
        update(b, replace(read_by_b, tier="long"))
    update(b, replace(current(b, "a"), tier="long"))
    assert (current(a, "a").tier, current(a, "a").hits) == ("long", 2)


def test_a_restore_by_one_is_searched_by_the_other(site: Site, other_site: Site) -> None:
    source = other_site.open()
    add_with_vectors(
        source, [(rec("a", "espresso", kind="turn", role="Caroline"), E0), (rec("z", scope=ACME_ALICE), E1)]
    )
    a, b = site.open(), site.open()
    _warm(b, where(), where(ACME_ALICE))
    assert b.vectors.search_vector(where(), E0, 5) == []
    with source.snapshots.export() as contents:
        a.snapshots.import_all(contents)
    assert set(b.records.get_many(["a", "z"])) == {"a", "z"}
    assert ids(b.vectors.search_vector(where(), E0, 5)) == ["a"]
    assert ids(b.vectors.search_vector(where(ACME_ALICE), E1, 5)) == ["z"]
    assert ids(b.keywords.search_keyword(where(), ["espresso"], 5)) == ["a"]
    assert b.search.speakers(ALICE) == {"Caroline"}


def test_open_events_written_by_one_are_the_others(pair: tuple[Backend, Backend]) -> None:
    a, b = pair
    assert b.events.open_events(ALICE) == []
    event = OpenEvent("s1", turn_ids=("t1",), last_time=T0, touched_at=T0)
    a.records.apply(Change(events=(EventChange(ALICE, "s1", event, 0),)))
    (seen,) = b.events.open_events(ALICE)
    assert seen.turn_ids == ("t1",) and seen.version == 1
    a.records.apply(Change(events=(EventChange(ALICE, "s1", replace(event, turn_ids=("t1", "t2")), 1),)))
    with pytest.raises(StaleWrite):  # B's plan from version 1 would lose t2
        b.records.apply(Change(events=(EventChange(ALICE, "s1", replace(seen, turn_ids=("t1", "t3")), 1),)))
    (now,) = b.events.open_events(ALICE)
    b.records.apply(
        Change(events=(EventChange(ALICE, "s1", replace(now, turn_ids=(*now.turn_ids, "t3")), 2),))
    )
    assert a.events.open_events(ALICE)[0].turn_ids == ("t1", "t2", "t3")
    assert [s.user for s, _ in b.events.idle_events(NOW, 10)] == ["alice"]


def test_meta_and_the_log_written_by_one_are_read_by_the_other(pair: tuple[Backend, Backend]) -> None:
    a, b = pair
    assert b.records.get_meta("embedding_model") is None
    a.records.set_meta("embedding_model", MODEL)
    assert b.records.get_meta("embedding_model") == MODEL
    a.records.apply(Change(meta={"embedding_model": None}))
    assert b.records.get_meta("embedding_model") is None
    log(a, entry(ALICE))
    assert [line.entry for line in b.log.page_log(ALICE, 5)] == [entry(ALICE)]
    assert b.log.count_log(None) == 1


def test_the_queue_is_one_queue(pair: tuple[Backend, Backend]) -> None:
    a, b = pair
    lease = T0 + timedelta(minutes=1)
    held = a.queue.enqueue("observe", {"user_id": "alice"}, ALICE, T0, owner="host:1:a", lease_until=lease)
    free = a.queue.enqueue("observe", {"user_id": "alice"}, ALICE, T0)
    assert [e.id for e in b.queue.waiting()] == [held, free]
    assert [e.id for e in b.queue.claim("host:2:b", T0, lease, 10)] == [free]
    assert a.queue.claim("host:1:a", T0, lease, 10) == []
    assert b.queue.holders() == ["host:1:a", "host:2:b"]


def test_generations_are_shared(pair: tuple[Backend, Backend]) -> None:
    a, b = pair
    before = b.records.generation(ALICE)
    add_with_vectors(a, [(rec("a"), E0)])
    after = b.records.generation(ALICE)
    assert after.records > before.records and after.vectors > before.vectors
    assert after == a.records.generation(ALICE)


# -- working memory and locks: shared where they live in the store ----------------------------------

SHARED_STATES = [name for name, kind in STATES.items() if kind.shared_state]


@pytest.fixture(params=SHARED_STATES)
def shared(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Backend, Backend]]:
    with site_of(STATES[request.param], tmp_path / "shared") as made:
        yield made.open(), made.open()


def test_working_memory_is_one_window_per_session(shared: tuple[Backend, Backend]) -> None:
    a, b = shared
    assert b.sessions.window(ALICE, "s1", T0) == []
    a.sessions.append(ALICE, turn(1), 8, T0)
    b.sessions.append(ALICE, turn(2), 8, T0)
    a.sessions.append(ACME_ALICE, turn(3), 8, T0)
    assert [t.turn_id for t in b.sessions.window(ALICE, "s1", T0)] == ["s1-t1", "s1-t2"]
    assert [t.turn_id for t in a.sessions.window(ALICE, "s1", T0)] == ["s1-t1", "s1-t2"]
    assert [t.turn_id for t in b.sessions.window(ACME_ALICE, "s1", T0)] == ["s1-t3"]
    assert b.sessions.sessions(ALICE, T0) == ["s1"]
    b.sessions.clear(ALICE, "s1")
    assert a.sessions.window(ALICE, "s1", T0) == []
    assert a.sessions.window(ACME_ALICE, "s1", T0) != []


def test_a_lock_has_one_holder_across_instances(shared: tuple[Backend, Backend]) -> None:
    a, b = shared
    until = T0 + timedelta(minutes=1)
    assert a.locks.acquire("maintain:default:alice", "host:1:a", until, T0)
    assert not b.locks.acquire("maintain:default:alice", "host:2:b", until, T0)
    a.locks.release("maintain:default:alice", "host:1:a")
    assert b.locks.acquire("maintain:default:alice", "host:2:b", until, T0)
    assert not a.locks.acquire("maintain:default:alice", "host:1:a", until, T0)
    assert a.locks.acquire("maintain:default:alice", "host:1:a", until + timedelta(minutes=1), until)
