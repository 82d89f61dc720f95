"""WriteQueue: acknowledged writes, claimed under a lease, retried, dead-lettered, requeued; every
listing by user, tenant or everyone."""

from __future__ import annotations

from datetime import timedelta

import pytest

from hindsight.errors import ClaimLost
from hindsight.models import Scope, Tenant
from hindsight.stores.base import Change, Claim
from hindsight.stores.registry import Backend

from .kit import ACME_ALICE, ACME_BOB, ALICE, BOB, T0

A, B = "host-a:100:1", "host-b:200:1"
LEASE = T0 + timedelta(seconds=60)


def _enqueue(backend: Backend, scope: Scope = ALICE, text: str = "x", **claim: object) -> int:
    payload = {"tenant": scope.tenant, "user_id": scope.user, "text": text}
    return backend.queue.enqueue("remember", payload, scope, T0, **claim)  # type: ignore[arg-type]


def test_enqueue_round_trips_and_ids_grow(backend: Backend) -> None:
    payload = {"tenant": "acme", "user_id": "alice", "text": "用户喜欢美式", "n": 3, "nested": {"a": [1, 2]}}
    first = backend.queue.enqueue("observe", payload, ACME_ALICE, T0)
    second = _enqueue(backend)
    assert second > first
    (entry, _) = backend.queue.waiting()
    assert (entry.id, entry.op, entry.payload, entry.attempts) == (first, "observe", payload, 0)
    assert (entry.created_at, entry.next_attempt_at, entry.last_error) == (T0, T0, None)
    assert (entry.tenant, entry.user_id, entry.claimed_by, entry.claimed_until) == (
        "acme",
        "alice",
        None,
        None,
    )


def test_claim_oldest_first_up_to_a_limit_and_never_twice(backend: Backend) -> None:
    entries = [_enqueue(backend, text=str(n)) for n in range(5)]
    got_a = backend.queue.claim(A, T0, LEASE, 2)
    assert [e.id for e in got_a] == entries[:2]
    assert all(e.claimed_by == A and e.claimed_until == LEASE for e in got_a)
    got_b = backend.queue.claim(B, T0, LEASE, 10)
    assert [e.id for e in got_b] == entries[2:]
    assert backend.queue.claim(A, T0, LEASE, 10) == [], "every entry is held"
    assert backend.queue.holders() == [A, B]
    assert {e.id: e.claimed_by for e in backend.queue.waiting()} == {
        **dict.fromkeys(entries[:2], A),
        **dict.fromkeys(entries[2:], B),
    }


def test_an_entry_enqueued_with_a_claim_is_its_owners_until_the_lease_runs_out(backend: Backend) -> None:
    held = _enqueue(backend, owner=A, lease_until=LEASE)
    free = _enqueue(backend)
    assert [e.id for e in backend.queue.claim(B, T0, LEASE + timedelta(hours=1), 10)] == [free]
    assert backend.queue.claim(B, LEASE - timedelta(seconds=1), LEASE + timedelta(minutes=1), 10) == []
    (taken,) = backend.queue.claim(B, LEASE, LEASE + timedelta(minutes=1), 10)
    assert taken.id == held and taken.claimed_by == B, "a lease that ran out is anyone's"
    with pytest.raises(ClaimLost):
        backend.records.apply(Change(done=Claim(held, A)))
    backend.records.apply(Change(done=Claim(held, B)))
    assert [e.id for e in backend.queue.waiting()] == [free]


def test_claim_takes_only_what_is_due_unless_told_otherwise(backend: Backend) -> None:
    later = _enqueue(backend)
    (entry,) = backend.queue.claim(A, T0, LEASE, 1)
    assert backend.queue.fail(Claim(entry.id, A), "busy", T0 + timedelta(seconds=30), T0)
    assert backend.queue.claim(B, T0 + timedelta(seconds=29), LEASE, 10) == []
    (not_due,) = backend.queue.claim(B, T0, LEASE, 10, due=False)
    assert not_due.id == later
    assert backend.queue.release([B]) == 1
    (due,) = backend.queue.claim(B, T0 + timedelta(seconds=30), LEASE, 10)
    assert due.id == later


def test_fail_with_a_retry_counts_the_attempt_and_releases(backend: Backend) -> None:
    entry_id = _enqueue(backend)
    backend.queue.claim(A, T0, LEASE, 1)
    assert backend.queue.fail(Claim(entry_id, A), "boom", T0 + timedelta(seconds=2), T0)
    (waiting,) = backend.queue.waiting()
    assert (waiting.attempts, waiting.last_error, waiting.next_attempt_at) == (
        1,
        "boom",
        T0 + timedelta(seconds=2),
    )
    assert (waiting.claimed_by, waiting.claimed_until) == (None, None)
    assert backend.queue.holders() == []


def test_fail_without_a_retry_moves_the_entry_to_the_dead_letters(backend: Backend) -> None:
    entry_id = _enqueue(backend, ACME_ALICE, "失败")
    backend.queue.claim(A, T0, LEASE, 1)
    assert backend.queue.fail(Claim(entry_id, A), "bad input", None, T0 + timedelta(minutes=1))
    assert backend.queue.waiting() == []
    (dead,) = backend.queue.dead_letters()
    assert (dead.id, dead.op, dead.attempts, dead.last_error) == (entry_id, "remember", 1, "bad input")
    assert (dead.tenant, dead.user_id, dead.payload["text"]) == ("acme", "alice", "失败")
    assert dead.created_at == T0 and dead.claimed_by is None


def test_fail_of_a_claim_not_held_changes_nothing(backend: Backend) -> None:
    entry_id = _enqueue(backend)
    assert not backend.queue.fail(Claim(entry_id, A), "not mine", None, T0), "unclaimed"
    backend.queue.claim(B, T0, LEASE, 1)
    assert not backend.queue.fail(Claim(entry_id, A), "not mine", None, T0), "another's"
    assert not backend.queue.fail(Claim(entry_id + 100, A), "no such entry", None, T0)
    (waiting,) = backend.queue.waiting()
    assert (waiting.attempts, waiting.claimed_by, waiting.last_error) == (0, B, None)
    assert backend.queue.dead_letters() == []


def test_release_frees_the_claims_of_gone_owners_at_once(backend: Backend) -> None:
    dead = "host:99999:dead"
    ids = [_enqueue(backend, owner=dead, lease_until=LEASE) for _ in range(3)]
    mine = _enqueue(backend, owner=A, lease_until=LEASE)
    assert backend.queue.holders() == [A, dead]
    assert backend.queue.claim(B, T0, LEASE, 10) == []
    assert backend.queue.release([dead, "host:1:never-held-anything"]) == 3
    assert backend.queue.release([]) == 0
    assert backend.queue.holders() == [A]
    assert [e.id for e in backend.queue.claim(B, T0, LEASE, 10)] == ids
    assert mine not in [e.id for e in backend.queue.claim(B, T0, LEASE, 10)]


def test_requeue_gives_a_dead_letter_another_chance_under_its_own_id(backend: Backend) -> None:
    entry_id = _enqueue(backend)
    backend.queue.claim(A, T0, LEASE, 1)
    backend.queue.fail(Claim(entry_id, A), "boom", None, T0)
    assert backend.queue.requeue(entry_id, T0 + timedelta(hours=1))
    assert backend.queue.dead_letters() == []
    (back,) = backend.queue.waiting()
    assert (back.id, back.attempts, back.next_attempt_at) == (entry_id, 0, T0 + timedelta(hours=1))
    assert back.payload == {"tenant": "default", "user_id": "alice", "text": "x"}
    assert not backend.queue.requeue(entry_id, T0), "no longer a dead letter"
    assert not backend.queue.requeue(entry_id + 100, T0)
    assert len(backend.queue.waiting()) == 1


def test_waiting_and_dead_letters_by_user_tenant_or_everyone(backend: Backend) -> None:
    made = {
        scope: [_enqueue(backend, scope), _enqueue(backend, scope)]
        for scope in (ALICE, BOB, ACME_ALICE, ACME_BOB)
    }
    for scope, (_, dead) in made.items():
        backend.queue.claim(A, T0, LEASE, 100)
        backend.queue.fail(Claim(dead, A), f"dead of {scope}", None, T0)
        backend.queue.release([A])
    waiting = {scope: [entries[0]] for scope, entries in made.items()}
    dead = {scope: [entries[1]] for scope, entries in made.items()}

    def listed(owners: Scope | Tenant | None, dead_letters: bool = False) -> list[int]:
        entries = backend.queue.dead_letters(owners) if dead_letters else backend.queue.waiting(owners)
        return [e.id for e in entries]

    for scope in made:
        assert listed(scope) == waiting[scope]
        assert listed(scope, dead_letters=True) == dead[scope]
    assert listed(Tenant("acme")) == waiting[ACME_ALICE] + waiting[ACME_BOB]
    assert listed(Tenant("acme"), dead_letters=True) == dead[ACME_ALICE] + dead[ACME_BOB]
    assert listed(Tenant("default")) == waiting[ALICE] + waiting[BOB]
    assert listed(Tenant("default"), dead_letters=True) == dead[ALICE] + dead[BOB]
    assert listed(None) == sorted(i for ids in waiting.values() for i in ids)
    assert listed(None, dead_letters=True) == sorted(i for ids in dead.values() for i in ids)
    assert listed(Tenant("nobody")) == [] and listed(Scope("acme", "carol"), dead_letters=True) == []
    assert len(backend.queue.waiting(None, limit=2)) == 2


def test_done_removes_the_entry_once(backend: Backend) -> None:
    entry_id = _enqueue(backend, owner=A, lease_until=LEASE)
    backend.records.apply(Change(done=Claim(entry_id, A)))
    assert backend.queue.waiting() == [] and backend.queue.dead_letters() == []
    with pytest.raises(ClaimLost):
        backend.records.apply(Change(done=Claim(entry_id, A)))
