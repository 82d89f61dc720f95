"""RecordStore.apply: one Change, all of it or none of it; versions refuse a write planned from an old
read (StaleWrite), a claim refuses a queued write another process applies (ClaimLost); and every
change moves the generation that says what a cache may still serve."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta

import numpy as np
import pytest

from hindsight.errors import ClaimLost, StaleWrite
from hindsight.models import Scope
from hindsight.stores.base import Change, Claim, EventChange, Generation, OpenEvent, SlotRead
from hindsight.stores.registry import Backend

from .kit import (
    ACME_ALICE,
    ALICE,
    BOB,
    E0,
    E1,
    MODEL,
    T0,
    add,
    add_with_vectors,
    current,
    entry,
    rec,
    record_ids,
    where,
)

OWNER = "host:1:worker-a"
LEASE = T0 + timedelta(minutes=1)


def _snapshot(backend: Backend) -> tuple[object, ...]:
    """Everything a refused Change could have touched."""
    return (
        list(backend.records.scan()),
        backend.log.page_log(None, 100),
        backend.events.open_events(ALICE),
        backend.queue.waiting(),
        backend.records.get_meta("k"),
        backend.records.generation(ALICE),
        backend.keywords.search_keyword(where(), ["fresh"], 5),
    )


def _event(session: str = "s1", *turns: str) -> OpenEvent:
    return OpenEvent(session, turn_ids=turns or ("t1",), last_time=T0, touched_at=T0)


@pytest.fixture
def stocked(backend: Backend) -> tuple[Backend, int]:
    """Two records (a, b), alice's open event at version 1, and a queue entry this owner holds."""
    add(backend, rec("a"), rec("b"))
    backend.records.apply(Change(events=(EventChange(ALICE, "s1", _event(), 0),)))
    claimed = backend.queue.enqueue(
        "observe", {"user_id": "alice"}, ALICE, T0, owner=OWNER, lease_until=LEASE
    )
    return backend, claimed


def _whole(claimed: int, **overrides: object) -> Change:
    """A Change of every part; the case breaks one of them."""
    parts: dict[str, object] = {
        "add": (rec("new", "fresh words"),),
        "update": (),
        "delete": (),
        "log": (entry(),),
        "events": (EventChange(ALICE, "s1", _event("s1", "t1", "t2"), 1),),
        "done": Claim(claimed, OWNER),
        "meta": {"k": "v"},
    }
    parts.update(overrides)
    return Change(**parts)  # type: ignore[arg-type]


Breaker = Callable[[Backend, int], Change]


def _stale_update(backend: Backend, claimed: int) -> Change:
    a = current(backend, "a")
    backend.records.apply(Change(update=(replace(a, importance=0.9),)))  # someone else's write
    return _whole(claimed, update=(replace(a, text="planned from the old read"),))


def _stale_delete(backend: Backend, claimed: int) -> Change:
    b = current(backend, "b")
    backend.records.apply(Change(update=(replace(b, importance=0.9),)))
    return _whole(claimed, delete=(b,))


def _deleted_meanwhile(backend: Backend, claimed: int) -> Change:
    b = current(backend, "b")
    backend.records.apply(Change(delete=(b,)))
    return _whole(claimed, update=(replace(b, text="resurrected?"),))


def _stale_event(backend: Backend, claimed: int) -> Change:
    return _whole(claimed, events=(EventChange(ALICE, "s1", _event("s1", "t9"), 0),))


def _stale_event_close(backend: Backend, claimed: int) -> Change:
    return _whole(claimed, events=(EventChange(ALICE, "s1", None, 2),))


def _claim_of_another(backend: Backend, claimed: int) -> Change:
    return _whole(claimed, done=Claim(claimed, "host:2:worker-b"))


def _claim_expired_and_taken(backend: Backend, claimed: int) -> Change:
    taken = backend.queue.claim(
        "host:2:worker-b", LEASE + timedelta(seconds=1), LEASE + timedelta(minutes=2), 10
    )
    assert [e.id for e in taken] == [claimed]
    return _whole(claimed)


def _claim_released(backend: Backend, claimed: int) -> Change:
    assert backend.queue.release([OWNER]) == 1
    return _whole(claimed)


def _slot_valued_meanwhile(backend: Backend, claimed: int) -> Change:
    add(backend, rec("other-value", slot="budget|"))  # another writer's value, stored after the read
    return _whole(claimed, slots=(SlotRead(ALICE, "budget|", frozenset()),))


def _slot_closed_meanwhile(backend: Backend, claimed: int) -> Change:
    add(backend, rec("old-value", slot="budget|"))
    read = SlotRead(ALICE, "budget|", frozenset({"old-value"}))
    backend.records.apply(Change(update=(replace(current(backend, "old-value"), valid_until=T0),)))
    return _whole(claimed, slots=(read,))


def _entry_already_done(backend: Backend, claimed: int) -> Change:
    backend.records.apply(Change(done=Claim(claimed, OWNER)))
    backend.queue.enqueue("observe", {"user_id": "alice"}, ALICE, T0)  # the queue is not empty
    return _whole(claimed)


@pytest.mark.parametrize(
    ("breaker", "error"),
    [
        (_stale_update, StaleWrite),
        (_stale_delete, StaleWrite),
        (_deleted_meanwhile, StaleWrite),
        (_stale_event, StaleWrite),
        (_stale_event_close, StaleWrite),
        (_slot_valued_meanwhile, StaleWrite),
        (_slot_closed_meanwhile, StaleWrite),
        (_claim_of_another, ClaimLost),
        (_claim_expired_and_taken, ClaimLost),
        (_claim_released, ClaimLost),
        (_entry_already_done, ClaimLost),
    ],
)
def test_a_refused_change_writes_nothing(
    stocked: tuple[Backend, int], breaker: Breaker, error: type[Exception]
) -> None:
    backend, claimed = stocked
    change = breaker(backend, claimed)
    before = _snapshot(backend)
    with pytest.raises(error):
        backend.records.apply(change)
    assert _snapshot(backend) == before, "all of the Change or none of it"
    assert backend.records.get_many(["new"]) == {}


def test_the_whole_change_lands_at_once(stocked: tuple[Backend, int]) -> None:
    backend, claimed = stocked
    a, b = current(backend, "a"), current(backend, "b")
    backend.records.apply(_whole(claimed, update=(replace(a, text="changed"),), delete=(b,)))
    assert record_ids(list(backend.records.scan())) == ["a", "new"]
    assert current(backend, "a").text == "changed" and current(backend, "a").version == 2
    assert [line.entry for line in backend.log.page_log(ALICE, 10)] == [entry()]
    (event,) = backend.events.open_events(ALICE)
    assert event.turn_ids == ("t1", "t2") and event.version == 2
    assert backend.queue.waiting() == [], "the applied entry left the queue in the same transaction"
    assert backend.records.get_meta("k") == "v"


def test_a_write_from_the_current_version_passes_after_a_refusal(stocked: tuple[Backend, int]) -> None:
    backend, claimed = stocked
    a = current(backend, "a")
    backend.records.apply(Change(update=(replace(a, importance=0.9),)))
    with pytest.raises(StaleWrite):
        backend.records.apply(Change(update=(replace(a, text="old plan"),)))
    fresh = current(backend, "a")
    backend.records.apply(Change(update=(replace(fresh, text="new plan"),), done=Claim(claimed, OWNER)))
    stored = current(backend, "a")
    assert (stored.text, stored.importance, stored.version) == ("new plan", 0.9, 3)


def test_a_slot_read_holds_while_the_slots_open_records_are_those_read(backend: Backend) -> None:
    add(backend, rec("v1", slot="budget|"), rec("closed", slot="budget|", valid_until=T0))
    add(backend, rec("theirs", slot="budget|", scope=ACME_ALICE), rec("elsewhere", slot="carrier|"))
    read = SlotRead(ALICE, "budget|", frozenset({"v1"}))
    v1 = current(backend, "v1")
    backend.records.apply(
        Change(add=(rec("v2", slot="budget|"),), update=(replace(v1, valid_until=T0),), slots=(read,))
    )
    assert [r.id for r in backend.search.open_slot(ALICE, "budget|")] == ["v2"]
    with pytest.raises(StaleWrite):  # planned from the same read, after v2 landed
        backend.records.apply(Change(add=(rec("v3", slot="budget|"),), slots=(read,)))
    backend.records.apply(
        Change(add=(rec("first", slot="empty|"),), slots=(SlotRead(ALICE, "empty|", frozenset()),))
    )
    assert backend.records.get_many(["v3"]) == {} and set(backend.records.get_many(["first"])) == {"first"}


def test_every_event_change_checks_its_expected_version(backend: Backend) -> None:
    put = backend.records.apply
    put(Change(events=(EventChange(ALICE, "s1", _event(), 0),)))
    with pytest.raises(StaleWrite):  # a second creator: the event exists now
        put(Change(events=(EventChange(ALICE, "s1", _event("s1", "other"), 0),)))
    with pytest.raises(StaleWrite):
        put(Change(events=(EventChange(ALICE, "s1", None, 0),)))
    with pytest.raises(StaleWrite):  # closing an event that is not there
        put(Change(events=(EventChange(ALICE, "never", None, 1),)))
    (event,) = backend.events.open_events(ALICE)
    assert event.turn_ids == ("t1",) and event.version == 1
    put(Change(events=(EventChange(ALICE, "s1", None, 1),)))
    assert backend.events.open_events(ALICE) == []


# -- add_hits ------------------------------------------------------------------------------------------


def test_add_hits_adds_up_moves_the_version_but_not_the_generation(backend: Backend) -> None:
    add_with_vectors(backend, [(rec("a"), E0), (rec("b"), E1)])
    before = backend.records.generation(ALICE)
    read = current(backend, "a")
    late, early = T0 + timedelta(hours=2), T0 + timedelta(hours=1)
    backend.records.add_hits({"a": (2, late), "ghost": (1, late)})
    backend.records.add_hits({"a": (3, early)})
    a = current(backend, "a")
    assert a.hits == 5, "counts add up"
    assert a.last_hit_at == late, "last_hit_at only moves forward"
    assert a.version == read.version + 2
    assert current(backend, "b").version == 1
    assert backend.records.generation(ALICE) == before, "hits change no search"
    assert backend.records.get_many(["ghost"]) == {}
    with pytest.raises(StaleWrite):  # a lifecycle update read before the hits is refused
        backend.records.apply(Change(update=(replace(read, tier="long"),)))
    assert current(backend, "a").tier == "short" and current(backend, "a").hits == 5
    backend.records.add_hits({})


# -- generations ------------------------------------------------------------------------------------------


def _moved(before: Generation, after: Generation) -> tuple[bool, bool]:
    assert after.records >= before.records and after.vectors >= before.vectors, "generations only grow"
    return after.records > before.records, after.vectors > before.vectors


def _with_vector(backend: Backend, rid: str) -> None:
    add(backend, rec(rid))
    backend.vectors.set_vectors([rid], np.stack([E0]), MODEL)


GenerationCase = Callable[[Backend], None]


def _add(backend: Backend) -> None:
    add(backend, rec("x"))


def _set_vectors(backend: Backend) -> None:
    backend.vectors.set_vectors(["plain"], np.stack([E1]), MODEL)


def _update_plain(backend: Backend) -> None:
    backend.records.apply(Change(update=(replace(current(backend, "plain"), importance=0.9),)))


def _update_embedded_tier(backend: Backend) -> None:
    backend.records.apply(Change(update=(replace(current(backend, "vec"), tier="long"),)))


def _update_embedded_close(backend: Backend) -> None:
    backend.records.apply(Change(update=(replace(current(backend, "vec"), valid_until=T0),)))


def _update_embedded_text(backend: Backend) -> None:
    backend.records.apply(Change(update=(replace(current(backend, "vec"), text="new words"),)))


def _delete_plain(backend: Backend) -> None:
    backend.records.apply(Change(delete=(current(backend, "plain"),)))


def _delete_embedded(backend: Backend) -> None:
    backend.records.apply(Change(delete=(current(backend, "vec"),)))


def _open_event(backend: Backend) -> None:
    backend.records.apply(Change(events=(EventChange(ALICE, "s9", _event("s9"), 0),)))


@pytest.mark.parametrize(
    ("change", "records", "vectors"),
    [
        (_add, True, False),
        (_set_vectors, True, True),
        (_update_plain, True, False),
        (_update_embedded_tier, True, True),
        (_update_embedded_close, True, True),
        (_update_embedded_text, True, True),
        (_delete_plain, True, False),
        (_delete_embedded, True, True),
        (_open_event, True, False),
    ],
)
def test_each_change_moves_the_right_generation(
    backend: Backend, change: GenerationCase, records: bool, vectors: bool
) -> None:
    add(backend, rec("plain"))
    _with_vector(backend, "vec")
    add(backend, rec("bob's", scope=BOB), rec("acme's", scope=ACME_ALICE))
    others = {scope: backend.records.generation(scope) for scope in (BOB, ACME_ALICE)}
    before = backend.records.generation(ALICE)
    change(backend)
    assert _moved(before, backend.records.generation(ALICE)) == (records, vectors)
    for scope, generation in others.items():
        assert backend.records.generation(scope) == generation, f"{scope} did not change"


def test_a_refused_change_moves_no_generation(backend: Backend) -> None:
    _with_vector(backend, "vec")
    read = current(backend, "vec")
    backend.records.add_hits({"vec": (1, T0)})
    before = backend.records.generation(ALICE)
    with pytest.raises(StaleWrite):
        backend.records.apply(Change(update=(replace(read, tier="long"),), add=(rec("y"),)))
    assert backend.records.generation(ALICE) == before


def test_generations_are_per_user_of_a_tenant(backend: Backend) -> None:
    add(backend, rec("a"))
    assert backend.records.generation(ALICE).records > 0
    assert backend.records.generation(ACME_ALICE) == Generation(0, 0)
    assert backend.records.generation(Scope("default", "nobody")) == Generation(0, 0)
    add(backend, rec("b", scope=ACME_ALICE))
    assert backend.records.generation(ACME_ALICE).records > 0
