"""Tenants are columns: a tenant's queries never see another tenant's memory, and two users with the
same name in two tenants are two people everywhere - records, indexes, vectors, open events, working
memory, the log and the queue. Each case builds the same memory for both and reads it back."""

from __future__ import annotations

from datetime import timedelta

import numpy as np
import pytest

from hindsight.models import Scope, Tenant
from hindsight.stores.base import Change, Claim, EventChange, OpenEvent
from hindsight.stores.registry import Backend

from .backends import Site
from .kit import ACME_ALICE, ALICE, E0, E1, MODEL, NOW, T0, add, current, entry, ids, log, rec, turn, where

TWINS = (ALICE, ACME_ALICE)


def _rid(scope: Scope, name: str) -> str:
    return f"{scope.tenant}-{name}"


def _same_memory(backend: Backend, scope: Scope) -> None:
    """One user's memory; the twins get the same one (but for the record ids, which are unique)."""
    add(
        backend,
        rec(_rid(scope, "fact"), "prefers espresso", scope=scope, slot="drink|", source_ids=("turn-1",)),
        rec(_rid(scope, "turn"), "Caroline says hi", scope=scope, kind="turn", role="Caroline"),
        rec(_rid(scope, "order"), "order shipped", scope=scope, entities={"order_id": "SF123456"}),
    )
    backend.vectors.set_vectors(
        [_rid(scope, "fact"), _rid(scope, "turn")], np.stack([E0, E1]).astype(np.float32), MODEL
    )
    event = OpenEvent("s1", turn_ids=(f"{scope.tenant}-t1",), last_time=T0, touched_at=T0)
    backend.records.apply(Change(events=(EventChange(scope, "s1", event, 0),), log=(entry(scope),)))
    backend.sessions.append(scope, turn(1, text=f"window of {scope.tenant}"), 8, T0)
    waiting = backend.queue.enqueue("observe", {"user_id": scope.user}, scope, T0)
    dead = backend.queue.enqueue("remember", {"user_id": scope.user}, scope, T0)
    backend.queue.claim("host:1:a", T0, T0 + timedelta(minutes=1), 10)
    backend.queue.fail(Claim(dead, "host:1:a"), "boom", None, T0)
    backend.queue.release(["host:1:a"])
    assert waiting < dead


@pytest.fixture
def twins(backend: Backend) -> Backend:
    for scope in TWINS:
        _same_memory(backend, scope)
    return backend


@pytest.mark.parametrize("scope", TWINS, ids=lambda s: s.tenant)
def test_each_twin_reads_only_their_own_memory(twins: Backend, scope: Scope) -> None:
    backend = twins
    own = {_rid(scope, name) for name in ("fact", "turn", "order")}
    at = where(scope)
    assert {r.id for r in backend.records.scan(scope)} == own
    assert {r.id for r in backend.records.page_records(scope, "short", 10)} == own
    assert backend.records.count_records(scope, "short") == 3
    assert sum(row[3] for row in backend.records.tally(scope)) == 3
    assert ids(backend.keywords.search_keyword(at, ["espresso"], 10)) == [_rid(scope, "fact")]
    assert ids(backend.search.search_entities(at, ["SF123456"], 10)) == [_rid(scope, "order")]
    assert set(ids(backend.search.search_time(at, T0, NOW, 10))) == own
    assert [r.id for r in backend.search.open_slot(scope, "drink|")] == [_rid(scope, "fact")]
    assert [r.id for r in backend.search.citing(scope, "turn-1")] == [_rid(scope, "fact")]
    assert backend.search.speakers(scope) == {"Caroline"}
    assert set(ids(backend.vectors.search_vector(at, E0, 10))) == {_rid(scope, "fact"), _rid(scope, "turn")}
    assert set(backend.vectors.vectors_of(scope, sorted(own | {_rid(t, "fact") for t in TWINS}))) == {
        _rid(scope, "fact"),
        _rid(scope, "turn"),
    }
    assert [r.id for r in backend.vectors.pending(10, scope)] == [_rid(scope, "order")]
    assert [e.turn_ids for e in backend.events.open_events(scope)] == [(f"{scope.tenant}-t1",)]
    assert [t.text for t in backend.sessions.window(scope, "s1", T0)] == [f"window of {scope.tenant}"]
    assert backend.sessions.sessions(scope, T0) == ["s1"]
    assert [line.entry.tenant for line in backend.log.page_log(scope, 10)] == [scope.tenant]
    assert backend.log.count_log(scope) == 1
    assert [(e.tenant, e.user_id) for e in backend.queue.waiting(scope)] == [(scope.tenant, "alice")]
    assert [(e.tenant, e.user_id) for e in backend.queue.dead_letters(scope)] == [(scope.tenant, "alice")]


@pytest.mark.parametrize("tenant", ["default", "acme"])
def test_a_tenants_queries_never_see_another_tenants_memory(twins: Backend, tenant: str) -> None:
    backend, space = twins, Tenant(tenant)
    assert {r.tenant for r in backend.records.scan(space)} == {tenant}
    assert len(list(backend.records.scan(space))) == 3
    assert sum(row[3] for row in backend.records.tally(space)) == 3
    assert backend.records.scopes(tenant) == [Scope(tenant, "alice")]
    assert [line.entry.tenant for line in backend.log.page_log(space, 10)] == [tenant]
    assert backend.log.count_log(space) == 1
    assert [e.tenant for e in backend.queue.waiting(space)] == [tenant]
    assert [e.tenant for e in backend.queue.dead_letters(space)] == [tenant]
    assert sum(row[3] for row in backend.records.tally(None)) == 6, "everyone is both tenants"


def test_changing_one_twins_memory_leaves_the_others(twins: Backend) -> None:
    backend = twins
    backend.records.apply(
        Change(
            delete=(current(backend, _rid(ALICE, "fact")),),
            events=(EventChange(ALICE, "s1", None, 1),),
        )
    )
    backend.sessions.clear(ALICE, "s1")
    twin = ACME_ALICE
    assert ids(backend.keywords.search_keyword(where(twin), ["espresso"], 10)) == [_rid(twin, "fact")]
    assert ids(backend.vectors.search_vector(where(twin), E0, 1)) == [_rid(twin, "fact")]
    assert [r.id for r in backend.search.open_slot(twin, "drink|")] == [_rid(twin, "fact")]
    assert len(backend.events.open_events(twin)) == 1
    assert backend.sessions.window(twin, "s1", T0) != []
    assert backend.keywords.search_keyword(where(ALICE), ["espresso"], 10) == []
    assert backend.events.open_events(ALICE) == [] and backend.sessions.window(ALICE, "s1", T0) == []


def test_twins_open_their_own_sessions_on_the_store_whoever_opens_it(site: Site, twins: Backend) -> None:
    other = site.open()
    if site.kind.shared_state:
        assert [t.text for t in other.sessions.window(ACME_ALICE, "s1", T0)] == ["window of acme"]
    assert [e.turn_ids for e in other.events.open_events(ACME_ALICE)] == [("acme-t1",)]
    log(other, entry(ACME_ALICE, "skipped"))
    assert twins.log.count_log(Tenant("acme")) == 2 and twins.log.count_log(Tenant("default")) == 1
