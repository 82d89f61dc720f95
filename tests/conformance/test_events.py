"""EventStore: the open events of the write path, written only through Change.events, each at a
version that a write must name."""

from __future__ import annotations

from datetime import timedelta

import pytest

from hindsight.errors import StaleWrite
from hindsight.models import Scope
from hindsight.stores.base import Change, EventChange, OpenEvent
from hindsight.stores.registry import Backend

from .kit import ACME_ALICE, ALICE, BOB, T0


def _put(backend: Backend, scope: Scope, event: OpenEvent | None, expected: int, session: str = "s1") -> None:
    backend.records.apply(Change(events=(EventChange(scope, session, event, expected),)))


def _event(session: str = "s1", touched: float = 0, *turns: str) -> OpenEvent:
    return OpenEvent(
        session, turn_ids=turns or ("t1",), last_time=T0, touched_at=T0 + timedelta(minutes=touched)
    )


def test_no_open_events(backend: Backend) -> None:
    assert backend.events.open_events(ALICE) == []
    assert backend.events.idle_events(T0 + timedelta(days=999), 10) == []


def test_an_open_event_round_trips_every_field(backend: Backend) -> None:
    event = OpenEvent(
        session_id="会话-1",
        turn_ids=("t1", "t2", "第三"),
        last_time=T0 + timedelta(seconds=90, microseconds=500_000),
        touched_at=T0 + timedelta(hours=1),
        summary_id="sum-1",
        fact_values={"budget|trip": "8000", "carrier|": "顺丰"},
        agent_id="bot-7",
    )
    _put(backend, ALICE, event, 0, session="会话-1")
    (stored,) = backend.events.open_events(ALICE)
    assert stored.version == 1
    assert stored == OpenEvent(
        session_id=event.session_id,
        turn_ids=event.turn_ids,
        last_time=event.last_time,
        touched_at=event.touched_at,
        summary_id=event.summary_id,
        fact_values=event.fact_values,
        agent_id=event.agent_id,
        version=1,
    )


def test_each_write_moves_the_version_and_closing_removes_it(backend: Backend) -> None:
    _put(backend, ALICE, _event("s1", 0, "t1"), 0)
    _put(backend, ALICE, _event("s1", 1, "t1", "t2"), 1)
    (event,) = backend.events.open_events(ALICE)
    assert (event.turn_ids, event.version) == (("t1", "t2"), 2)
    with pytest.raises(StaleWrite):
        _put(backend, ALICE, _event("s1", 2, "t1", "t3"), 1)  # planned from version 1: t2 would be lost
    assert backend.events.open_events(ALICE)[0].turn_ids == ("t1", "t2")
    _put(backend, ALICE, None, 2)
    assert backend.events.open_events(ALICE) == []
    _put(backend, ALICE, _event("s1", 3, "t9"), 0)  # the session's next event starts afresh
    (event,) = backend.events.open_events(ALICE)
    assert event.turn_ids == ("t9",)


def test_open_events_are_one_per_session_of_one_user(backend: Backend) -> None:
    _put(backend, ALICE, _event("s2"), 0, session="s2")
    _put(backend, ALICE, _event("s1"), 0, session="s1")
    _put(backend, BOB, _event("s1", 0, "bob-t1"), 0, session="s1")
    _put(backend, ACME_ALICE, _event("s1", 0, "acme-t1"), 0, session="s1")
    assert sorted(e.session_id for e in backend.events.open_events(ALICE)) == ["s1", "s2"]
    assert [e.turn_ids for e in backend.events.open_events(BOB)] == [("bob-t1",)]
    assert [e.turn_ids for e in backend.events.open_events(ACME_ALICE)] == [("acme-t1",)]
    _put(backend, ACME_ALICE, None, 1, session="s1")
    assert backend.events.open_events(ACME_ALICE) == []
    assert len(backend.events.open_events(ALICE)) == 2, "closing acme's alice's event leaves alice's"


def test_idle_events_of_anyone_oldest_first(backend: Backend) -> None:
    _put(backend, ALICE, _event("s1", 30), 0, session="s1")
    _put(backend, BOB, _event("s1", 10), 0, session="s1")
    _put(backend, ACME_ALICE, _event("s1", 20), 0, session="s1")
    _put(backend, ALICE, _event("fresh", 50), 0, session="fresh")
    idle = backend.events.idle_events(T0 + timedelta(minutes=40), 10)
    assert [(scope, event.session_id) for scope, event in idle] == [
        (BOB, "s1"),
        (ACME_ALICE, "s1"),
        (ALICE, "s1"),
    ]
    assert all(event.version == 1 for _, event in idle)
    assert [scope for scope, _ in backend.events.idle_events(T0 + timedelta(minutes=40), 2)] == [
        BOB,
        ACME_ALICE,
    ]
    assert backend.events.idle_events(T0 + timedelta(minutes=10), 10) == [], (
        "touched at the cut-off: not idle"
    )
